"""A general's actions, from the slots of a line (``phrasings.ACTIONS``) to orders.

Each reader checks what can be known when the mail arrives: the region is next door and
not one's own, the troop can be hired there, the renown is there (RULINGS.md, ruling 14).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pbem.rulesets.generals import renown, routes
from pbem.rulesets.generals.orders import (
    Attack,
    Champion,
    MoveArmy,
    PrepareBattlefield,
    RaiseSkill,
    Recruit,
    Rest,
    TrainGeneral,
    Travel,
)
from pbem.rulesets.generals.phrasings import ORDER_ALIASES
from pbem.rulesets.generals.reading import Orders, Reading, read_picks, troop
from pbem.rulesets.generals.state import General
from pbem.rulesets.generals.world import FIELD_BATTLE, OFFENSIVE_ORDERS, world
from pbem.rulesets.lines import Refusal, Slots, items, match, number

ActionReader = Callable[[Orders, General, Slots], Reading]
TWO_REGIONS = "an army moves at most two regions, all of them your own"


def _text(slots: Slots, name: str) -> str:
    return slots.get(name) or ""


def travel(orders: Orders, general: General, slots: Slots) -> Reading:
    to = orders.region(_text(slots, "to"))
    if to == general.region:
        raise Refusal(f"{general.name} is already in {to}", "give him another action")
    if orders.holders.get(to) != orders.power:
        raise Refusal(
            f"{to} is not one of your regions; a general travels only in your lands",
            f"your regions: {', '.join(orders.own())}",
        )
    if to not in routes.reachable(orders.variant, orders.holders, orders.power, general.region):
        raise Refusal(
            f"there is no path from {general.region} to {to} through your regions",
            "a general travels only through regions you hold",
        )
    return Reading(Travel(general.name, to))


def move_army(orders: Orders, general: General, slots: Slots) -> Reading:
    if not slots.get("troops"):
        raise Refusal(
            "the order does not say which troops move",
            f"write e.g. 'move army all troops to {_text(slots, 'to')}'",
        )
    picks = read_picks(_text(slots, "troops"))
    if slots.get("route"):
        to, via = route(orders, general, _text(slots, "route"), slots.get("to"))
    else:
        to = orders.region(_text(slots, "to"))
        via = orders.region(_text(slots, "via")) if slots.get("via") else None
    note = None
    if via == general.region:
        # "to Thornfield via Aldwick" from Aldwick names the start as the first step: the
        # same march, so the start is dropped from the route (ruling 19)
        via = None
    if via is None and to not in orders.variant.regions[general.region].neighbours:
        options = routes.middles(orders.variant, orders.holders, orders.power, general.region, to)
        if len(options) == 1:
            via = options[0]
            note = f"route: via {via}"
        elif options:
            raise Refusal(
                f"there are several routes to {to}",
                f"add 'via {options[0]}' (or via {', '.join(options[1:])})",
            )
        elif orders.holders.get(to) == orders.power:
            raise Refusal(
                f"{to} is not next to {general.region}, and no region of yours lies between",
                TWO_REGIONS,
            )
    problem = routes.move_route_error(orders.variant, orders.holders, orders.power, general.region, to, via)
    if problem:
        raise Refusal(problem, TWO_REGIONS)
    return Reading(MoveArmy(general.name, picks, to, via), orders.short(general, picks, note))


STEP = re.compile(r"\s*(?:->|→|–|—|-|>|,|\bthen\b)\s*", re.IGNORECASE)


def route(orders: Orders, general: General, text: str, to: str | None) -> tuple[str, str | None]:
    """The destination and the region on the way of a route written as the book asks ("his
    route": "Aldwick - Thornfield - Millbrook", with or without the start; ruling 19)."""
    steps = [orders.region(step) for step in STEP.split(text) if step.strip()]
    if steps and steps[0] == general.region:
        steps = steps[1:]
    if to is not None and orders.region(to) not in steps[-1:]:
        steps.append(orders.region(to))
    if not steps:
        raise Refusal(f"the route names only {general.region}, where {general.name} is", TWO_REGIONS)
    if len(steps) > 2:
        raise Refusal(
            f"the route {general.region} - {' - '.join(steps)} is {len(steps)} regions long", TWO_REGIONS
        )
    return steps[-1], steps[0] if len(steps) == 2 else None


def attack(orders: Orders, general: General, slots: Slots) -> Reading:
    if not slots.get("troops"):
        raise Refusal(
            "the attack does not say which troops go",
            "write 'attack <region> with <troops> by <order>'",
        )
    target = orders.region(_text(slots, "target"))
    picks = read_picks(_text(slots, "troops"))
    notes = []
    if slots.get("order"):
        order = ORDER_ALIASES[" ".join(_text(slots, "order").lower().split())]
    else:
        order = FIELD_BATTLE
        notes.append("no battle order given: Field Battle")
    if order not in OFFENSIVE_ORDERS:
        raise Refusal(f"{order} is not an offensive order", f"attack by {', '.join(OFFENSIVE_ORDERS)}")
    if target not in orders.variant.regions[general.region].neighbours:
        raise Refusal(
            f"{target} is not next to {general.region}, where {general.name} is",
            orders.borders(general.region),
        )
    if orders.holders.get(target) == orders.power:
        raise Refusal(f"{target} is yours", "to go there use 'move army'")
    # what the player's scouts saw, not what the state knows (the fog of war)
    if target not in orders.scouted:
        notes.append(f"your scouts have no report of {target}")
    elif (holder := orders.scouted[target]) is not None:
        if orders.allied(holder):
            notes.append(f"{holder} is your ally: this attack breaks your alliance")
        elif not orders.at_war(holder):
            notes.append(f"attacking {holder} puts you at war with {holder}")
    note = orders.short(general, picks, "; ".join(notes) or None)
    return Reading(Attack(general.name, target, picks, order), note)


def raise_skill(orders: Orders, general: General, slots: Slots) -> Reading:
    skill = match(_text(slots, "skill"), world().skills, "skill")
    current = general.level(skill)
    if not current:
        raise Refusal(
            f"{general.name} does not have {skill}",
            "a new skill is learnt during R and R: 'R and R, learn <skill>'",
        )
    level = int(_text(slots, "level")) if slots.get("level") else current + 1
    rules = world().rules.renown
    if level <= current or level > rules.max_skill_level:
        raise Refusal(
            f"{general.name} has {skill} at level {current}",
            f"raise it to a level from {current + 1} to {rules.max_skill_level}",
        )
    cost = renown.raise_cost(current, level)
    if cost > general.renown:
        raise Refusal(
            f"raising {skill} to {level} costs {cost} renown; {general.name} has {general.renown}",
            "generals earn renown in battle",
        )
    return Reading(RaiseSkill(general.name, skill, level), f"costs {cost} renown")


def recruit(orders: Orders, general: General, slots: Slots) -> Reading:
    count = number(_text(slots, "count"), "men")
    kind = troop(_text(slots, "troop"))
    region = orders.variant.regions[general.region]
    if kind not in region.hire:
        raise Refusal(
            f"{kind} cannot be hired in {region.name}",
            f"{region.name} hires {', '.join(region.hire)}",
        )
    points = world().troops[kind].points
    cost = count * points
    holding = orders.state.holding(general.region)
    gold = orders.state.realm(orders.power).gold
    notes = [f"costs {cost} gold and {cost} of the hire limit"]
    overtaxed = orders.overtaxed.get(region.name, 0)
    limit = max(0, holding.hire_limit + overtaxed)
    if cost > limit:
        this_mail = " with this mail's overtaxing" if overtaxed else ""
        more = " more" if overtaxed > 0 else ""
        notes.append(
            f"{region.name}'s hire limit is {limit} this turn{this_mail}: only "
            f"{limit // points} will be hired unless you overtax{more}"
        )
    if cost > gold:
        notes.append(f"you have {gold} gold: as many as you can pay for will be hired")
    return Reading(Recruit(general.name, count, kind), "; ".join(notes))


def prepare(orders: Orders, general: General, slots: Slots) -> Reading:
    return Reading(PrepareBattlefield(general.name))


def rest(orders: Orders, general: General, slots: Slots) -> Reading:
    if not slots.get("skill"):
        return Reading(Rest(general.name))
    return _learn(general, _text(slots, "skill"), None)


def learn(orders: Orders, general: General, slots: Slots) -> Reading:
    return _learn(general, _text(slots, "skill"), "a new skill is learnt during R and R: read as 'R and R'")


def _learn(general: General, word: str, note: str | None) -> Reading:
    skill = match(word, world().skills, "skill")
    if general.level(skill):
        raise Refusal(f"{general.name} already has {skill}", f"to improve it: 'raise {skill} to <level>'")
    cost = world().rules.renown.new_skill_cost
    if general.renown < cost:
        raise Refusal(
            f"a new skill costs {cost} renown; {general.name} has {general.renown}",
            "generals earn renown in battle",
        )
    return Reading(Rest(general.name, skill), note)


NAME = re.compile(r"[A-Za-z][A-Za-z' -]*")
#: words that cannot name a general: they start other lines
RESERVED = {"diplomacy", "all", "troops"}
#: the words of the order itself, read as a name when the name is left out
NOT_A_NAME = {"general", "named", "called", "a", "new", "a new general", "new general"}


def train(orders: Orders, general: General, slots: Slots) -> Reading:
    name = _text(slots, "name")
    if not name or name.lower() in NOT_A_NAME:
        raise Refusal(
            "the new general needs a name",
            "write 'train general <name>', e.g. 'train general named Osric' (or 'called Osric')",
        )
    if not NAME.fullmatch(name):
        raise Refusal("train whom?", "write 'train general <name> [with <skill>, <skill>]'")
    if name == name.lower():
        name = " ".join(part.capitalize() for part in name.split())
    variant = orders.variant
    taken = [g.name for g in orders.state.generals] + list(variant.regions)
    taken += list(variant.powers) + list(world().troops) + list(world().skills)
    taken += [g.name for p in variant.powers.values() for g in p.generals]
    if name.lower() in {t.lower() for t in taken} | RESERVED:
        raise Refusal(f"the name {name} is taken", "choose another name for the new general")
    skills: tuple[str, ...] = ()
    if slots.get("skills"):
        skills = tuple(match(word, world().skills, "skill") for word in items(_text(slots, "skills")))
        if len(set(skills)) != 2:
            raise Refusal(
                "a new general starts with two different skills",
                "name two skills, or none to have them drawn by lot",
            )
    cost = world().rules.economy.train_general_cost
    note = f"costs {cost} gold"
    if not skills:
        note += "; his two skills will be drawn by lot"
    return Reading(TrainGeneral(general.name, name, skills), note)


def champion(orders: Orders, general: General, slots: Slots) -> Reading:
    kind = troop(_text(slots, "troop"))
    note = None
    if not general.level("Invincible Warrior"):
        note = f"{general.name} is no Invincible Warrior yet: this counts once he is"
    return Reading(Champion(general.name, kind), note)


READERS: dict[str, ActionReader] = {
    "travel": travel,
    "move": move_army,
    "attack": attack,
    "recruit": recruit,
    "raise": raise_skill,
    "prepare": prepare,
    "rest": rest,
    "learn": learn,
    "train": train,
    "champion": champion,
}

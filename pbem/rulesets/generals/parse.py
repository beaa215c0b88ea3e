"""Reading a player's mail into orders, with errors that say how to put them right.

Players write in the rulebook's format (``<general>: <action>``, ``<region>: <order>``) and
in plain words for diplomacy, in any case, with the troop and order names the game uses
(and their common aliases). A line is checked against the state it was written for: what
can be known now is refused now (an unknown region, a route through enemy land); what
depends on other players' orders (gold, troops still there) is carried out as far as
possible at the turn's end, and the player gets a note now.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pbem.ruleset import OrderLine
from pbem.rulesets.generals import army, renown, routes
from pbem.rulesets.generals.orders import (
    Attack,
    BreakAlliance,
    Champion,
    DeclareWar,
    Defend,
    Gift,
    MoveArmy,
    Order,
    Overtax,
    Peace,
    PrepareBattlefield,
    ProposeAlliance,
    RaiseSkill,
    Recruit,
    Rest,
    TrainGeneral,
    Travel,
)
from pbem.rulesets.generals.state import Defence, General, Pick, State
from pbem.rulesets.generals.world import (
    DEFENSIVE_ORDERS,
    FIELD_BATTLE,
    OFFENSIVE_ORDERS,
    WITHDRAW,
    Variant,
    world,
)
from pbem.spelling import close_words, closest

ACTION_HELP = (
    "travel to <region>; move army <troops> to <region> [via <region>]; "
    "attack <region> with <troops> by <order>; recruit <number> <troop>; prepare battlefield; "
    "R and R [, learn <skill>]; train general <name> [with <skill>, <skill>]; "
    "raise <skill> to <level>; fight alongside <troop>"
)
REGION_HELP = (
    "Ambush, Skirmish, Field Battle, Fortify, Withdraw [to <region>], rearguard <troops>; "
    "convert <n> income to hire limit; convert <n> hire limit to income"
)
DIPLOMACY_HELP = (
    "declare war on <power>; peace with <power>; propose formal|secret alliance with "
    "<power>[, <power>]; break alliance with <power>; gift <n> gold to <power>"
)
ORDER_ALIASES = {
    "ambush": "Ambush",
    "skirmish": "Skirmish",
    "skirmishing": "Skirmish",
    "field battle": FIELD_BATTLE,
    "field": FIELD_BATTLE,
    "battle": FIELD_BATTLE,
    "fortify": "Fortify",
    "fortified": "Fortify",
    "withdraw": WITHDRAW,
    "flanking maneuvers": "Flanking Maneuvers",
    "flanking manoeuvres": "Flanking Maneuvers",
    "flanking maneuver": "Flanking Maneuvers",
    "flanking": "Flanking Maneuvers",
    "flank": "Flanking Maneuvers",
}


class Refusal(Exception):
    """A line that is not an order: what is wrong, and how to put it right."""

    def __init__(self, error: str, hint: str | None = None):
        super().__init__(error)
        self.error = error
        self.hint = hint


@dataclass(frozen=True)
class Reading:
    order: Order
    note: str | None = None


def _squash(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def match(word: str, names: Iterable[str], what: str, aliases: Mapping[str, str] | None = None) -> str:
    """The canonical name that ``word`` means, case-insensitively; Refusal with suggestions."""
    table = {name.lower(): name for name in names}
    table.update({alias.lower(): name for alias, name in (aliases or {}).items()})
    key = _squash(word).lower()
    if key in table:
        return table[key]
    close = close_words(key, table)[:3]
    suggestions = list(dict.fromkeys(table[c] for c in close))
    if suggestions:
        hint = f"did you mean {' or '.join(suggestions)}?"
    else:
        hint = f"the {what}s are {', '.join(dict.fromkeys(table.values()))}"
    raise Refusal(f"'{_squash(word)}' is not a {what} of this game", hint)


def _number(text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) <= 0:
        raise Refusal(f"'{text}' is not a number of {what}", "write a whole number above 0")
    return int(text)


def _troop(word: str) -> str:
    troops = world().troops
    aliases = {alias: t.name for t in troops.values() for alias in t.aliases}
    return match(word, troops, "troop type", aliases)


PICK = re.compile(r"^(?P<count>all|\d+)\s+(?P<troop>.+?)(?:\s+vet(?:eran)?\s*(?P<level>\d+))?$")
EVERYTHING = {"all", "all troops", "all men", "everything", "the whole army", "whole army", "army"}


def read_picks(text: str) -> tuple[Pick, ...]:
    """'120 Spearmen, all Archers and 10 Knights vet 1' as picks; 'all troops' for all."""
    text = _squash(text)
    if not text:
        raise Refusal("the order does not say which troops", "write e.g. '100 Spearmen, all Archers'")
    picks = []
    for item in re.split(r",|\band\b", text, flags=re.IGNORECASE):
        item = item.strip().lower()
        if not item:
            continue
        if item in EVERYTHING:
            picks.append(Pick())
            continue
        found = PICK.match(item)
        if not found:
            raise Refusal(
                f"'{item}' does not say how many men of which troop",
                "write '<number> <troop>' or 'all <troop>', e.g. '100 Spearmen'",
            )
        count = None if found["count"] == "all" else _number(found["count"], "men")
        troop = None if found["troop"] == "troops" and count is None else _troop(found["troop"])
        level = int(found["level"]) if found["level"] is not None else None
        picks.append(Pick(troop, count, level))
    return tuple(picks)


class Reader:
    """Reads the lines of one power's mail against the state they were written for."""

    def __init__(self, state: State, power: str):
        self.state = state
        self.power = power
        self.variant: Variant = world().variants[state.variant]
        self.holders = {h.region: h.owner for h in state.holdings}
        self.generals = {g.name: g for g in state.generals_of(power)}
        self.scouted = {s.region: s.owner for s in state.realm(power).intel}

    # --- lines ---------------------------------------------------------------------

    def read_mail(self, text: str) -> list[OrderLine]:
        lines: list[OrderLine] = []
        seen: dict[str, int] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                reading = self.read_line(raw)
            except Refusal as refusal:
                lines.append(OrderLine(number, raw, error=refusal.error, hint=refusal.hint))
                continue
            key = reading.order.key()
            note = reading.note
            if key in seen:
                again = f"this replaces line {seen[key]} of this mail"
                note = f"{note}; {again}" if note else again
            seen[key] = number
            lines.append(OrderLine(number, raw, order=reading.order.text(), key=key, note=note))
        return lines

    def read_line(self, raw: str) -> Reading:
        line = _squash(raw).rstrip(".;")
        head, colon, body = line.partition(":")
        if not colon:
            head, body = self._split_name(line)
        head, body = head.strip(), body.strip()
        lowered = head.lower()
        if not head or lowered == "diplomacy":
            return self.diplomacy(body)
        mine = {name.lower(): g for name, g in self.generals.items()}
        if lowered in mine:
            return self.general_order(mine[lowered], body)
        if lowered in {r.lower() for r in self.variant.regions}:
            return self.region_order(self._region(head), body)
        raise Refusal(
            f"'{head}' is neither one of your generals nor a region",
            self._suggest(head) or self._where_to_start(),
        )

    def _suggest(self, word: str) -> str | None:
        try:
            match(word, [*self.generals, *self.variant.regions], "general or region")
        except Refusal as refusal:
            return refusal.hint
        return None

    def _where_to_start(self) -> str:
        return (
            f"start a general's line with his name and ':' ({', '.join(self.generals)}), a "
            f"region's line with its name and ':'; diplomacy: {DIPLOMACY_HELP}"
        )

    def _split_name(self, line: str) -> tuple[str, str]:
        """A line without a colon that starts with a general's or region's name."""
        lowered = line.lower()
        for name in sorted([*self.generals, *self.variant.regions], key=len, reverse=True):
            if lowered.startswith(name.lower() + " "):
                return line[: len(name)], line[len(name) :]
        return "", line

    # --- generals ------------------------------------------------------------------

    def general_order(self, general: General, body: str) -> Reading:
        text = body.lower()
        if not text:
            raise Refusal(f"no action for {general.name}", f"actions: {ACTION_HELP}")
        verb = text.split()[0]
        readers = {
            "travel": self.travel,
            "travels": self.travel,
            "go": self.travel,
            "ride": self.travel,
            "move": self.move_army,
            "march": self.move_army,
            "attack": self.attack,
            "assault": self.attack,
            "recruit": self.recruit,
            "hire": self.recruit,
            "prepare": self.prepare,
            "train": self.train,
            "raise": self.raise_or_recruit,
            "learn": self.learn,
            "fight": self.champion,
            "champion": self.champion,
        }
        if re.match(r"^(r\s*(and|&|\+|n)\s*r|rest|r&r|rnr)\b", text):
            reading = self.rest(general, body)
        elif verb in readers:
            reading = readers[verb](general, body)
        else:
            actions = [
                "travel",
                "move army",
                "attack",
                "recruit",
                "prepare battlefield",
                "R and R",
                "train general",
                "raise",
                "fight alongside",
            ]
            close = closest(verb, [a.split()[0].lower() for a in actions])
            hint = f"did you mean '{close}'? " if close else ""
            raise Refusal(f"'{body}' is not an action of a general", f"{hint}actions: {ACTION_HELP}")
        order = reading.order
        if (
            general.trained_on
            and general.trained_on == self.state.turn - 1
            and not (
                isinstance(order, Travel | MoveArmy | RaiseSkill | Champion)
                or (isinstance(order, Rest) and not order.learn)
            )
        ):
            raise Refusal(
                f"{general.name} was trained last turn and may only move this turn",
                "give him 'travel to <region>', 'move army ...' or 'R and R'",
            )
        return reading

    def _region(self, name: str) -> str:
        return match(name, self.variant.regions, "region")

    def _borders(self, region: str) -> str:
        return f"{region} borders {', '.join(self.variant.regions[region].neighbours)}"

    def _own(self) -> list[str]:
        return [h.region for h in self.state.owned(self.power)]

    def travel(self, general: General, body: str) -> Reading:
        found = re.match(r"^\S+\s+(?:to\s+)?(?P<to>.+)$", body, re.IGNORECASE)
        if not found:
            raise Refusal("travel where?", "write 'travel to <region>'")
        to = self._region(found["to"])
        if to == general.region:
            raise Refusal(f"{general.name} is already in {to}", "give him another action")
        if self.holders.get(to) != self.power:
            raise Refusal(
                f"{to} is not one of your regions; a general travels only in your lands",
                f"your regions: {', '.join(self._own())}",
            )
        if to not in routes.reachable(self.variant, self.holders, self.power, general.region):
            raise Refusal(
                f"there is no path from {general.region} to {to} through your regions",
                "a general travels only through regions you hold",
            )
        return Reading(Travel(general.name, to))

    def move_army(self, general: General, body: str) -> Reading:
        found = re.match(
            r"^(?:move\s+army|move|march)\s+(?:(?P<troops>.+?)\s+)?to\s+(?P<to>.+?)"
            r"(?:\s+(?:via|through)\s+(?P<via>.+?))?(?:\s+with\s+(?P<with>.+))?$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal(
                "a move army order says which troops go where",
                "write 'move army <troops> to <region> [via <region>]'",
            )
        troops = found["troops"] or found["with"]
        if not troops:
            raise Refusal(
                "the order does not say which troops move",
                f"write e.g. 'move army all troops to {found['to'].strip()}'",
            )
        picks = read_picks(troops)
        to = self._region(found["to"])
        via = self._region(found["via"]) if found["via"] else None
        note = None
        if via is None and to not in self.variant.regions[general.region].neighbours:
            options = routes.middles(self.variant, self.holders, self.power, general.region, to)
            if len(options) == 1:
                via = options[0]
                note = f"route: via {via}"
            elif options:
                raise Refusal(
                    f"there are several routes to {to}",
                    f"add 'via {options[0]}' (or via {', '.join(options[1:])})",
                )
            elif self.holders.get(to) == self.power:
                raise Refusal(
                    f"{to} is not next to {general.region}, and no region of yours lies between",
                    "an army moves at most two regions, all of them your own",
                )
        problem = routes.move_route_error(self.variant, self.holders, self.power, general.region, to, via)
        if problem:
            raise Refusal(problem, "an army moves at most two regions, all of them your own")
        return Reading(MoveArmy(general.name, picks, to, via), self._short(general, picks, note))

    def _short(self, general: General, picks: tuple[Pick, ...], note: str | None) -> str | None:
        holding = self.state.holding(general.region)
        _, _, short = army.take(holding.units, picks)
        if short:
            extra = f"{general.region} now holds {army.describe(holding.units)}"
            more = "; ".join(short)
            note = "; ".join(filter(None, [note, f"{more} ({extra}); what is there will go"]))
        return note

    def attack(self, general: General, body: str) -> Reading:
        rest = re.sub(
            r"^(?:attack|assault)(?:\s+enemy)?(?:\s+(?:at|in|on))?\s*",
            "",
            body,
            flags=re.IGNORECASE,
        )
        order = None
        order_pattern = "|".join(sorted(ORDER_ALIASES, key=len, reverse=True))
        found = re.search(
            rf"(?:,|\s)\s*(?:by|using|with\s+orders?|order|orders|in)?\s*\(?\s*(?P<order>{order_pattern})\s*\)?\s*(?=$|,|\s+with\s)",
            rest,
            re.IGNORECASE,
        )
        if found:
            order = ORDER_ALIASES[found["order"].lower()]
            rest = (rest[: found.start()] + " " + rest[found.end() :]).strip(" ,")
        parts = re.split(r"\s+with\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        if len(parts) != 2:
            raise Refusal(
                "the attack does not say which troops go",
                "write 'attack <region> with <troops> by <order>'",
            )
        target = self._region(parts[0])
        picks = read_picks(parts[1])
        notes = []
        if order is None:
            order = FIELD_BATTLE
            notes.append("no battle order given: Field Battle")
        if order not in OFFENSIVE_ORDERS:
            raise Refusal(
                f"{order} is not an offensive order",
                f"attack by {', '.join(OFFENSIVE_ORDERS)}",
            )
        if target not in self.variant.regions[general.region].neighbours:
            raise Refusal(
                f"{target} is not next to {general.region}, where {general.name} is",
                self._borders(general.region),
            )
        if self.holders.get(target) == self.power:
            raise Refusal(f"{target} is yours", "to go there use 'move army'")
        # what the player's scouts saw, not what the state knows (the fog of war)
        if target not in self.scouted:
            notes.append(f"your scouts have no report of {target}")
        elif (holder := self.scouted[target]) is not None:
            if self._allied(holder):
                notes.append(f"{holder} is your ally: this attack breaks your alliance")
            elif not self._at_war(holder):
                notes.append(f"attacking {holder} puts you at war with {holder}")
        note = self._short(general, picks, "; ".join(notes) or None)
        return Reading(Attack(general.name, target, picks, order), note)

    def _allied(self, other: str) -> bool:
        return any(self.power in a.members and other in a.members for a in self.state.alliances)

    def _at_war(self, other: str) -> bool:
        return tuple(sorted((self.power, other))) in self.state.wars

    def raise_or_recruit(self, general: General, body: str) -> Reading:
        if re.match(r"^raise\s+(troops\s*:?\s*)?\d", body, re.IGNORECASE):
            return self.recruit(general, body)
        found = re.match(
            r"^raise\s+(?P<skill>.+?)(?:\s+to\s+(?:level\s+)?(?P<level>\d+))?$", body, re.IGNORECASE
        )
        if not found:
            raise Refusal("raise what?", "write 'raise <skill> to <level>'")
        skill = match(found["skill"], world().skills, "skill")
        current = general.level(skill)
        if not current:
            raise Refusal(
                f"{general.name} does not have {skill}",
                "a new skill is learnt during R and R: 'R and R, learn <skill>'",
            )
        level = int(found["level"]) if found["level"] else current + 1
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

    def recruit(self, general: General, body: str) -> Reading:
        found = re.match(
            r"^(?:recruit|hire|raise)(?:\s+troops)?\s*:?\s*(?P<count>\S+)\s+(?P<troop>.+)$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal("recruit how many of which troop?", "write 'recruit <number> <troop>'")
        count = _number(found["count"], "men")
        troop = _troop(found["troop"])
        region = self.variant.regions[general.region]
        if troop not in region.hire:
            raise Refusal(
                f"{troop} cannot be hired in {region.name}",
                f"{region.name} hires {', '.join(region.hire)}",
            )
        points = world().troops[troop].points
        cost = count * points
        holding = self.state.holding(general.region)
        gold = self.state.realm(self.power).gold
        notes = [f"costs {cost} gold and {cost} of the hire limit"]
        if cost > holding.hire_limit:
            notes.append(
                f"{region.name}'s hire limit is {holding.hire_limit} this turn: only "
                f"{holding.hire_limit // points} will be hired unless you overtax"
            )
        if cost > gold:
            notes.append(f"you have {gold} gold: as many as you can pay for will be hired")
        return Reading(Recruit(general.name, count, troop), "; ".join(notes))

    def prepare(self, general: General, body: str) -> Reading:
        if not re.match(r"^prepare(\s+(the\s+)?battle\s*field)?$", body, re.IGNORECASE):
            raise Refusal(f"'{body}' is not an action", "write 'prepare battlefield'")
        return Reading(PrepareBattlefield(general.name))

    def rest(self, general: General, body: str) -> Reading:
        found = re.match(
            r"^(?:r\s*(?:and|&|\+|n)\s*r|rest|r&r|rnr)\s*(?:[,;]?\s*(?:and\s+)?learn\s+(?P<skill>.+))?$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal(f"'{body}' is not an action", "write 'R and R' or 'R and R, learn <skill>'")
        if not found["skill"]:
            return Reading(Rest(general.name))
        return self._learn(general, found["skill"], None)

    def learn(self, general: General, body: str) -> Reading:
        skill = re.sub(r"^learn\s+", "", body, flags=re.IGNORECASE)
        return self._learn(general, skill, "a new skill is learnt during R and R: read as 'R and R'")

    def _learn(self, general: General, word: str, note: str | None) -> Reading:
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

    def train(self, general: General, body: str) -> Reading:
        found = re.match(
            r"^train(?:\s+(?:a\s+)?(?:new\s+)?general)?\s+(?P<name>[A-Za-z][A-Za-z' -]*?)"
            r"(?:\s*(?:,|with)\s+(?P<skills>.+))?$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal("train whom?", "write 'train general <name> [with <skill>, <skill>]'")
        name = found["name"].strip()
        if name == name.lower():
            name = " ".join(part.capitalize() for part in name.split())
        taken = [g.name for g in self.state.generals] + list(self.variant.regions)
        taken += list(self.variant.powers) + list(world().troops) + list(world().skills)
        taken += [g.name for p in self.variant.powers.values() for g in p.generals]
        if name.lower() in {t.lower() for t in taken} or name.lower() in {
            "diplomacy",
            "all",
            "troops",
        }:
            raise Refusal(f"the name {name} is taken", "choose another name for the new general")
        skills: tuple[str, ...] = ()
        if found["skills"]:
            skills = tuple(
                match(word, world().skills, "skill")
                for word in re.split(r",|\band\b", found["skills"])
                if word.strip()
            )
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

    def champion(self, general: General, body: str) -> Reading:
        found = re.match(
            r"^(?:fight\s+(?:alongside|with|beside)|champion)\s+(?P<troop>.+)$", body, re.IGNORECASE
        )
        if not found:
            raise Refusal(f"'{body}' is not an action", "write 'fight alongside <troop>'")
        troop = _troop(found["troop"])
        note = None
        if not general.level("Invincible Warrior"):
            note = f"{general.name} is no Invincible Warrior yet: this counts once he is"
        return Reading(Champion(general.name, troop), note)

    # --- regions -------------------------------------------------------------------

    def region_order(self, region: str, body: str) -> Reading:
        if self.holders.get(region) != self.power:
            raise Refusal(f"you do not hold {region}", "give orders only for your own regions")
        text = body.lower()
        if not text:
            raise Refusal(f"no order for {region}", f"region orders: {REGION_HELP}")
        if text.startswith(("convert", "overtax")):
            return self.overtax(region, body)
        if text.startswith(("withdraw", "retreat")):
            return self.withdraw(region, body)
        try:
            order = match(
                body,
                DEFENSIVE_ORDERS,
                "defensive order",
                {k: v for k, v in ORDER_ALIASES.items() if v in DEFENSIVE_ORDERS},
            )
        except Refusal as refusal:
            raise Refusal(refusal.error, refusal.hint or f"region orders: {REGION_HELP}") from None
        return Reading(Defend(region, Defence(order)))

    def withdraw(self, region: str, body: str) -> Reading:
        found = re.match(
            r"^(?:withdraw|retreat)(?:\s+to\s+(?P<to>.+?))?\s*(?:,\s*|\s+)?"
            r"(?:(?:with\s+|leaving\s+)?(?:the\s+)?rear\s*guard:?\s+(?P<rear>.+))?$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal(
                "a withdrawal names its rearguard",
                "write 'Withdraw [to <region>], rearguard <troops>'",
            )
        to = self._region(found["to"]) if found["to"] else None
        if to is not None:
            if to not in self.variant.regions[region].neighbours:
                raise Refusal(
                    f"{to} is not next to {region}",
                    self._borders(region),
                )
            if self.holders.get(to) != self.power:
                raise Refusal(f"{to} is not one of your regions", "withdraw into your own lands")
        rear = found["rear"]
        if rear is None:
            raise Refusal(
                "a withdrawal names its rearguard",
                "add e.g. ', rearguard 50 Spearmen' (or 'rearguard none' to run for it)",
            )
        picks = () if rear.strip().lower() in ("none", "nobody", "no one") else read_picks(rear)
        return Reading(Defend(region, Defence(WITHDRAW, to, picks)))

    def overtax(self, region: str, body: str) -> Reading:
        found = re.match(
            r"^(?:convert|overtax)\s+(?P<amount>\S+)\s+(?P<spend>income|hire(?:\s+limit)?)"
            r"(?:\s+(?:to|into)\s+(?P<gain>income|hire(?:\s+limit)?))?$",
            body,
            re.IGNORECASE,
        )
        if not found:
            raise Refusal(
                "an overtaxing order says what to convert",
                "write 'convert <n> income to hire limit' or 'convert <n> hire limit to income'",
            )
        spend = "income" if found["spend"].lower() == "income" else "hire limit"
        gain = found["gain"]
        if gain and (gain.lower() == "income") == (spend == "income"):
            raise Refusal(
                "income converts into hire limit, and hire limit into income",
                "write 'convert <n> income to hire limit' or 'convert <n> hire limit to income'",
            )
        amount = _number(found["amount"], spend)
        holding = self.state.holding(region)
        step = world().rules.economy.overtax.hire_per_income
        if spend == "hire limit" and amount % step:
            raise Refusal(
                f"hire limit converts in steps of {step}",
                f"convert {amount // step * step or step} hire limit to income",
            )
        have = holding.income if spend == "income" else holding.hire_limit
        if amount > have:
            raise Refusal(f"{region} has only {have} {spend} this turn", "neither may go below 0")
        gained = amount * step if spend == "income" else amount // step
        other = "hire limit" if spend == "income" else "income"
        return Reading(
            Overtax(region, spend, amount),
            f"{other} +{gained} this turn; {spend} -{amount}, recovering slowly",
        )

    # --- diplomacy -----------------------------------------------------------------

    DIPLOMACY = re.compile(
        r"^(?:declare\s+war|war|peace|make\s+peace|propose|formal|secret|alliance|break|leave|gift|give|send)\b",
        re.IGNORECASE,
    )

    def _is_diplomacy(self, text: str) -> bool:
        return bool(self.DIPLOMACY.match(text.strip()))

    def _power(self, word: str) -> str:
        power = match(word, self.variant.powers, "power")
        if power == self.power:
            raise Refusal("that is you", "name another power")
        if power not in self.state.alive():
            raise Refusal(
                f"{power} is out of the game",
                f"powers still in the game: {', '.join(self.state.alive())}",
            )
        return power

    def diplomacy(self, line: str) -> Reading:
        text = line.strip()
        war = re.match(r"^(?:declare\s+war|war)\s+(?:on|against|with)?\s*(?P<p>.+)$", text, re.I)
        if war:
            power = self._power(war["p"])
            if self._at_war(power):
                raise Refusal(f"you are already at war with {power}", f"to end it: 'peace with {power}'")
            note = f"this breaks your alliance with {power}" if self._allied(power) else None
            return Reading(DeclareWar(power), note)
        peace = re.match(r"^(?:make\s+)?peace\s+(?:with|to)\s+(?P<p>.+)$", text, re.I)
        if peace:
            power = self._power(peace["p"])
            if not self._at_war(power):
                raise Refusal(
                    f"you are not at war with {power}",
                    f"to ally: 'propose formal alliance with {power}' (or secret)",
                )
            return Reading(Peace(power), f"peace is made when {power} also sends 'peace with you'")
        alliance = re.match(
            r"^(?:propose\s+)?(?:an?\s+)?(?P<kind>formal|secret)?\s*alliance\s+(?:with|to)\s+(?P<p>.+)$",
            text,
            re.I,
        )
        if alliance:
            if not alliance["kind"]:
                raise Refusal(
                    "say whether the alliance is formal (public) or secret",
                    "write 'propose formal alliance with ...' or 'propose secret ...'",
                )
            powers = tuple(
                sorted({self._power(p) for p in re.split(r",|\band\b", alliance["p"]) if p.strip()})
            )
            kind = alliance["kind"].lower()
            return Reading(
                ProposeAlliance(kind, powers),
                f"the alliance is made when {' and '.join(powers)} "
                f"{'sends' if len(powers) == 1 else 'send'} the same proposal this turn",
            )
        breaking = re.match(r"^(?:break|leave)\s+(?:the\s+)?alliance\s+with\s+(?P<p>.+)$", text, re.I)
        if breaking:
            power = self._power(breaking["p"])
            if not self._allied(power):
                raise Refusal(f"you are not allied with {power}", "nothing to break")
            return Reading(BreakAlliance(power))
        gift = re.match(r"^(?:gift|give|send)\s+(?P<n>\S+)\s+gold\s+to\s+(?P<p>.+)$", text, re.I)
        if gift:
            gold = _number(gift["n"], "gold")
            power = self._power(gift["p"])
            have = self.state.realm(self.power).gold
            note = f"you have {have} gold now" if gold > have else None
            return Reading(Gift(power, gold), note)
        first = text.split()[0] if text else ""
        suggestion = self._suggest(first) if first else None
        raise Refusal(f"'{text}' is not an order", suggestion or self._where_to_start())


def read_mail(state: State, power: str, text: str) -> list[OrderLine]:
    """Every non-blank line of a mail as a canonical order or an error."""
    if power not in state.alive():
        return [
            OrderLine(n, raw, error=f"{power} is out of the game and gives no more orders")
            for n, raw in enumerate(text.splitlines(), start=1)
            if raw.strip()
        ]
    return Reader(state, power).read_mail(text)


def read_orders(state: State, power: str, lines: Iterable[str]) -> tuple[list[Order], list[str]]:
    """Canonical orders back into values, for adjudication; and lines that did not read."""
    if power not in state.alive():
        return [], list(lines)
    reader = Reader(state, power)
    orders: list[Order] = []
    bad: list[str] = []
    for line in lines:
        try:
            orders.append(reader.read_line(line).order)
        except Refusal:
            bad.append(line)
    return orders, bad

"""The most crowded maps the games mail: late-game positions with every unit's order drawn.

A report mail carries its map as a PNG (pbem.mail.pictures), and the more a map shows (units,
owned areas, arrows, battles) the larger that PNG. These are the worst realistic cases, built
through each ruleset's pure interface from a seed, so the map-size test and
benchmarks/mapmail.py measure the same positions:

* Diplomacy (standard, Mandate of Heaven): a seeded random game played until the movement
  phase with the most units on the board, then every unit given an order that is drawn (a
  move, a support or a convoy; no holds, no forgotten units).
* The Generals: a seeded random game up to its last turn, then every region held and armed
  with several kinds of troop, every power with several generals at its borders, and every
  general who may (one trained last turn may only move) attacking a neighbour with one kind
  of troop (the rest hold the region), so the referee's map shows an army in every region,
  every general and a battle at most borders.

The mail is built as the service sends it (pbem.reports, pbem.mail.compose): the text, the
HTML and its map as a base64 PNG part.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pbem.frozen import Frozen
from pbem.mail.compose import Outgoing, compose
from pbem.mail.pictures import as_png
from pbem.ruleset import REFEREE, Adjudication, Ruleset, get_ruleset
from pbem.rulesets.diplomacy.core import Board, Unit, UnitType
from pbem.rulesets.diplomacy.randomplay import random_orders
from pbem.rulesets.diplomacy.variant import Variant, load_variant
from pbem.rulesets.generals.state import General, SkillLevel
from pbem.rulesets.generals.state import Unit as Troops
from pbem.rulesets.generals.world import OFFENSIVE_ORDERS, world
from tests import rendering
from tests.generals.randomplay import random_game

#: the most a report mail may weigh, in bytes: a referee's mail host or a player's phone plan cares
LIMIT = 150_000
#: the phases a Diplomacy game is played for, at most, to find its most crowded movement phase
PHASES = 60
#: the generals each power of The Generals has in the crowded position
GENERALS_EACH = 4


class Crowded(Frozen):
    """A position just adjudicated: the state before, the orders given and what came of them."""

    game: str  # what the benchmark calls it
    ruleset: Ruleset
    variant: str
    before: Any
    powers: tuple[str, ...]
    orders: Mapping[str, Sequence[str]]
    adjudication: Adjudication

    @property
    def order_count(self) -> int:
        return sum(len(given) for given in self.orders.values())

    def viewers(self) -> list[str]:
        """Everyone who is mailed a report: the players and the referee."""
        return [*self.powers, REFEREE]


def diplomacy(variant_name: str, seed: int) -> Crowded:
    """The movement phase with the most units of a seeded random game, every unit's order drawn."""
    ruleset = get_ruleset("diplomacy")
    rules = load_variant(variant_name)
    rng = random.Random(seed)
    state = ruleset.start(variant_name, rules.player_powers(), {}, seed)
    fullest = state
    for _ in range(PHASES):
        if state.over:
            break
        if state.turn.kind.word == "movement" and len(state.board.units) >= len(fullest.board.units):
            fullest = state
        game_rules = rules.for_game(state)
        given = random_orders(game_rules, state.board, state.turn.kind, rng)
        state = ruleset.adjudicate(state, given, 0).state
    orders = every_unit_ordered(rules.for_game(fullest), fullest.board, rng)
    title = "Diplomacy" if variant_name == "standard" else rules.map.title
    return Crowded(
        title,
        ruleset,
        variant_name,
        fullest,
        tuple(fullest.powers),
        orders,
        ruleset.adjudicate(fullest, orders, seed),
    )


def every_unit_ordered(variant: Variant, board: Board, rng: random.Random) -> dict[str, list[str]]:
    """An order for every unit that the map draws: convoys where a fleet can carry a neighbouring
    army, moves for about half the rest, and supports of a neighbour for the others."""
    game_map = variant.map
    units = board.units
    orders: dict[str, str] = {}
    for province, fleet in sorted(units.items()):
        if fleet.type is not UnitType.FLEET or not game_map.provinces[province].convoys or province in orders:
            continue
        armies = [
            units[p]
            for p in sorted(game_map.sea_borders(province))
            if p in units and p not in orders and units[p].type is UnitType.ARMY
        ]
        coasts = [p for p in sorted(game_map.sea_borders(province)) if game_map.is_coastal(p)]
        if armies and rng.random() < 0.6:
            army = rng.choice(armies)
            landings = [p for p in coasts if p != army.province]
            if landings:
                landing = rng.choice(landings)
                orders[army.province] = f"{army} - {landing}"
                orders[province] = f"{fleet} C {army} - {landing}"
    for province, unit in sorted(units.items()):
        if province not in orders and rng.random() < 0.5:
            orders[province] = f"{unit} - {rng.choice(_neighbours(variant, unit))}"
    for province, unit in sorted(units.items()):
        if province not in orders:
            orders[province] = _support(variant, board, unit, orders, rng)
    by_power: dict[str, list[str]] = {}
    for province, order in sorted(orders.items()):
        by_power.setdefault(units[province].power, []).append(order)
    return by_power


def _neighbours(variant: Variant, unit: Unit) -> list[str]:
    game_map = variant.map
    if unit.type is UnitType.ARMY:
        return sorted(game_map.army_borders.get(unit.province, ()))
    return sorted(game_map.fleet_borders.get(unit.location, ()))


def _support(
    variant: Variant, board: Board, unit: Unit, orders: Mapping[str, str], rng: random.Random
) -> str:
    """A support of a neighbour's move or hold that ``unit`` can give, else a move."""
    game_map = variant.map
    choices = []
    for province, other in sorted(board.units.items()):
        order = orders.get(province, "")
        if province == unit.province or " C " in order or " S " in order:
            continue
        if " - " in order:
            target = order.split(" - ")[1].split("/")[0]
            if target != unit.province and game_map.can_reach(unit.type, unit.location, target):
                choices.append(f"{unit} S {other} - {target}")
        elif game_map.can_reach(unit.type, unit.location, province):
            choices.append(f"{unit} S {other}")
    return rng.choice(choices) if choices else f"{unit} - {rng.choice(_neighbours(variant, unit))}"


GENERAL_NAMES = (
    "Osric",
    "Wulfhild",
    "Bertram",
    "Ingrid",
    "Cedric",
    "Gunnhild",
    "Leofric",
    "Sigrun",
    "Aldous",
    "Brunhild",
    "Godwin",
    "Ragnhild",
    "Eadric",
    "Thyra",
    "Oswin",
    "Hereward",
)


def generals(variant: str, seed: int) -> Crowded:
    """The last turn of a seeded random game of The Generals with every region held and armed,
    ``GENERALS_EACH`` generals a power at its borders, and every general who may attacking a neighbour."""
    ruleset = get_ruleset("generals")
    regions = world().variants[variant].regions
    powers = tuple(world().variants[variant].powers)
    state = ruleset.start(variant, powers, {}, seed)
    for before, _, result in random_game(state, seed):
        if result.state.over:
            state = before
            break
        state = result.state
    rng = random.Random(seed)
    owners = _nearest_power(state, regions)
    holdings = []
    for holding in state.holdings:
        hire = list(regions[holding.region].hire)
        troops = rng.sample(hire, min(len(hire), 3))
        units = tuple(Troops(troop, rng.randint(40, 240), rng.randint(0, 2)) for troop in troops)
        holdings.append(replace(holding, owner=owners[holding.region], units=units))
    skills = list(world().skills)
    names = iter(GENERAL_NAMES)
    staff = []
    for power in powers:
        # each general at a border of its power, so that each has a neighbour to attack
        borders = [
            r
            for r, owner in sorted(owners.items())
            if owner == power and any(owners[n] != power for n in regions[r].neighbours)
        ]
        own_generals = [g for g in state.generals if g.power == power]
        for region in borders[:GENERALS_EACH]:
            if own_generals:
                staff.append(replace(own_generals.pop(0), region=region))
            else:
                picked = rng.sample(skills, 2)
                levels = tuple(SkillLevel(skill, rng.randint(1, 3)) for skill in picked)
                staff.append(General(next(names), power, region, levels))
        staff += own_generals
    state = replace(state, holdings=tuple(holdings), generals=tuple(staff))
    orders: dict[str, list[str]] = {}
    for general in state.generals:
        foreign = [r for r in regions[general.region].neighbours if owners[r] != general.power]
        if not foreign:
            continue
        target = rng.choice(foreign)
        # with one kind of troop: the rest stay to hold the region, so it keeps an army on the map
        troop = rng.choice(state.holding(general.region).units).troop
        line = f"{general.name}: attack {target} with all {troop} by {rng.choice(OFFENSIVE_ORDERS)}"
        orders.setdefault(general.power, []).extend(
            read.order for read in ruleset.parse_orders(state, general.power, line) if read.order
        )
    title = "The Generals" + ("" if variant == "standard" else f" ({variant})")
    return Crowded(title, ruleset, variant, state, powers, orders, ruleset.adjudicate(state, orders, seed))


def _nearest_power(state: Any, regions: Mapping[str, Any]) -> dict[str, str]:
    """Each region's holder: the power whose holdings reach it first, spreading along the roads."""
    owners = {h.region: h.owner for h in state.holdings if h.owner}
    frontier = sorted(owners)
    while frontier:
        reached = []
        for region in frontier:
            for neighbour in regions[region].neighbours:
                if neighbour not in owners:
                    owners[neighbour] = owners[region]
                    reached.append(neighbour)
        frontier = reached
    return owners


def crowded_maps(seed: int = 1) -> list[Crowded]:
    """The worst realistic case of every game that mails a map."""
    return [
        diplomacy("standard", seed),
        diplomacy("mandate_of_heaven", seed),
        generals("standard", seed),
        generals("duel", seed),
    ]


class Mail(Frozen):
    """A report mail as sent, and the PNG it carries."""

    raw: bytes
    png: bytes
    text: str
    html: str


SENT = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)


def report_mail(crowded: Crowded, viewer: str) -> Mail:
    """``viewer``'s report of ``crowded`` as the service mails it (text, HTML, inline PNG)."""
    context = rendering.report_context(
        rendering.game_info(crowded.ruleset, crowded.variant, "Crowded board"),
        crowded.ruleset,
        crowded.ruleset.phase(crowded.before),
        crowded.adjudication.state,
        crowded.adjudication.events,
        viewer,
        rendering.DEADLINE,
    )
    text, html = rendering.TEMPLATES.report(crowded.ruleset.name, **context)
    assert html is not None, f"{crowded.game} has no HTML report"
    outgoing = Outgoing(
        to="player@players.example",
        subject=f"[g1] {context['phase']['label']} results",
        text=text,
        html=html,
        reply_to="pbem+g1.player@referee.example",
    )
    raw = compose(
        outgoing,
        sender="pbem@referee.example",
        sender_name="pbem",
        message_id="<pbem.0123456789abcdef01234567@referee.example>",
        date=SENT,
    )
    _, pictures = as_png(html, "referee.example")
    return Mail(raw, pictures[0].data if pictures else b"", text, html)


def largest_mail(crowded: Crowded) -> tuple[str, Mail]:
    """The largest report mail of ``crowded`` and whom it goes to (the public's view is only archived)."""
    mails = {viewer: report_mail(crowded, viewer) for viewer in crowded.viewers()}
    viewer = max(mails, key=lambda v: len(mails[v].raw))
    return viewer, mails[viewer]

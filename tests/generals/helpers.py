"""Shared helpers for the generals tests: games, orders, arranged positions, rendering."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.reports import DEFAULT_ROOT, Templates
from pbem.ruleset import PUBLIC, REFEREE, Adjudication, OrderLine, Phase
from pbem.rulesets.generals import army, ruleset
from pbem.rulesets.generals.battle import Battle, Field, Side
from pbem.rulesets.generals.state import General, Holding, SkillLevel, State, Unit
from pbem.rulesets.generals.world import world
from tests import rendering

POWERS = ("Aldmark", "Brenn", "Corvath", "Dunmere")
DUEL = ("Aldmark", "Brenn")


def new_game(variant: str = "standard", seed: int = 1, **options: Any) -> State:
    powers = POWERS if variant == "standard" else DUEL
    state: State = ruleset.start(variant, powers, options, seed)
    return state


def orders(state: State, power: str, text: str) -> list[str]:
    """The canonical orders of a mail that must read without an error."""
    lines = ruleset.parse_orders(state, power, text)
    errors = [(line.text, line.error, line.hint) for line in lines if line.error]
    assert not errors, errors
    return [line.order for line in lines if line.order]


def read(text: str, power: str = "Aldmark", state: State | None = None) -> OrderLine:
    """The one line of ``text`` as ``power``'s mail, read against ``state`` (a new game if none)."""
    [line] = ruleset.parse_orders(state or new_game(), power, text)
    return line


def play(state: State, mails: Mapping[str, str], seed: int = 1) -> Adjudication:
    """Adjudicate one turn from each power's mail (powers without a mail send nothing)."""
    given = {power: orders(state, power, text) for power, text in mails.items()}
    return ruleset.adjudicate(state, given, seed)


def units(troops: Mapping[str, int], level: int = 0) -> tuple[Unit, ...]:
    return army.merge(Unit(troop, men, level) for troop, men in troops.items())


def arrange(
    state: State,
    regions: Mapping[str, tuple[str | None, Mapping[str, int]]] | None = None,
    generals: Sequence[General] | None = None,
    gold: Mapping[str, int] | None = None,
    clear: bool = False,
) -> State:
    """A position for a test: ``regions`` maps region -> (holder, troops); ``generals``
    replace all generals when given; ``clear`` empties every other region first."""
    holdings = []
    for holding in state.holdings:
        if clear:
            holding = replace(holding, owner=None, units=())
        if regions and holding.region in regions:
            owner, troops = regions[holding.region]
            holding = replace(holding, owner=owner, units=units(troops))
        holdings.append(holding)
    realms = tuple(replace(r, gold=gold[r.power]) if gold and r.power in gold else r for r in state.realms)
    return replace(
        state,
        holdings=tuple(holdings),
        generals=tuple(generals) if generals is not None else state.generals,
        realms=realms,
    )


def general(name: str, power: str, region: str, *skills: str, **fields: Any) -> General:
    """A general with skills given as 'Skill' or 'Skill:level'."""
    levels = []
    for skill in skills:
        name_, _, level = skill.partition(":")
        levels.append(SkillLevel(name_, int(level or 1)))
    return General(name, power, region, tuple(levels), **fields)


def holding(state: State, region: str) -> Holding:
    return state.holding(region)


def men_of(state: State, region: str, troop: str | None = None) -> int:
    return sum(u.men for u in state.holding(region).units if troop in (None, u.troop))


def events_of(adjudication: Adjudication, kind: str) -> list[dict[str, Any]]:
    return [e for e in adjudication.events if e["kind"] == kind]


def viewers(state: State) -> list[str]:
    return [r.power for r in state.realms] + [PUBLIC, REFEREE]


TEMPLATES_IN_USE = Templates(DEFAULT_ROOT)
TEXT, HTML = TEMPLATES_IN_USE.text_env, TEMPLATES_IN_USE.html_env  # as the service renders


def report_context(state: State, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    """What the service gives a report template (pbem.reports.report_context)."""
    last_turn = Phase(id="T0", label="the last turn", kind="turn", acting=(), may_order=())
    return rendering.report_context(
        rendering.game_info(ruleset, state.variant),
        ruleset,
        last_turn,
        state,
        events,
        viewer,
        rendering.DEADLINE,
    )


def render_reports(state: State, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    """The text and HTML reports and the JSON of the view, as the service would mail them."""
    context = report_context(state, events, viewer)
    return [
        TEXT.get_template("generals/report.txt.j2").render(context),
        HTML.get_template("generals/report.html.j2").render(context),
        json.dumps(context["view"]),
    ]


def render_orders_help(state: State, power: str) -> str:
    view = ruleset.view(state, [], power)
    return TEXT.get_template("generals/orders.txt.j2").render(
        {"game": {"id": "g1", "name": "Test game"}, "power": power, "view": view}
    )


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


def troop_names() -> list[str]:
    return list(world().troops)


def field(
    attacker,
    defender,
    a_order="Field Battle",
    d_order="Field Battle",
    terrain="plains",
    a_general=None,
    d_general=None,
    prepared=False,
    away=None,
) -> Field:
    """A battle's set-up: the armies (troop: men), their orders, generals and the ground."""
    return Field(
        terrain,
        Side(units(attacker), a_order, a_general),
        Side(units(defender), d_order, d_general, away=units(away or {})),
        prepared,
    )


def bonus(setup: Field, key: str, troop: str, what: str, order: str | None = None) -> float:
    """What one troop of a side adds to ``what`` (offense, defense...) in ``setup``."""
    fights = Battle(setup, random.Random(0))
    side = fights.armies[key]
    fighter = next(f for f in side.fighters if f.troop.name == troop)
    return fights._bonus(key, fighter, what, order or side.order)

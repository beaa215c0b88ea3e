"""Mandate of Heaven states for tests: the players, the opening, and positions loaded as the
archive would load them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.mandate import MandateOfHeaven
from pbem.rulesets.diplomacy.variant import load_variant

VARIANT = "mandate_of_heaven"
PLAYERS = ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"]
NEUTRALS = ["Sung", "Lu", "Chou", "Chungshan", "Ba", "Shu", "Choson", "Yueh", "Choushi"]
ruleset = get_ruleset("diplomacy")


def _rules() -> MandateOfHeaven:
    variant = load_variant(VARIANT)
    assert isinstance(variant, MandateOfHeaven)
    return variant


rules = _rules()


def opening() -> Any:
    """Winter 369 B.C., before the Hsiung-Nu have placed their armies."""
    return ruleset.start(VARIANT, PLAYERS, {}, 1)


def spring_368() -> Any:
    """Spring 368 B.C. with the Hsiung-Nu placed in Hsi Hsienpi, Nan Hsienpi and Tung Turfan."""
    return ruleset.adjudicate(opening(), {"Hsiung-Nu": ["A HHS B", "A NHS B", "A TTU B"]}, 1).state


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    *,
    powers: list[str] | None = None,
    dislodged: list[dict[str, Any]] | None = None,
    extra: dict[str, Any] | None = None,
) -> Any:
    """A Mandate of Heaven state at ``phase`` with these units and centre owners."""
    data: dict[str, Any] = {
        "variant": VARIANT,
        "phase": phase,
        "powers": powers or PLAYERS,
        "units": units,
        "supply_centres": centres or {},
        "dislodged": dislodged or [],
    }
    if extra:
        data["extra"] = extra
    return ruleset.load_state(data)


def sung_grown(phase: str, units: dict[str, list[str]]) -> Any:
    """A fall at ``phase`` with ``units`` and the neutral Sung, owning its home centre only, standing
    in Daiyeng and T'ai Yi too: at the end of the year it owns three centres and is activated."""
    centres = {"Sung": ["SUN"], "Ch'in": ["YUY"]}
    return position(phase, {**units, "Sung": ["A SUN", "A DAI", "A TYI"]}, centres)


def units(state: Any) -> dict[str, list[str]]:
    return {power: sorted(us) for power, us in ruleset.dump_state(state)["units"].items()}


def events_of(adjudication: Any, kind: str) -> list[dict[str, Any]]:
    return [event for event in adjudication.events if event["type"] == kind]


def results(adjudication: Any, power: str) -> dict[str, str]:
    """The order results of ``power`` in the adjudicated phase: order -> result (with reason)."""
    out = {}
    for event in adjudication.events:
        for result in event.get("results", ()):
            if result["power"] == power:
                out[result["order"]] = result["result"] + (
                    f" ({result['reason']})" if "reason" in result else ""
                )
    return out


#: Mandate of Heaven from its opening to the nomads' sixth centre (rule 2, "once the 6 SCs are
#: reached, the nomad population is exhausted"), in the mails of each phase, retreats included
#: (a phase no one writes to is {}). Written by hand, as a player who means it would play, after
#: a greedy search among random nomad orders stalled at two centres: Yen steps out of the way in
#: the spring of 368 B.C. (Shanggu, Hsiangping, Yubeiping), the Chinese then send nothing, and the
#: Hsiung-Nu take Shanggu and Hsiangping in 368, Yubeiping and Pei Choushi (dislodged with support)
#: in 367, Tung Chinyang and Chungshan (dislodged) in 366: six centres with five units, told in the
#: retreats of Fall 366; that winter their build goes in a vacant owned centre (ruling 36).
TO_EXHAUSTION: list[dict[str, list[str]]] = [
    {"Hsiung-Nu": ["Build A NHS", "Build A THS", "Build A HTU"]},
    {
        "Hsiung-Nu": ["A NHS - SHG", "A THS - HSP", "A HTU H"],
        "Yen": ["A SHG - PDA", "A HSP - PCH", "F YUB - NCS"],
    },
    {"Hsiung-Nu": ["A SHG H", "A HSP H", "A HTU H"]},
    {"Hsiung-Nu": ["Build A TTU"]},
    {"Hsiung-Nu": ["A HTU - PCS", "A TTU S A HTU - PCS", "A HSP - YUB", "A SHG H"]},
    {},
    {"Hsiung-Nu": ["A PCS H", "A TTU H", "A YUB H", "A SHG H"]},
    {"Hsiung-Nu": ["Build A NHS"]},
    {"Hsiung-Nu": ["A SHG - TCY", "A NHS S A SHG - TCY", "A YUB - SHG", "A PCS H", "A TTU H"]},
    {"Hsiung-Nu": ["A SHG - CHG", "A TCY S A SHG - CHG", "A NHS H", "A PCS H", "A TTU H"]},
    {},
    {"Hsiung-Nu": ["Build A YUB"]},
]


def played(mails: list[dict[str, list[str]]]) -> Iterator[tuple[Any, dict[str, list[str]], Any]]:
    """Each phase of ``mails`` from the opening: the state, the orders as read from the mails
    (every line must read), and its adjudication."""
    state = opening()
    for sent in mails:
        orders: dict[str, list[str]] = {}
        for power, lines in sent.items():
            read = ruleset.parse_orders(state, power, "\n".join(lines))
            assert all(line.order for line in read), [line.error for line in read if line.error]
            orders[power] = [line.order for line in read if line.order]
        adjudication = ruleset.adjudicate(state, orders, 0)
        yield state, orders, adjudication
        state = adjudication.state

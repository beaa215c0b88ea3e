"""Every row of ORDERS.md, the table of the order notations the reader takes, is read as it says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import Board, Dislodgement, PhaseKind, Unit, UnitType
from pbem.rulesets.diplomacy.reading import OrderSyntaxError, read_order
from pbem.rulesets.diplomacy.state import GameState
from pbem.rulesets.diplomacy.variant import load_variant

TABLE = Path(__file__).parents[2] / "pbem" / "rulesets" / "diplomacy" / "ORDERS.md"
VARIANT = load_variant("standard")
KINDS = {"movement": PhaseKind.MOVEMENT, "retreats": PhaseKind.RETREATS, "adjustments": PhaseKind.ADJUSTMENTS}


def rows(section: str) -> list[list[str]]:
    """The rows of the table between ``<!-- section -->`` and ``<!-- /section -->``."""
    text = TABLE.read_text(encoding="utf-8")
    body = text.split(f"<!-- {section} -->")[1].split(f"<!-- /{section} -->")[0]
    cells = [
        [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")] for line in body.splitlines()
    ]
    return [row for row in cells if len(row) > 1 and not set(row[0]) <= {"-"}][1:]


def board(kind: PhaseKind) -> Board:
    state = get_ruleset("diplomacy").start("standard", list(VARIANT.player_powers()), {}, 0)
    assert isinstance(state, GameState)
    if kind is not PhaseKind.RETREATS:
        return state.board
    beaten = Unit("France", UnitType.ARMY, "BUR")
    return Board(
        {"BUR": Unit("Germany", UnitType.ARMY, "BUR")},
        dislodged=(Dislodgement(beaten, "MUN", "Germany", retreats=("GAS", "PIC")),),
    )


ACCEPTED = rows("accepted")
REFUSED = rows("refused")


def test_the_table_covers_every_notation_and_phase() -> None:
    assert {row[0] for row in ACCEPTED} >= {
        "Judge",
        "DPjudge",
        "webDiplomacy",
        "Backstabbr",
        "plain English",
        "short names",
        "full names",
    }
    assert {row[1] for row in ACCEPTED} == set(KINDS)
    assert len(ACCEPTED) > 80 and len(REFUSED) >= 5


@pytest.mark.parametrize(("notation", "phase", "written", "order"), ACCEPTED, ids=[r[2] for r in ACCEPTED])
def test_each_accepted_form_is_read_as_the_table_says(
    notation: str, phase: str, written: str, order: str
) -> None:
    kind = KINDS[phase]
    assert str(read_order(VARIANT, written, kind, board(kind))) == order


@pytest.mark.parametrize(("phase", "written", "answer"), REFUSED, ids=[r[1] for r in REFUSED])
def test_each_refused_form_is_answered_as_the_table_says(phase: str, written: str, answer: str) -> None:
    kind = KINDS[phase]
    with pytest.raises(OrderSyntaxError) as refused:
        read_order(VARIANT, written, kind, board(kind))
    assert answer in str(refused.value)
    assert refused.value.hint, "every refusal says how to write the order instead"


def test_the_readme_links_the_table() -> None:
    readme = (TABLE.parents[3] / "README.md").read_text(encoding="utf-8")
    assert re.search(r"\(pbem/rulesets/diplomacy/ORDERS\.md\)", readme)

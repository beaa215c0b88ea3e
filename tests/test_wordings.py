"""Every game reads the lines players write alike: a wording reads to its canonical order (which
reads back to the same order where the table says so), and a line that is no order is refused
with what is wrong and how to put it right. One test each, over every game's table in
tests/data/wordings/<game>.yaml, read through that game's own reader; a new wording is a row.

A table names its reader (``read``), who writes (``power``, or each row's own), whether its
orders are read back (``reads back``) and how a refusal's hint is checked (``hint``): ``exactly``
(a row without one: the answer has none), ``exactly, where given``, ``always, with this in it``
(every refusal has a hint, holding the row's where it has one) or ``not checked``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem.frozen import Frozen
from pbem.ruleset import OrderLine
from pbem.rulesets.diplomacy.core import PhaseKind
from pbem.rulesets.diplomacy.parser import read_mail
from pbem.rulesets.invictus import orders as invictus_orders
from pbem.rulesets.invincible import ruleset as invincible
from pbem.rulesets.invincible.data import VARIANTS
from pbem.rulesets.invincible.grammar import read as read_signal
from pbem.rulesets.invincible.mail import names
from pbem.rulesets.lines import Refusal
from tests.diplomacy.helpers import STANDARD, start_board
from tests.generals.helpers import read as read_generals
from tests.invincible.helpers import VASSAL_AND_TOWN
from tests.mandate.games import ruleset as diplomacy
from tests.mandate.games import spring_368

WORDINGS = Path(__file__).parent / "data" / "wordings"


class Reading(Frozen):
    """What a reader made of one line: the order (its canonical text, and ``value``, the order
    as that reader compares it) or the refusal's error and hint."""

    order: str | None = None
    error: str | None = None
    hint: str | None = None
    value: Any = None


def _answered(line: OrderLine) -> Reading:
    return Reading(line.order, line.error, line.hint, line.order)


@functools.cache
def _mandate_spring() -> Any:
    return spring_368()


def _diplomacy(power: str, line: str) -> Reading:
    """One line of a mail; a line of several orders separated by commas reads to the orders
    joined by ", ", each order being an answer of its own (error and hint the first refused's)."""
    answers = read_mail(STANDARD, start_board(), PhaseKind.MOVEMENT, power, line)
    if len(answers) == 1:
        return _answered(answers[0])
    refused = next((answer for answer in answers if answer.error), None)
    if refused is not None:
        return Reading(error=refused.error, hint=refused.hint)
    orders = ", ".join(str(answer.order) for answer in answers)
    return Reading(orders, value=orders)


def _mandate(power: str, line: str) -> Reading:
    [answer] = diplomacy.parse_orders(_mandate_spring(), power, line)
    return _answered(answer)


def _generals(power: str, line: str) -> Reading:
    return _answered(read_generals(line, power))


def _invincible(power: str, line: str) -> Reading:
    [answer] = invincible.parse_orders(VASSAL_AND_TOWN, power, line)
    return _answered(answer)


def _invincible_grammar(power: str, line: str) -> Reading:
    try:
        order = read_signal(line, names(VASSAL_AND_TOWN), VARIANTS["standard"])
    except Refusal as refusal:
        return Reading(error=refusal.error, hint=refusal.hint)
    return Reading(order.text(), value=order)


def _invictus(power: str, line: str) -> Reading:
    try:
        order = invictus_orders.parse(line)
    except invictus_orders.Refusal as refusal:
        return Reading(error=refusal.message, hint=refusal.hint)
    return Reading(order.text(), value=order)


#: (game, ``read``) -> the reader of (power, line), and whether a power writes the line (a
#: parser reads the line alone: its power is "")
READERS: dict[tuple[str, str], tuple[Callable[[str, str], Reading], bool]] = {
    ("diplomacy", "mail"): (_diplomacy, True),
    ("mandate", "mail"): (_mandate, True),
    ("generals", "mail"): (_generals, True),
    ("invictus", "parse"): (_invictus, False),
    ("invincible", "mail"): (_invincible, True),
    ("invincible", "grammar"): (_invincible_grammar, False),
}


def _exactly(hint: str | None, expected: str | None) -> None:
    assert hint == expected


def _exactly_where_given(hint: str | None, expected: str | None) -> None:
    if expected:
        assert hint == expected


def _always_with_this_in_it(hint: str | None, expected: str | None) -> None:
    assert hint  # every error says how to put it right
    if expected is not None:
        assert expected in hint


def _not_checked(hint: str | None, expected: str | None) -> None:
    """The table's rows give no hint (checked as the file is read)."""


HINTS: dict[str, Callable[[str | None, str | None], None]] = {
    "exactly": _exactly,
    "exactly, where given": _exactly_where_given,
    "always, with this in it": _always_with_this_in_it,
    "not checked": _not_checked,
}


class Table(Frozen):
    """What a table of a game's file says of its rows: how they are read, whether their orders
    are read back, how a refusal's hint is checked."""

    game: str
    read: str
    reads_back: bool
    hint_check: str


class Case(Frozen):
    """One row of a table: a line, as its power writes it ("" where the table's reader takes the
    line alone), and the order it reads to, or the error and hint of its refusal."""

    line: str
    order: str
    error: str
    hint: str | None
    power: str
    table: Table

    def read(self, line: str) -> Reading:
        """``line`` read as this row's power writes it, by its table's reader."""
        reader, _ = READERS[self.table.game, self.table.read]
        return reader(self.power, line)


def _cases(path: Path) -> dict[str, list[Case]]:
    """The rows of one game's file by kind (orders, refusals). A misspelt field, reader or hint
    check, a power where the reader takes none or none where it takes one, or a hint where the
    table checks none fails the collection."""
    found: dict[str, list[Case]] = {"orders": [], "refusals": []}
    for name, fields in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        where = f"{path.name}: {name}"
        assert set(fields) <= {"read", "power", "reads back", "hint", "orders", "refusals"}, where
        hint_check = fields.get("hint", "exactly")
        table = Table(path.stem, fields["read"], fields.get("reads back", False), hint_check)
        _, takes_power = READERS[table.game, table.read]
        assert table.hint_check in HINTS, where
        for kind, needed, allowed in (
            ("orders", {"line", "order"}, {"power"}),
            ("refusals", {"line", "error"}, {"power", "hint"}),
        ):
            for row in fields.get(kind, ()):
                assert needed <= set(row) <= needed | allowed, (where, row)
                assert "hint" not in row or table.hint_check != "not checked", (where, row)
                power = row.get("power", fields.get("power", ""))
                assert bool(power) is takes_power, (where, row)
                found[kind].append(
                    Case(
                        line=row["line"],
                        order=row.get("order", ""),
                        error=row.get("error", ""),
                        hint=row.get("hint"),
                        power=power,
                        table=table,
                    )
                )
    return found


CASES = {path.stem: _cases(path) for path in sorted(WORDINGS.glob("*.yaml"))}


def _params(kind: str, where: Callable[[Case], bool] = lambda case: True) -> list[Any]:
    return [
        pytest.param(case, id=":".join(part for part in (case.table.game, case.power, case.line) if part))
        for cases in CASES.values()
        for case in cases[kind]
        if where(case)
    ]


def test_every_game_has_its_table_of_wordings() -> None:
    assert set(CASES) == {game for game, _ in READERS}
    assert all(cases["orders"] for cases in CASES.values())


@pytest.mark.parametrize("case", _params("orders"))
def test_a_wording_reads_to_its_canonical_order(case: Case) -> None:
    reading = case.read(case.line)
    assert (reading.order, reading.error) == (case.order, None)


@pytest.mark.parametrize("case", _params("orders", lambda case: case.table.reads_back))
def test_a_canonical_order_reads_back_to_the_same_order(case: Case) -> None:
    again = case.read(case.order)
    assert again.order == case.order and again.value == case.read(case.line).value


@pytest.mark.parametrize("case", _params("refusals"))
def test_a_refused_line_says_what_is_wrong_and_how_to_put_it_right(case: Case) -> None:
    reading = case.read(case.line)
    assert reading.order is None and reading.error is not None and case.error in reading.error
    HINTS[case.table.hint_check](reading.hint, case.hint)

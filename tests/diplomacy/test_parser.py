"""Reading orders as players write them in mail (``parser``) and through ``parse_orders``. The forms
players write are rows of tests/data/wordings/diplomacy.yaml, read by tests/test_wordings.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import Board, Dislodgement, PhaseKind, Unit, UnitType, board_of
from pbem.rulesets.diplomacy.parser import OrderSyntaxError, read_mail, read_order

from .helpers import POWERS, STANDARD, start_board


def one(
    text: str,
    power: str = "France",
    board: Board | None = None,
    kind: PhaseKind = PhaseKind.MOVEMENT,
):
    [line] = read_mail(STANDARD, board or start_board(), kind, power, text)
    return line


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("F MAO - SPA/NC", "F MAO - SPA/NC"),
        ("F MAO - Spain(nc)", "F MAO - SPA/NC"),
        ("F MAO - Spain nc", "F MAO - SPA/NC"),
        ("F MAO - Spain north coast", "F MAO - SPA/NC"),
        ("F MAO - Spain (South Coast)", "F MAO - SPA/SC"),
        ("F GAS - Spain", "F GAS - SPA/NC"),  # only one coast in reach: it is filled in
    ],
)
def test_destination_coasts(text: str, order: str) -> None:
    board = board_of([Unit("France", UnitType.FLEET, "MAO"), Unit("France", UnitType.FLEET, "GAS")])
    assert one(text, board=board).order == order


def test_a_coast_that_must_be_named_is_asked_for() -> None:
    board = board_of([Unit("France", UnitType.FLEET, "MAO")])
    line = one("F MAO - Spain", board=board)
    assert line.order is None
    assert "SPA/NC" in line.error and "SPA/SC" in line.error
    assert line.hint


def test_convoys_and_via_convoy() -> None:
    board = board_of(
        [
            Unit("England", UnitType.FLEET, "NTH"),
            Unit("England", UnitType.ARMY, "LON"),
            Unit("England", UnitType.ARMY, "YOR"),
        ]
    )
    assert one("F North Sea convoys A London - Norway", "England", board).order == "F NTH C A LON - NWY"
    assert one("F NTH C A LON - NWY", "England", board).order == "F NTH C A LON - NWY"
    assert one("A London - Norway", "England", board).order == "A LON - NWY"
    assert one("A Yorkshire - London via convoy", "England", board).order == "A YOR - LON VIA"


def test_retreat_orders() -> None:
    board = Board(
        {"BUR": Unit("Germany", UnitType.ARMY, "BUR")},
        dislodged=(
            Dislodgement(Unit("France", UnitType.ARMY, "BUR"), "MUN", "Germany", retreats=("GAS", "PIC")),
        ),
    )
    for text in (
        "A BUR R PIC",
        "A Burgundy retreats to Picardy",
        "Burgundy - Picardy",
        "A BUR -> PIC",
    ):
        assert one(text, board=board, kind=PhaseKind.RETREATS).order == "A BUR R PIC"
    for text in ("A BUR D", "disband A Burgundy", "A Burgundy disband"):
        assert one(text, board=board, kind=PhaseKind.RETREATS).order == "A BUR D"
    refused = one("A BUR R MAR", board=board, kind=PhaseKind.RETREATS)
    assert refused.order is None and "GAS, PIC" in refused.error


def winter_board() -> Board:
    units = [Unit("Russia", UnitType.ARMY, "WAR")]
    centres = {"MOS": "Russia", "SEV": "Russia", "STP": "Russia", "WAR": "Russia"}
    return board_of(units, centres)


def test_builds_removals_and_waives() -> None:
    lines = read_mail(
        STANDARD,
        winter_board(),
        PhaseKind.ADJUSTMENTS,
        "Russia",
        "Build A Moscow\nB F STP/NC\nbuild f st petersburg north coast\nwaive\n",
    )
    # A second build in St Petersburg replaces the first (issue 19: builds as players expect).
    assert [(line.order, line.key) for line in lines[:3]] == [
        ("A MOS B", "MOS"),
        (None, None),
        ("F STP/NC B", "STP"),
    ]
    assert lines[1].error == "Replaced by your line 3"
    assert lines[2].note == "Replaces your order on line 2"
    assert (lines[3].order, lines[3].key) == ("WAIVE", "waive-1")
    board = board_of(
        [Unit("France", UnitType.ARMY, "PAR"), Unit("France", UnitType.ARMY, "PIC")],
        {"PAR": "France"},
    )
    for text in ("Remove A Paris", "A PAR D", "disband Paris"):
        line = read_mail(STANDARD, board, PhaseKind.ADJUSTMENTS, "France", text)[0]
        assert (line.order, line.key) == ("A PAR D", "PAR")


def test_waives_are_numbered_in_the_order_of_the_mail() -> None:
    board = board_of([], {"MOS": "Russia", "SEV": "Russia", "STP": "Russia"})
    lines = read_mail(STANDARD, board, PhaseKind.ADJUSTMENTS, "Russia", "waive\nWAIVE\nWaive\n")
    assert [line.key for line in lines] == ["waive-1", "waive-2", "waive-3"]


def test_too_many_builds_in_one_mail() -> None:
    board = board_of(
        [Unit("Russia", UnitType.ARMY, "WAR"), Unit("Russia", UnitType.ARMY, "UKR")],
        {"MOS": "Russia", "SEV": "Russia", "STP": "Russia", "WAR": "Russia"},
    )
    lines = read_mail(
        STANDARD, board, PhaseKind.ADJUSTMENTS, "Russia", "build a mos\nbuild f sev\nbuild a stp"
    )
    assert [line.error is None for line in lines] == [True, True, False]
    assert "2 build" in str(lines[2].error)


def test_no_such_unit_lists_the_units_the_power_has() -> None:
    line = one("A Picardy - Belgium")
    assert line.order is None
    assert "Picardy" in line.error and "A PAR" in line.error and "F BRE" in line.error


def test_another_powers_unit_is_refused_at_once() -> None:
    line = one("F London - North Sea", "France")
    assert line.order is None
    assert "England" in line.error


def test_provinces_that_do_not_border() -> None:
    line = one("F Brest - Spain")
    assert line.order is None
    assert "Spain" in line.error
    assert "MAO" in line.hint  # says where it can go


def test_misspelling_gets_a_did_you_mean() -> None:
    line = one("A Pari - Burgundy")
    assert "pari" in line.error
    assert "Paris (PAR)" in line.hint
    assert "Burgundy (BUR)" in one("A Paris - Burgandi").hint


def test_did_you_mean_puts_the_provinces_the_order_can_mean_first() -> None:
    # "bug" is one slip from Bulgaria and from Burgundy: each order names first the one it can reach
    assert one("A Par - Bug", "France").hint == "Did you mean Burgundy (BUR) or Bulgaria (BUL)?"
    assert one("A Con - Bug", "Turkey").hint == "Did you mean Bulgaria (BUL) or Burgundy (BUR)?"
    # a slip of one province names that one alone (two letters swapped: Budapest, Galicia)
    assert one("A Bdu - Ser", "Austria").hint == "Did you mean Budapest (BUD)?"
    assert one("A War - Gla", "Russia").hint == "Did you mean Galicia (GAL)?"


def test_an_order_of_the_wrong_phase() -> None:
    line = one("Build A Paris")
    assert line.order is None
    assert "Spring 1901 movement" in line.error or "movement" in line.error
    assert line.hint


def test_a_later_order_for_the_same_unit_is_noted() -> None:
    lines = read_mail(STANDARD, start_board(), PhaseKind.MOVEMENT, "France", "A PAR - BUR\nA PAR - PIC\n")
    assert [line.key for line in lines] == ["PAR", "PAR"]
    assert "line 1" in str(lines[1].note)


def test_wrong_unit_letter_is_corrected_with_a_note() -> None:
    line = one("F Paris - Burgundy")
    assert line.order == "A PAR - BUR"
    assert "army" in line.note


def test_read_order_keeps_what_was_written_without_judging_it() -> None:
    # The adjudicator, not the reader, decides that these orders are illegal.
    assert str(read_order(STANDARD, "F North Sea - Picardy", PhaseKind.MOVEMENT)) == "F NTH - PIC"
    assert str(read_order(STANDARD, "F Spain(nc) - Gulf of Lyon", PhaseKind.MOVEMENT)) == "F SPA/NC - LYO"
    with pytest.raises(OrderSyntaxError):
        read_order(STANDARD, "Paris - Burgundy", PhaseKind.MOVEMENT)  # no board to say what is there


def test_parse_orders_answers_every_line_and_keys_by_unit() -> None:
    ruleset = get_ruleset("diplomacy")
    state = ruleset.start("standard", POWERS, {}, 0)
    lines = ruleset.parse_orders(state, "Russia", "F STP/SC - BOT\n\n  nonsense here\nA WAR - GAL\n")
    assert [(line.line, line.order, line.key) for line in lines if line.order] == [
        (1, "F STP/SC - BOT", "STP"),
        (4, "A WAR - GAL", "WAR"),
    ]
    [bad] = [line for line in lines if line.error]
    assert bad.line == 3 and bad.text == "nonsense here"


WORDS = [
    "A",
    "F",
    "army",
    "fleet",
    "-",
    "->",
    "to",
    "moves",
    "m",
    "S",
    "supports",
    "C",
    "convoys",
    "H",
    "holds",
    "R",
    "retreats",
    "B",
    "build",
    "D",
    "disband",
    "remove",
    "waive",
    "via",
    "convoy",
    "nc",
    "sc",
    "(ec)",
    "/nc",
    "north",
    "coast",
    "Paris",
    "PAR",
    "Spain",
    "STP",
    "St.",
    "Petersburg",
    "Mid-Atlantic",
    "Ocean",
    "Bulgaria",
    "Switzerland",
    "SWI",
    "Kiel",
    "North Sea",
    "London",
    "Xyzzy",
    "1.",
    "France:",
    "?",
    "",
    "\t",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join), max_size=6).map("\n".join),
    st.sampled_from(list(PhaseKind)),
)
def test_any_mail_is_answered_line_by_line_without_raising(text: str, kind: PhaseKind) -> None:
    board = Board(
        {"PAR": Unit("France", UnitType.ARMY, "PAR"), "MAO": Unit("France", UnitType.FLEET, "MAO")},
        {"PAR": "France", "MAR": "France", "BRE": "France"},
        (Dislodgement(Unit("France", UnitType.FLEET, "SPA/NC"), "POR", "England", retreats=("GAS",)),),
    )
    lines = read_mail(STANDARD, board, kind, "France", text)
    assert len(lines) == sum(1 for raw in text.splitlines() if raw.strip())
    for line in lines:
        assert (line.order is None) != (line.error is None)


# --- order forms players use that were refused (issue 30) -----------------------------------------

AT_SEA = board_of(
    [
        Unit("England", UnitType.FLEET, "NWG"),
        Unit("England", UnitType.ARMY, "NWY"),
        Unit("England", UnitType.FLEET, "WAL"),
        Unit("France", UnitType.FLEET, "MAO"),
    ]
)


def test_a_support_without_the_move_word_is_a_support_to_move() -> None:
    """njudge's "F WAL S MAO IRI": the province after the supported unit is where it moves."""
    assert one("f wal s mao iri", "England", AT_SEA).order == "F WAL S F MAO - IRI"
    assert one("F WAL S F MAO IRI", "England", AT_SEA).order == "F WAL S F MAO - IRI"
    assert one("F WAL S F MAO", "England", AT_SEA).error  # a support to hold: MAO is out of reach


def test_a_seas_abbreviation_may_be_followed_by_sea() -> None:
    """DPjudge's full words: "fleet nwg sea C norway - edi"."""
    assert one("fleet nwg sea C norway - edi", "England", AT_SEA).order == "F NWG C A NWY - EDI"
    assert one("F NWG SEA H", "England", AT_SEA).order == "F NWG H"
    assert "'sea'" in str(one("A NWY sea - EDI", "England", AT_SEA).error)  # Norway is no sea


def test_a_retreat_with_the_order_word_first_is_read() -> None:
    """ "RETREAT F STP/SC - BOT" was answered "I do not know the province 'retreat'"."""
    board = Board(
        {"STP": Unit("Germany", UnitType.ARMY, "STP")},
        dislodged=(
            Dislodgement(Unit("Russia", UnitType.FLEET, "STP/SC"), "LVN", "Germany", retreats=("BOT",)),
        ),
    )
    written = ("RETREAT F STP/SC - BOT", "retreat F St Petersburg south coast to Bothnia", "Retreat STP BOT")
    for text in written:
        assert one(text, "Russia", board, PhaseKind.RETREATS).order == "F STP/SC R BOT", text
    wrong_phase = one("RETREAT A PAR - BUR")
    assert wrong_phase.error and "not an order for" in wrong_phase.error


def test_several_orders_on_a_line_separated_by_commas_are_each_answered() -> None:
    """njudge takes a line of orders separated by commas; each is answered as a line of its own."""
    lines = read_mail(
        STANDARD,
        start_board(),
        PhaseKind.MOVEMENT,
        "France",
        "A PAR - BUR, A MAR S A PRA - BUR, F BRE H,\nA PAR - PIC, A PAR - GAS",
    )
    assert [(line.line, line.order) for line in lines] == [
        (1, "A PAR - BUR"),
        (1, None),
        (1, "F BRE H"),
        (2, "A PAR - PIC"),
        (2, "A PAR - GAS"),
    ]
    assert "'pra'" in str(lines[1].error) and "Paris (PAR)" in str(lines[1].hint)  # its own answer
    assert lines[3].note == "Replaces your order on line 1"
    assert lines[4].note == "Replaces your earlier order on this line"


def test_a_comma_splits_a_line_only_after_an_order() -> None:
    """Where no order stands before the first comma, the line is one order, as before."""
    russia = read_mail(STANDARD, start_board(), PhaseKind.MOVEMENT, "Russia", "F StP, south coast - Bot")
    assert [line.order for line in russia] == ["F STP/SC - BOT"]
    england = read_mail(STANDARD, start_board(), PhaseKind.MOVEMENT, "England", "England, F LON - NTH")
    assert [line.order for line in england] == ["F LON - NTH"]


def test_a_comma_inside_a_convoy_route_goes_on_with_the_route() -> None:
    """An army's move that ends at sea goes on after a comma with its route ("A LON - NTH, NWY",
    "A LON - NTH, NTH - NWY"), as with dashes; an order after it is an order of its own."""
    board = board_of(
        [
            Unit("England", UnitType.FLEET, "NTH"),
            Unit("England", UnitType.ARMY, "LON"),
            Unit("England", UnitType.FLEET, "NWG"),
        ]
    )
    for text in ("A LON - NTH - NWY", "A LON - NTH, NWY", "A LON - NTH, NTH - NWY", "A LON - NTH, NWG, NWY"):
        lines = read_mail(STANDARD, board, PhaseKind.MOVEMENT, "England", text)
        assert [line.order for line in lines] == ["A LON - NWY VIA"], text
    lines = read_mail(STANDARD, board, PhaseKind.MOVEMENT, "England", "A LON - NWY, F NTH C A LON - NWY")
    assert [line.order for line in lines] == ["A LON - NWY", "F NTH C A LON - NWY"]
    lines = read_mail(STANDARD, board, PhaseKind.MOVEMENT, "England", "A LON - YOR, NTH - NWY")
    assert [line.order for line in lines] == ["A LON - YOR", "F NTH - NWY"]  # Yorkshire is land

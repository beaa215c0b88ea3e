"""The shared reader of order lines (pbem.rulesets.lines): wordings as rows, slots as written,
refusals that teach the right form."""

from __future__ import annotations

import time

import pytest

from pbem.rulesets.lines import LONGEST, Grammar, Refusal, match, number

GRAMMAR = Grammar(
    rows=[
        ("(gift|give) {gold:word} gold to {power}", "gift"),
        ("give {power} {gold:number} gold", "gift"),
        ("[propose] [a] {kind:formal|secret} alliance with {powers}", "alliance"),
        ("(r (and|&) r|rest) [[,] learn {skill}]", "rest"),
        ("attack {target} with {troops} [by {order}]", "attack"),
    ],
    forms={
        "gift": "gift <n> gold to <power>",
        "alliance": "propose formal alliance with <power>",
        "rest": "R and R",
        "attack": "attack <region> with <troops>",
    },
)


@pytest.mark.parametrize(
    ("text", "kind", "slots"),
    [
        ("gift 50 gold to Brenn", "gift", {"gold": "50", "power": "Brenn"}),
        ("GIVE  Brenn 50 GOLD", "gift", {"power": "Brenn", "gold": "50"}),
        (
            "Propose a Secret alliance with Brenn and Corvath",
            "alliance",
            {"kind": "Secret", "powers": "Brenn and Corvath"},
        ),
        ("R&R, learn Healer", "rest", {"skill": "Healer"}),
        ("rest", "rest", {"skill": None}),
        (
            "attack Ashwood with all troops",
            "attack",
            {"target": "Ashwood", "troops": "all troops", "order": None},
        ),
    ],
)
def test_a_line_reads_as_its_first_fitting_row_with_its_slots_as_written(text, kind, slots):
    assert GRAMMAR.read(text) == (kind, slots)


def test_slots_side_by_side_never_split_a_word_and_a_line_must_fit_whole():
    assert GRAMMAR.read("give me gold") is None  # not "m" and "e"
    assert GRAMMAR.read("gift 50 gold to") is None
    assert GRAMMAR.read("rest and more") is None
    assert GRAMMAR.read("propose friendly alliance with Brenn") is None


def test_a_refusal_gives_the_form_of_the_kinds_its_first_word_starts():
    refusal = GRAMMAR.refusal("give me gold", "a diplomatic order")
    assert refusal.hint == "write 'gift <n> gold to <power>'"
    near = GRAMMAR.refusal("atack Ashwood", "an order")
    assert near.error == "'atack Ashwood' is not an order" and near.hint.startswith("did you mean 'attack'?")
    assert GRAMMAR.starts("Propose x") and not GRAMMAR.starts("hello")


def test_a_line_too_long_is_refused_quickly():
    started = time.monotonic()
    with pytest.raises(Refusal, match=f"at most {LONGEST}"):
        GRAMMAR.read("attack " + "x with " * 2000)
    worst = "attack " + "x with " * ((LONGEST - 7) // 7)
    assert GRAMMAR.read(worst) is not None
    assert time.monotonic() - started < 2


def test_a_broken_table_is_refused_when_the_game_loads():
    with pytest.raises(ValueError, match="without"):
        Grammar(rows=[("rest [learn {skill}", "rest")], forms={"rest": "R and R"})
    with pytest.raises(ValueError, match="kinds without a form: travel"):
        Grammar(rows=[("travel to {to}", "travel")], forms={})


def test_names_and_numbers_are_matched_with_did_you_mean():
    assert match("field  BATTLE", ["Field Battle", "Fortify"], "order") == "Field Battle"
    assert match("pikemen", ["Spearmen"], "troop", {"pikemen": "Spearmen"}) == "Spearmen"
    with pytest.raises(Refusal) as refused:
        match("Fortfy", ["Field Battle", "Fortify"], "order")
    assert refused.value.hint == "did you mean Fortify?"
    assert number(" 12 ", "men") == 12
    with pytest.raises(Refusal, match="not a number of men"):
        number("0", "men")


def test_a_near_miss_row_reads_a_likely_mistake_only_when_no_row_fits():
    grammar = Grammar(
        rows=[("assign {amount:number} {source} to {target}", "assign")],
        forms={"assign": "assign <n> <mode> to <mode>"},
        near_misses=[("assign {amount:word} [{rest}]", "assign")],
    )
    assert grammar.read("assign lots of leader") is None
    assert grammar.near_miss("assign lots of leader") == ("assign", {"amount": "lots", "rest": "of leader"})
    assert grammar.read("assign 2 leader to accuser") == (
        "assign",
        {"amount": "2", "source": "leader", "target": "accuser"},
    )
    assert grammar.verbs() == {"assign": ["assign"]}


def test_leftover_is_the_longest_start_a_row_reads_and_the_words_after_it():
    assert GRAMMAR.leftover("rest now please") == ("rest", {"skill": None}, "now please")
    assert GRAMMAR.leftover("propose a secret alliance") is None  # no start of it is a row
    assert GRAMMAR.leftover("hello there") is None


def test_the_one_word_that_mends_a_line_is_found_among_its_verbs_rows():
    slip = GRAMMAR.misspelt("gift 50 gols to Brenn")
    assert (slip.kind, slip.at, slip.word, slip.wrong) == ("gift", 2, "gold", "gols")
    assert GRAMMAR.misspelt("gift 50 gold to Brenn") is None  # it reads: nothing to mend
    assert GRAMMAR.misspelt("rest zzz") is None  # no word of the rows is close
    gap = GRAMMAR.missing("gift 50 to Brenn")
    assert (gap.kind, gap.at, gap.word, gap.wrong) == ("gift", 2, "gold", "")


def test_a_word_too_many_is_found_too():
    slip = GRAMMAR.extra("give Brenn 50 big gold")
    assert (slip.kind, slip.at, slip.word, slip.wrong) == ("gift", 3, "", "big")
    assert GRAMMAR.extra("gift 50 gold to Brenn") is None

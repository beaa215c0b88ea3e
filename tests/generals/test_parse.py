"""Reading mails: every line gives a canonical order or an error that says how to fix it. The
wordings and the wrong lines are rows of tests/data/wordings/generals.yaml (tests/test_wordings.py)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.state import Alliance

from .helpers import arrange, general, men_of, new_game, play, read
from .randomplay import random_game, random_lines

START = new_game()


def test_a_two_step_move_with_one_route_gets_its_route_filled_in():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 10})})
    line = read("Edric: move army 100 Spearmen to Greyfen", state=state)
    assert line.order == "Edric: move army 100 Spearmen to Greyfen via Thornfield"
    assert "via Thornfield" in line.note


def test_a_move_via_the_region_the_general_stands_in_is_the_same_march():
    """Naming the start as the first step adds nothing: it is dropped from the route."""
    line = read("Edric: move army all troops to Thornfield via Aldwick")
    assert line.order == "Edric: move army all troops to Thornfield", line
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 10})})
    line = read("Edric: move army 100 Spearmen to Greyfen via Aldwick", state=state)
    assert line.order == "Edric: move army 100 Spearmen to Greyfen via Thornfield", line
    moved = play(START, {"Aldmark": "Edric: move army all troops to Thornfield via Aldwick"}).state
    assert men_of(moved, "Aldwick") == 0 and men_of(moved, "Thornfield", "Knights") == 20


def test_a_move_via_a_region_not_next_to_the_start_is_refused_saying_so():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 10})})
    line = read("Edric: move army 100 Spearmen to Thornfield via Greyfen", state=state)
    assert line.order is None and "Greyfen is not next to Aldwick" in line.error


def test_a_two_step_move_with_no_region_of_ones_own_between_is_refused():
    state = arrange(
        START, {"Greyfen": ("Aldmark", {"Militia": 10}), "Thornfield": ("Brenn", {"Militia": 10})}
    )
    line = read("Edric: move army 100 Spearmen to Greyfen", state=state)
    assert "no region of yours lies between" in line.error


def test_a_two_step_move_through_a_region_not_ones_own_is_refused():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 10})})
    line = read("Edric: move army 100 Spearmen to Greyfen via Ashwood", state=state)
    assert "Ashwood is not one of your regions" in line.error


def test_a_move_of_more_than_two_regions_is_refused():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 1}), "Harrowby": ("Aldmark", {"Militia": 1})})
    line = read("Edric: move army 1 Spearmen to Harrowby via Thornfield", state=state)
    assert "Harrowby is not next to Thornfield" in line.error
    assert read("Edric: travel to Harrowby", state=state).order == "Edric: travel to Harrowby"


def test_asking_for_more_troops_than_there_are_is_read_with_a_note():
    line = read("Edric: attack Ashwood with 500 Spearmen")
    assert line.order == "Edric: attack Ashwood with 500 Spearmen by Field Battle"
    assert "500 Spearmen asked, 200 there" in line.note and "Field Battle" in line.note


def test_recruiting_beyond_the_hire_limit_or_the_treasury_is_read_with_a_note():
    line = read("Edric: recruit 100 Knights")
    assert "hire limit is 120" in line.note and "only 7 will be hired" in line.note
    assert "you have 300 gold" in line.note


def test_attacking_a_neutral_or_an_allied_power_is_read_with_a_warning():
    state = ruleset.adjudicate(
        arrange(START, {"Ashwood": ("Corvath", {"Militia": 10})}), {}, 1
    ).state  # so that the scouts have seen Ashwood
    assert "puts you at war with Corvath" in read("Edric: attack Ashwood with all troops", state=state).note
    allied = replace(state, alliances=(Alliance("secret", ("Aldmark", "Corvath")),))
    assert "breaks your alliance" in read("Edric: attack Ashwood with all troops", state=allied).note


def test_a_general_trained_last_turn_may_only_move():
    fresh = general("Wren", "Aldmark", "Aldwick", "Sneaky", "Healer", trained_on=1)
    state = replace(arrange(START, generals=[*START.generals, fresh]), turn=2)
    assert "may only move" in read("Wren: recruit 10 Spearmen", state=state).error
    assert "may only move" in read("Wren: prepare battlefield", state=state).error
    assert read("Wren: travel to Thornfield", state=state).order == "Wren: travel to Thornfield"
    assert read("Wren: R and R", state=state).order == "Wren: R and R"
    later = replace(state, turn=3)
    assert read("Wren: recruit 10 Spearmen", state=later).order == "Wren: recruit 10 Spearmen"


def test_orders_share_a_key_when_a_later_one_should_replace_an_earlier_one():
    def key(text):
        return read(text).key

    assert key("Edric: R and R") == key("Edric: recruit 10 Spearmen") == key("Edric: travel to Thornfield")
    assert key("Aldwick: Fortify") == key("Aldwick: Ambush")
    assert (
        len(
            {
                key("Edric: R and R"),
                key("Aldwick: Fortify"),
                key("Thornfield: Fortify"),
                key("Aldwick: convert 1 income to hire limit"),
                key("Edric: fight alongside Knights"),
                key("gift 5 gold to Brenn"),
                key("gift 5 gold to Corvath"),
                key("declare war on Brenn"),
            }
        )
        == 8
    )
    assert key("gift 5 gold to Brenn") == key("gift 50 gold to Brenn")


def test_a_second_action_for_a_general_in_one_mail_is_noted_as_replacing_the_first():
    lines = ruleset.parse_orders(START, "Aldmark", "Edric: R and R\n\nEdric: recruit 5 Spearmen")
    assert [line.line for line in lines] == [1, 3]
    assert lines[0].key == lines[1].key and "replaces line 1" in lines[1].note


def test_a_power_out_of_the_game_gets_an_error_for_every_line():
    out = replace(START, realms=tuple(replace(r, out=r.power == "Brenn") for r in START.realms))
    lines = ruleset.parse_orders(out, "Brenn", "Hilde: R and R\nBrennhold: Fortify")
    assert all("out of the game" in line.error for line in lines) and len(lines) == 2


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_text_gives_one_order_or_error_per_non_blank_line_and_never_raises(text):
    lines = ruleset.parse_orders(START, "Brenn", text)
    assert len(lines) == sum(1 for raw in text.splitlines() if raw.strip())
    for line in lines:
        assert (line.order is None) != (line.error is None)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_canonical_orders_read_back_to_themselves(seed):
    rng = random.Random(seed)
    for state, _, _ in random_game(new_game(seed=seed), seed, turns=rng.randint(1, 5)):
        for power in state.alive():
            text = "\n".join(random_lines(state, power, rng))
            for line in ruleset.parse_orders(state, power, text):
                if line.order:
                    again = read(line.order, power, state)
                    assert (again.order, again.key) == (line.order, line.key)


def test_a_two_step_move_with_two_routes_asks_which():
    state = arrange(START, {"Ashwood": ("Aldmark", {"Militia": 1}), "Millbrook": ("Aldmark", {"Militia": 1})})
    line = read("Edric: move army 10 Spearmen to Millbrook", state=state)
    assert "several routes" in line.error and "via Ashwood" in line.hint
    assert "Thornfield" in line.hint


def test_an_attack_note_tells_only_what_the_scouts_saw():
    unseen = replace(
        arrange(START, {"Ashwood": ("Corvath", {"Militia": 10})}),
        realms=tuple(replace(r, intel=()) for r in START.realms),
    )
    line = read("Edric: attack Ashwood with all troops", state=unseen)
    assert "Corvath" not in line.note and "no report of Ashwood" in line.note


def test_learning_a_skill_is_read_as_r_and_r():
    state = replace(START, generals=(replace(START.generals[0], renown=5), *START.generals[1:]))
    line = read("Edric: learn Healer", state=state)
    assert line.order == "Edric: R and R, learn Healer" and "R and R" in line.note

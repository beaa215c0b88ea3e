"""How card sequences are read: the rulebook's "Sequence: IT MATTERS" and its rules."""

from __future__ import annotations

import pytest

from pbem.rulesets.invoke.invocation import (
    Attack,
    BuildWall,
    Destroy,
    HandDiscard,
    Invocation,
    Place,
    Relocate,
    power,
)
from pbem.rulesets.invoke.notation import read_sequence
from pbem.rulesets.invoke.reading import Unreadable, read
from pbem.rulesets.invoke.state import AETHER

from .tables import CARDS

SEATS = ["Alice", "Bob", "Carol", "Dave", "Erin"]  # clockwise: Bob is Alice's left


def reading(text: str, caster: str = "Alice", seats: list[str] = SEATS, **flags: bool) -> Invocation:
    return read(read_sequence(text, CARDS, seats), caster, CARDS, seats, **flags)


def strikes(text: str, seats: list[str] = SEATS) -> list[tuple[str, list[tuple[str, int]]]]:
    """Each stop of an attack: the mage there and the elements with their power."""
    invocation = reading(text, seats=seats)
    assert isinstance(invocation.shape, Attack)
    return [
        (
            place.seat(seats) or "",
            [(invocation.played[i].card, power(invocation.played[i], CARDS)) for i in elements],
        )
        for place, elements in invocation.shape.stops
    ]


def refused(text: str, **flags: bool) -> str:
    with pytest.raises(Unreadable) as caught:
        reading(text, **flags)
    return caught.value.message


# -- rulebook, "Sequence: IT MATTERS" ----------------------------------------------------


def test_leading_plus_one_before_move_left_is_a_sweep_with_one_element_per_stop() -> None:
    # "+1 & Move Left & Air & Fire = ... moves left once, attacks with Air, moves left again
    # and attacks with Fire"
    assert strikes("+1 & Move Left & Air & Fire") == [("Bob", [("Air", 1)]), ("Carol", [("Fire", 1)])]


def test_plus_two_after_move_left_moves_three_seats_and_strikes_with_both() -> None:
    # "Move Left & +2 & Air & Fire = ... Moves three space ... attacks that single Mage
    # with both Air and Fire"
    assert strikes("Move Left & +2 & Air & Fire") == [("Dave", [("Air", 1), ("Fire", 1)])]


def test_plus_two_at_the_end_modifies_the_fire_before_it() -> None:
    # "Move Left & Air & Fire & +2 = ... 1 Air element and a Fire Element with a power of 3"
    assert strikes("Move Left & Air & Fire & +2") == [("Bob", [("Air", 1), ("Fire", 3)])]


def test_a_sweep_stop_without_an_element_attacks_nobody() -> None:
    # "If you did not have the second element ... nothing to attack the second Mage"
    assert strikes("+1 & Move Left & Air") == [("Bob", [("Air", 1)]), ("Carol", [])]


def test_plus_two_sweep_can_carry_two_fire_elements() -> None:
    # Elements: "The +2 & Move Left Invocation ... can have 2 Fire Elements on it"
    assert strikes("+2 & Move Left & Fire & Fire") == [
        ("Bob", [("Fire", 1)]),
        ("Carol", [("Fire", 1)]),
        ("Dave", []),
    ]


def test_a_sweep_refuses_more_elements_than_stops() -> None:
    assert "more elements than stops" in refused("+1 & Move Left & Air & Fire & Fire")


def test_opposite_elements_may_not_be_combined() -> None:
    # "a Fire Element and either an Earth or Air element, but NOT a Fire and Water"
    assert "opposites" in refused("+2 & Move Left & Fire & Water")
    assert "opposites" in refused("Move Left & Air & Earth")
    assert strikes("+1 & Move Left & Fire & Earth")[1] == ("Carol", [("Earth", 1)])


def test_move_left_with_minus_two_moves_one_seat_right() -> None:
    # Modifiers: "a Move Left with a (-2) modifier would actually move the Invocation 1
    # space to the right"
    assert strikes("Move Left & -2 & Earth") == [("Erin", [("Earth", 1)])]


def test_element_before_the_move_rides_along_with_it() -> None:
    # Example 2: "Air & Move Left - essentially sending a tornado at you"
    assert strikes("Air & Move Left") == [("Bob", [("Air", 1)])]


@pytest.mark.parametrize(
    "text",
    [
        "Move Left & +1 & Earth",
        "Move Right & +2 & Earth",
        "Move Left & +2 & -1 & Earth",
        "Move Right & +2 & +1 & -1 & Earth",
        "Invoke Carol & Earth",
    ],
)
def test_example_3_every_way_to_strike_the_mage_across_the_table(text: str) -> None:
    # Five mages; the target has one mage between to the left and two to the right.
    assert strikes(text) == [("Carol", [("Earth", 1)])]


def test_an_element_by_itself_is_harmless_and_refused() -> None:
    # "just throwing down a fire card does not make a fireball"
    assert "goes nowhere" in refused("Fire")
    assert "nothing to carry" in refused("Move Left")


def test_an_attack_that_comes_back_to_its_caster_is_refused() -> None:
    assert "comes back to you" in refused("Move Left & -1 & Fire")
    with pytest.raises(Unreadable):
        reading("Move Left & +1 & Fire", seats=["Alice", "Bob"])


def test_invoke_needs_a_mage_and_cannot_attack_the_aether() -> None:
    assert "Invoke needs" in refused("Invoke & Fire")
    assert "Aether is no mage" in refused("Invoke Aether & Fire")


def test_the_books_lines_with_a_bare_invoke_are_answered_with_the_same_line_naming_whom() -> None:
    """Examples 4 and 5 write "Invoke & Fire & Haste" and "Target Power Gem & Invoke & Fire"
    (the Aether) where a finger points; by mail the answer gives the player's own line back
    with a name after Invoke: the Aether for Target Power Gem, as in example 5."""
    hints = {}
    for text in ("Invoke & Fire & Haste", "Target Power Gem & Invoke & Fire"):
        with pytest.raises(Unreadable) as caught:
            reading(text)
        hints[text] = caught.value.hint
    assert hints["Invoke & Fire & Haste"] == "name whom, e.g. Invoke Bob & Fire & Haste"
    assert hints["Target Power Gem & Invoke & Fire"] == (
        "name whom, e.g. Target Power Gem & Invoke Aether & Fire (or Invoke Bob)"
    )
    assert reading("Target Power Gem & Invoke Aether & Fire").played[1].who == AETHER


# -- targets -----------------------------------------------------------------------------


def test_target_power_gem_with_a_move_steals_from_the_mage_it_brings_the_gem_from() -> None:
    # Example 2: "Target Power Gem & Move Left you stole a power gem from the Mage to your right"
    shape = reading("Target Power Gem & Move Left").shape
    assert isinstance(shape, Relocate)
    assert (shape.source.seat(SEATS), shape.dest.seat(SEATS), shape.count) == ("Erin", "Alice", 1)


def test_target_hand_plus_two_then_move_left_moves_three_cards_one_seat() -> None:
    # "Target Hand & +2 & Move Left = THREE Cards ... moving to the Mage to their immediate
    # Left"; named: Carol passes to Dave.
    shape = reading("Target Hand of Carol & +2 & Move Left").shape
    assert isinstance(shape, Relocate)
    assert (shape.source.seat(SEATS), shape.dest.seat(SEATS), shape.count) == ("Carol", "Dave", 3)


def test_target_hand_move_left_plus_one_moves_one_card_two_seats() -> None:
    # "Target Hand & Move Left & +1 = One card moving left 2"
    shape = reading("Target Hand of Carol & Move Left & +1").shape
    assert isinstance(shape, Relocate)
    assert (shape.dest.seat(SEATS), shape.count) == ("Erin", 1)


def test_target_hand_discard_plus_two_discards_three() -> None:
    # Example 1: "Target Hand & Discard & +2 = targeted Mage must discard 3 cards"
    shape = reading("Target Hand of Bob & Discard & +2").shape
    assert shape == HandDiscard(Place("Bob"), 3)


def test_discard_works_only_with_target_hand() -> None:
    # "Discard ... May not be used to target Power Gems"
    assert "only with Target Hand" in refused("Target Power Gem of Bob & Discard")
    assert "only with Target Hand" in refused("Move Left & Discard")


def test_target_hand_needs_another_mage() -> None:
    assert "whose" in refused("Target Hand & Discard")
    assert "not at your own" in refused("Target Hand of Alice & Move Left")


def test_the_aethers_gems_can_be_destroyed_but_not_relocated() -> None:
    # Example 5: "Target Power Gem & Invoke & Fire - you can destroy the Aether"
    shape = reading("Target Power Gem & Invoke Aether & Fire").shape
    assert isinstance(shape, Destroy) and shape.place == Place(AETHER)
    assert isinstance(reading("Target Power Gem of Aether & Fire").shape, Destroy)
    assert "cannot be relocated" in refused("Target Power Gem of Aether & Move Left")


def test_a_destroying_invocation_takes_its_power_from_its_elements() -> None:
    assert "its elements" in refused("Target Power Gem of Bob & +1 & Fire")


def test_target_cards_come_first() -> None:
    assert "comes first" in refused("Move Left & Target Hand & Discard")


# -- walls, timing, manifest --------------------------------------------------------------


def test_shield_wall_example_of_four_points_is_not_legitimate() -> None:
    # "Build Wall Card, 2 Water Elements, +2 Modifier. This is not a legitimate wall"
    assert "at most 3 points" in refused("Build Wall & Water & Water & +2")
    shape = reading("Build Wall & Water & Water & +1").shape
    assert isinstance(shape, BuildWall) and len(shape.elements) == 2


def test_a_wall_holds_one_element() -> None:
    assert "one element" in refused("Build Wall & Water & Air")


def test_haste_delay_and_sustain_time_the_whole_invocation_with_their_modifiers() -> None:
    # Example 4: "Invoke & Fire & Haste & +1 (... the 1 adding to the Haste, not the Fire)"
    hasted = reading("Invoke Carol & Fire & Haste & +1")
    assert hasted.haste == 2 and strikes("Invoke Carol & Fire")[0][1] == [("Fire", 1)]
    assert reading("Delay & +1 & Move Right & Earth").delay == 2
    assert reading("Sustain & Move Right & Earth").sustain == 1


def test_walls_do_not_take_delay_or_sustain() -> None:
    assert "built-in Sustain" in refused("Delay & Build Wall & Water")


def test_target_current_invocation_is_only_for_counters_and_has_built_in_haste() -> None:
    assert "answers another mage" in refused("Target Current Invocation & -1")
    counter = reading("Target Current Invocation & -1", counter=True)
    assert counter.speed == 1
    assert reading("Target Current Invocation & Haste & Invoke & Water", counter=True).speed == 2


def test_a_tome_banks_one_to_three_cards_of_one_deck() -> None:
    assert reading("Tome & Fire & Air & Tome").played[0].card == "Tome"
    assert "one deck" in refused("Tome & Fire & Move Left")
    assert "1 to 3" in refused("Tome & Fire & Fire & Air & Earth")


def test_face_down_cards_belong_on_a_wand_only() -> None:
    assert reading("Wand & Build Wall & Fire & face down Haste").played[3].down
    assert "face down" in refused("Move Left & face down Fire")
    assert "face down" in refused("Tome & face down Fire")


def test_a_thing_is_manifested_by_a_sequence_that_starts_with_it() -> None:
    assert "starts with it" in refused("Move Left & Tome")


def test_movement_cards_in_a_row_make_one_stop() -> None:
    assert strikes("Move Left & Move Left & Fire") == [("Carol", [("Fire", 1)])]
    assert strikes("Invoke Dave & Move Left & Fire") == [("Erin", [("Fire", 1)])]
    assert strikes("Move Left & Fire & Move Left & Air") == [("Bob", [("Fire", 1)]), ("Carol", [("Air", 1)])]


def test_a_target_is_named_with_of_or_reached_by_a_move_not_both() -> None:
    assert "already says whose" in refused("Target Power Gem of Bob & Move Left & Fire")
    shape = reading("Target Power Gem & Move Left & +1 & Fire").shape
    assert isinstance(shape, Destroy) and shape.place.seat(SEATS) == "Carol"


def test_movement_counts_only_the_mages_still_in_the_game() -> None:
    seats = ["Alice", "Carol", "Dave"]  # Bob has left
    assert strikes("Move Left & Fire", seats) == [("Carol", [("Fire", 1)])]
    assert strikes("Move Right & Fire", seats) == [("Dave", [("Fire", 1)])]


def test_a_wall_built_by_target_current_invocation_goes_where_the_invocation_strikes() -> None:
    assert "drop the 'on" in (
        pytest.raises(
            Unreadable, reading, "Target Current Invocation & Build Wall on Aether & Fire", counter=True
        ).value.hint
        or ""
    )


def test_a_plus_one_after_invoke_is_refused_with_the_reason() -> None:
    # "Invoke & Fire & +1" strengthens the Fire; Invoke reaches the mage it names, so a +1
    # after Invoke would be spent silently: refused, saying where it belongs.
    assert "spent for nothing" in refused("Invoke Carol & +1 & Fire")
    assert "spent for nothing" in refused("Target Hand & Invoke Carol & +1 & Discard")
    assert strikes("Invoke Carol & Fire & +1") == [("Carol", [("Fire", 2)])]


def test_the_refusal_of_a_plus_one_on_invoke_reaches_the_player_with_a_hint() -> None:
    from pbem.rulesets.invoke import ruleset

    from .tables import table

    game = table(hands={"Alice": ["Invoke", "+1", "Fire"]})
    (line,) = ruleset.parse_orders(game, "Alice", "Invoke Carol & +1 & Fire")
    assert line.error
    assert line.hint == "put it after the card it should strengthen, e.g. Invoke Carol & Fire & +1"

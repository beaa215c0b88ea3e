"""Every Chaos card of the starter set, drawn at the start of a turn and played at once."""

from __future__ import annotations

from pbem.rulesets.invoke.state import Game

from .tables import CARDS, play, stack, table, texts, with_wall


def drawn_by_bob(chaos: str, game: Game | None = None, bob: list[str] | None = None):
    """Alice passes; Bob, next, draws ``chaos`` first (his REFILL puts Thaumaturgy first)."""
    game = game or table(
        hands={"Alice": ["Fire", "Fire", "Fire"], "Bob": bob or ["Water"] * 6, "Carol": ["Earth", "Earth"]}
    )
    game.mages["Bob"].draw = [("Thaumaturgy", 1)]
    stack(game, "Thaumaturgy", [chaos])
    result = play(game, {"Alice": "PASS"})
    assert f"Bob draws the Chaos card {chaos}: {CARDS.cards[chaos].text}" in texts(result.events)
    assert chaos in result.state.discards["Thaumaturgy"]
    return result


def test_the_starter_chaos_cards_are_three_harmful_three_helpful_six_for_the_table() -> None:
    chaos = [CARDS.cards[name] for name in CARDS.of_kind("chaos")]
    assert len(chaos) == 12
    assert sum(1 for c in chaos if c.who == "drawer") == 6
    assert sum(1 for c in chaos if c.who == "everyone") == 6


def test_backfire_destroys_one_of_the_drawers_gems() -> None:
    after = drawn_by_bob("Backfire").state
    assert after.mages["Bob"].gems == 6 and after.destroyed == 1 and after.aether == 4


def test_mind_leak_makes_the_drawer_discard_two_at_random_then_draw_on() -> None:
    after = drawn_by_bob("Mind Leak").state
    assert after.discards["Manifest"].count("Water") == 2
    assert len(after.mages["Bob"].hand) == 7


def test_aether_tithe_returns_a_gem_of_the_drawer_to_the_aether() -> None:
    after = drawn_by_bob("Aether Tithe").state
    assert (after.mages["Bob"].gems, after.aether) == (6, 5)


def test_aether_boon_gives_the_drawer_a_gem_from_the_aether() -> None:
    after = drawn_by_bob("Aether Boon").state
    assert (after.mages["Bob"].gems, after.aether) == (8, 3)


def test_inspiration_draws_two_more_even_beyond_seven() -> None:
    # "Draw two more cards, even beyond seven": two more than the draw back to seven.
    after = drawn_by_bob("Inspiration").state
    assert len(after.mages["Bob"].hand) == 9  # 6, back to 7, then 2 more


def test_inspiration_drawn_early_in_a_draw_still_leaves_two_beyond_seven() -> None:
    # the hand of 3 would reach 7 with the two extra cards alone; the book's two are more
    after = drawn_by_bob("Inspiration", bob=["Water"] * 3).state
    assert len(after.mages["Bob"].hand) == 9


def test_no_more_than_three_cards_from_any_one_pile_in_a_turn_even_with_inspiration() -> None:
    # "No more then 3 cards can be taken from any one pile on any one turn"
    game = table(hands={"Alice": ["Fire", "Fire", "Fire"], "Bob": [], "Carol": ["Earth", "Earth"]})
    game.mages["Bob"].draw = [("Thaumaturgy", 3)]
    stack(game, "Thaumaturgy", ["Inspiration"])
    before = {deck: len(game.stock[deck]) for deck in CARDS.decks}
    after = play(game, {"Alice": "PASS"}).state
    taken = {deck: before[deck] - len(after.stock[deck]) for deck in CARDS.decks}
    assert max(taken.values()) == 3 and sum(taken.values()) == 9
    assert len(after.mages["Bob"].hand) == 8  # the Inspiration was one of the nine


def test_borrowed_power_takes_a_gem_from_the_richest_other_mage() -> None:
    game = table(hands={"Alice": ["Fire"] * 3, "Bob": ["Water"] * 6}, gems={"Carol": 9})
    after = drawn_by_bob("Borrowed Power", game).state
    assert (after.mages["Bob"].gems, after.mages["Carol"].gems) == (8, 8)


def test_reversal_sends_play_the_other_way() -> None:
    result = drawn_by_bob("Reversal")
    assert result.state.direction == -1
    assert play(result.state, {"Bob": "PASS"}).state.current == "Alice"


def test_maelstrom_passes_one_card_from_every_hand_to_the_left() -> None:
    after = drawn_by_bob("Maelstrom").state
    # Alice kept one Fire of three after discarding two for casting nothing
    assert after.mages["Alice"].hand == ["Earth"]
    assert after.mages["Carol"].hand == ["Earth", "Water"]
    assert "Fire" in after.mages["Bob"].hand


def test_tremor_takes_a_point_from_every_wall() -> None:
    game = table(hands={"Alice": ["Fire"] * 3, "Bob": ["Water"] * 6})
    with_wall(game, "Carol", "Water", [["+1"]])
    with_wall(game, "Alice", "Air", [[]])
    after = drawn_by_bob("Tremor", game).state
    assert [(w.owner, w.charge[0].adjust) for w in after.walls] == [("Carol", -1)]


def test_amnesia_makes_every_mage_discard_one_at_random() -> None:
    after = drawn_by_bob("Amnesia").state
    assert after.mages["Alice"].hand == []
    assert after.mages["Carol"].hand == ["Earth"]


def test_aether_flood_gives_every_mage_a_gem_while_the_aether_lasts() -> None:
    game = table(hands={"Alice": ["Fire"] * 3, "Bob": ["Water"] * 6}, aether=2)
    result = drawn_by_bob("Aether Flood", game)
    after = result.state
    assert [after.mages[n].gems for n in ("Alice", "Bob", "Carol")] == [7, 8, 8]
    assert after.aether == 0
    assert after.over  # the Aether is empty: magic is depleted


def test_aether_rift_takes_a_gem_from_every_mage_with_more_than_one() -> None:
    game = table(hands={"Alice": ["Fire"] * 3, "Bob": ["Water"] * 6}, gems={"Alice": 1})
    after = drawn_by_bob("Aether Rift", game).state
    assert [after.mages[n].gems for n in ("Alice", "Bob", "Carol")] == [1, 6, 6]
    assert after.aether == 4 + 2

"""Starting a game: khans chosen or dealt, the first Genghis Khan rolled, options checked."""

from __future__ import annotations

import pytest

from pbem.ruleset import SetupError
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.data import VARIANTS
from pbem.rulesets.invincible.state import ACTIONS, DECLARATIONS
from pbem.rulesets.invincible.succession import roll_off

PLAYERS = ["Alice", "Bob", "Carol", "Dave"]


def test_khans_are_dealt_from_the_cards_with_their_card_values() -> None:
    game = ruleset.start("standard", PLAYERS, {}, seed=3)
    assert len({k.card for k in game.khans}) == 4
    for khan in game.khans:
        card = VARIANTS["standard"].card(khan.card)
        modes = (khan.modes.companion, khan.modes.accuser, khan.modes.informer, khan.modes.leader)
        assert modes == (card.companion, card.accuser, card.informer, card.leader)
        assert (khan.honor, khan.wine) == (card.honor, card.wine)
        assert khan.modes == khan.full
        assert khan.ruler is None and not khan.out


def test_the_deal_depends_on_the_seed_only() -> None:
    first = ruleset.start("standard", PLAYERS, {}, seed=11)
    again = ruleset.start("standard", PLAYERS, {}, seed=11)
    assert first == again
    deals = {tuple(k.card for k in ruleset.start("standard", PLAYERS, {}, s).khans) for s in range(20)}
    assert len(deals) > 1


def test_players_may_choose_their_khans() -> None:
    game = ruleset.start("standard", PLAYERS, {"khans": {"Alice": "ogađai", "Bob": "Kublai"}}, 5)
    assert game.khan("Alice").card == "Ogadai"
    assert game.khan("Bob").card == "Kublai"
    assert {game.khan("Carol").card, game.khan("Dave").card}.isdisjoint({"Ogadai", "Kublai"})


def test_powers_named_after_cards_play_those_khans() -> None:
    game = ruleset.start("standard", ["Temujin", "Jamukha", "Ong"], {}, 5)
    assert [k.card for k in game.khans] == ["Temujin", "Jamukha", "Ong"]


def test_the_first_genghis_khan_wins_the_roll_off() -> None:
    game = ruleset.start("standard", PLAYERS, {}, seed=0)
    last = game.rolloff[-1]
    best = max(r for _, r in last)
    assert [p for p, r in last if r == best] == [game.genghis]
    for earlier in game.rolloff[:-1]:
        top = max(r for _, r in earlier)
        assert len([p for p, r in earlier if r == top]) > 1


def test_a_roll_off_rerolls_only_those_tied_highest() -> None:
    rolls = iter([6, 3, 6, 2, 4, 5])
    rounds = roll_off(["A", "B", "C", "D"], lambda: next(rolls))
    assert rounds == [[("A", 6), ("B", 3), ("C", 6), ("D", 2)], [("A", 4), ("C", 5)]]


@pytest.mark.parametrize(
    ("powers", "options", "message"),
    [
        (["Alice"], {}, "for 2 to 8 players, not 1"),
        ([f"P{i}" for i in range(9)], {}, "for 2 to 8 players, not 9"),
        (["Alice", "alice"], {}, "power name of his own"),
        (PLAYERS, {"speed": 3}, "unknown option speed;"),
        (PLAYERS, {"speed": 3, "colour": 1}, "unknown options colour, speed;"),
        (PLAYERS, {"declarations": "yes"}, "declarations must be true or false"),
        (PLAYERS, {"turn_limit": 0}, "turn_limit must be a whole number"),
        (PLAYERS, {"khans": {"Alice": "Attila"}}, "Alice chose 'Attila'; the cards are"),
        (PLAYERS, {"khans": {"Zed": "Ong"}}, "'Zed', who is not a player"),
        (PLAYERS, {"khans": {"Alice": "Ong", "Bob": "ong"}}, "Ong is chosen twice"),
    ],
)
def test_bad_setups_say_what_to_change(powers: list[str], options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        ruleset.start("standard", powers, options, seed=1)


def test_an_unknown_variant_lists_the_known_ones() -> None:
    with pytest.raises(SetupError, match="unknown variant 'mini'; Invincible! has standard"):
        ruleset.start("mini", PLAYERS, {}, seed=1)
    assert ruleset.variants() == ["standard"]


def test_the_referee_can_switch_declarations_off() -> None:
    on = ruleset.start("standard", PLAYERS, {}, seed=1)
    off = ruleset.start("standard", PLAYERS, {"declarations": False}, seed=1)
    assert ruleset.phase(on).id == "T1-declarations" and on.step == DECLARATIONS
    assert ruleset.phase(off).id == "T1-actions" and off.step == ACTIONS

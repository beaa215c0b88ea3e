"""The Genghis Khan's privileges: restore Honor, buy submitted khans, the Horde Feast."""

from __future__ import annotations

from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.mail import parse_orders

from .helpers import events, new_game, play, play_stored, set_khan

QUIET = 1
GAME = new_game()  # Temujin is the Genghis Khan
VASSAL = set_khan(GAME, "Ogadai", ruler="Kublai")


def test_the_genghis_khan_restores_up_to_three_honor_a_turn() -> None:
    game = set_khan(set_khan(GAME, "Kublai", honor=2), "Jamukha", honor=2)
    mails = {"Temujin": "Restore 2 Honor to Kublai\nRestore 2 Honor to Jamukha"}
    result = play(game, mails, [QUIET])
    assert result.state.khan("Kublai").honor == 4
    assert result.state.khan("Jamukha").honor == 3  # only one of the three was left
    assert result.state.khan("Temujin").honor == 8  # at no cost to himself


def test_restored_honor_stops_at_ten() -> None:
    result = play(GAME, {"Temujin": "Restore 3 Honor to Jamukha"}, [QUIET])
    assert result.state.khan("Jamukha").honor == 10


def test_the_genghis_khan_buys_a_khan_his_ruler_sells() -> None:
    mails = {"Temujin": "Buy Ogadai", "Kublai": "Sell Ogadai"}
    result = play(VASSAL, mails, [QUIET])
    temujin, kublai = result.state.khan("Temujin"), result.state.khan("Kublai")
    assert result.state.khan("Ogadai").ruler == "Temujin"
    assert (temujin.wine, temujin.modes.leader) == (1, 8)
    assert kublai.wine == 8


def test_a_ruler_may_keep_his_khan() -> None:
    result = play(VASSAL, {"Temujin": "Buy Ogadai", "Kublai": "Keep Ogadai"}, [QUIET])
    assert result.state.khan("Ogadai").ruler == "Kublai"
    assert result.state.khan("Temujin").wine == 3


def test_a_ruler_cannot_keep_a_khan_who_requested_transfer() -> None:
    mails = {"Temujin": "Buy Ogadai", "Kublai": "Keep Ogadai", "Ogadai": "Request Transfer"}
    first = play(VASSAL, {"Ogadai": "Request Transfer"}, [QUIET])
    second = play(first.state, {k: v for k, v in mails.items() if k != "Ogadai"}, [QUIET])
    assert second.state.khan("Ogadai").ruler == "Temujin"
    assert second.state.offers == ()


def test_an_unanswered_purchase_waits_for_the_rulers_next_mail() -> None:
    first = play(VASSAL, {"Temujin": "Buy Ogadai"}, [QUIET])
    [offer] = first.state.offers
    assert (offer.kind, offer.to, offer.source) == ("sale", "Kublai", "Ogadai")
    second = play(first.state, {"Kublai": "Sell Ogadai"}, [QUIET])
    assert second.state.khan("Ogadai").ruler == "Temujin"


def test_a_purchase_from_a_named_ruler_is_void_when_he_no_longer_rules_the_khan() -> None:
    # "Buy Temujin from Ogadai for two Wine": the seller named is checked when the mail comes
    # and again in the Genghis Khan's place in the order of play (ruling 24).
    mails = {"Temujin": "Buy Ogadai from Kublai for two Wine", "Kublai": "Sell Ogadai"}
    bought = play(VASSAL, mails, [QUIET])
    assert bought.state.khan("Ogadai").ruler == "Temujin"
    moved = set_khan(VASSAL, "Ogadai", ruler="Jamukha")
    result = play_stored(moved, {"Temujin": ["BUY OGADAI FROM KUBLAI"]}, [QUIET])
    assert result.state.khan("Ogadai").ruler == "Jamukha" and result.state.offers == ()
    [void] = events(result, "void")
    assert void["order"] == "BUY OGADAI FROM KUBLAI" and "no longer serves Kublai" in void["text"]


def test_buying_needs_two_wine() -> None:
    game = set_khan(VASSAL, "Temujin", wine=1)
    result = play(game, {"Temujin": "Buy Ogadai", "Kublai": "Sell Ogadai"}, [QUIET])
    assert result.state.khan("Ogadai").ruler == "Kublai"


def _feast(game, answers: dict[str, str], rolls=(QUIET, QUIET)):
    called = play(game, {"Temujin": "Horde Feast", **answers}, [rolls[0]])
    return called, play(called.state, {}, [rolls[1]])


def test_a_horde_feast_is_held_at_the_start_of_next_turn() -> None:
    game = set_khan(GAME, "Kublai", companion=1)
    game = set_khan(game, "Temujin", informer=1, full=(6, 5, 4, 9))
    called, held = _feast(game, {})
    assert len(called.state.offers) == 3 and called.state.khan("Kublai").modes.companion == 1
    # Four present (unanswered guests attend, ruling 15): two Wine (ruling 1). The Genghis
    # Khan feasts too (Informer 1 -> 4, his full), then gains one per two present: 4 + 2.
    temujin = held.state.khan("Temujin")
    assert (temujin.wine, temujin.modes.informer) == (1, 6)
    assert held.state.khan("Kublai").modes.companion == 5
    assert held.state.offers == ()


def test_khans_who_decline_the_horde_feast_forfeit_one_honor_to_the_genghis_khan() -> None:
    game = set_khan(GAME, "Temujin", informer=5, full=(6, 5, 4, 9))
    _, held = _feast(game, {"Kublai": "Decline Horde Feast", "Jamukha": "decline"})
    assert held.state.khan("Kublai").honor == 6
    assert held.state.khan("Jamukha").honor == 8
    temujin = held.state.khan("Temujin")
    assert temujin.honor == 10
    # Informer 5 stays above his full 4; two present (one Informer), two declining
    # (one each): 5 + 3.
    assert temujin.modes.informer == 8


def test_a_horde_feast_answer_may_come_in_the_next_mail() -> None:
    called = play(GAME, {"Temujin": "Horde Feast", "Kublai": "Attend Horde Feast"}, [QUIET])
    held = play(called.state, {"Kublai": "Decline Horde Feast"}, [QUIET])
    assert held.state.khan("Kublai").honor == 6  # the later answer counts


def test_the_horde_feast_costs_two_wine_per_four_khans_present() -> None:
    five = new_game(["Temujin", "Kublai", "Ogadai", "Jamukha", "Ong"])
    _, held = _feast(set_khan(five, "Temujin", wine=6), {})
    assert held.state.khan("Temujin").wine == 2  # five present: two groups of four, 4 Wine


def test_a_horde_feast_the_genghis_khan_cannot_pay_is_not_held() -> None:
    game = set_khan(GAME, "Temujin", wine=1)
    _, held = _feast(game, {"Kublai": "Decline Horde Feast"})
    assert held.state.khan("Kublai").honor == 7
    assert len(events(held, "horde-feast-cancelled")) == 1


def test_horde_feasters_take_no_battle_action_that_turn() -> None:
    called = play(GAME, {"Temujin": "Horde Feast"}, [QUIET])
    held = play(called.state, {"Kublai": "Attack Khan Jamukha"}, [QUIET])
    assert events(held, "attack") == []
    assert held.state.feasted == ()  # the feast's hold ends with the turn


def test_with_declarations_the_horde_feast_is_held_in_the_declarations_phase() -> None:
    game = new_game(declarations=True)
    called_d = play(game, {}, [])
    called = play(called_d.state, {"Temujin": "Horde Feast"}, [QUIET])
    assert ruleset.phase(called.state).kind == "declarations"
    held = play(called.state, {"Jamukha": "Decline Horde Feast"}, [])
    assert len(events(held, "horde-feast")) == 1
    assert set(held.state.feasted) == {"Temujin", "Kublai", "Ogadai"}
    [attack] = parse_orders(held.state, "Kublai", "Attack Khan Jamukha")
    assert "feasted at the Horde Feast" in (attack.error or "")
    acted = play_stored(held.state, {"Kublai": ["ATTACK KHAN JAMUKHA"]}, [QUIET])
    assert events(acted, "attack") == []


def test_a_khan_who_attended_the_horde_feast_does_not_feast_again_that_turn() -> None:
    # Ruling 19: a khan feasts once a turn; the Horde Feast was his feast.
    called = play(GAME, {"Temujin": "Horde Feast"}, [QUIET])
    [noted] = parse_orders(called.state, "Kublai", "Feast")
    assert noted.error is None and "this feast is not held" in (noted.note or "")
    wine = called.state.khan("Kublai").wine
    held = play(called.state, {"Kublai": "Feast"}, [QUIET])
    assert len(events(held, "horde-feast")) == 1 and events(held, "feast") == []
    assert held.state.khan("Kublai").wine == wine
    game = new_game(declarations=True)
    called = play(play(game, {}, []).state, {"Temujin": "Horde Feast"}, [QUIET])
    held = play(called.state, {}, [])
    [refused] = parse_orders(held.state, "Kublai", "Feast")
    assert refused.error == "you feasted at the Horde Feast this turn: a khan feasts once a turn"


def test_the_genghis_khans_privileges_stand_in_the_turn_of_his_horde_feast() -> None:
    # His privileges are not among the rulebook's Actions that a feast forbids: the
    # Horde Feast held at the start of turn 2 does not void his RESTORE HONOR.
    called = play(GAME, {"Temujin": "Horde Feast"}, [QUIET])
    game = set_khan(called.state, "Kublai", honor=3)
    held = play(game, {"Temujin": "Restore 2 Honor to Kublai"}, [QUIET])
    assert len(events(held, "horde-feast")) == 1
    assert held.state.khan("Kublai").honor == 5


def test_wine_paid_beyond_ten_is_lost() -> None:
    # Ruling 21: Kublai holds 9; the price is paid in full, one Wine of it is lost.
    game = set_khan(VASSAL, "Kublai", wine=9)
    result = play(game, {"Temujin": "Buy Ogadai", "Kublai": "Sell Ogadai"}, [QUIET])
    assert (result.state.khan("Temujin").wine, result.state.khan("Kublai").wine) == (1, 10)

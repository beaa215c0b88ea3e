"""Assistance actions over a whole turn: Assign, Assist, Spend Honor, Feast, Submit, Transfer.

Temujin is the Genghis Khan; seats are Temujin, Kublai, Ogadai, Jamukha. The
last die of every turn is the Genghis Khan's roll for a Mongol Enemy (a 1:
all quiet).
"""

from __future__ import annotations

from pbem.rulesets.invincible.mail import parse_orders

from .helpers import events, new_game, play, play_stored, set_khan

QUIET = 1
GAME = new_game()


def test_assign_points_moves_them_one_for_one() -> None:
    result = play(GAME, {"Kublai": "Assign 3 Leader to Accuser"}, [QUIET])
    kublai = result.state.khan("Kublai")
    assert (kublai.modes.leader, kublai.modes.accuser) == (5, 9)
    assert kublai.full == GAME.khan("Kublai").full  # assigned points are not permanent


def test_assign_points_stops_at_ten() -> None:
    result = play(GAME, {"Kublai": "Assign 5 Leader to Accuser"}, [QUIET])
    kublai = result.state.khan("Kublai")
    assert (kublai.modes.leader, kublai.modes.accuser) == (4, 10)


def test_a_ruler_assigns_his_submitted_khans_points() -> None:
    game = set_khan(GAME, "Ogadai", ruler="Kublai")
    result = play(game, {"Kublai": "assign 2 leader to accuser for Ogadai"}, [QUIET])
    ogadai = result.state.khan("Ogadai")
    assert (ogadai.modes.leader, ogadai.modes.accuser) == (5, 6)


def test_assistance_accepted_by_a_standing_answer_moves_at_once() -> None:
    mails = {"Kublai": "Assist Jamukha 3 Accuser", "Jamukha": "Accept assistance from Kublai"}
    result = play(GAME, mails, [QUIET])
    assert result.state.khan("Kublai").modes.accuser == 3
    assert result.state.khan("Jamukha").modes.accuser == 6
    assert result.state.offers == ()


def test_assistance_refused_moves_nothing() -> None:
    mails = {"Kublai": "Assist Jamukha 3 Accuser", "Jamukha": "Refuse assistance"}
    result = play(GAME, mails, [QUIET])
    assert result.state.khan("Kublai").modes.accuser == 6
    assert result.state.khan("Jamukha").modes.accuser == 3
    assert [e["text"] for e in events(result, "refuse")] == [
        "Jamukha refuses the assistance (Refuse Assistance)."
    ]


def test_unanswered_assistance_waits_for_the_next_mail() -> None:
    first = play(GAME, {"Kublai": "Assist Jamukha 2 Wine"}, [QUIET])
    [offer] = first.state.offers
    assert (offer.kind, offer.amount, offer.what) == ("assistance", 2, "wine")
    assert first.state.khan("Kublai").wine == 6
    second = play(first.state, {"Jamukha": "Accept assistance from Kublai"}, [QUIET])
    assert second.state.khan("Kublai").wine == 4
    assert second.state.khan("Jamukha").wine == 4
    assert second.state.offers == ()


def test_unanswered_offers_are_refused_next_turn() -> None:
    first = play(GAME, {"Kublai": "Assist Jamukha 2 Wine"}, [QUIET])
    second = play(first.state, {}, [QUIET])
    assert second.state.khan("Jamukha").wine == 2
    assert second.state.offers == ()
    assert len(events(second, "lapse")) == 1


def test_a_gift_of_wine_earns_no_informer() -> None:
    # Ruling 17: only Wine shared at a feast earns the permanent Informer point.
    mails = {"Kublai": "Assist Jamukha 2 Wine", "Jamukha": "accept assistance"}
    result = play(GAME, mails, [QUIET])
    assert result.state.khan("Kublai").full.informer == 8


def test_assistance_gives_only_what_the_receiver_can_hold() -> None:
    game = set_khan(GAME, "Jamukha", accuser=9)
    mails = {"Kublai": "Assist Jamukha 3 Accuser", "Jamukha": "accept assistance"}
    result = play(game, mails, [QUIET])
    assert result.state.khan("Jamukha").modes.accuser == 10
    assert result.state.khan("Kublai").modes.accuser == 5


def test_a_ruler_takes_his_submitted_khans_points_without_asking() -> None:
    game = set_khan(GAME, "Ogadai", ruler="Kublai")
    result = play(game, {"Kublai": "Assist Kublai 3 Informer from Ogadai"}, [QUIET])
    # Kublai (Informer 8) can hold only two more; Ogadai keeps the third.
    assert result.state.khan("Kublai").modes.informer == 10
    assert result.state.khan("Ogadai").modes.informer == 4


def test_spend_honor_buys_a_d6_for_good() -> None:
    # Honor 7 -> 6; a 4 on the die: Accuser 6 -> 10, and its full value too.
    result = play(GAME, {"Kublai": "Spend Honor on Accuser"}, [4, QUIET])
    kublai = result.state.khan("Kublai")
    assert (kublai.honor, kublai.modes.accuser, kublai.full.accuser) == (6, 10, 10)


def test_spend_honor_needs_honor_left() -> None:
    game = set_khan(GAME, "Kublai", honor=0)
    result = play(game, {"Kublai": "Spend Honor on Accuser"}, [QUIET])
    assert result.state.khan("Kublai").modes.accuser == 6
    [void] = events(result, "void")
    assert void["seen_by"] == ["Kublai"]


def test_a_feast_restores_the_modes_to_full_for_one_wine() -> None:
    game = set_khan(GAME, "Kublai", companion=1, informer=2, accuser=9)
    result = play(game, {"Kublai": "Feast"}, [QUIET])
    kublai = result.state.khan("Kublai")
    assert (kublai.modes.companion, kublai.modes.informer) == (5, 8)
    assert kublai.modes.accuser == 9  # above full: a feast does not lower it (ruling 16)
    assert kublai.wine == 5


def test_sharing_wine_at_a_feast_earns_informer_for_good() -> None:
    game = set_khan(GAME, "Jamukha", companion=2)
    result = play(game, {"Kublai": "Feast with Jamukha, Ogadai"}, [QUIET])
    kublai, jamukha = result.state.khan("Kublai"), result.state.khan("Jamukha")
    assert kublai.wine == 3  # one Wine per khan fed
    assert (kublai.modes.informer, kublai.full.informer) == (10, 10)
    assert jamukha.modes.companion == 7


def test_a_host_feeds_guests_in_order_while_the_wine_lasts() -> None:
    game = set_khan(GAME, "Kublai", wine=2)
    result = play(game, {"Kublai": "Feast with Jamukha, Ogadai"}, [QUIET])
    [feast] = events(result, "feast")
    assert feast["guests"] == ["Jamukha"]
    assert result.state.khan("Kublai").wine == 0


def test_a_feasting_khan_takes_no_battle_action_that_turn() -> None:
    # Checked again at adjudication: the canonical orders straight to the adjudicator.
    orders = {"Kublai": ["ATTACK KHAN JAMUKHA", "ASSIGN 1 LEADER TO ACCUSER", "FEAST"]}
    result = play_stored(GAME, orders, [QUIET])
    assert events(result, "attack") == []
    assert len(events(result, "assign")) == 1  # Assign Points is allowed beside a feast
    assert len(events(result, "feast")) == 1


def test_a_feasting_mails_battle_actions_are_refused_when_it_comes() -> None:
    # "When feasting, Khans may not make any other action ... (aside from Assign Points ...)":
    # the answer never says ok to an attack that cannot happen.
    lines = parse_orders(GAME, "Kublai", "Attack Khan Jamukha\nAssign 1 Leader to Accuser\nFeast")
    assert "feasting khan takes no other action" in (lines[0].error or "")
    assert (lines[1].error, lines[2].error) == (None, None)


def test_a_khan_feasts_once_a_turn_and_a_second_feast_line_is_refused() -> None:
    # "When feasting, Khans may not make any other action": not a second Feast, which would
    # charge him again; two FEAST WITH lines cost more than one with both guests (ruling 19).
    lines = parse_orders(GAME, "Kublai", "Feast with Jamukha\nFeast with Ogadai")
    assert lines[0].error is None
    assert lines[1].error == "this mail feasts already (FEAST WITH JAMUKHA): a khan feasts once a turn"
    assert lines[1].hint == "feed every guest at one feast: FEAST WITH JAMUKHA, OGADAI"
    stored = play_stored(GAME, {"Kublai": ["FEAST WITH JAMUKHA", "FEAST WITH OGADAI"]}, [QUIET])
    assert len(events(stored, "feast")) == 1
    assert stored.state.khan("Kublai").wine == GAME.khan("Kublai").wine - 2
    assert [e["order"] for e in events(stored, "void")] == ["FEAST WITH OGADAI"]
    both = play(GAME, {"Kublai": "Feast with Jamukha, Ogadai"}, [QUIET])
    assert both.state.khan("Kublai").wine == GAME.khan("Kublai").wine - 3


def test_a_feast_without_wine_is_refused_and_voids_nothing() -> None:
    # A failed Feast is no feast: the khan's other actions happen (issue: "A failed Feast
    # (no Wine) still voids the khan's other actions").
    game = set_khan(GAME, "Kublai", wine=0)
    lines = parse_orders(game, "Kublai", "Feast\nAssign 1 Leader to Accuser")
    assert lines[0].error == "you have no Wine to feast with" and lines[1].error is None
    result = play_stored(game, {"Kublai": ["FEAST", "ASSIGN 1 LEADER TO ACCUSER"]}, [QUIET])
    assert events(result, "feast") == [] and len(events(result, "assign")) == 1
    assert [e["order"] for e in events(result, "void")] == ["FEAST"]


def test_a_khan_engaged_in_battle_cannot_feast() -> None:
    # Temujin plays first and attacks Kublai, who withdraws at once.
    mails = {"Temujin": "Attack Khan Kublai", "Kublai": "Withdraw\nFeast"}
    result = play(GAME, mails, [QUIET])
    assert events(result, "feast") == []
    assert result.state.khan("Kublai").wine == 6


def test_a_khan_submits_of_his_own_will_with_one_wine() -> None:
    result = play(GAME, {"Jamukha": "Submit to Kublai"}, [QUIET])
    assert result.state.khan("Jamukha").ruler == "Kublai"
    assert (result.state.khan("Jamukha").wine, result.state.khan("Kublai").wine) == (1, 7)


def test_the_genghis_khan_may_submit_and_his_title_passes_to_his_ruler() -> None:
    # "A Khan may choose to Submit himself to the authority of any other Khan at any time."
    result = play(GAME, {"Temujin": "Submit to Kublai"}, [QUIET])
    assert result.state.khan("Temujin").ruler == "Kublai"
    assert result.state.genghis == "Kublai"


def test_submitting_to_a_submitted_khan_is_submitting_to_his_ruler() -> None:
    game = set_khan(GAME, "Ogadai", ruler="Kublai")
    result = play(game, {"Jamukha": "Submit to Ogadai"}, [QUIET])
    assert result.state.khan("Jamukha").ruler == "Kublai"


def test_a_khan_without_companion_can_only_raise_it() -> None:
    game = set_khan(GAME, "Kublai", companion=0)
    orders = {"Kublai": ["ATTACK KHAN JAMUKHA", "ASSIGN 2 LEADER TO COMPANION", "ATTACK KHAN JAMUKHA"]}
    result = play_stored(game, orders, [6, 1, QUIET])
    # The first attack is void; once Companion is 2 again, the second is fought.
    assert len(events(result, "attack")) == 1
    assert len([e for e in events(result, "void") if "ATTACK" in e["order"]]) == 1


def test_a_khan_without_companion_is_told_on_arrival() -> None:
    # "If Companion points are equal to zero (or below) the Khan can take no further actions
    # until they are increased to at least one": refused when the mail comes, unless an
    # earlier line of the same mail raises it.
    game = set_khan(GAME, "Kublai", companion=0)
    text = "Attack Khan Jamukha\nAssign 2 Leader to Companion\nAttack Khan Jamukha"
    first, assign_line, second = parse_orders(game, "Kublai", text)
    assert "no Companion" in (first.error or "")
    assert assign_line.error is None and second.error is None


def test_a_khan_makes_one_attack_khan_a_turn() -> None:
    mails = {
        "Kublai": "Attack Khan Jamukha\nAttack Khan Ogadai",
        "Jamukha": "withdraw",
        "Ogadai": "withdraw",
    }
    result = play(GAME, mails, [QUIET])
    assert [e["defender"] for e in events(result, "attack")] == ["Jamukha"]


def test_request_transfer_is_public_and_lasts_into_the_next_turn() -> None:
    game = set_khan(GAME, "Ogadai", ruler="Kublai")
    first = play(game, {"Ogadai": "Request Transfer"}, [QUIET])
    [offer] = first.state.offers
    assert (offer.kind, offer.by, offer.to) == ("transfer", "Ogadai", "Temujin")
    assert "seen_by" not in events(first, "request-transfer")[0]
    second = play(first.state, {}, [QUIET])
    assert len(second.state.offers) == 1
    third = play(second.state, {}, [QUIET])
    assert third.state.offers == ()

"""Battles between khans, round by round, with the dice named.

Kublai attacks Jamukha in every test unless it says otherwise. From their
cards: Kublai Companion 5, Accuser 6, Informer 8, Leader 8, Honor 7, Wine 6;
Jamukha Companion 7, Accuser 3, Informer 6, Leader 5, Honor 9, Wine 2. Each
round rolls the attacker's die first, then the defender's.
"""

from __future__ import annotations

from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.battle import attack_khan
from pbem.rulesets.invincible.state import Debt

from .helpers import events, new_game, orders_of, set_khan, table

GAME = new_game()


def fight(rolls: list[int], game=GAME, attacker="Kublai", defender="Jamukha", **plans: str):
    board = table(game, rolls, plans)
    attack_khan(board, attacker, defender)
    assert not board.rng.rolls, f"dice left over: {board.rng.rolls}"  # type: ignore[attr-defined]
    return board


def test_a_defender_who_fails_loses_the_difference_in_companion() -> None:
    # 4 + 6 Accuser = 10 against 2 + 3 Informer = 5: Jamukha loses 5 Companion.
    board = fight([4, 2], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="DEFEND 3")
    jamukha = board.khans["Jamukha"]
    assert jamukha.modes.companion == 2
    assert jamukha.modes.informer == 3  # the three points defended with are spent (ruling 6)
    assert board.khans["Kublai"].modes.accuser == 6  # the attacker spends no Accuser


def test_a_defender_who_holds_costs_the_attacker_accuser() -> None:
    # 1 + 6 = 7 against 6 + 5 = 11: Kublai loses 4 Accuser, not Companion (ruling 4).
    board = fight([1, 6], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="DEFEND 5")
    assert board.khans["Kublai"].modes.accuser == 2
    assert board.khans["Kublai"].modes.companion == 5
    assert board.khans["Jamukha"].modes.companion == 7


def test_a_tied_defence_costs_nobody_anything() -> None:
    # 1 + 6 = 7 against 3 + 4 = 7 (ruling 5).
    board = fight([1, 3], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="DEFEND 4")
    assert board.khans["Kublai"].modes.accuser == 6
    assert board.khans["Jamukha"].modes.companion == 7
    assert board.khans["Jamukha"].modes.informer == 2


def test_a_successful_ambush_costs_the_attacker_companion() -> None:
    # 2 + 6 = 8 against 6 + 6 = 12: Kublai loses 4 Companion instead of Accuser.
    board = fight([2, 6], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="AMBUSH 6")
    assert board.khans["Kublai"].modes.companion == 1
    assert board.khans["Kublai"].modes.accuser == 6
    assert board.khans["Jamukha"].modes.informer == 0


def test_a_failed_ambush_costs_two_companion_more() -> None:
    # 2 + 6 = 8 against 1 + 1 = 2: Jamukha loses 6 + 2 = 8 Companion, down to 0.
    # He has lost the battle (Honor 9 - 1 = 8 > 0), so he submits to Kublai.
    board = fight([2, 1], Jamukha="AMBUSH 1")
    jamukha = board.khans["Jamukha"]
    assert jamukha.modes.companion == 0
    assert jamukha.ruler == "Kublai"


def test_a_tied_ambush_has_failed() -> None:
    # 1 + 6 = 7 against 3 + 4 = 7: no difference, but the two Companion are lost (ruling 5).
    board = fight([1, 3], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="AMBUSH 4")
    assert board.khans["Jamukha"].modes.companion == 5


def test_the_default_defence_is_two_informer_points() -> None:
    # No plan: Jamukha defends with 2 (ruling 7). 1 + 6 = 7 against 5 + 2 = 7.
    board = fight([1, 5], Kublai="WITHDRAW AFTER ROUND 1")
    assert board.khans["Jamukha"].modes.informer == 4
    [round_] = events(board, "round")
    assert (round_["spent"], round_["defence"]) == (2, 7)


def test_a_defence_cannot_spend_more_informer_than_the_khan_has() -> None:
    board = fight([1, 1], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="DEFEND 9")
    [round_] = events(board, "round")
    assert round_["spent"] == 6
    assert board.khans["Jamukha"].modes.informer == 0


def test_the_first_defence_line_that_holds_is_used() -> None:
    plan = "AMBUSH 5 IF OPPONENT ACCUSER BELOW 5\nDEFEND 1"
    # Round 1: Kublai's Accuser is 6, so Jamukha defends with 1: 3 + 6 = 9 against 6 + 1 = 7,
    # Jamukha loses 2 Companion (7 -> 5). Round 2 the same way: 1 + 6 = 7 against 6 + 1 = 7.
    board = fight([3, 6, 1, 6], Kublai="WITHDRAW AFTER ROUND 2", Jamukha=plan)
    assert [e["ambush"] for e in events(board, "round")] == [False, False]
    weak = set_khan(GAME, "Kublai", accuser=4)
    # With Accuser 4 he ambushes with 5: 3 + 4 = 7 against 6 + 5 = 11, Kublai loses 4 Companion.
    board = fight([3, 6], game=weak, Kublai="WITHDRAW AFTER ROUND 1", Jamukha=plan)
    assert [e["ambush"] for e in events(board, "round")] == [True]
    assert board.khans["Kublai"].modes.companion == 1


def test_a_whole_battle_to_submission() -> None:
    # Round 1: 4 + 6 = 10 against 2 + 3 = 5, Jamukha Companion 7 -> 2, Informer 6 -> 3.
    # Round 2: 3 + 6 = 9 against 1 + 3 = 4, Companion 2 -> 0: Kublai has won.
    # Kublai: Honor 7 + 1 = 8, Wine 6 + 1 (spoils) + 1 (submission) = 8.
    # Jamukha: Honor 9 - 1 = 8 (he keeps Honor, so submits), Wine 2 - 2 = 0.
    board = fight([4, 2, 3, 1], Jamukha="DEFEND 3")
    kublai, jamukha = board.khans["Kublai"], board.khans["Jamukha"]
    assert (kublai.honor, kublai.wine) == (8, 8)
    assert (jamukha.honor, jamukha.wine, jamukha.modes.companion) == (8, 0, 0)
    assert jamukha.ruler == "Kublai"
    assert [e["winner"] for e in events(board, "battle-won")] == ["Kublai"]


def test_a_khan_with_no_honor_left_is_defeated_not_submitted() -> None:
    # Jamukha has 1 Honor: losing the battle takes it to 0 with Companion 0 -> defeat.
    game = set_khan(set_khan(GAME, "Jamukha", honor=1), "Ogadai", ruler="Jamukha")
    board = fight([6, 1], game=game)
    assert board.khans["Jamukha"].out
    # "If the ruling Khan is defeated, then his submitted Khans must submit to the new Khan."
    assert board.khans["Ogadai"].ruler == "Kublai"


def test_an_attacker_ambushed_to_nothing_submits_to_the_defender() -> None:
    # 1 + 6 = 7 against 6 + 6 = 12: Kublai loses 5 Companion, down to 0.
    board = fight([1, 6], Jamukha="AMBUSH 6")
    assert board.khans["Kublai"].ruler == "Jamukha"
    assert board.khans["Jamukha"].honor == 10  # 9 + 1 for the win


def test_a_conquered_genghis_khan_hands_his_title_to_his_conqueror() -> None:
    # Kublai attacks Temujin (Companion 6): 6 + 6 = 12 against 1 + 2 = 3, Temujin loses 9.
    board = fight([6, 1], defender="Temujin")
    assert board.khans["Temujin"].ruler == "Kublai"
    assert board.genghis == "Kublai"


def test_a_khan_who_submits_brings_his_submitted_khans_along() -> None:
    # A Horde is one level deep (ruling 23): Ogadai, Jamukha's, now serves Kublai.
    game = set_khan(GAME, "Ogadai", ruler="Jamukha")
    board = fight([6, 1], game=game)
    assert board.khans["Jamukha"].ruler == "Kublai"
    assert board.khans["Ogadai"].ruler == "Kublai"


def test_retreat_loses_the_battle_but_no_more_points() -> None:
    # 3 + 6 = 9 against 2 + 2 = 4: Jamukha 7 -> 2 Companion, then retreats.
    # Retreat: Jamukha loses one Honor (9 -> 8) and the battle; Kublai gains one Honor
    # and one Wine. The Honor retreat costs is the loser's Honor, not a second one (ruling 3).
    board = fight([3, 2], Jamukha="RETREAT IF COMPANION BELOW 5")
    kublai, jamukha = board.khans["Kublai"], board.khans["Jamukha"]
    assert (jamukha.honor, jamukha.wine, jamukha.modes.companion) == (8, 1, 2)
    assert (kublai.honor, kublai.wine) == (8, 7)
    assert jamukha.ruler is None


def test_retreat_cannot_be_pursued() -> None:
    board = fight([3, 2], Kublai="PURSUE", Jamukha="RETREAT IF COMPANION BELOW 5")
    assert events(board, "pursue") == []
    assert board.khans["Kublai"].honor == 8  # no Honor spent on a pursuit


def test_retreat_needs_a_round_first() -> None:
    # An unconditional RETREAT waits until an attack and defence have been made.
    board = fight([1, 1], Jamukha="RETREAT")
    assert len(events(board, "round")) == 1
    assert [e["khan"] for e in events(board, "retreat")] == ["Jamukha"]


def test_withdrawing_before_the_first_round_leaves_no_battle() -> None:
    board = fight([], Jamukha="WITHDRAW")
    assert events(board, "round") == []
    assert board.khans["Jamukha"].honor == 9 and board.khans["Kublai"].honor == 7
    assert events(board, "battle-won") == []


def test_when_both_withdraw_no_honor_is_lost() -> None:
    board = fight([1, 1], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="WITHDRAW AFTER ROUND 1")
    assert len(events(board, "withdraw")) == 1
    assert (board.khans["Kublai"].honor, board.khans["Jamukha"].honor) == (7, 9)


def test_a_pursued_khan_loses_one_honor_and_the_battle_goes_on() -> None:
    # Kublai pays one Honor (7 -> 6) to pursue; Jamukha loses one (9 -> 8) and may not
    # withdraw again (ruling 8). Round 1: 6 + 6 = 12 against 1 + 2 = 3, Companion 7 -> 0.
    # Kublai wins (6 + 1 = 7 Honor); Jamukha 8 - 1 = 7 Honor, submits.
    board = fight([6, 1], Kublai="PURSUE", Jamukha="WITHDRAW")
    assert board.khans["Kublai"].honor == 7
    assert board.khans["Jamukha"].honor == 7
    assert board.khans["Jamukha"].ruler == "Kublai"


def test_the_pursuer_attacks_in_accuser_mode() -> None:
    # "If he pursues, he engages his rival Khan by attacking in Accuser mode": Kublai
    # attacks and withdraws after round 1 (4 + 6 = 10 against 2 + 2 = 4, Companion 7 -> 1);
    # Jamukha pursues and attacks with his Accuser: 5 + 3 = 8 against Kublai's 1 + 2 = 3
    # Informer, so Kublai loses 5 Companion (5 -> 0) and submits to Jamukha.
    board = fight(
        [4, 2, 5, 1],
        Kublai="WITHDRAW AFTER ROUND 1",
        Jamukha="PURSUE\nRETREAT IF HONOR BELOW 0",
    )
    rounds = events(board, "round")
    assert [(r["attacker"], r["defender"]) for r in rounds] == [
        ("Kublai", "Jamukha"),
        ("Jamukha", "Kublai"),
    ]
    assert rounds[1]["attack"] == 5 + 3 and rounds[1]["loser"] == "Kublai"
    assert board.khans["Kublai"].ruler == "Jamukha"


def test_a_khan_with_no_companion_still_rolls_and_may_hold() -> None:
    # "Both Khans then roll 1d6": Jamukha at 0 Companion is not taken without a roll. He
    # holds round 1 (1 + 6 = 7 against 6 + 2 = 8: Kublai loses 1 Accuser), then loses
    # round 2 (6 + 5 = 11 against 1 + 2 = 3) and is beaten.
    game = set_khan(GAME, "Jamukha", companion=0)
    board = fight([1, 6, 6, 1], game=game)
    rounds = events(board, "round")
    assert [r["loser"] for r in rounds] == ["Kublai", "Jamukha"]
    assert board.khans["Kublai"].modes.accuser == 5
    assert board.khans["Jamukha"].ruler == "Kublai"


def test_khans_help_a_khan_in_his_battle_between_rounds() -> None:
    # "Khans can assist one another by assigning Modal points to other Khans during
    # battle": Ogadai gives Jamukha 3 Companion after round 1 (4 + 6 = 10 against 2 + 2 = 4,
    # Companion 7 -> 1 -> 4); round 2 (6 + 6 = 12 against 1 + 2 = 3) costs him 9, and he
    # submits all the same.
    board = fight(
        [4, 2, 6, 1],
        Ogadai="ASSIST JAMUKHA 3 COMPANION IN BATTLE",
        Jamukha="WITHDRAW AFTER ROUND 2",
    )
    [help_event] = events(board, "battle-help")
    assert (help_event["by"], help_event["to"]) == ("Ogadai", "Jamukha")
    assert board.khans["Ogadai"].modes.companion == 8 - 3
    assert board.khans["Jamukha"].ruler == "Kublai"  # 4 - 9: help delays, it does not save


def test_help_in_battle_waits_for_its_condition_and_is_given_once() -> None:
    # The condition reads the helped khan's numbers: Companion below 3 after round 1
    # (7 -> 1), so Ogadai gives 2 (-> 3). Round 2: 1 + 6 = 7 against 6 + 2 = 8, Jamukha
    # holds; his Companion is still 3, yet the line is not given a second time.
    board = fight(
        [4, 2, 1, 6],
        Ogadai="ASSIST JAMUKHA 2 COMPANION IN BATTLE IF COMPANION BELOW 3",
        Jamukha="WITHDRAW AFTER ROUND 2",
        Kublai="WITHDRAW AFTER ROUND 2",
    )
    assert len(events(board, "battle-help")) == 1
    assert board.khans["Jamukha"].modes.companion == 3


def test_a_khan_in_battle_may_refuse_help() -> None:
    board = fight(
        [4, 2],
        Ogadai="ASSIST JAMUKHA 2 COMPANION IN BATTLE",
        Jamukha="REFUSE ASSISTANCE FROM OGADAI\nWITHDRAW AFTER ROUND 1",
    )
    assert events(board, "battle-help") == []
    assert board.khans["Ogadai"].modes.companion == 8


def test_the_genghis_khan_hands_his_battle_losses_to_a_submitted_khan() -> None:
    # "Can assign any loss of Modal points to any Khans who currently are pledged in service
    # but must lose one Honor to do so": Temujin (the Genghis Khan) attacked by Kublai
    # hands his Companion losses to Ogadai, who serves him. 4 + 6 = 10 against 2 + 2 = 4:
    # Ogadai loses 6 Companion (8 -> 2), Temujin none, and one Honor (8 -> 7).
    game = set_khan(GAME, "Ogadai", ruler="Temujin")
    board = fight(
        [4, 2],
        game=game,
        defender="Temujin",
        Temujin="TRANSFER LOSS COMPANION TO OGADAI",
        Kublai="WITHDRAW AFTER ROUND 1",
    )
    assert board.khans["Temujin"].modes.companion == 6
    assert board.khans["Ogadai"].modes.companion == 2
    assert board.khans["Temujin"].honor == 7
    assert len(events(board, "hand-loss")) == 1


def test_the_loss_goes_only_to_a_khan_pledged_in_service() -> None:
    board = fight(
        [4, 2],
        defender="Temujin",
        Temujin="TRANSFER LOSS COMPANION TO OGADAI",
        Kublai="WITHDRAW AFTER ROUND 1",
    )
    assert board.khans["Temujin"].modes.companion == 0
    assert board.khans["Ogadai"].modes.companion == 8
    assert events(board, "hand-loss") == []


def test_pursuit_needs_honor_to_spend() -> None:
    game = set_khan(GAME, "Kublai", honor=0)
    board = fight([], game=game, Kublai="PURSUE", Jamukha="WITHDRAW")
    assert events(board, "pursue") == []
    assert events(board, "round") == []


def test_an_accepted_suit_for_peace_ends_the_battle_and_falls_due_next_turn() -> None:
    # 3 + 6 = 9 against 3 + 2 = 5: Companion 7 -> 3, below 5: Jamukha sues; Kublai accepts.
    board = fight([3, 3], Kublai="ACCEPT PEACE", Jamukha="SUE FOR PEACE IF COMPANION BELOW 5")
    assert board.debts == [Debt("Jamukha", "Kublai", due=2)]
    assert events(board, "battle-won") == []
    assert board.khans["Jamukha"].honor == 9  # nothing is paid yet


def test_a_refused_suit_lets_the_battle_go_on() -> None:
    # Round 1 as above, Jamukha sues, Kublai refuses. Round 2: 4 + 6 = 10 against 1 + 2 = 3,
    # Companion 3 -> 0. Jamukha does not sue twice in one battle.
    board = fight(
        [3, 3, 4, 1],
        Kublai="REFUSE PEACE WITH JAMUKHA",
        Jamukha="SUE FOR PEACE IF COMPANION BELOW 5",
    )
    assert len(events(board, "sue")) == 1
    assert board.khans["Jamukha"].ruler == "Kublai"


def test_an_unanswered_suit_lets_the_battle_go_on() -> None:
    # "If accepted the suit for peace is not concluded until the following Turn": a suit
    # nobody accepts ends nothing, so a defender cannot escape any attack by suing. Round 1:
    # 3 + 6 = 9 against 3 + 2 = 5, Companion 7 -> 3, Jamukha sues, Kublai has no standing
    # answer. Round 2: 4 + 6 = 10 against 1 + 2 = 3, Companion 3 -> 0: he submits.
    board = fight([3, 3, 4, 1], Jamukha="SUE FOR PEACE IF COMPANION BELOW 5")
    assert board.offers == [] and board.debts == []
    assert len(events(board, "round")) == 2
    assert board.khans["Jamukha"].ruler == "Kublai"


def test_khans_suing_at_once_make_peace_owing_nothing() -> None:
    board = fight([], Kublai="SUE FOR PEACE", Jamukha="SUE FOR PEACE")
    assert board.debts == [] and board.offers == []
    assert events(board, "round") == []


def test_plan_lines_assign_points_between_rounds_once() -> None:
    # Round 1: 3 + 6 = 9 against 1 + 2 = 3: Companion 7 -> 1, then 3 Leader to Companion -> 4.
    # Round 2: 1 + 6 = 7 against 4 + 2 = 6: Companion 4 -> 3; the line has fired already.
    board = fight(
        [3, 1, 1, 4],
        Kublai="WITHDRAW AFTER ROUND 2",
        Jamukha="ASSIGN 3 LEADER TO COMPANION IF COMPANION BELOW 4",
    )
    jamukha = board.khans["Jamukha"]
    assert (jamukha.modes.companion, jamukha.modes.leader) == (3, 2)
    assert len(events(board, "assign")) == 1


def test_plan_lines_spend_honor_between_rounds() -> None:
    # Round 1: 3 + 6 = 9 against 1 + 2 = 3: Companion 7 -> 1; Honor 9 -> 8 and a 5: 1 -> 6.
    board = fight(
        [3, 1, 5],
        Kublai="WITHDRAW AFTER ROUND 1",
        Jamukha="SPEND HONOR ON COMPANION IF COMPANION BELOW 2",
    )
    jamukha = board.khans["Jamukha"]
    assert (jamukha.modes.companion, jamukha.full.companion, jamukha.honor) == (6, 10, 8)


def test_a_battle_breaks_off_after_ten_rounds() -> None:
    # No Accuser against no Informer and ties every round: nothing can happen (ruling 11).
    game = set_khan(set_khan(GAME, "Kublai", accuser=0), "Jamukha", informer=0)
    board = fight([3, 3] * 10, game=game)
    assert len(events(board, "round")) == 10
    assert len(events(board, "battle-breaks-off")) == 1
    assert events(board, "battle-won") == []


def test_battle_events_give_every_die_for_the_report() -> None:
    board = fight([4, 2], Kublai="WITHDRAW AFTER ROUND 1", Jamukha="DEFEND 3")
    [round_] = events(board, "round")
    assert round_["text"] == (
        "Round 1: Kublai attacks with 4 + 6 Accuser = 10; Jamukha defends with 2 + 3 Informer "
        "= 5. Jamukha loses 5 Companion (7 → 2)."
    )
    assert "seen_by" not in round_


def test_a_whole_battle_with_a_fixed_seed() -> None:
    # random.Random(2026) rolls 1, 3, 5, 5, 6, 1, ...
    # Round 1: 1 + 6 = 7 against 3 + 2 = 5: Jamukha Companion 7 -> 5, Informer 6 -> 4.
    # Round 2: 5 + 6 = 11 against 5 + 2 = 7: Companion 5 -> 1, Informer 4 -> 2.
    # Companion below 3: Jamukha retreats (Honor 9 -> 8); Kublai cannot pursue a retreat.
    # Kublai wins: Honor 7 -> 8, Wine 6 -> 7; Jamukha Wine 2 -> 1.
    # The turn ends: the Genghis Khan rolls 6, then 1: a band of brigands, rating 5.
    mails = {
        "Kublai": "Attack Khan Jamukha\nPursue",
        "Jamukha": "Defend 2\nRetreat if Companion below 3",
    }
    result = ruleset.adjudicate(GAME, orders_of(GAME, mails), 2026)
    kublai, jamukha = result.state.khan("Kublai"), result.state.khan("Jamukha")
    assert [(e["attack"], e["defence"]) for e in events(result, "round")] == [(7, 5), (11, 7)]
    assert (jamukha.modes.companion, jamukha.modes.informer) == (1, 2)
    assert (jamukha.honor, jamukha.wine, jamukha.ruler) == (8, 1, None)
    assert (kublai.honor, kublai.wine) == (8, 7)
    assert [(e.name, e.rating) for e in result.state.enemies] == [("band of brigands", 5)]

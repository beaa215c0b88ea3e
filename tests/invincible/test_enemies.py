"""Mongol Enemies: the roll, the Horde's battles, postponing, and the final army.

Modal point totals from the cards: Temujin 27, Kublai 27, Ogadai 25, Jamukha 21.
Temujin is the Genghis Khan. The last die of a turn is the enemy roll.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.mail import parse_orders
from pbem.rulesets.invincible.state import Enemy, Game

from .helpers import events, new_game, play, play_stored, set_khan

QUIET = 1
GAME = new_game()


def with_enemy(game: Game, rating: int, appeared: int = 0, **kw: bool) -> Game:
    return replace(game, enemies=(Enemy(1, "foe", rating, appeared, **kw),), next_enemy=2)


def test_a_six_then_the_type_roll_brings_a_mongol_enemy() -> None:
    result = play(GAME, {}, [6, 4])
    [enemy] = result.state.enemies
    assert (enemy.number, enemy.name, enemy.rating, enemy.appeared) == (1, "large city", 25, 1)
    assert result.state.next_enemy == 2


def test_any_other_roll_brings_none() -> None:
    for roll in range(1, 6):
        assert play(GAME, {}, [roll]).state.enemies == ()


def test_the_horde_beats_an_enemy_it_outnumbers() -> None:
    # Temujin 27 + Kublai 27 = 54 against 40.
    game = with_enemy(GAME, 40)
    mails = {"Temujin": "Attack Mongol Enemy 1", "Kublai": "Cooperate with Temujin"}
    result = play(game, mails, [QUIET])
    state = result.state
    assert state.enemies == ()
    assert (state.khan("Temujin").honor, state.khan("Temujin").wine) == (10, 4)
    assert state.khan("Kublai").honor == 8
    # Those who did not ride with the Genghis Khan lose one Honor each.
    assert (state.khan("Ogadai").honor, state.khan("Jamukha").honor) == (4, 8)
    [battle] = events(result, "enemy-battle")
    assert battle["total"] == 54 and battle["cooperating"] == ["Kublai"]


def test_submitted_khans_count_but_gain_nothing_and_are_not_refusers() -> None:
    game = set_khan(with_enemy(GAME, 50), "Ogadai", ruler="Temujin")
    result = play(game, {"Temujin": "Attack Mongol Enemy 1"}, [QUIET])
    assert result.state.enemies == ()  # 27 + 25 = 52 > 50
    assert result.state.khan("Ogadai").honor == 5
    assert result.state.khan("Kublai").honor == 6


def test_a_beaten_genghis_khan_loses_two_honor_and_a_point_of_each_mode() -> None:
    game = with_enemy(GAME, 60)
    mails = {"Temujin": "Attack Mongol Enemy 1", "Kublai": "Cooperate with Temujin"}
    result = play(game, mails, [QUIET])  # 54 < 60
    temujin = result.state.khan("Temujin")
    assert temujin.honor == 6
    assert (temujin.modes.companion, temujin.modes.accuser) == (5, 4)
    assert (temujin.modes.informer, temujin.modes.leader) == (6, 8)
    assert result.state.khan("Kublai").honor == 6  # a cooperating khan loses one Honor
    assert len(result.state.enemies) == 1


def test_the_genghis_khan_may_hand_the_loss_to_pledged_khans() -> None:
    game = set_khan(with_enemy(GAME, 60), "Ogadai", ruler="Temujin")
    plan = (
        "Attack Mongol Enemy 1\nTransfer loss Leader to Ogadai\n"
        "Transfer loss Accuser to Ogadai\nTransfer loss Informer to Jamukha"
    )
    result = play(game, {"Temujin": plan}, [QUIET])  # 27 + 25 = 52 < 60
    temujin, ogadai = result.state.khan("Temujin"), result.state.khan("Ogadai")
    assert (ogadai.modes.leader, ogadai.modes.accuser) == (6, 3)
    # Jamukha is not pledged: Temujin keeps that loss. One Honor for the one khan named.
    assert (temujin.modes.leader, temujin.modes.accuser, temujin.modes.informer) == (9, 5, 6)
    assert temujin.honor == 8 - 2 - 1
    assert result.state.khan("Jamukha").modes.informer == 6


def test_of_two_loss_lines_for_one_mode_the_first_to_a_pledged_khan_counts() -> None:
    # RULINGS.md 32: as in a battle between khans (battle.py reads the same lines).
    game = set_khan(set_khan(with_enemy(GAME, 200), "Ogadai", ruler="Temujin"), "Kublai", ruler="Temujin")
    plan = (
        "Attack Mongol Enemy 1\nTransfer loss Leader to Jamukha\n"
        "Transfer loss Leader to Ogadai\nTransfer loss Leader to Kublai"
    )
    before = {k: game.khan(k).modes.leader for k in ("Temujin", "Ogadai", "Kublai")}
    result = play(game, {"Temujin": plan}, [QUIET])
    after = {k: result.state.khan(k).modes.leader for k in before}
    assert after == {**before, "Ogadai": before["Ogadai"] - 1}
    assert result.state.khan("Temujin").honor == 8 - 2 - 1


def test_an_enemy_the_horde_only_equals_holds() -> None:
    result = play(with_enemy(GAME, 27), {"Temujin": "Attack Mongol Enemy 1"}, [QUIET])
    assert len(result.state.enemies) == 1
    assert result.state.khan("Temujin").honor == 8
    assert len(events(result, "enemy-holds")) == 1


def test_a_cooperating_khan_takes_no_other_battle_action() -> None:
    # Checked again at adjudication: the canonical orders straight to the adjudicator.
    game = with_enemy(GAME, 40)
    orders = {
        "Temujin": ["ATTACK MONGOL ENEMY 1"],
        "Kublai": ["COOPERATE WITH TEMUJIN", "ATTACK KHAN JAMUKHA"],
    }
    result = play_stored(game, orders, [QUIET])
    assert events(result, "attack") == []


def test_a_cooperating_khan_who_is_attacked_still_fights_with_his_plan() -> None:
    """RULINGS 30: "if a Khan cooperates, he may not perform any other Battle Actions for the
    rest of the turn", but like a feasting khan ("unless attacked") he answers an attack: he
    defends with his plan's Informer and may retreat, instead of rolling a bare die."""
    game = with_enemy(GAME, 40)
    mails = {
        "Temujin": "Attack Mongol Enemy 1",
        "Kublai": "Cooperate with Temujin\nDefend 4\nRetreat if Companion below 5",
        "Jamukha": "Attack Khan Kublai",
    }
    result = play(game, mails, [1, 1, 6, 1, QUIET])
    assert events(result, "enemy-defeated")
    rounds = [e["text"] for e in events(result, "round")]
    assert rounds[0].endswith("Kublai defends with 1 + 4 Informer = 5. Jamukha loses 1 Accuser (3 → 2).")
    assert "Kublai defends with 1 + 4 Informer" in rounds[1]
    assert [e["khan"] for e in events(result, "retreat")] == ["Kublai"]


def test_a_cooperating_mails_attack_is_refused_when_it_comes() -> None:
    game = with_enemy(GAME, 40)
    cooperate, attack = parse_orders(game, "Kublai", "Cooperate with Temujin\nAttack Khan Jamukha")
    assert cooperate.error is None
    assert "cooperates" in (attack.error or "")


def test_cooperating_with_no_mongol_enemy_is_refused_and_voids_nothing() -> None:
    # "Cooperate -- This action can only be used when attacking a Mongol Enemy."
    cooperate, attack = parse_orders(GAME, "Kublai", "Cooperate with Temujin\nAttack Khan Jamukha")
    assert "no Mongol Enemy" in (cooperate.error or "") and attack.error is None
    orders = {"Kublai": ["COOPERATE WITH TEMUJIN", "ATTACK KHAN JAMUKHA"], "Jamukha": ["WITHDRAW"]}
    result = play_stored(GAME, orders, [QUIET])
    assert len(events(result, "attack")) == 1
    assert any(e["order"] == "COOPERATE WITH TEMUJIN" for e in events(result, "void"))


def test_a_khan_whose_pledge_the_rules_void_is_not_fined_for_staying_home() -> None:
    # "Any Khan refusing to assist the Genghis Khan ... loses one Honor": Kublai offered to
    # ride, but his Feast (held first, canonical orders) kept him home: no fine. Ogadai and
    # Jamukha did not offer: one Honor each.
    game = with_enemy(GAME, 5)
    orders = {"Temujin": ["ATTACK MONGOL ENEMY 1"], "Kublai": ["COOPERATE WITH TEMUJIN", "FEAST"]}
    result = play_stored(game, orders, [QUIET])
    fined = {e["khan"] for e in events(result, "refuses-horde")}
    assert fined == {"Ogadai", "Jamukha"}
    assert result.state.khan("Kublai").honor == GAME.khan("Kublai").honor


def test_each_enemy_is_fought_once_a_turn() -> None:
    game = with_enemy(GAME, 60)
    result = play(game, {"Temujin": "Attack Mongol Enemy 1\nAttack Mongol Enemy 1"}, [QUIET])
    assert len(events(result, "enemy-battle")) == 1


def test_postponing_is_free_for_one_turn_then_costs_honor_each_turn() -> None:
    appeared = play(GAME, {}, [6, 2]).state  # a small town at the end of turn 1
    free = play(appeared, {}, [QUIET])
    assert free.state.khan("Temujin").honor == 8 and not free.state.enemies[0].ignored
    costly = play(free.state, {}, [QUIET])
    assert costly.state.khan("Temujin").honor == 7 and costly.state.enemies[0].ignored
    again = play(costly.state, {}, [QUIET])
    assert again.state.khan("Temujin").honor == 6


def test_two_standing_enemies_cost_one_honor_each() -> None:
    game = replace(GAME, turn=5, enemies=(Enemy(1, "a", 5, 1), Enemy(2, "b", 5, 2)))
    assert play(game, {}, [QUIET]).state.khan("Temujin").honor == 6


def test_once_ignored_any_khan_may_attack_and_win_the_genghis_khans_reward() -> None:
    game = set_khan(with_enemy(GAME, 40, ignored=True), "Ogadai", ruler="Kublai")
    mails = {"Kublai": "Attack Mongol Enemy 1", "Jamukha": "Cooperate with Kublai"}
    result = play(game, mails, [QUIET])  # 27 + 25 + 21 = 73 > 40
    state = result.state
    assert (state.khan("Kublai").honor, state.khan("Kublai").wine) == (9, 7)
    assert state.khan("Ogadai").honor == 6  # "each subservient Khan gains one Honor"
    assert state.khan("Jamukha").honor == 10
    assert state.khan("Temujin").honor == 8  # the Genghis Khan gains nothing, loses nothing


def test_a_khan_beaten_by_an_ignored_enemy_loses_points_but_no_honor() -> None:
    game = with_enemy(GAME, 60, ignored=True)
    result = play(game, {"Kublai": "Attack Mongol Enemy 1"}, [QUIET])
    kublai = result.state.khan("Kublai")
    assert kublai.honor == 7
    assert (kublai.modes.companion, kublai.modes.leader) == (4, 7)


def test_the_final_army_rises_when_one_genghis_khan_rules_all() -> None:
    game = GAME
    for power in ("Kublai", "Ogadai", "Jamukha"):
        game = set_khan(game, power, ruler="Temujin")
    result = play(game, {}, [QUIET])
    [army] = result.state.enemies
    assert (army.rating, army.final, army.name) == (80, True, "great opposing army")


def test_no_final_army_while_a_khan_is_free() -> None:
    game = set_khan(set_khan(GAME, "Kublai", ruler="Temujin"), "Ogadai", ruler="Temujin")
    assert play(game, {}, [QUIET]).state.enemies == ()


def test_beating_the_final_army_ends_the_game() -> None:
    game = GAME
    for power in ("Kublai", "Ogadai", "Jamukha"):
        game = set_khan(game, power, ruler="Temujin")
    risen = play(game, {}, [QUIET]).state
    result = play(risen, {"Temujin": "Attack Mongol Enemy 1"}, [])  # 100 > 80
    phase = ruleset.phase(result.state)
    assert phase.over and phase.winners == ("Temujin",)
    assert "Genghis Khan over all" in phase.result
    assert ruleset.default_orders(result.state, "Temujin") == []

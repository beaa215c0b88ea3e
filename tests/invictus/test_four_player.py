"""The four-player team game: shared camps, turn order, who reacts and who conscripts."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pbem.rulesets.invictus import ruleset
from tests.invictus.tables import at, build, names, play, texts

POWERS = ["Ann", "Bob", "Cid", "Dee"]


def test_each_player_has_a_guerre_eclair_army_and_draws_two() -> None:
    game = ruleset.start("four-player", POWERS, {}, 4)
    game = play(game).state
    for player in game.players:
        assert len(player.hand) == 3 and len(player.deck) == 8
    assert [p.camp for p in game.players] == [0, 1, 0, 1]


def test_setup_a_and_b_place_the_front_c_and_d_the_reserve_everyone_a_citizen() -> None:
    game = play(play(ruleset.start("four-player", POWERS, {}, 4)).state).state
    [line] = ruleset.parse_orders(game, "Cid", f"FRONT {game.name(game.players[2].hand[1])}")
    assert line.error and "at setup Cid places only: RESERVE, CITIZEN" in line.error
    after = play(game).state
    for camp in after.camps:
        assert len(camp.field) == 1 and len(camp.reserve) == 1
    assert all(len(p.kingdom) == 1 for p in after.players)
    assert ruleset.phase(after).acting == ("Ann",)
    turns = []
    for _ in range(4):
        turns.append(ruleset.phase(after).acting[0])
        after = play(after).state
    assert turns == ["Ann", "Bob", "Cid", "Dee"]


def test_the_active_player_commands_the_whole_camp() -> None:
    """Cid attacks with a unit Ann deployed and recruits from the shared reserve."""
    game = build(
        variant="four-player",
        active=2,
        field={"b2": "Warrior", "b3": "Viking", "a3": "Musha"},
        reserves={0: ["Guard"]},
    )
    assert game.owners[game.camps[0].field["b2"].card] == 0
    after = play(game, {"Cid": ["ATTACK b2 ON b3"]}).state
    assert names(after, after.camps[1].graveyard) == ["Viking"]
    game = build(
        variant="four-player",
        active=2,
        field={"b2": "Warrior", "b3": "Viking"},
        reserves={0: ["Guard"]},
    )
    after = play(game, {"Cid": ["RECRUIT Guard TO a2"]}).state
    assert at(after, "a2") == "Guard"


def test_a_capture_goes_to_the_active_players_own_kingdom() -> None:
    game = build(variant="four-player", active=2, field={"b2": "Crossbowman", "b3": "Viking", "a3": "Musha"})
    after = play(game, {"Cid": ["ATTACK b2 ON b3"]}).state
    assert names(after, after.players[2].kingdom) == ["Viking"]
    assert after.players[0].kingdom == []


def test_only_the_next_player_may_react() -> None:
    reaction = ["CANCEL EVERY ATTACK"]
    game = build(
        variant="four-player",
        active=0,
        field={"a2": "Warrior", "b2": "Warrior", "b3": "Viking", "a3": "Musha"},
        hands={"Bob": [], "Dee": ["Guard", "Guard"]},
        reactions={"Dee": reaction},
    )
    after = play(game, {"Ann": ["ATTACK b2 ON b3"]})
    assert texts(after.events, "reaction") == []
    game = build(
        variant="four-player",
        active=0,
        field={"a2": "Warrior", "b2": "Warrior", "b3": "Viking", "a3": "Musha"},
        hands={"Bob": ["Guard"]},
        reactions={"Bob": reaction},
    )
    after = play(game, {"Ann": ["ATTACK b2 ON b3"]})
    assert [t.split(":")[0] for t in texts(after.events, "reaction")] == ["Bob reacts"]


def test_the_next_player_of_the_emptied_camp_conscripts_from_their_own_kingdom() -> None:
    game = build(
        variant="four-player",
        active=0,
        field={"b2": "Knight", "b3": "Viking"},
        kingdoms={"Bob": ["Guard", "Musha"], "Dee": ["Cataphract", "Medjay"]},
    )
    after = play(game, {"Ann": ["ATTACK b2 ON b3"]}).state
    assert Counter([at(after, "b3"), at(after, "c3")]) == Counter(["Guard", "Musha"])
    assert after.players[1].kingdom == [] and len(after.players[3].kingdom) == 2


def test_one_of_the_two_leaders_falling_wins_for_the_team() -> None:
    game = build(variant="four-player", active=0, field={"b2": "Knight", "b3": "Odin"}, tilted=["b3"])
    after = play(game, {"Ann": ["ATTACK b2 ON b3"]}).state
    assert after.winners == ["Ann", "Cid"]
    assert after.result == "Ann and Cid win by execution: Dee's Leader, the Odin, was killed."


def test_a_handicapped_team_reserve_takes_the_smaller_limit() -> None:
    """RULINGS 35."""
    game = ruleset.start("four-player", POWERS, {"handicap": {"Cid": "invictus"}}, 1)
    assert [camp.reserve_limit for camp in game.camps] == [1, 5]


def test_a_majority_must_beat_every_other_player_even_the_partner() -> None:
    """RULINGS 33."""

    def capture_the_musha(cids_kingdom: list[str]) -> Any:
        """Ann's Ninja captures the red Musha; Ann's kingdom has four colours, Cid's as given."""
        kingdoms = {"Ann": ["Warrior", "Crossbowman", "Sorcerer", "Knight"], "Cid": cids_kingdom}
        field = {"b2": "Ninja", "b3": "Musha", "a3": "Viking"}
        game = build(variant="four-player", active=0, field=field, kingdoms=kingdoms)
        return play(game, {"Ann": ["ATTACK b2 ON b3"]}).state

    after = capture_the_musha(["Warrior", "Crossbowman", "Sorcerer", "Knight"])
    # Ann's four colours tie with Cid's, and the captured Musha gives her red alone
    assert after.stage == "turn"
    after = capture_the_musha(["Warrior"])
    assert after.result.startswith("Ann and Cid win by development: Ann holds the majority")


def test_partners_may_talk_before_the_battle_but_not_once_it_starts() -> None:
    """4-player mode: "La communication est permise uniquement en amont de la bataille"."""
    game = ruleset.start("four-player", POWERS, {}, 4)
    assert ruleset.press_problem(game, "Ann", ["Cid"]) is None  # building armies
    while game.stage != "turn":
        game = play(game).state
    why = ruleset.press_problem(game, "Ann", ["Bob", "Cid"])
    assert why and "Cid is your partner" in why
    assert ruleset.press_problem(game, "Ann", ["Bob", "Dee"]) is None  # opponents may be told


def test_press_between_partners_is_refused_by_mail_once_the_battle_starts(tmp_path) -> None:
    from tests.harness import Table, game, text_of

    addresses = {power: f"{power.lower()}@example.test" for power in POWERS}
    table = Table(tmp_path, [game("g4", "invictus", addresses, variant="four-player")])
    table.start("g4", seed=4)
    table.take()
    table.send(addresses["Ann"], "SIGNON Ann g4 pw\nPRESS TO Cid\nArmies first: I take the Shogun.\nENDPRESS")
    table.run()
    assert "sent to Cid" in text_of(table.take(addresses["Ann"])[0])
    assert [m for m in table.take(addresses["Cid"]) if "press" in str(m["Subject"]).lower()]
    while True:  # army, hands, deployment, each player sending the orders they would by default
        with table.store() as store:
            state = ruleset.load_state(store.game("g4").state)
        if state.stage == "turn":
            break
        for power, address in addresses.items():
            orders = "\n".join(ruleset.default_orders(state, power)) or "KEEP"
            table.send(address, f"SIGNON {power} g4 pw\n{orders}")
        table.run()
        table.advance(hours=49)
        table.run()
    table.take()
    table.send(addresses["Ann"], "SIGNON Ann g4 pw\nPRESS TO Cid\nAttack b3!\nENDPRESS")
    table.run()
    reply = text_of(table.take(addresses["Ann"])[0])
    assert "refused: partners may not talk once the battle has started" in reply
    assert table.take(addresses["Cid"]) == []

"""Mandate of Heaven through the real mail service: neutral votes in players' order mails, the
scripted year by email, an activated neutral seated by the referee's REPLACE, and victory by
concession.

The tests that take ``make_table`` run twice: on the Maildir transport and on the real IMAP and
SMTP servers. Votes are secret: no mail to a player may show another player's vote as the
referee's report prints it (``hidden_facts``), and only the referee's report shows them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pbem.ruleset import REFEREE
from tests.bymail import archived_states, bodies, phase_id, send_mails, to_deadline
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

from . import script
from .games import PLAYERS, ruleset

ADDRESSES = {
    power: f"{power.lower().replace(chr(39), '').replace('-', '')}@example.test" for power in PLAYERS
}
PHASES = ["W369BCA", "S368BCM", "F368BCM", "F368BCR", "W368BCA"]
REF = f"SIGNON REFEREE g1 {REFEREE_PASSWORD}"
EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "mandate_of_heaven.example.yaml"


def seed_of(game_id: str, phase_id: str) -> int:
    return script.SEEDS[PHASES.index(phase_id)]


def mandate(**settings: Any) -> dict[str, Any]:
    return game("g1", "diplomacy", ADDRESSES, variant="mandate_of_heaven", **settings)


def test_neutral_votes_by_mail_carry_secretly(make_table: Any) -> None:
    table = make_table([mandate()], seed_source=lambda g, p: 1)
    table.start("g1")
    table.send(ADDRESSES["Hsiung-Nu"], "SIGNON Hsiung-Nu g1 pw\nBuild A HHS\nBuild A NHS\nBuild A TTU")
    table.run()
    to_deadline(table)
    assert phase_id(table) == "S368BCM"
    table.take()

    votes = {"Ch'in": "A Lu - Pei Daiyeng", "Ch'u": "A LU - PDA", "Ch'i": "Lu -> PDA", "Yen": "A LU - PDA"}
    for power, vote in votes.items():
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{vote}")
    table.send(ADDRESSES["Han"], "SIGNON Han g1 pw\nA LU H")  # Han's first vote ...
    table.send(ADDRESSES["Wei"], "SIGNON Wei g1 pw\nA LU H")
    table.run()
    for power in votes:
        [reply] = table.take(ADDRESSES[power])
        assert "ok: A LU - PDA (Your vote for neutral Lu" in text_of(reply), power
    table.take()
    table.send(ADDRESSES["Han"], "SIGNON Han g1 pw\nA LU - PDA")  # ... replaced by the second
    table.run()
    [reply] = table.take(ADDRESSES["Han"])
    assert "these were replaced:\n  A LU H" in text_of(reply)
    to_deadline(table)

    with table.store() as store:
        [turn] = [t for t in store.turns("g1") if t.phase_id == "S368BCM"]
    assert ruleset.dump_state(ruleset.load_state(turn.state_after))["units"]["Lu"] == ["A PDA"]
    [event] = [e for e in turn.events if e["type"] == "neutral_votes"]
    assert event["ballots"][0]["carried"] == "A LU - PDA"

    reports = {
        power: bodies([m for m in table.take(address) if "results" in str(m["Subject"])])
        for power, address in ADDRESSES.items()
    }
    state = ruleset.load_state(turn.state_after)
    for power, texts in reports.items():
        assert texts, power
        secret = ruleset.hidden_facts(state, turn.events, power)
        assert secret and not [fact for fact in secret for text in texts if fact in text], power
    assert "You voted A LU - PDA: carried." in reports["Ch'in"][0]
    assert "You voted A LU H: not carried." in reports["Wei"][0]
    assert "Neutral votes" not in reports["Chao"][0]  # Chao did not vote: nothing to show
    assert table.service.referee is not None
    referee = bodies(table.take(table.service.referee.address))
    assert any("Wei voted A LU H" in text and "Han voted A LU - PDA" in text for text in referee)


def test_the_scripted_year_by_mail(make_table: Any) -> None:
    table = make_table([mandate()], seed_source=seed_of)
    table.start("g1", seed=script.START_SEED)
    for address in ADDRESSES.values():
        [welcome] = table.take(address)
        assert "Mandate of Heaven" in text_of(welcome) and "vote" in text_of(welcome)

    for index, mails in enumerate(script.TURNS):
        assert phase_id(table) == PHASES[index]
        send_mails(table, ADDRESSES, mails)
        table.run()
        for power in mails:
            [reply] = [m for m in table.take(ADDRESSES[power]) if "results" not in str(m["Subject"])]
            for mistake in script.MISTAKES.get((index, power), []):
                assert f"{mistake}\n      ERROR:" in text_of(reply), (power, text_of(reply))
        to_deadline(table)

    with table.store() as store:
        turns = [turn for turn in store.turns("g1") if not turn.rolled_back]
    assert [turn.phase_id for turn in turns] == PHASES
    assert turns[2].nmr == ["Han"]
    states = archived_states(ruleset, turns)
    script.check(states, [turn.events for turn in turns])

    for power, address in ADDRESSES.items():
        texts = bodies(table.mails_to(address))
        assert sum(1 for m in table.mails_to(address) if "results" in str(m["Subject"])) == len(PHASES)
        for turn, state in zip(turns, states[1:], strict=True):
            for fact in ruleset.hidden_facts(state, turn.events, power):
                assert not any(fact in text for text in texts), (power, fact)
    with table.store() as store:
        referee_report = store.reports("g1", turns[3].seq)[REFEREE]["text"]
    assert "Chao voted A CHT D" in referee_report and "Ch'u voted A CHT R HYC" in referee_report


def _activation_table(tmp_path: Path) -> Table:
    """A Maildir game in Fall 364 B.C. in which Sung is about to take its third centre."""
    table = Table(tmp_path, [mandate(mass_nmr_share=1.0, grace="0h")], seed_source=lambda g, p: 1)
    table.start("g1")
    state = ruleset.load_state(
        {
            "variant": "mandate_of_heaven",
            "phase": "F364BCM",
            "powers": PLAYERS,
            "units": {
                "Ch'in": ["A YUY"],
                "Ch'u": ["A CHE"],
                "Hsiung-Nu": ["A HHS", "A NHS", "A TTU"],
                "Sung": ["A SUN", "A DAI", "A TYI"],
            },
            "supply_centres": {"Ch'in": ["YUY"], "Ch'u": ["CHE"], "Sung": ["SUN"]},
        }
    )
    with table.store() as store:
        store.update_game("g1", state=ruleset.dump_state(state), phase_id="F364BCM")
    table.take()
    return table


def test_an_activated_neutral_is_seated_by_the_referees_replace(tmp_path: Path) -> None:
    table = _activation_table(tmp_path)
    to_deadline(table)
    [notice] = [m for m in table.take(REFEREE_ADDRESS) if "the rules need you" in str(m["Subject"])]
    assert "REPLACE Sung <address>" in text_of(notice)
    assert "eliminated so far: Ch'i, Yen, Chao, Wei, Han." in text_of(notice)

    table.send(REFEREE_ADDRESS, f"{REF}\nREPLACE Sung {ADDRESSES['Yen']}\nREPLACE Shu newcomer@example.test")
    table.run()
    [answer] = table.take(REFEREE_ADDRESS)
    assert f"refused: {ADDRESSES['Yen']} plays Yen in this game" in text_of(answer)  # eliminated
    assert "refused: no power 'Shu'" in text_of(answer)  # still a neutral: nobody plays it

    table.send(REFEREE_ADDRESS, f"{REF}\nREPLACE sung Newcomer@Example.test")
    table.run()
    [welcome] = table.take("newcomer@example.test")
    body = text_of(welcome)
    assert "You play: Sung" in body
    password = body.split("Your password: ")[1].split()[0]
    table.send("newcomer@example.test", f"SIGNON Sung g1 {password}\nA SUN - LU")
    table.run()
    [reply] = table.take("newcomer@example.test")
    assert "ok: A SUN - LU" in text_of(reply) and "vote" not in text_of(reply)
    assert phase_id(table) == "S363BCM"  # the winter had nothing to adjust
    with table.store() as store:
        orders = store.order_set("g1", "S363BCM", "Sung")
    assert orders is not None and orders.orders() == ["A SUN - LU"]


def test_victory_by_concession(tmp_path: Path) -> None:
    table = Table(tmp_path, [mandate()])
    table.start("g1")
    for power in PLAYERS:
        if power != "Ch'u":
            table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nCONCEDE Ch'u")
    table.run()
    with table.store() as store:
        row = store.game("g1")
    assert row is not None and row.status == "over" and row.result == "Ch'u wins by concession"


def test_the_example_config_is_accepted_by_the_service_and_starts_a_game(tmp_path: Path) -> None:
    [entry] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["games"]
    table = Table(tmp_path, [entry])  # the service's own config loader checks the entry
    table.start(entry["id"])
    with table.store() as store:
        row = store.game(entry["id"])
    assert row is not None and row.phase_id == "W369BCA"
    assert [p["power"] for p in entry["players"]] == PLAYERS
    welcomes = [m for m in table.take() if "welcome" in str(m["Subject"])]
    assert len(welcomes) == 8 and "How to write orders" in text_of(welcomes[0])


def test_builds_by_mail_are_replaced_withdrawn_and_over_builds_answered(make_table: Any) -> None:
    table = make_table([mandate()], seed_source=lambda g, p: 1)
    table.start("g1")
    table.take()
    nomads = ADDRESSES["Hsiung-Nu"]
    table.send(nomads, "SIGNON Hsiung-Nu g1 pw\nBuild A HHS\nBuild A NHS")
    table.run()
    table.take()
    table.send(nomads, "SIGNON Hsiung-Nu g1 pw\nBuild A TTU\nBuild A THS")  # a fourth placement
    table.run()
    [reply] = table.take(nomads)
    answer = " ".join(text_of(reply).split())
    assert "no more builds: you sent 4 for 3; A HHS B, A NHS B, A TTU B stand (the first sent)" in answer
    assert "A THS B will fail" in answer
    table.send(nomads, "SIGNON Hsiung-Nu g1 pw\nCancel build A NHS")
    table.run()
    [reply] = table.take(nomads)
    assert "no more builds" not in text_of(reply)
    to_deadline(table)
    with table.store() as store:
        [turn] = [t for t in store.turns("g1") if t.phase_id == "W369BCA"]
    units = ruleset.dump_state(ruleset.load_state(turn.state_after))["units"]["Hsiung-Nu"]
    assert sorted(units) == ["A HHS", "A THS", "A TTU"]


def test_seven_chinese_players_start_a_game_by_mail_with_the_nomads_neutral(make_table: Any) -> None:
    chinese = {power: address for power, address in ADDRESSES.items() if power != "Hsiung-Nu"}
    table = make_table(
        [game("g1", "diplomacy", chinese, variant="mandate_of_heaven")], seed_source=lambda g, p: 1
    )
    table.start("g1")
    table.take()
    for power in ("Ch'in", "Ch'u", "Ch'i", "Yen"):
        table.send(chinese[power], f"SIGNON {power} g1 pw\nBuild A HHS\nBuild A NHS")
    table.run()
    to_deadline(table)
    assert phase_id(table) == "S368BCM"
    with table.store() as store:
        [turn] = [t for t in store.turns("g1") if t.phase_id == "W369BCA"]
    assert ruleset.dump_state(ruleset.load_state(turn.state_after))["units"]["Hsiung-Nu"] == [
        "A HHS",
        "A NHS",
    ]


def test_exhausted_nomads_are_told_their_owned_centre_and_build_there_by_mail(tmp_path: Path) -> None:
    """Ruling 36 where the nomads meet it: after 6/6 and a lost unit, a build in the steppe is
    refused with the vacant owned centre to build in, and the build there is made."""
    table = Table(tmp_path, [mandate()], seed_source=lambda g, p: 1)
    table.start("g1")
    six = ["SHG", "YUB", "HSP", "CHG", "TCY", "CHY"]
    state = ruleset.load_state(
        {
            "variant": "mandate_of_heaven",
            "phase": "W365BCA",
            "powers": PLAYERS,
            "units": {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY"], "Ch'in": ["A YUY"]},
            "supply_centres": {"Hsiung-Nu": six, "Ch'in": ["YUY"]},
            "extra": {"exhausted": True, "placed": 6},
        }
    )
    with table.store() as store:
        store.update_game("g1", state=ruleset.dump_state(state), phase_id="W365BCA")
    table.take()
    nomads = ADDRESSES["Hsiung-Nu"]
    table.send(nomads, "SIGNON Hsiung-Nu g1 pw\nBuild A Hsi Hsienpi")
    table.run()
    [answer] = table.take(nomads)
    answer_text = " ".join(text_of(answer).split())
    assert "builds go in supply centres the power owns hint: You can build in: CHY" in answer_text
    table.send(nomads, "SIGNON Hsiung-Nu g1 pw\nBuild A Chinyang\nREADY")
    table.run()
    assert phase_id(table) == "S364BCM"
    with table.store() as store:
        [turn] = [t for t in store.turns("g1") if t.phase_id == "W365BCA"]
    assert "A CHY" in ruleset.dump_state(ruleset.load_state(turn.state_after))["units"]["Hsiung-Nu"]

"""The scripted game of script.py by mail: the real service on Maildir, with a fake clock.

Each player's mail of each turn goes into the inbox with its SIGNON line; pbem reads it,
answers it, and adjudicates at the deadline with the script's seeds. The outcome must be
what ``script.check`` asks, the refused lines must be told to their senders with a reason,
and no mail to a player may carry what is hidden from that player. The welcome tells each
player where its armies are and how the game is scored; each report tells its score, and
the offer of peace with the replies that answer it.
"""

from __future__ import annotations

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, phase_id, send_mails, to_deadline
from tests.harness import Table, game, text_of

from . import script

ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}
SEEDS = {f"T{index + 1}": seed for index, seed in enumerate(script.SEEDS)}


def test_the_scripted_game_plays_by_mail(make_table):
    config = game(
        "g1",
        "generals",
        ADDRESSES,
        variant=script.VARIANT,
        options=script.OPTIONS,
        deadlines={"turn": "72h"},
    )
    table = make_table([config], seed_source=lambda game_id, phase_id: SEEDS[phase_id])
    table.start("g1", seed=script.START_SEED)
    for index, mails in enumerate(script.TURNS):
        assert phase_id(table) == f"T{index + 1}"
        send_mails(table, ADDRESSES, mails)
        table.run()
        fresh = table.take()  # the replies to this turn's mails (and earlier mail)
        for turn, power, line in script.MISTAKES:
            if turn == index:
                replies = [text_of(m) for m in fresh if m["Delivered-To"] == ADDRESSES[power]]
                told = [r for r in replies if line in r and "ERROR" in r[r.index(line) :]]
                assert told, (power, line)
        with table.store() as store:
            row = store.game("g1")
            assert row is not None
            if row.phase_id == f"T{index + 1}":
                table.now = row.deadline  # type: ignore[assignment]
        table.run()

    ruleset = get_ruleset("generals")
    with table.store() as store:
        turns = store.turns("g1")
        row = store.game("g1")
    assert [turn.phase_id for turn in turns] == list(SEEDS)
    assert [turn.seed for turn in turns] == script.SEEDS
    states = archived_states(ruleset, turns)
    script.check(states, [[]] + [turn.events for turn in turns])
    assert row is not None and row.status == "over"

    sent = [message for _, message in table.outbox()]
    for power, address in ADDRESSES.items():
        mails = [m for m in sent if m["Delivered-To"] == address]
        # "before every turn the person who runs the game will tell you where your armies are"
        [welcome] = [text_of(m) for m in mails if "welcome" in str(m["Subject"])]
        position = ruleset.view(states[0], [], power)["powers"][0]
        assert all(region["army"] in welcome for region in position["regions"])
        assert all(scout["army"] in welcome for scout in position["scouts"])
        assert position["treasury"] in welcome and position["score"] in welcome
        assert "How the game is scored" in welcome and "1 point for every 100 gold" in welcome
        results = [m for m in mails if "results" in str(m["Subject"])]
        assert len(results) == len(script.TURNS)
        for turn, message in zip(turns, results, strict=True):
            hidden = ruleset.hidden_facts(ruleset.load_state(turn.state_after), turn.events, power)
            assert hidden
            body = text_of(message)
            assert [fact for fact in hidden if fact in body] == [], (power, turn.phase_id)
            mine = ruleset.view(ruleset.load_state(turn.state_after), turn.events, power)["powers"][0]
            assert mine["victory_points"] in body and mine["score"] in body
    dunmere = [
        m for m in sent if m["Delivered-To"] == ADDRESSES["Dunmere"] and "results" in str(m["Subject"])
    ]
    offer = "Corvath offers Dunmere peace, standing until the end of turn 4: answer 'peace with Corvath'"
    assert offer in text_of(dunmere[2])  # the results of turn 3


def test_a_general_left_without_an_action_holds_the_turn_and_the_answer_names_him(tmp_path):
    """ "The player must choose one action for each general": a mail that orders one general of
    two and says READY does not end the turn; the answer names the other (RULINGS 15)."""
    table = Table(tmp_path, [game("g1", "generals", ADDRESSES, deadlines={"turn": "72h"})])
    table.start("g1")
    resting = {"Brenn": "Hilde: R and R", "Corvath": "Malus: R and R", "Dunmere": "Rowan: R and R"}
    ready = {power: f"{text}\nREADY" for power, text in resting.items()}
    send_mails(table, ADDRESSES, {"Aldmark": "Edric: train general Osric\nREADY", **ready})
    table.run()
    assert phase_id(table) == "T2"  # one general, one action: the turn ended early
    table.take()
    send_mails(table, ADDRESSES, {"Aldmark": "Edric: R and R\nREADY", **ready})
    table.run()
    assert phase_id(table) == "T2"
    [answer] = [text_of(m) for m in table.take(ADDRESSES["Aldmark"])]
    assert "Still without orders: Osric" in answer
    assert "You said READY, but you still have to order: Osric" in answer
    send_mails(table, ADDRESSES, {"Aldmark": "Osric: travel to Thornfield"})
    table.run()
    assert phase_id(table) == "T3"


def test_the_books_wordings_and_a_recruiting_note_by_mail(tmp_path):
    """A route as the book writes it, "end the war with", and the note on a recruitment the same
    mail's overtaxing pays for, as players get them in answers (RULINGS 19, 30)."""
    table = Table(tmp_path, [game("g1", "generals", ADDRESSES, deadlines={"turn": "72h"})])
    table.start("g1")
    table.take()
    mail = "Edric: recruit 20 Knights\r\nAldwick: convert 5 income to hire limit\r\ndeclare war on Brenn\r\n"
    resting = {"Brenn": "Hilde: R and R", "Corvath": "Malus: R and R", "Dunmere": "Rowan: R and R"}
    send_mails(table, ADDRESSES, {"Aldmark": mail, **resting})
    table.run()
    [answer] = [text_of(m) for m in table.take(ADDRESSES["Aldmark"])]
    assert "hire limit is 170 this turn with this mail's overtaxing" in answer
    to_deadline(table)
    table.take()
    send_mails(
        table,
        ADDRESSES,
        {
            "Aldmark": "Edric: move army 10 Spearmen, route Aldwick - Thornfield",
            "Brenn": "End the war with Aldmark.",
        },
    )
    table.run()
    [answer] = [text_of(m) for m in table.take(ADDRESSES["Aldmark"])]
    assert "Edric: move army 10 Spearmen to Thornfield" in answer and "ERROR" not in answer
    [answer] = [text_of(m) for m in table.take(ADDRESSES["Brenn"])]
    assert "peace with Aldmark" in answer and "ERROR" not in answer

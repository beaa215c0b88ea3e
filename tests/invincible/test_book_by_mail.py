"""The rulebook's points of issue 20, played by mail through the real service (Maildir).

One turn without declarations, written in the book's own words: the Genghis
Khan submits, a withdrawing khan is pursued and attacked in Accuser mode, a
third khan helps in the battle and gives Wine, and a khan tells another by
his card name. Every line the state allows is answered ok; what it forbids is
refused with the reason when the mail comes, not acknowledged and dropped.
"""

from __future__ import annotations

from typing import Any

from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of

POWERS = ("North", "East", "South", "West")
ADDRESSES = {power: f"{power.lower()}@example.test" for power in POWERS}
KHANS = {"North": "Temujin", "East": "Kublai", "South": "Jamukha", "West": "Ogadai"}
OPTIONS = {"declarations": False, "khans": KHANS}

MAILS = {
    # The Genghis Khan submits of his own will: the title passes to Kublai.
    "North": "Submit to Kublai",
    # Kublai attacks and withdraws before the first round; he defends with 5.
    "East": "Attack Khan Jamukha\nWithdraw\nDefend 5",
    # Jamukha pursues (and attacks in Accuser mode); he accepts Ogadai's help.
    "South": "Pursue\nAccept assistance from Ogadai\nCooperate with the Genghis Khan\n"
    "PRESS TO Kublai\nYou will regret this.\nENDPRESS",
    # Ogadai, in the book's words.
    "West": "Assign 2 points from Companion to Informer\nGive 1 Wine to Jamukha\n"
    "Assign 2 Accuser to Jamukha in battle\nFeast\nAttack Khan Kublai",
}
REFUSED = {
    "South": {"Cooperate with the Genghis Khan": "no Mongol Enemy threatens the Horde"},
    "West": {"Attack Khan Kublai": "a feasting khan takes no other action"},
}


def _reply(mails: list[Any]) -> str:
    [reply] = [m for m in mails if str(m["Subject"]).startswith("Re:")]
    return text_of(reply)


def test_the_books_points_by_mail(tmp_path: Any) -> None:
    ruleset = get_ruleset("invincible")
    table = Table(tmp_path, [game("g1", "invincible", ADDRESSES, options=OPTIONS)])
    table.start("g1", seed=4)
    table.take()  # the welcomes
    for power, text in MAILS.items():
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{text}")
    table.run()
    mails = {power: table.take(address) for power, address in ADDRESSES.items()}
    for power, text in MAILS.items():
        reply = _reply(mails[power])
        for line in text.splitlines():
            if line in REFUSED.get(power, {}):
                assert f": {line}\n      ERROR: " in reply, line
                assert REFUSED[power][line] in reply
            else:
                assert f": {line}\n      ERROR: " not in reply, line
    press = [m for m in mails["East"] if "You will regret this." in text_of(m)]
    assert len(press) == 1  # PRESS TO a khan's card name reaches his player
    table.advance(hours=49)
    table.run()
    with table.store() as store:
        [turn] = store.turns("g1")
    state = ruleset.load_state(turn.state_after)
    kinds = [event["type"] for event in turn.events]
    # the title passes when Temujin submits (who holds it at the end is for the dice to say)
    [submission] = [e for e in turn.events if e["type"] == "submit" and e["khan"] == "Temujin"]
    assert submission["ruler"] == "Kublai"
    assert [e["khan"] for e in turn.events if e["type"] == "genghis"][0] == "Kublai"
    assert state.genghis != "North"
    [pursue] = [e for e in turn.events if e["type"] == "pursue"]
    assert pursue["khan"] == "Jamukha"
    rounds = [e for e in turn.events if e["type"] == "round"]
    assert rounds and rounds[0]["attacker"] == "Jamukha"  # the pursuer attacks
    # Kublai defends with 5 + 1d6 against 3 + 1d6: round 1 costs him at most 3 of his 5
    # Companion, so there is always a "between rounds" for Ogadai's help.
    [help_event] = [e for e in turn.events if e["type"] == "battle-help"]
    assert (help_event["by"], help_event["to"]) == ("Ogadai", "Jamukha")
    gifts = [e for e in turn.events if e["type"] == "assistance" and e["what"] == "wine"]
    assert [(e["giver"], e["receiver"], e["amount"]) for e in gifts] == [("Ogadai", "Jamukha", 1)]
    assert "feast" in kinds


def test_a_khan_without_companion_passes_and_the_turn_ends_early(tmp_path: Any) -> None:
    """Ruling 22: a khan at 0 Companion may send PASS, so with READY he does not hold every
    actions phase to its deadline."""
    table = Table(tmp_path, [game("g1", "invincible", ADDRESSES, options=OPTIONS)])
    table.start("g1", seed=4)
    first = {
        "North": "Pass\nREADY",
        "East": "Assign 2 Companion to Informer\nAssist Jamukha 3 Companion\nREADY",
        "South": "Accept assistance from Kublai\nREADY",
        "West": "Pass\nREADY",
    }
    for power, text in first.items():
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{text}")
    table.run()
    state = get_ruleset("invincible").load_state(table.game_row().state)
    assert state.turn == 2 and state.khan("East").modes.companion == 0
    table.take()
    for power in POWERS:
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nPass\nREADY")
    table.run()
    reply = _reply(table.take(ADDRESSES["East"]))
    assert "PASS" in reply and "ERROR" not in reply
    assert get_ruleset("invincible").load_state(table.game_row().state).turn == 3


def test_the_end_of_the_game_by_the_turn_limit_is_told_plainly(tmp_path: Any) -> None:
    """Ruling 36: at the turn limit the last report says the game is over, not when it will end;
    the referee gets the report, not a notice that "the rules need you"."""
    options = {**OPTIONS, "turn_limit": 1}
    table = Table(tmp_path, [game("g1", "invincible", ADDRESSES, options=options)])
    table.start("g1", seed=4)
    table.take()
    for power in POWERS:
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nPass\nREADY")
    table.run()
    assert table.game_row().status == "over"
    sent = table.take()
    east = [m for m in sent if m["Delivered-To"] == ADDRESSES["East"]]
    [last] = [text_of(m) for m in east if "results" in str(m["Subject"])]
    assert "turn limit of 1" in last
    assert "ends undecided after turn" not in last
    assert not [m for m in sent if "the rules need you" in str(m["Subject"])]

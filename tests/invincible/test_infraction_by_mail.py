"""A mail with no hand signal, in a game whose ``hand_signals`` option is on, is answered as the
infraction it is (the rulebook's "Hand Signals"), never "ok" nor "every line was understood"."""

from __future__ import annotations

from tests.harness import Table, game, text_of

ADDRESSES = {"North": "north@example.test", "East": "east@example.test"}
OPTIONS = {"declarations": False, "hand_signals": True, "khans": {"North": "Temujin", "East": "Kublai"}}


def test_a_mail_without_a_hand_signal_is_answered_as_an_infraction(tmp_path):
    table = Table(tmp_path, [game("g1", "invincible", ADDRESSES, options=OPTIONS)])
    table.start("g1", seed=4)
    table.take()
    table.send(ADDRESSES["North"], "SIGNON North g1 pw\nHello brothers, let us be friends.")
    table.send(ADDRESSES["East"], "SIGNON East g1 pw\nFeast")
    table.run()
    [told] = [text_of(m) for m in table.take(ADDRESSES["North"]) if str(m["Subject"]).startswith("Re:")]
    assert "INFRACTION: SPEAK WITHOUT SIGNALS (this mail makes no hand signal" in told
    assert "ok: SPEAK WITHOUT SIGNALS" not in told and "Every line was understood" not in told
    assert "This mail breaks a rule of the game (above); it is recorded as such." in told
    [fine] = [text_of(m) for m in table.take(ADDRESSES["East"]) if str(m["Subject"]).startswith("Re:")]
    assert "ok: FEAST" in fine and "Every line was understood." in fine

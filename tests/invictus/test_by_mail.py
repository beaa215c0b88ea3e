"""The scripted game played through the real mail service (Maildir), mail by mail.

The same mails as test_script.py, sent as players would send them (with SIGNON),
read and answered by ``pbem run``, adjudicated at each deadline with the
script's seeds; the archived turns must tell the same story, and no mail may
carry what its reader may not know. ``play`` (tests/invictus/helpers.py) also plays the
French game (test_french.py).
"""

from __future__ import annotations

from typing import Any

from pbem.ruleset import get_ruleset
from tests.harness import text_of
from tests.invictus import script
from tests.invictus.helpers import ADDRESSES, play


def test_the_scripted_game_by_mail(make_table: Any) -> None:
    def welcome(text: str) -> None:
        assert "ARMY Shogun" in text  # the orders help, army phase

    table, states, turns = play(make_table, script.OPTIONS, script.TURNS, script.REFUSED, welcome)
    ruleset = get_ruleset("invictus")
    for power, address in ADDRESSES.items():
        hidden = {
            fact
            for state, turn in zip(states[1:], turns, strict=True)
            for fact in ruleset.hidden_facts(state, turn.events, power)
        }
        assert any(fact.startswith("hand of ") for fact in hidden)
        for message in table.mails_to(address):
            body = text_of(message) + str(message["Subject"])
            leaked = [fact for fact in hidden if fact in body]
            assert not leaked, (power, message["Subject"], leaked)

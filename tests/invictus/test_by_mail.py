"""The scripted game played through the real mail service (Maildir), mail by mail.

The same mails as test_script.py, sent as players would send them (with SIGNON),
read and answered by ``pbem run``, adjudicated at each deadline with the
script's seeds; the archived turns must tell the same story, and no mail may
carry what its reader may not know. ``play`` is shared with the French game
(test_french.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, send_mails
from tests.harness import game, text_of
from tests.invictus import script

ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}


def play(
    make_table: Any,
    options: Mapping[str, Any],
    turns: Sequence[Mapping[str, str]],
    refused: Sequence[tuple[int, str, str, str]],
    welcome: Callable[[str], None],
    results: str = "results",
    between: Callable[[Any, int], None] | None = None,
    subject: str = "orders",
) -> tuple[Any, list[Any], list[Any]]:
    """Play the script by mail; ``welcome`` checks each welcome's text; ``results`` is the word
    a report's subject has; ``between(table, index)`` may mail more (commands, press) after each
    phase's orders are answered; ``subject`` is the players' subject line. The table, the
    states (before, then after each phase) and the archived turns."""
    seeds = iter(script.SEEDS)
    table = make_table(
        [game("g1", "invictus", ADDRESSES, variant=script.VARIANT, options=dict(options))],
        seed_source=lambda game_id, phase_id: next(seeds),
    )
    table.start("g1", seed=script.START_SEED)
    for address in ADDRESSES.values():
        [mail] = table.take(address)
        welcome(text_of(mail))
    for index, mails in enumerate(turns):
        send_mails(table, ADDRESSES, mails, subject=subject)
        table.run()
        for power in mails:
            [reply] = table.take(ADDRESSES[power])
            body = text_of(reply).replace("\u00a0", " ")  # French sets no-break spaces before ":"
            for _, _, line, gist in (r for r in refused if r[:2] == (index, power)):
                assert line in body and gist in body, (index, power, body)
        if between is not None:
            between(table, index)
        table.advance(hours=49)
        table.run()
        for address in ADDRESSES.values():
            reports = [m for m in table.take(address) if results in str(m["Subject"])]
            assert len(reports) == 1, (index, address)
    ruleset = get_ruleset("invictus")
    with table.store() as store:
        archived = store.turns("g1")
        current = store.game("g1")
    assert current is not None and current.status == "over"
    states = archived_states(ruleset, archived)
    script.check(states, [turn.events for turn in archived])
    return table, states, archived


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

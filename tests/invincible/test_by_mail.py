"""The scripted game played through the real service on Maildir (tests/harness.py).

Each player mails the script's text under a SIGNON line; the service reads the
mail, answers line by line, stores the orders and adjudicates at each deadline
with the script's seeds. The game must end exactly as it does through the pure
interface, and no mail may carry what its reader may not know.
"""

from __future__ import annotations

from collections import defaultdict
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of

from . import script
from .test_script import play_script

ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}


def _by_address(messages: list[EmailMessage]) -> dict[str, list[EmailMessage]]:
    mail: dict[str, list[EmailMessage]] = defaultdict(list)
    for message in messages:
        mail[str(message["Delivered-To"])].append(message)
    return mail


def test_the_scripted_game_ends_the_same_by_mail(tmp_path: Path) -> None:
    ruleset = get_ruleset("invincible")
    pure_states, pure_events, _ = play_script()
    phase_ids = [ruleset.phase(state).id for state in pure_states[:-1]]
    seeds = dict(zip(phase_ids, script.SEEDS, strict=True))
    table = Table(
        tmp_path,
        [game("g1", "invincible", ADDRESSES, options=script.OPTIONS, variant=script.VARIANT)],
        seed_source=lambda game_id, phase_id: seeds[phase_id],
    )
    table.start("g1", seed=script.START_SEED)
    received = _by_address(table.take())
    for address in ADDRESSES.values():
        [welcome] = received[address]
        assert "ATTACK KHAN" in text_of(welcome)  # the orders help is in the welcome
    for index, mails in enumerate(script.TURNS):
        for power, text in mails.items():
            table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{text}")
        table.run()
        replies = _by_address(table.take())
        for power in mails:
            [reply] = replies[ADDRESSES[power]]
            body = text_of(reply)
            for line in script.REJECTED.get((index, power), []):
                assert f": {line}\n      ERROR: " in body, body
        table.advance(hours=49)
        table.run()
        reports = _by_address(table.take())
        for address in ADDRESSES.values():
            assert [str(m["Subject"]).split("] ")[1] for m in reports[address]] == [
                f"{ruleset.phase(pure_states[index]).label} results"
                + (" - game over" if index == len(script.TURNS) - 1 else "")
            ]
    with table.store() as store:
        turns = store.turns("g1")
        row = store.game("g1")
    assert row is not None and row.status == "over"
    states: list[Any] = [ruleset.load_state(turns[0].state_before)]
    states += [ruleset.load_state(turn.state_after) for turn in turns]
    events = [turn.events for turn in turns]
    assert states == pure_states and events == pure_events
    script.check(states, events)
    everything = _by_address([message for _, message in table.outbox()])
    for power, address in ADDRESSES.items():
        hidden: set[str] = set()
        for state, phase_events in zip(states[1:], events, strict=True):
            hidden.update(ruleset.hidden_facts(state, phase_events, power))
        assert hidden
        for message in everything[address]:
            body = text_of(message)
            assert not [fact for fact in hidden if fact in body], message["Subject"]

"""The scripted game played through the real service on Maildir (tests/harness.py).

Each player mails the script's text under a SIGNON line; the service reads the
mail, answers line by line, stores the orders and adjudicates at each deadline
with the script's seeds. The game must end exactly as it does through the pure
interface, and no mail may carry what its reader may not know.
"""

from __future__ import annotations

from collections import defaultdict
from email.message import EmailMessage
from typing import Any

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, send_mails
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

from . import script
from .helpers import play_script

ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}


def _by_address(messages: list[EmailMessage]) -> dict[str, list[EmailMessage]]:
    mail: dict[str, list[EmailMessage]] = defaultdict(list)
    for message in messages:
        mail[str(message["Delivered-To"])].append(message)
    return mail


def test_the_scripted_game_ends_the_same_by_mail(make_table: Any) -> None:
    ruleset = get_ruleset("invincible")
    pure = play_script()
    pure_states, pure_events = pure.states, pure.events
    phase_ids = [ruleset.phase(state).id for state in pure_states[:-1]]
    seeds = dict(zip(phase_ids, script.SEEDS, strict=True))
    table = make_table(
        [game("g1", "invincible", ADDRESSES, options=script.OPTIONS, variant=script.VARIANT)],
        seed_source=lambda game_id, phase_id: seeds[phase_id],
    )
    table.start("g1", seed=script.START_SEED)
    for mails in script.TURNS:
        send_mails(table, ADDRESSES, mails)
        table.run()
        table.advance(hours=49)
        table.run()
    received = _by_address([message for _, message in table.outbox()])
    labels = [ruleset.phase(state).label for state in pure_states[:-1]]
    for power, address in ADDRESSES.items():
        subjects = [str(m["Subject"]).split("] ", 1)[1] for m in received[address]]
        assert "ATTACK KHAN" in text_of(received[address][0])  # the welcome has the orders help
        assert [s for s in subjects if s.endswith(("results", "game over"))] == [
            f"{label} results" for label in labels[:-1]
        ] + [f"{labels[-1]} results - game over"]
        replies = [text_of(m) for m in received[address] if "results" not in str(m["Subject"])]
        assert len(replies) == 1 + sum(power in mails for mails in script.TURNS)  # + welcome
        for (_, sender), lines in script.REJECTED.items():
            for line in lines if sender == power else []:
                assert any(f": {line}\n      ERROR: " in reply for reply in replies), line
    with table.store() as store:
        turns = store.turns("g1")
        row = store.game("g1")
    assert row is not None and row.status == "over"
    states = archived_states(ruleset, turns)
    events = [turn.events for turn in turns]
    assert states == pure_states and events == pure_events
    script.check(states, events)
    for power, address in ADDRESSES.items():
        hidden: set[str] = set()
        for state, phase_events in zip(states[1:], events, strict=True):
            hidden.update(ruleset.hidden_facts(state, phase_events, power))
        assert hidden
        for message in received[address]:
            body = text_of(message)
            assert not [fact for fact in hidden if fact in body], message["Subject"]


def _declarations_table(tmp_path: Any, early: str) -> Table:
    options = {**script.OPTIONS, "declarations": True}
    table = Table(tmp_path, [game("g1", "invincible", ADDRESSES, options=options, early=early)])
    table.start("g1", seed=script.START_SEED)
    table.take()
    return table


def _phase_label(table: Table) -> str:
    with table.store() as store:
        row = store.game("g1")
    assert row is not None
    return get_ruleset("invincible").phase(get_ruleset("invincible").load_state(row.state)).label


def test_the_declarations_end_early_once_every_khan_is_ready(tmp_path: Any) -> None:
    table = _declarations_table(tmp_path, early="ready")
    assert _phase_label(table) == "Turn 1 declarations"
    *others, last = script.POWERS
    for power in others:
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nI shall feast with everyone.\nREADY")
    table.run()
    assert _phase_label(table) == "Turn 1 declarations"  # nobody must declare: wait for all
    table.send(ADDRESSES[last], f"SIGNON {last} g1 pw\nREADY")  # declares nothing
    table.run()
    assert _phase_label(table) == "Turn 1 actions"
    reports = [m for _, m in table.outbox() if str(m["Subject"]).endswith("Turn 1 declarations results")]
    assert {str(m["Delivered-To"]) for m in reports} >= set(ADDRESSES.values())


def test_with_early_orders_the_declarations_run_their_time(tmp_path: Any) -> None:
    table = _declarations_table(tmp_path, early="orders")
    for power in script.POWERS:
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nI shall feast.\nREADY")
    table.run()
    assert _phase_label(table) == "Turn 1 declarations"
    table.advance(hours=49)  # the 48-hour deadline
    table.run()
    assert _phase_label(table) == "Turn 1 actions"


def test_the_referee_switches_declarations_off_by_mail(tmp_path: Any) -> None:
    table = _declarations_table(tmp_path, early="never")
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nOPTION declarations off")
    table.run()
    [answer] = table.take(REFEREE_ADDRESS)
    assert "declarations phases off from turn 2; players told" in text_of(answer)
    for address in ADDRESSES.values():
        [notice] = table.take(address)
        assert "The referee has changed a setting of the game: declarations phases off from turn 2." in (
            text_of(notice)
        )
    table.advance(hours=49)
    table.run()
    assert _phase_label(table) == "Turn 1 actions"
    for power, address in ADDRESSES.items():
        table.send(address, f"SIGNON {power} g1 pw\nPASS")
    table.advance(hours=49)
    table.run()
    assert _phase_label(table) == "Turn 2 actions"


def test_a_player_cannot_switch_an_option(tmp_path: Any) -> None:
    table = _declarations_table(tmp_path, early="never")
    table.send(ADDRESSES["North"], "SIGNON North g1 pw\nOPTION declarations off")
    table.run()
    [reply] = table.take(ADDRESSES["North"])
    assert "referee" in text_of(reply).lower()
    with table.store() as store:
        row = store.game("g1")
    assert row is not None
    assert get_ruleset("invincible").load_state(row.state).options.declarations_next_turn is None

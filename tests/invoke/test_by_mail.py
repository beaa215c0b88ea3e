"""The scripted game of script.py played through the real mail service (Maildir).

The players' mails go into the inbox Maildir, ``pbem run`` reads them, answers
each one line by line, adjudicates at the deadlines with the script's seeds and
mails the reports. The game must reach the outcome script.check asserts, every
mistake must be answered with its error, and no mail to a mage may show what
that mage may not see.
"""

from __future__ import annotations

import re
from typing import Any

from pbem.rulesets.invoke import ruleset
from tests.bymail import archived_states, bodies, phase_id, send_mails, to_deadline
from tests.harness import game, text_of

from . import script

ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}


def seed_of(game_id: str, phase_id: str) -> int:
    return script.SEEDS[int(phase_id.removeprefix("T")) - 1]


def test_the_scripted_game_by_mail(make_table: Any) -> None:
    table = make_table(
        [game("g1", "invoke", ADDRESSES, variant=script.VARIANT, options=script.OPTIONS)],
        seed_source=seed_of,
    )
    table.start("g1", seed=script.START_SEED)
    welcomes = {power: table.take(address) for power, address in ADDRESSES.items()}
    for power, mails in welcomes.items():
        (welcome,) = mails
        assert f"You are {power}." in text_of(welcome)  # our orders.txt.j2
        # the house rule's round limit, announced from the start
        assert "Turn 1 (round 1 of 2): Alice to play" in text_of(welcome)
        assert "The game ends after 2 rounds" in text_of(welcome)

    for index, mails in enumerate(script.TURNS):
        assert phase_id(table) == f"T{index + 1}"
        send_mails(table, ADDRESSES, mails)
        table.run()
        for power in mails:
            (reply,) = [m for m in table.take(ADDRESSES[power]) if "results" not in str(m["Subject"])]
            body = text_of(reply)
            for mistake in script.MISTAKES.get((index, power), []):
                assert f"{mistake}\n      ERROR:" in body, (power, body)
        to_deadline(table)

    with table.store() as store:
        turns = [turn for turn in store.turns("g1") if not turn.rolled_back]
        row = store.game("g1")
    assert row is not None and row.status == "over"
    assert [turn.phase_id for turn in turns] == [f"T{n}" for n in range(1, 7)]
    assert turns[4].nmr == ["Bob"]
    states = archived_states(ruleset, turns)
    script.check(states, [turn.events for turn in turns])

    for power, address in ADDRESSES.items():
        mails = table.mails_to(address)
        reports = [text_of(m) for m in mails if "results" in str(m["Subject"])]
        assert len(reports) == 6
        assert all(re.search(r"round [12] of 2", report) for report in reports)  # every report
        texts = bodies(mails)
        for turn, state in zip(turns, states[1:], strict=True):
            for fact in ruleset.hidden_facts(state, turn.events, power):
                assert not any(fact in text for text in texts), (power, fact)
    final = [text_of(m) for m in table.mails_to(ADDRESSES["Carol"])][-1]
    assert "Alice wins with 8 power gems" in final


def test_help_cards_names_the_creatures_and_the_chaos_cards(tmp_path: Any) -> None:
    """No Card Reference reaches a player by mail: HELP CARDS gives the four creatures and the
    twelve Chaos cards with their words (RULINGS 37)."""
    from pbem.rulesets.invoke.cards import VARIANTS
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "invoke", ADDRESSES, variant=script.VARIANT, options=script.OPTIONS)])
    table.start("g1", seed=script.START_SEED)
    table.take()
    table.send(ADDRESSES["Bob"], "SIGNON Bob g1 pw\nHELP CARDS")
    table.run()
    [answer] = [text_of(m) for m in table.take(ADDRESSES["Bob"])]
    cards = VARIANTS[script.VARIANT].cards.values()
    creatures = [c for c in cards if c.kind == "creature"]
    chaos = [c for c in cards if c.kind == "chaos"]
    assert len(creatures) == 4 and len(chaos) == 12
    for card in creatures:
        assert f"{card.name:<10s} {card.element}, holds up to {card.holds} cards" in answer
    flat = " ".join(answer.split())
    for card in chaos:
        assert f"{card.name}: {card.text}" in flat


def test_the_mages_choose_their_starting_hands_by_mail_and_the_silent_draw_the_default(
    tmp_path: Any,
) -> None:
    """ "Each Mage draws their starting hand by taking cards from the three piles in any
    combination": a setup phase asks each mage for the split; one who does not answer draws
    3 Manifest, 3 Thaumaturgy, 1 Focus (RULINGS 38)."""
    from collections import Counter

    from pbem.rulesets.invoke.cards import VARIANTS
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "invoke", ADDRESSES, variant="starter", options={"rounds": 2})])
    table.start("g1", seed=5)
    assert phase_id(table) == "SETUP"
    welcome = text_of(table.take(ADDRESSES["Alice"])[0])
    assert "FIRST: YOUR STARTING HAND" in welcome
    assert "you draw 3 Manifest, 3 Thaumaturgy, 1 Focus" in " ".join(welcome.split())
    table.take()
    send_mails(
        table,
        ADDRESSES,
        {
            "Alice": "Draw 3 Focus, 2 Manifest, 2 Thaumaturgy\nREADY",
            "Bob": "draw 3 cards from the Thaumaturgy deck, 3 Manifest, 1 Focus\nMove Left & Fire",
        },
    )
    table.run()
    assert phase_id(table) == "SETUP"  # Carol has not chosen
    [alice] = [text_of(m) for m in table.take(ADDRESSES["Alice"])]
    assert "ok: REFILL 3 Focus, 2 Manifest, 2 Thaumaturgy (your starting hand is drawn so" in alice
    [bob] = [text_of(m) for m in table.take(ADDRESSES["Bob"])]
    assert "Move Left & Fire\n      ERROR: the first turn has not begun" in bob
    to_deadline(table)
    assert phase_id(table) == "T1"
    with table.store() as store:
        [turn] = store.turns("g1")
        reports = store.reports("g1", turn.seq)
    state = ruleset.load_state(turn.state_after)
    cards = VARIANTS["starter"]
    decks = {name: Counter(cards.deck_of(card) for card in state.mages[name].hand) for name in ADDRESSES}
    assert decks["Alice"]["Focus"] == 3 and decks["Alice"]["Manifest"] >= 2
    assert decks["Carol"]["Focus"] <= 1 and decks["Carol"]["Manifest"] == 3
    assert state.mages["Alice"].draw == [("Focus", 3), ("Manifest", 2), ("Thaumaturgy", 2)]
    silent = "Carol: no choice received; the starting hand was drawn the default way."
    assert silent in reports["Carol"]["text"]
    default = "Carol draws the default starting hand: 3 Manifest, 3 Thaumaturgy, 1 Focus."
    assert default in reports["Bob"]["text"]

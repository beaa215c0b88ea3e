"""What each viewer sees, the hidden facts, and the templates that print the views."""

from __future__ import annotations

import json
from html import unescape

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invoke import ruleset

from .rendering import orders_help, report
from .tables import play, table


def scene():
    """Alice charges a Wand with a face-down card and banks nothing; Bob sets a counter;
    Carol keeps cards in a Tome. Then Alice steals a card from Carol."""
    game = table(
        hands={
            "Alice": ["Wand", "Build Wall", "Fire", "Haste", "Target Hand", "Move Left"],
            "Bob": ["Haste", "Build Wall", "Water"],
            "Carol": ["Tome", "Fire", "Air", "Earth", "Mermaid", "Imp"],
        },
        options={"first": "Carol"},
    )
    first = play(game, {"Carol": "Tome & Fire & Air & Earth"}).state
    second = play(
        first,
        {
            "Alice": ["Wand & Build Wall & Fire & face down Haste", "Target Hand of Carol & Move Left"],
            "Bob": "IF Fire AT ME: Haste & Build Wall & Water",
        },
    )
    return first, second


def test_each_mage_sees_their_own_hand_and_only_counts_of_the_others() -> None:
    _, result = scene()
    state = result.state
    view = ruleset.view(state, result.events, "Bob")
    assert view["you"]["hand_line"] == f"Bob's hand: {', '.join(state.mages['Bob'].hand)}"
    assert [m["cards"] for m in view["mages"]] == [
        len(state.mages[n].hand) for n in ("Alice", "Bob", "Carol")
    ]
    assert view["referee"] is None
    assert all(len(state.mages[n].hand) > 0 for n in ("Alice", "Carol"))
    dumped = json.dumps(view)
    for name in ("Alice", "Carol"):
        assert f"{name}'s hand: " not in dumped


def test_the_tome_wand_and_counters_are_their_owners_secrets() -> None:
    _, result = scene()
    facts = ruleset.hidden_facts(result.state, result.events, "Bob")
    assert "Alice's Wand M2 holding Build Wall & Fire & face down Haste" in facts
    assert "Carol's Tome M1 holding Fire, Air, Earth" in facts
    assert "Bob's counter 1: IF Fire AT ME: Haste & Build Wall & Water" not in facts
    assert "Bob's counter 1: IF Fire AT ME: Haste & Build Wall & Water" in ruleset.hidden_facts(
        result.state, result.events, "Alice"
    )
    stolen = [e for e in result.events if e["kind"] == "relocate"][0]["secret"]
    assert stolen in facts and stolen not in ruleset.hidden_facts(result.state, result.events, "Carol")


def test_the_referee_sees_everything_and_the_public_nothing_secret() -> None:
    _, result = scene()
    assert ruleset.hidden_facts(result.state, result.events, REFEREE) == []
    referee = json.dumps(ruleset.view(result.state, result.events, REFEREE))
    public_facts = ruleset.hidden_facts(result.state, result.events, PUBLIC)
    assert len(public_facts) >= 5
    for fact in public_facts:
        assert fact in referee
    public = json.dumps(ruleset.view(result.state, result.events, PUBLIC))
    for fact in public_facts:
        assert fact not in public


def test_reports_render_for_every_viewer_and_keep_the_secrets() -> None:
    first, result = scene()
    for viewer in ("Alice", "Bob", "Carol", REFEREE, PUBLIC):
        text = report(first, result.state, result.events, viewer)
        html = unescape(report(first, result.state, result.events, viewer, html=True))
        assert "Turn 2 (round 1 of 25): Alice to play" in text
        assert "Turn 3 (round 1 of 25): Bob to play" in text and "(round 1 of 25; play passes" in text
        for fact in ruleset.hidden_facts(result.state, result.events, viewer):
            assert fact not in text and fact not in html
    alice = report(first, result.state, result.events, "Alice")
    assert "Build Wall &amp; Fire &amp; face down Haste" in report(
        first, result.state, result.events, "Alice", html=True
    )
    assert "Alice's Wand M2 holding Build Wall & Fire & face down Haste" in alice
    assert "Alice's hand: " in alice
    referee = report(first, result.state, result.events, REFEREE)
    assert "FOR THE REFEREE" in referee and "Bob's counter 1" in referee


def test_the_orders_help_renders_for_every_mage() -> None:
    game = table()
    for power in ("Alice", "Bob", "Carol"):
        text = orders_help(game, power)
        assert f"You are {power}." in text
        assert f"{power}'s hand: " in text


def test_the_help_says_cards_taken_from_a_hand_are_picked_at_random() -> None:
    """RULINGS 16: by mail nobody chooses which card a Target Hand takes or which two cards a
    mage who cannot invoke discards; the rulebook does not say, so the help does."""
    text = " ".join(orders_help(table(), "Alice").split())
    assert "discards two cards (cards taken from a hand are picked at random)" in text
    assert "discard two cards: those you name with DISCARD, the rest at random" in text


def test_the_final_report_says_who_won() -> None:
    game = table(("Alice", "Bob"), hands={"Alice": ["Move Left", "Fire"]}, gems={"Bob": 1})
    result = play(game, {"Alice": "Move Left & Fire"})
    text = report(game, result.state, result.events, PUBLIC)
    assert "Alice wins with 7 power gems" in text
    assert "Next:" not in text


def test_state_round_trips_through_json_exactly() -> None:
    _, result = scene()
    data = ruleset.dump_state(result.state)
    again = ruleset.load_state(json.loads(json.dumps(data)))
    assert again == result.state
    assert ruleset.dump_state(again) == data


def test_a_refused_invocation_shows_its_cards_to_its_caster_only() -> None:
    game = table(hands={"Alice": ["Build Wall", "Water", "Build Wall", "Water", "Air"]})
    result = play(game, {"Alice": ["Build Wall & Water", "Build Wall & Water"]})
    (refusal,) = [e for e in result.events if e["kind"] == "fails"]
    assert refusal["to"] == ["Alice"] and "already have a wall" in refusal["secret"]
    seen = {
        viewer: [
            e["text"]
            for e in ruleset.view(result.state, result.events, viewer)["events"]
            if e["kind"] == "fails"
        ]
        for viewer in ("Alice", "Bob")
    }
    assert seen["Alice"] == [refusal["secret"]]
    assert seen["Bob"] == ["Something Alice tried could not be done; the cards stay hidden."]
    assert refusal["secret"] in ruleset.hidden_facts(result.state, result.events, "Bob")

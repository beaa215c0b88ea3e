"""What each viewer sees: views, secrets, and the templates that print them."""

from __future__ import annotations

import json

import pytest

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invictus import ruleset
from tests.invictus.rendering import orders_help, report
from tests.invictus.tables import build, play

VIEWERS = ["North", "South", PUBLIC, REFEREE]


def _turn():  # type: ignore[no-untyped-def]
    """North captures the Musha, kills the Viking; South conscripts, then draws Anubis."""
    game = build(
        field={"b2": "Samurai", "c2": "Knight", "b3": "Musha", "c3": "Viking"},
        hands={"North": ["Guard", "Viking"], "South": ["Druid", "Medjay"]},
        reserves={1: ["Guard", "Cataphract"]},
        reactions={"South": ["CANCEL ATTACK ON LEADER WITH Medjay"]},
        decks={"North": ["Knight", "Warrior"], "South": ["Anubis", "Archer"]},
    )
    game.players[1].conscription = ["red"]
    after = play(game, {"North": ["SUPPORT Viking", "ATTACK b2 ON b3", "ATTACK c2 ON c3", "ATTACK b2 ON b3"]})
    return game, after.state, after.events


def test_a_player_sees_their_own_hand_and_only_counts_of_the_others() -> None:
    _, state, events = _turn()
    north, south = ruleset.view(state, events, "North")["players"]
    assert [h["label"] for h in north["hand"]] == [
        "hand of North #1: King",
        "hand of North #2: Guard",
    ]
    assert south["hand"] is None and south["hand_count"] == 4 and south["deck_count"] == 1
    assert north["kingdom"] == [{"colour": "red", "count": 1, "cards": "1 Musha"}]
    assert south["reactions"] is None and south["army"] is None and north["deck"] is None


def test_the_referee_sees_hands_decks_and_standing_orders() -> None:
    _, state, events = _turn()
    south = ruleset.view(state, events, REFEREE)["players"][1]
    assert south["deck"] == ["deck of South #1: Archer"]
    assert south["reactions"] == ["reaction of South #1: CANCEL ATTACK ON LEADER WITH Medjay"]
    assert south["conscription"] == "conscription of South: CONSCRIPT red"


def test_public_zones_are_seen_by_everyone() -> None:
    _, state, events = _turn()
    for viewer in VIEWERS:
        view = ruleset.view(state, events, viewer)
        assert view["camps"][0]["reserve"] == ["Viking"]
        assert view["camps"][1]["graveyard"] == ["Viking"]
        assert view["camps"][1]["reserve"] == []
        assert view["players"][0]["kingdom"][0]["cards"] == "1 Musha"


def test_private_events_go_only_to_their_owner() -> None:
    _, state, events = _turn()
    drawn = "South draws Anubis."
    failed = (
        "North's order ATTACK b2 ON b3 could not be carried out: "
        "Samurai b2 is tilted: it has attacked already."
    )
    assert drawn in [e["text"] for e in ruleset.view(state, events, "South")["events"]]
    assert failed in [e["text"] for e in ruleset.view(state, events, "North")["events"]]
    for viewer, secret in (("North", drawn), (PUBLIC, drawn), ("South", failed), (PUBLIC, failed)):
        assert secret not in json.dumps(ruleset.view(state, events, viewer))
        assert secret in ruleset.hidden_facts(state, events, viewer)
    assert ruleset.hidden_facts(state, events, REFEREE) == []


def test_hidden_facts_name_every_secret_of_the_others() -> None:
    _, state, events = _turn()
    facts = ruleset.hidden_facts(state, events, "North")
    assert "hand of South #2: Druid" in facts
    assert "reaction of South #1: CANCEL ATTACK ON LEADER WITH Medjay" in facts
    assert "army of South: ARMY Shogun" in facts
    assert "conscription of South: CONSCRIPT red" in facts
    assert "deck of North #2: Warrior" in facts  # nobody sees the order of a deck
    assert not any(f.startswith("hand of North") for f in facts)


def test_the_board_is_shown_from_the_viewers_side() -> None:
    _, state, events = _turn()
    north = ruleset.view(state, events, "North")["board"]
    south = ruleset.view(state, events, "South")["board"]
    assert [r["row"] for r in north["rows"]] == [4, 3, 2, 1] and north["columns"] == ["a", "b", "c"]
    assert [r["row"] for r in south["rows"]] == [1, 2, 3, 4] and south["columns"] == ["c", "b", "a"]


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("kind", ["txt", "html"])
def test_the_report_renders_for_every_viewer_and_keeps_their_secrets(viewer: str, kind: str) -> None:
    before, state, events = _turn()
    text = report(before, state, events, viewer, kind)
    assert "Turn 5: North" in text and "Musha" in text
    for fact in ruleset.hidden_facts(state, events, viewer):
        assert fact not in text


def test_the_html_report_is_escaped() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"})
    game.players[0].power = "<North&Co>"
    text = report(game, game, [], REFEREE, "html")
    assert "&lt;North&amp;Co&gt;" in text and "<North&Co>" not in text


def test_the_report_of_the_last_phase_says_who_won() -> None:
    game = build(field={"b2": "Knight", "b3": "Shogun"}, leaders=("King", "Shogun"), tilted=["b3"])
    after = play(game, {"North": ["ATTACK b2 ON b3"]})
    text = report(game, after.state, after.events, PUBLIC)
    assert "THE GAME IS OVER. North wins by execution" in text and "Next:" not in text


@pytest.mark.parametrize("stage", ["army", "hand", "deploy", "turn"])
def test_the_orders_help_renders_at_every_stage(stage: str) -> None:
    game = ruleset.start("standard", ["North", "South"], {}, 2)
    while game.stage != stage:
        game = play(game).state
    text = orders_help(game, "South")
    assert "CANCEL ATTACK ON LEADER WITH Guard" in text
    for fact in ruleset.hidden_facts(game, [], "South"):
        assert fact not in text


def test_the_referees_report_lists_each_card_in_a_hand_once_spaced() -> None:
    """A hand line reads 'hand of North #1: Guard (Guard: ...)', one space before the card."""
    before, state, events = _turn()
    text = report(before, state, events, REFEREE)
    hand = [line for line in text.splitlines() if line.lstrip().startswith("hand of ")]
    assert hand and all("  (" not in line and ": " in line for line in hand), hand

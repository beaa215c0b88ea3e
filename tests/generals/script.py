"""A scripted game of The Generals by mail: four players, five turns, as data.

``TURNS`` holds, for each phase, the full text of each player's mail as a player would
write it, in the rulebook's own words where it has some ("give Dunmere 50 gold", "Withdraw
to Brennhold with a rearguard of 40 Spearmen", "lower income by 3 to increase hire limit
by 30", "form a formal alliance with Aldmark", "train general named Ulf"), mistakes
included; ``MISTAKES`` names the lines that must be refused. A lone offer of peace stands
a turn and is answered the next as the offer's report suggests. The
pure-interface test (test_script.py) and the mail-service test (test_by_mail.py) play the
same mails with the same ``SEEDS`` and call ``check`` on what happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rulesets.generals import scouts
from pbem.rulesets.generals.board import Board
from tests.scripted import mails

VARIANT = "standard"
OPTIONS: dict[str, Any] = {"turns": 5}
POWERS = ["Aldmark", "Brenn", "Corvath", "Dunmere"]
START_SEED = 2026
SEEDS = [101, 202, 303, 404, 505]

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]

#: (phase index, power, the start of a line that must be refused)
MISTAKES = [
    (0, "Aldmark", "Edrik: R and R"),
    (0, "Brenn", "Hilde: attak Redmoor"),
    (0, "Dunmere", "Dunwall: fortfy"),
    (1, "Brenn", "Hilde: train a new general"),
    (1, "Corvath", "Malus: recruit 10 Giants"),
    (2, "Brenn", "Ulf: recruit 10 Spearmen"),
    (4, "Aldmark", "Withdraw to Aldwick"),
]


def _men(state: Any, region: str, troop: str | None = None) -> int:
    return sum(u.men for u in state.holding(region).units if troop in (None, u.troop))


def _gold(state: Any, power: str) -> int:
    return int(state.realm(power).gold)


def _battles(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [e for e in events if e["kind"] == "battle"]


def check(states: Sequence[Any], events: Sequence[Sequence[Mapping[str, Any]]]) -> None:
    """What must have happened; ``states[i]`` is the state after phase i, ``states[0]`` the
    opening; ``events[i]`` are the events of phase i (``events[0]`` is empty)."""
    start, t1, t2, t3, t4, t5 = states
    e1, e2, e3, e4, e5 = events[1:]

    # T1. Aldmark: 300 - 30 Spearmen x 2 + income 30 + 15.
    assert _men(t1, "Aldwick", "Spearmen") == 230
    assert _gold(t1, "Aldmark") == 300 - 60 + 45
    # Brenn: 300 - 20 Crossbowmen x 3 + 30 + 15.
    assert _gold(t1, "Brenn") == 300 - 60 + 45
    # Corvath gave 50 to Dunmere; Dunmere overtaxed Dunmoor (income 30 -> 27 this turn).
    assert _gold(t1, "Corvath") == 300 - 50 + 45
    assert _gold(t1, "Dunmere") == 300 + 50 + 27 + 15
    assert t1.holding("Dunmoor").income == 29  # recovering by 2 a turn
    assert _men(t1, "Dunwall") == 150 + 20 + 150 + 60 + 30
    assert _men(t1, "Blackwater", "Trolls") == 10
    assert [(a.kind, a.members) for a in t1.alliances] == [("secret", ("Aldmark", "Brenn"))]
    [made] = [e for e in e1 if e["kind"] == "alliance"]
    assert made["audience"] == ["Aldmark", "Brenn"]

    # T2. Corvath's declaration is public; Dunmere's 410 men beat the garrison of 180
    # (offense 1300 against 440, the garrison flees or dies) and plunder 2 x 15 gold.
    assert ("Corvath", "Dunmere") in t2.wars
    [war] = [e for e in e2 if e["kind"] == "war"]
    assert war["audience"] == ["PUBLIC"]
    [storm] = _battles(e2)
    assert storm["region"] == "Southmarch" and storm["winner"] == "attacker"
    assert storm["attacker"]["power"] == "Dunmere" and storm["defender"]["power"] is None
    assert storm["plunder"] == 30 and t2.holding("Southmarch").owner == "Dunmere"
    # Brenn: 285 + 30 (gift) - 100 (Ulf) + 45; Ulf stands in Brennhold.
    assert _gold(t2, "Brenn") == 285 + 30 - 100 + 45
    ulf = next(g for g in t2.generals if g.name == "Ulf")
    assert (ulf.power, ulf.region, ulf.trained_on) == ("Brenn", "Brennhold", 1 + 1)
    assert t2.holding("Thornfield").owner == "Aldmark"
    assert _men(t2, "Thornfield", "Spearmen") == 100

    # T3. Ulf only travelled; Aldmark walked into the empty Millbrook; Corvath's attack
    # on Southmarch was fought against a fortified army on a prepared battlefield, and
    # was told only to the two sides.
    assert next(g for g in t3.generals if g.name == "Ulf").region == "Harrowby"
    assert t3.holding("Millbrook").owner == "Aldmark"
    [clash] = _battles(e3)
    assert (clash["attacker"]["power"], clash["defender"]["power"]) == ("Corvath", "Dunmere")
    assert clash["prepared"] and clash["defender"]["order"] == "Fortify"
    assert clash["audience"] == ["Corvath", "Dunmere"]
    winner = "Corvath" if clash["winner"] == "attacker" else "Dunmere"
    assert t3.holding("Southmarch").owner in (winner, None)
    if winner == "Dunmere":
        assert t3.holding("Blackwater").owner == "Corvath"

    # Corvath's lone offer of peace stands into T4, told to both sides with the replies.
    assert [(o.by, o.to, o.until) for o in t3.peace_offers] == [("Corvath", "Dunmere", 4)]
    [offer] = [e for e in e3 if e["kind"] == "peace offered"]
    assert offer["audience"] == ["Corvath", "Dunmere"] and "'peace with Corvath'" in offer["text"]

    # T4. Dunmere answers the standing offer: peace; Brenn's formal alliance was not answered.
    assert t4.holding("Dunwall").defence.order == "Skirmish"
    assert ("Corvath", "Dunmere") not in t4.wars and not t4.peace_offers
    [peace] = [e for e in e4 if e["kind"] == "peace"]
    assert peace["audience"] == ["PUBLIC"]
    assert [(a.kind, a.members) for a in t4.alliances] == [("secret", ("Aldmark", "Brenn"))]
    assert any(e["kind"] == "alliance proposed" for e in e4)

    # T5. Corvath's gift counts as tribute for Brenn; the game ends after its fifth turn
    # and the winners have the most victory points.
    assert t5.realm("Brenn").tribute == 30 + 20
    assert t5.over and not t4.over
    best = max(r.vp for r in t5.realms if not r.out)
    assert t5.winners == tuple(r.power for r in t5.realms if r.vp == best and not r.out)
    assert any(e["kind"] == "game over" for e in e5)

    # Every turn each power's scouts report every region bordering its own, in map order:
    # a Sneaky general hidden from them leaves no gap in the list.
    for state in states:
        for power in state.alive():
            board = Board(state)
            assert [s.region for s in state.realm(power).intel] == scouts.neighbours(board, power)

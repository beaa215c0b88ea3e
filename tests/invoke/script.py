"""A scripted game of Invoke by mail: the mails three players send, phase by phase.

Played through the pure interface by test_script.py, and (later) through the real
mail service by the lead's harness, which must reach the same outcome. Each entry
of TURNS maps a power to the full text of the mail they send in that phase; SEEDS
are the adjudication seeds. ``check`` asserts what must have happened.

The story (seats clockwise Alice, Bob, Carol: Bob is Alice's left, Carol her right):

1. Alice strikes Carol with Water of power 3 and Bob with Air; Carol's counter
   (Target Current Invocation & -1) takes one point off the Water. Alice misspells a
   card; Bob, out of turn, tries to cast and is told to use a counter.
2. Bob manifests an Imp holding a Fire face down; his Tome of mixed decks is refused.
   He sets a counter of his own.
3. Carol builds a Fire wall and throws Air at Bob, whose counter takes it down to
   nothing. She names a mage who is not at the table.
4. Alice steals Bob's Imp (with the card it holds) and banks two cards in a Tome; her
   second strike needs a Move Right she has already spent. Carol changes her standing
   draw choice for her next turn, in the book's words (DRAW 3 Manifest, 3 Focus).
5. Bob draws the Chaos card Aether Flood (every mage takes a gem from the Aether); then
   he sends nothing: he casts nothing and discards two cards at random.
6. Carol passes, discarding the two cards she names; the game has reached its last
   turn (2 rounds) and ends: Alice has the most gems and wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.scripted import mails

VARIANT = "starter"
POWERS = ["Alice", "Bob", "Carol"]
OPTIONS = {
    "rounds": 2,
    "draw": {
        "Alice": "3 Thaumaturgy, 3 Manifest, 1 Focus",
        "Bob": "3 Focus, 2 Thaumaturgy, 2 Manifest",
        "Carol": "3 Manifest, 2 Thaumaturgy, 2 Focus",
    },
}
START_SEED = 4

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]
SEEDS = [101, 102, 103, 104, 105, 106]

#: the lines parse_orders must refuse: (phase index, power) -> the lines as written
MISTAKES = {
    (0, "Alice"): ["Move Rihgt & Earth"],
    (0, "Bob"): ["Tome & Fire"],
    (1, "Bob"): ["Tome & Discard & Haste"],
    (2, "Carol"): ["Target Hand of Dave & Discard"],
    (3, "Alice"): ["Move Right & Earth"],
}


def check(states: Sequence[Any], events: Sequence[Sequence[Mapping[str, Any]]]) -> None:
    """What must have happened. ``states[0]`` is the start, ``states[i + 1]`` the state
    after phase i, ``events[i]`` the events of phase i (all as the ruleset returns them)."""

    def gems(state: Any) -> list[int]:
        return [state.mages[name].gems for name in POWERS]

    def said(phase: int) -> str:
        return "\n".join(str(event["text"]) for event in events[phase])

    # 1. Water 3, less Carol's -1, strikes Carol for 2; Air strikes Bob for 1.
    assert gems(states[1]) == [7, 6, 5] and states[1].destroyed == 3
    # the table sees the counter's cards; its condition only Carol (ruling 24)
    assert (
        "Carol's counter fires against Alice's invocation (speed 1 against 0): "
        "Target Current Invocation & -1."
    ) in said(0)
    assert "IF ANY AT ME" not in said(0)
    assert states[1].mages["Carol"].counters == []
    # 2. Bob's Imp holds a Fire, face down; his counter is set.
    (imp,) = states[2].things
    assert (imp.card, imp.owner, [p.card for p in imp.kept]) == ("Imp", "Bob", ["Fire"])
    assert "Bob manifests Bob's Imp M1 holding 1 face-down card." in said(1)
    assert len(states[2].mages["Bob"].counters) == 1
    # 3. Carol's Fire wall of 2 points; Bob's counter takes her Air to nothing.
    (wall,) = states[3].walls
    assert (wall.owner, wall.guards, [c.element for c in wall.charge]) == ("Carol", "gems", ["Fire", "Fire"])
    assert gems(states[3]) == [7, 6, 5] and states[3].mages["Bob"].counters == []
    assert "Carol's Air does no damage to Bob." in said(2)
    assert states[3].mages["Carol"].hand == ["Air"]
    # 4. The Imp, with its Fire, is Alice's now; her Tome banks Earth and Water.
    assert [(t.card, t.owner, [p.card for p in t.kept]) for t in states[4].things] == [
        ("Imp", "Alice", ["Fire"]),
        ("Tome", "Alice", ["Earth", "Water"]),
    ]
    assert states[4].mages["Carol"].draw == [("Manifest", 3), ("Focus", 3)]
    # ... and Bob, drawing for his turn, draws Aether Flood: Bob, Carol, Alice each take one.
    assert "Bob draws the Chaos card Aether Flood" in said(3)
    assert gems(states[4]) == [8, 7, 6] and states[4].aether == 1
    # 5. Bob sent nothing: he casts nothing and discards two.
    assert "Bob casts no invocation." in said(4)
    assert len(states[5].mages["Bob"].hand) == len(states[4].mages["Bob"].hand) - 2
    # 6. Carol passes and discards what she named; the last turn ends the game.
    assert "Carol discards Fire, Air (no invocation this turn: at least two)." in said(5)
    final = states[-1]
    assert final.over and final.winners == ["Alice"]
    assert final.result == (
        "The game is over (the last turn (6) has been played): Alice wins with 8 power gems."
    )

"""A scripted game of Invincible! among four players, by mail, from start to victory.

The same mails are played through the pure ruleset (``test_script.py``) and
through the mail service (``test_by_mail.py``); both must end the same.
``TURNS`` holds one dict per phase: power -> the text of the mail that player
sent in that phase, below its SIGNON line (a power missing sent nothing; every
khan mails in each actions phase, where all must act). ``SEEDS`` are the
adjudication seeds the service drew, one per phase. ``REJECTED`` lists the
lines ``parse_orders`` must refuse. ``check(states, events)`` gets the state
after ``start`` and after every phase (``states[i + 1]`` follows phase
``i``) and each phase's events, and asserts what must have happened.

The story: Temujin (North) wins the roll-off. Turn 1 Kublai (East) accuses
Jamukha (South), who sues for peace; Kublai's standing answer accepts. Temujin
calls a Horde Feast that Kublai declines. Turn 2 Kublai breaks the peace
and conquers Jamukha; a Mongol Enemy rises. Turn 3 Temujin and Ogadai
(West) crush it, Kublai refuses to ride and Ogadai submits to Temujin;
Jamukha asks to serve the Genghis Khan. Turn 4 Temujin buys Jamukha and
conquers Kublai: the Horde is one, and the great opposing army marches.
Turn 5 the khans feast; turn 6 the Horde conquers the army. Invincible!
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.scripted import mails

VARIANT = "standard"
POWERS = ["North", "East", "South", "West"]
OPTIONS: dict[str, Any] = {
    "declarations": True,
    "hand_signals": True,
    "turn_limit": 12,
    "khans": {"North": "Temujin", "East": "Kublai", "South": "Jamukha", "West": "Ogadai"},
}
# The roll-off: North 6, East 4, South 4, West 2. Temujin is the first Genghis Khan.
START_SEED = 4

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]

# Only the actions phases roll dice; these seeds give the story above.
SEEDS: list[int] = [1, 1, 1, 8, 1, 1, 1, 2, 1, 1, 1, 1]

#: (phase, power) -> the lines of that mail parse_orders must refuse
REJECTED: dict[tuple[int, str], list[str]] = {
    (0, "North"): ["Greetings, khans of the Horde."],
    (0, "South"): ["I fear no one."],
    (0, "West"): [],  # its only line becomes SPEAK WITHOUT SIGNALS, an infraction
    (1, "West"): ["Atack Khan Kublai"],
    (2, "West"): ["Cooperate with Temujin"],  # no Mongol Enemy in the field yet
    (3, "North"): ["Attack Khan Kublai"],  # he feasted at the Horde Feast this turn
    (3, "South"): ["Feast"],  # so did Jamukha: a khan feasts once a turn
    (3, "West"): ["May the sky smile on us."],
    (5, "East"): ["Assign 7 Leader to Companion"],
    (9, "South"): ["Feast"],  # Jamukha has no Wine left
}


def _types(phase_events: Sequence[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [e for e in phase_events if e["type"] == kind]


def check(states: Sequence[Any], events: Sequence[Sequence[Mapping[str, Any]]]) -> None:
    """Assert the story above happened; each number is worked out from the rules."""
    assert len(states) == len(TURNS) + 1 and len(events) == len(TURNS)
    assert states[0].genghis == "North"

    # Turn 1 declarations, published the Genghis Khan first, then clockwise. West's
    # mail had no hand signal: a warning, no Honor lost yet.
    declared = [e["khan"] for e in _types(events[0], "declaration")]
    assert declared == ["Temujin", "Kublai", "Jamukha", "Ogadai"]
    assert states[1].khan("West").warned and states[1].khan("West").honor == 5

    # Turn 1 actions. Ogadai: Honor 5 + 2 restored. Jamukha sued for peace when his
    # Companion fell to 3: Kublai's standing answer accepted, to be paid next turn.
    after = states[2]
    assert after.khan("West").honor == 7
    assert after.khan("South").modes.companion == 3 and after.khan("South").ruler is None
    assert {(o.kind, o.by, o.to) for o in after.offers if o.kind != "horde-feast"} == {
        ("assistance", "West", "South"),
    }
    assert [(d.debtor, d.creditor, d.due) for d in after.debts] == [("South", "East", 2)]
    assert sorted(o.to for o in after.offers if o.kind == "horde-feast") == [
        "East",
        "South",
        "West",
    ]

    # Turn 2 declarations: the answers. Jamukha gets 2 Wine (2 -> 4), then pays his
    # peace (Honor 9 -> 8, Wine 4 -> 3) to Kublai (Honor 7 -> 8, Wine 6 -> 7). At the
    # Horde Feast three are present (2 Wine: Temujin 3 -> 1) and Kublai declines: his
    # Honor 8 -> 7 goes to Temujin (8 -> 9).
    after = states[3]
    assert (after.khan("South").honor, after.khan("South").wine) == (8, 3)
    assert (after.khan("East").honor, after.khan("East").wine) == (7, 7)
    assert (after.khan("North").honor, after.khan("North").wine) == (9, 1)
    assert set(after.feasted) == {"North", "South", "West"}
    assert after.offers == () and after.debts == ()

    # Turn 2 actions: Temujin feasted, so his attack was refused when his mail came (see
    # REJECTED) and he made none; Kublai conquered Jamukha, who submitted; a band of
    # brigands rose.
    after = states[4]
    assert [e["attacker"] for e in _types(events[3], "attack")] == ["Kublai"]
    assert after.khan("South").ruler == "East"
    assert [(e.number, e.rating) for e in after.enemies] == [(1, 5)]

    # Turn 3 actions: 56 against 5. Kublai would not ride (Honor 8 -> 7). Ogadai
    # cooperated (+1) and had 3 restored: 10. Ogadai then submitted to Temujin.
    after = states[6]
    assert after.enemies == ()
    assert after.khan("East").honor == 7
    assert after.khan("West").honor == 10 and after.khan("West").ruler == "North"
    assert [(o.kind, o.by) for o in after.offers] == [("transfer", "South")]

    # Turn 4 actions: Jamukha asked, so Kublai could not keep him; Temujin paid 2 Wine
    # and a Leader point, then conquered Kublai. The Horde is one: the army rises.
    after = states[8]
    assert {k.power: k.ruler for k in after.khans} == {
        "North": None,
        "East": "North",
        "South": "North",
        "West": "North",
    }
    assert after.khan("North").modes.leader == 6
    [army] = after.enemies
    assert (army.number, army.rating, army.final) == (2, 80, True)

    # Turn 5: the khans feast, but Jamukha has no Wine left.
    assert [e["host"] for e in _types(events[9], "feast")] == ["Temujin", "Kublai", "Ogadai"]

    # Turn 6. Temujin feasted back to 6/7/9/9 (his Accuser and Informer stay above
    # full), 31; Kublai 5/6/8/8, 27; Jamukha 7/3/6/5, 21; Ogadai 8/6/6/7, 27: 106 > 80.
    [battle] = _types(events[11], "enemy-battle")
    assert battle["total"] == 106
    final = states[-1]
    assert final.step == "over" and final.winners == ("North",)

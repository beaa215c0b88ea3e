"""A scripted game of Invictus, as the players' mails: the same data drives the pure test
(test_script.py) and the test through the real mail service (test_by_mail.py).

Alice leads a Shogun army, Bruno a King army, both chosen by mail. Bruno takes a
mulligan. Alice's boosted Samurai goes for the King on turn 1 and Bruno's
standing reaction cancels it with a Guard; on turn 2 Alice's standing Druid
cancels Bruno's Crossbowman, but his King kills her tilted Samurai and she
conscripts her Shogun and a Samurai from the reserve; on turn 5 she captures a
Sorcerer and then the King itself, exactly 3 against 3: execution.

Every outcome in ``check`` was worked out by hand from the rulebook and
RULINGS.md. Mistakes the players make are in REFUSED, with the reply's gist.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.scripted import mails

VARIANT = "standard"
OPTIONS: dict[str, Any] = {}
POWERS = ["Alice", "Bruno"]
START_SEED = 2026

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]

#: the same game played in French (option language: fr), the players writing the
#: rulebook's own words: its verbs, articles and plurals ("Défausser le Garde", "8 Samurais")
FRENCH_OPTIONS: dict[str, Any] = {"language": "fr"}
FRENCH_TURNS: list[dict[str, str]] = MAILS["french_turns"]
FRENCH_REFUSED = [
    (2, "Alice", "Citoyen Shogun", "un Leader ne peut jamais rejoindre le royaume"),
    (3, "Alice", "Attaquer Samourai b2 sur b3", "vouliez-vous dire Samurai ?"),
    (5, "Alice", "Jouer le Musha en soutien", "ne peut être joué qu'au tour de l'adversaire"),
    (6, "Bruno", "Recruter le Garde sur a3", "écrivez RECRUTER Sorcier VERS a3"),
    (7, "Alice", "Jouer Anubis en Soutien pour ressusciter l'Arbalétrier", "Anubis"),
]
RESULT = {
    "en": "Alice wins by execution: Bruno's Leader, the King, was captured.",
    "fr": "Alice gagne par exécution\u00a0: le Leader de Bruno, le Roi, a été capturé.",  # no-break space
}

SEEDS = [11, 12, 13, 14, 15, 16, 17, 18]

#: (phase index, power, line) of each line the game must refuse, and words of the reply
REFUSED = [
    (2, "Alice", "CITOYEN Shogun", "a Leader can never join the kingdom"),
    (3, "Alice", "ATTACK Samourai b2 ON b3", "did you mean Samurai?"),
    (5, "Alice", "SUPPORT Musha", "only be played in the opponent's turn"),
    (6, "Bruno", "RECRUIT Guard TO a3", "write RECRUIT Sorcerer TO a3"),
]


def _at(state: Any, slot: str) -> str | None:
    camp = state.camps[0 if int(slot[1]) <= 2 else 1]
    unit = camp.field.get(slot)
    return None if unit is None else state.cards[unit.card]


def _names(state: Any, ids: Sequence[str]) -> list[str]:
    return [state.cards[c] for c in ids]


def _texts(events: Sequence[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


def check(states: Sequence[Any], events: Sequence[Sequence[dict[str, Any]]]) -> None:
    """What must have happened. ``states[0]`` is the state ``start`` returned and
    ``states[i + 1]`` the state after TURNS[i]; ``events[i]`` are the events of TURNS[i].
    """
    assert len(states) == len(TURNS) + 1 and len(events) == len(TURNS)
    alice, bruno = (lambda s: s.players[0]), (lambda s: s.players[1])
    # army: both armies as mailed
    after = states[1]
    assert (alice(after).leader, bruno(after).leader) == ("Shogun", "King")
    assert bruno(after).army == "ARMY King: 6 Warrior, 6 Crossbowman, 4 Guard, 4 Sorcerer"
    # hand: Bruno's mulligan, in public
    assert "Bruno shuffles their opening Soldiers back and draws again." in _texts(events[1])
    # deploy: the Leader-citizen line refused, the next one kept
    after = states[3]
    assert (_at(after, "b2"), _at(after, "b3")) == ("Samurai", "King")
    assert _names(after, after.camps[0].reserve) == ["Shogun"]
    assert _names(after, alice(after).kingdom) == ["Samurai"]
    assert _names(after, bruno(after).kingdom) == ["Warrior"]
    # T1: Samurai 1 + 3 against the King's 3 would kill; the Guard cancels it
    after = states[4]
    assert any(t.startswith("Bruno reacts: Guard is played") for t in _texts(events[3]))
    assert _at(after, "b3") == "King" and after.camps[0].field["b2"].tilted
    assert _names(after, after.camps[1].reserve) == ["Sorcerer", "Guard"]
    assert bruno(after).reactions == []
    # T2: the Druid cancels the Crossbowman; the King kills the tilted Samurai (2 > 1);
    # Alice conscripts the two leftmost units of her reserve to b2 and a2
    after = states[5]
    texts = _texts(events[4])
    assert any(t.startswith("Alice reacts: Druid is played") for t in texts)
    assert "Samurai b2 is killed (2 against defense 1)." in texts
    assert (_at(after, "b2"), _at(after, "a2")) == ("Shogun", "Samurai")
    assert _names(after, after.camps[0].reserve) == ["Druid"]
    assert _names(after, after.camps[0].graveyard) == ["Samurai"]
    # T3: the Druid recruited from the reserve; the Musha kept for a reaction
    after = states[6]
    assert _at(after, "c2") == "Druid" and after.camps[0].reserve == []
    assert alice(after).reactions == ["CANCEL ATTACK ON LEADER IF LETHAL WITH Musha"]
    # T4: the Sorcerer recruited to a3, a second Warrior made a citizen
    after = states[7]
    assert _at(after, "a3") == "Sorcerer"
    assert _names(after, bruno(after).kingdom) == ["Warrior", "Warrior"]
    # T5: 1 against the Sorcerer's 1 captures it; 3 against the upright King's 3 captures him
    after = states[8]
    assert _names(after, alice(after).kingdom) == ["Samurai", "Sorcerer"]
    assert after.stage == "over" and after.winners == ["Alice"]
    assert after.result == RESULT[after.language]

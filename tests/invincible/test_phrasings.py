"""Invincible!'s wordings are rows of data (``phrasings.SIGNALS``, read by
``pbem.rulesets.lines``): one more wording is one more row, and the book's wordings and
the hints for each family of hand signals come from the same table (issue 20)."""

from __future__ import annotations

import pytest

from pbem.rulesets.invincible import orders as o
from pbem.rulesets.invincible.data import VARIANTS
from pbem.rulesets.invincible.grammar import read, tokens
from pbem.rulesets.invincible.mail import names
from pbem.rulesets.invincible.phrasings import SIGNALS
from pbem.rulesets.lines import Grammar, Refusal

from .helpers import VASSAL_AND_TOWN

NAMES = names(VASSAL_AND_TOWN)
STANDARD = VARIANTS["standard"]


def _without(kind: str) -> Grammar:
    """The shipped table less the rows of one kind."""
    return Grammar(
        rows=[row for row in SIGNALS.rows if row[1] != kind],
        forms=SIGNALS.forms,
        near_misses=SIGNALS.near_misses,
    )


def test_a_new_wording_is_one_more_row_read_and_checked_by_the_same_reader() -> None:
    line = "Bestow 1 Wine upon Jamukha"
    with pytest.raises(Refusal, match="BESTOW is not a hand signal"):
        read(line, NAMES, STANDARD)
    extended = Grammar(
        rows=[*SIGNALS.rows, ("BESTOW {amount:number} {what:word} UPON {receiver}", "give")],
        forms=SIGNALS.forms,
        near_misses=SIGNALS.near_misses,
    )
    assert read(line, NAMES, STANDARD, extended) == o.Assist("Jamukha", 1, "wine")
    with pytest.raises(Refusal, match="there is no khan called JAMUKHAA") as refused:
        read("bestow 1 wine upon Jamukhaa", NAMES, STANDARD, extended)
    assert refused.value.hint == "did you mean JAMUKHA?"


#: the rulebook's sentences, as a khan would mail them, and the row kind that reads each
BOOK = [
    ("Attack Khan Kublai", "attack khan", "ATTACK KHAN KUBLAI"),
    ("Attack Mongol Enemy 3", "attack enemy", "ATTACK MONGOL ENEMY 3"),
    ("Cooperate with the Genghis Khan", "cooperate", "COOPERATE WITH TEMUJIN"),
    ("Assign 2 points from Companion to Informer", "assign", "ASSIGN 2 COMPANION TO INFORMER"),
    ("Assign 2 Informer to Jamukha", "assign to khan", "ASSIST JAMUKHA 2 INFORMER"),
    ("Assist Khan Jamukha with 1 Wine", "assist", "ASSIST JAMUKHA 1 WINE"),
    ("Give 1 Wine to Jamukha", "give", "ASSIST JAMUKHA 1 WINE"),
    ("Feast", "feast", "FEAST"),
    ("Call a Horde Feast", "horde feast", "HORDE FEAST"),
    ("Spend Honor on Leader", "spend honor", "SPEND HONOR ON LEADER"),
    ("Submit to the Genghis Khan", "submit", "SUBMIT TO TEMUJIN"),
    ("Request Transfer", "request transfer", "REQUEST TRANSFER"),
    ("Buy Ogadai", "buy", "BUY OGADAI"),
    ("Restore 2 Honor to Jamukha", "restore honor", "RESTORE 2 HONOR TO JAMUKHA"),
    ("Defend with 3 Informer", "defend", "DEFEND 3"),
    ("Ambush 4", "ambush", "AMBUSH 4"),
    ("Retreat", "retreat", "RETREAT"),
    ("Withdraw", "withdraw", "WITHDRAW"),
    ("Pursue", "pursue", "PURSUE"),
    ("Sue for Peace", "sue for peace", "SUE FOR PEACE"),
    ("Transfer loss of Leader to Kublai", "transfer loss", "TRANSFER LOSS LEADER TO KUBLAI"),
    ("Accept Assistance", "accept assistance", "ACCEPT ASSISTANCE"),
    ("Refuse Assistance from Kublai", "refuse assistance", "REFUSE ASSISTANCE FROM KUBLAI"),
    ("Accept Peace with Kublai", "accept peace", "ACCEPT PEACE WITH KUBLAI"),
    ("Refuse Peace", "refuse peace", "REFUSE PEACE"),
    ("Attend the Horde Feast", "attend horde feast", "ATTEND HORDE FEAST"),
    ("Decline the Horde Feast", "decline horde feast", "DECLINE HORDE FEAST"),
    ("Sell Ogadai", "sell", "SELL OGADAI"),
    ("Keep Ogadai", "keep", "KEEP OGADAI"),
    ("Honor peace with Kublai", "honor peace", "HONOR PEACE WITH KUBLAI"),
    ("Dishonor peace with Kublai", "dishonor peace", "DISHONOR PEACE WITH KUBLAI"),
    ("Pass", "pass", "PASS"),
    ("Speak without signals", "speak without signals", "SPEAK WITHOUT SIGNALS"),
]


def test_every_kind_of_the_table_has_a_book_wording_here() -> None:
    assert {kind for _, kind, _ in BOOK} == {kind for _, kind in SIGNALS.rows}


@pytest.mark.parametrize(("line", "kind", "canonical"), BOOK)
def test_a_book_wording_is_read_by_a_row_of_its_kind_and_by_nothing_else(
    line: str, kind: str, canonical: str
) -> None:
    assert SIGNALS.read(" ".join(tokens(line)))[0] == kind  # type: ignore[index]
    assert read(line, NAMES, STANDARD).text() == canonical
    without = _without(kind)
    try:
        order = read(line, NAMES, STANDARD, without)
    except Refusal:
        return
    assert order.text() != canonical


@pytest.mark.parametrize("kind", sorted(SIGNALS.forms))
def test_every_form_hints_teach_is_itself_read_by_a_row_of_its_kind(kind: str) -> None:
    assert SIGNALS.read(" ".join(tokens(SIGNALS.forms[kind])))[0] == kind  # type: ignore[index]


@pytest.mark.parametrize("verb", sorted(SIGNALS.verbs()))
def test_a_garbled_signal_is_answered_with_a_form_from_the_table(verb: str) -> None:
    with pytest.raises(Refusal) as refused:
        read(f"{verb} zzz qqq", NAMES, STANDARD)
    answer = f"{refused.value.error} {refused.value.hint}"
    kinds = SIGNALS.verbs()[verb]
    if any(SIGNALS.forms[kind] in answer for kind in kinds):
        return
    # else it teaches what the khan wrote so far, as the table reads it ("write FEAST")
    taught = answer.split("write ")[1].split(" (")[0].split(" None")[0]
    assert SIGNALS.read(taught)[0] in kinds, answer  # type: ignore[index]


def test_a_changed_form_changes_the_hint() -> None:
    forms = {**SIGNALS.forms, "submit": "SUBMIT TO OGADAI"}
    table = Grammar(rows=SIGNALS.rows, forms=forms, near_misses=SIGNALS.near_misses)
    with pytest.raises(Refusal, match="write SUBMIT TO OGADAI"):
        read("submit to", NAMES, STANDARD, table)

"""How far a misspelt word is from a known one, so that a hint is given only where it is
likely right.

A typing slip is one letter wrong, missing or extra, or two letters swapped ("LSIT" for
LIST). A word is taken for a known one when it is at most one slip away (two for words of
eight letters or more), when the known word is long enough for that slip to mean something,
and when no other known word is as close. In a short word most slips make another word, so
a known word of three letters takes only two letters swapped ("LPV" for LVP, never "SET"
for "SENT"); one of four letters, where the word read could be any word of a mail (the first
word of a refused line), takes only swapped letters or one extra ("LISTT", never "LOST").
Where only a known word may stand, one cut short by a letter or two counts too ("low" for
BELOW in a condition).
Rulesets and intake share this rule, so every "did you mean" means the same, and say it
in the same words (``did_you_mean``).

No slip changes a word's length by more than two letters, so a known word whose length is
further off is passed over before any distance is worked out: a word longer than every known
word (a whole line of a mail, say) costs one comparison of lengths per known word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rapidfuzz.distance import OSA

#: the most slips a written word may be from a known one (and so the most letters their
#: lengths may differ by): two, in a word of eight letters or more
MOST_SLIPS = 2


def distance(first: str, second: str, most: int | None = None) -> int:
    """Typing slips between two words: letters changed, added, dropped, or swapped with the
    next (the optimal string alignment distance, by RapidFuzz's bit-parallel C++: a whole line
    read as a word costs microseconds, not the seconds of a table of letters in Python).
    ``most``: past it the count stops, and ``most + 1`` is returned."""
    return int(OSA.distance(first, second, score_cutoff=most))


def is_slip(written: str, known: str, *, free_text: bool = False) -> bool:
    """Whether ``written`` is ``known`` (case aside) or a typing slip of it.

    ``free_text``: the word stands where any word of a mail could, not only a known one.
    """
    written, known = written.lower(), known.lower()
    if abs(len(written) - len(known)) > MOST_SLIPS:
        return False  # no slip of any kind below changes a word's length by more
    if written == known:
        return True
    if not free_text and _cut_short(written, known):
        return True
    slips = distance(written, known, MOST_SLIPS)
    swapped = slips == 1 and sorted(written) == sorted(known)
    if len(known) <= 3:
        return len(known) == 3 and swapped
    if len(known) == 4 and free_text:
        return swapped or (slips == 1 and len(written) == 5)
    return slips <= (1 if len(known) < 8 else MOST_SLIPS)


def _cut_short(written: str, known: str) -> bool:
    """A known word with one or two letters left off its start or end ("low" for BELOW)."""
    return (
        len(written) >= 3
        and 0 < len(known) - len(written) <= 2
        and (known.startswith(written) or known.endswith(written))
    )


def close_words(word: str, known: Iterable[str], *, free_text: bool = False) -> list[str]:
    """The known words ``word`` may be a slip for, the closest first."""
    length = len(word.lower())
    close = [
        candidate
        for candidate in dict.fromkeys(known)
        if abs(len(candidate.lower()) - length) <= MOST_SLIPS  # lengths first: most are far off
        and is_slip(word, candidate, free_text=free_text)
    ]
    scored = sorted(
        (distance(word.lower(), candidate.lower()), index, candidate) for index, candidate in enumerate(close)
    )
    return [candidate for _, _, candidate in scored]


def closest(word: str, known: Iterable[str], *, free_text: bool = False) -> str | None:
    """The one known word ``word`` is likely a slip for, or None: none is close enough, or
    two are equally close."""
    close = close_words(word, known, free_text=free_text)
    slips = [distance(word.lower(), candidate.lower()) for candidate in close[:2]]
    if not close or (len(slips) == 2 and slips[0] == slips[1]):
        return None
    return close[0]


def did_you_mean(names: Sequence[str]) -> str | None:
    """The hint naming the known words a misspelt one may stand for, closest first ("did you
    mean Brest (BRE) or Paris (PAR)?"), or None when there are none."""
    if not names:
        return None
    return "did you mean " + " or ".join(names) + "?"

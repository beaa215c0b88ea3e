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

#: the most slips a written word may be from a known one (and so the most letters their
#: lengths may differ by): two, in a word of eight letters or more
MOST_SLIPS = 2


def distance(first: str, second: str) -> int:
    """Typing slips between two words: letters changed, added, dropped, or swapped with the
    next (the optimal string alignment distance)."""
    previous2: list[int] = []
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        current = [i] + [0] * len(second)
        for j, b in enumerate(second, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


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
    slips = distance(written, known)
    swapped = slips == 1 and sorted(written) == sorted(known)
    if len(known) <= 3:
        return len(known) == 3 and swapped
    if len(known) == 4 and free_text:
        return swapped or (slips == 1 and len(written) == 5)
    return slips <= (1 if len(known) < 8 else MOST_SLIPS)


def _cut_short(written: str, known: str) -> bool:
    """A known word with one or two letters left off its start or end ("low" for BELOW)."""
    return len(written) >= 3 and 0 < len(known) - len(written) <= 2 and (
        known.startswith(written) or known.endswith(written)
    )


def close_words(word: str, known: Iterable[str], *, free_text: bool = False) -> list[str]:
    """The known words ``word`` may be a slip for, the closest first."""
    close = [candidate for candidate in dict.fromkeys(known) if is_slip(word, candidate, free_text=free_text)]
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

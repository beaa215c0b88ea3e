"""Power preferences and the assignment of powers to the players of a full game.

Players of the Judge write ``SET PREFERENCE E[FGR][TAI]``: the initials of the powers, best
first, with a bracket around powers they like equally; powers left out are equally last, and
``*`` (or no preference) is no wish at all. Where initials are not unique (Mandate of Heaven's
Ch'in, Ch'u, Ch'i and Chao) the powers are named: ``SET PREFERENCE Yen, Wei, [Han Chao]``.

Powers are then assigned as the Judge does: the assignment that gives the players the most
preference in total (a power in a player's first group is worth as many points as there are
powers, the next group one less, a power left out nothing), ties drawn by a seeded RNG so that
the draw is recorded and can be replayed. Pure: no mail, no store, no clock.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

from pbem.intake.powers import fold, match_powers

#: a preference: groups of powers, best first; the powers of a group are liked equally
Preference = list[list[str]]

_LETTERS = re.compile(r"^[A-Za-z\[\]()]+$")


class PreferenceError(ValueError):
    """A preference that names no power, names one twice, or cannot be read; says why."""


def read_preference(text: str, powers: Sequence[str]) -> Preference:
    """``text`` as groups of ``powers``; PreferenceError with what to write if it cannot be."""
    text = text.strip()
    if text in {"", "*"}:
        return []
    initials = {fold(power)[:1].upper() for power in powers}
    unique = len(initials) == len(powers)
    letters = [char for char in text.upper() if char.isalpha()]
    if unique and _LETTERS.match(text) and all(char in initials for char in letters):
        groups = _letter_groups(text, powers)
    elif unique and _LETTERS.match(text) and (text.isupper() or len(letters) <= 3):
        try:  # 'EXF': initials with a slip, unless it is one power's name ('ITALY')
            groups = _named_groups(text, powers)
        except PreferenceError:
            groups = _letter_groups(text, powers)  # says which letter begins no power
    else:
        groups = _named_groups(text, powers)
    seen = [power for group in groups for power in group]
    if len(seen) != len(set(seen)):
        raise PreferenceError("a power is named twice")
    return [group for group in groups if group]


def _letter_groups(text: str, powers: Sequence[str]) -> Preference:
    by_initial = {fold(power)[:1].upper(): power for power in powers}
    groups: Preference = []
    open_group: list[str] | None = None
    for char in text.upper():
        if char in "[(":
            if open_group is not None:
                raise PreferenceError("a bracket is opened twice")
            open_group = []
        elif char in "])":
            if open_group is None:
                raise PreferenceError("a bracket is closed that was not opened")
            groups.append(open_group)
            open_group = None
        elif char not in by_initial:
            raise PreferenceError(f"no power begins with {char}; the powers are {', '.join(powers)}")
        elif open_group is not None:
            open_group.append(by_initial[char])
        else:
            groups.append([by_initial[char]])
    if open_group is not None:
        raise PreferenceError("a bracket is not closed")
    return groups


def _named_groups(text: str, powers: Sequence[str]) -> Preference:
    groups: Preference = []
    for part in re.split(r"(\[[^\]]*\])", text):
        if not part.strip(" ,>"):
            continue
        bracketed = part.startswith("[")
        names = part.strip("[]").replace(">", " ").split()
        found, unknown = match_powers(names, list(powers))
        if unknown:
            raise PreferenceError(f"no power called {unknown[0]!r}; the powers are {', '.join(powers)}")
        groups.extend([found] if bracketed else [[power] for power in found])
    return groups


def score(preference: Preference, power: str, count: int) -> int:
    """What ``power`` is worth to a player of ``preference`` among ``count`` powers."""
    for rank, group in enumerate(preference):
        if power in group:
            return count - rank
    return 0


def assign(preferences: Mapping[str, Preference], powers: Sequence[str], seed: int) -> dict[str, str]:
    """Each player (a key of ``preferences``) given one of ``powers``, as many players as powers
    (a game begun with empty seats gives the powers nobody takes to stand-ins who wish for none):
    the assignment of most total preference, ties drawn by ``random.Random(seed)``. Exact (dynamic
    programming over the sets of powers given), fast for the few powers a game has."""
    players = list(preferences)
    if len(players) != len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    rng = random.Random(seed)
    count = len(powers)
    # a tie-break below one point in total: the best total preference always wins
    noise = [[rng.random() / (count + 1) for _ in powers] for _ in players]
    value = [
        [score(preferences[player], power, count) + noise[i][j] for j, power in enumerate(powers)]
        for i, player in enumerate(players)
    ]
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for i in range(count):
        step: dict[int, tuple[float, tuple[int, ...]]] = {}
        for taken, (total, chosen) in best.items():
            for j in range(count):
                if taken & (1 << j):
                    continue
                key = taken | (1 << j)
                candidate = (total + value[i][j], (*chosen, j))
                if key not in step or candidate[0] > step[key][0]:
                    step[key] = candidate
        best = step
    _, chosen = best[(1 << count) - 1]
    return {player: powers[j] for player, j in zip(players, chosen, strict=True)}

"""The readers of a mail's lines cost time in proportion to them (issue 29): "did you mean"
compares a word only to the known words it could be a slip of, and the closing is looked for
in the lines of a mail's end once, not once per line it could end at."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import OSA

import pbem.spelling
from pbem.mail import closings
from pbem.mail.closings import closing_block, closing_kind, name_words
from pbem.ruleset import get_ruleset
from pbem.spelling import MOST_SLIPS, close_words, closest, distance
from tests.stall.timing import LINEAR, growth

DIPLOMACY = get_ruleset("diplomacy")
EUROPE = DIPLOMACY.start(
    "standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}, 1
)
#: every word a Diplomacy order may be written with: provinces, powers, order words
WORDS = sorted(DIPLOMACY.order_words(EUROPE))


class CountedOSA:
    """RapidFuzz's distance, counting how often it is asked."""

    def __init__(self) -> None:
        self.asked = 0

    def distance(self, first: str, second: str, *, score_cutoff: int | None = None) -> int:
        self.asked += 1
        return int(OSA.distance(first, second, score_cutoff=score_cutoff))


def counted(monkeypatch) -> CountedOSA:
    osa = CountedOSA()
    monkeypatch.setattr(pbem.spelling, "OSA", osa)
    return osa


def test_a_line_read_as_one_word_is_compared_to_no_known_word(monkeypatch):
    """The issue's 63 kB line of order words: each known word cost a table of 63,000 x 10."""
    osa = counted(monkeypatch)
    line = " ".join(["army", "fleet", "paris", "burgundy", "support", "hold"] * 10_000)
    assert close_words(line, WORDS) == [] and closest(line, WORDS) is None
    assert osa.asked == 0


def test_a_word_is_compared_only_to_known_words_within_two_letters_of_its_length(monkeypatch):
    osa = counted(monkeypatch)
    assert close_words("Burgundyy", WORDS)[0] == "burgundy"
    near = [word for word in WORDS if abs(len(word) - len("burgundyy")) <= MOST_SLIPS]
    assert 0 < osa.asked <= 2 * len(near) < len(WORDS)  # is_slip's count, and the ranking's


def _alignment(first: str, second: str) -> int:
    """The optimal string alignment distance as a table of letters (what pbem counted before)."""
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


@settings(max_examples=300)
@given(st.text("abcdé ", max_size=9), st.text("abcdé ", max_size=9))
def test_the_distance_is_the_optimal_string_alignment_and_stops_past_the_most_asked(first, second):
    slips = _alignment(first, second)
    assert distance(first, second) == slips
    assert distance(first, second, MOST_SLIPS) == min(slips, MOST_SLIPS + 1)


def _last_closing(lines: list[str]) -> None:
    closings._kind.cache_clear()  # a line's kind is kept: work it out afresh
    closings._signature_line.cache_clear()
    closing_block(lines, name_words("Clyde Barrow", "clyde@example.test"), WORDS)


def test_four_times_the_lines_cost_about_four_times_as_much_to_find_the_closing_in():
    """Order lines, refused lines and prose, none a closing: every line is tried as its end."""
    lines = ["A Par - Bur", "a", "Shall we talk about it, my friend?", "F Bre - Mao", ""]
    assert growth(lambda n: _last_closing(lines * n), 300) < LINEAR


def test_four_times_a_lines_words_cost_about_four_times_as_much_to_read_as_a_closing():
    """ "Thanks Bob Bob Bob ...": a closing phrase and a name with no comma, cut at every word."""

    def kind(n: int) -> None:
        closings._kind.cache_clear()
        closing_kind("Thanks " + "Bob " * n, name_words("Bob"), order_words=WORDS)

    assert growth(kind, 2_000) < LINEAR


def test_the_closing_found_is_the_same_however_many_lines_are_above_it():
    closing = ["Thanks,", "Clyde", "CEO @ Acme | +44 20 7946 0958"]
    lines = ["A Par - Bur", "a", "Shall we talk about it, my friend?"] * 300 + closing
    names = name_words("Clyde Barrow", "clyde@example.test")
    assert closing_block(lines, names, WORDS) == (900, 902)

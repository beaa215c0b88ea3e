"""The reader of a ruleset's kinds of event (tests/every_kind.py) finds every kind, however it is
passed to the call that records it, and refuses a kind it cannot read rather than miss it."""

from __future__ import annotations

import pytest

from tests.every_kind import Sweep, literal_kinds

RECORDED = """
def resolve(table, order, effect):
    table.say("attack", f"{order} attacks")
    table.tell(order.power, "secret", "only you know")
    kind = "won" if order.strong else "lost"
    table.say(kind, "the battle ends")
    if effect in ("resurrect", "enlist"):
        table.say(effect, "a card comes back")
    elif effect == "banish":
        pass
    _answer(table, "peace refused", "no")
    seen.event(kind)  # one argument: another call of the same name, not a record


def _answer(table, kind, text):
    table.say(kind, text)
"""


def test_kinds_written_as_literals_assigned_compared_or_passed_by_callers_are_all_found(tmp_path):
    (tmp_path / "turn.py").write_text(RECORDED)
    kinds = literal_kinds(tmp_path, {"say": 0, "tell": 1, "event": 0})
    assert kinds == {"attack", "secret", "won", "lost", "resurrect", "enlist", "peace refused"}


def test_a_kind_that_cannot_be_read_is_refused_with_its_line(tmp_path):
    (tmp_path / "turn.py").write_text("def resolve(table, events):\n    table.say(events[0], 'text')\n")
    with pytest.raises(AssertionError, match=r"turn.py:2: write the kind as a literal, not events\[0\]"):
        literal_kinds(tmp_path, {"say": 0})


def test_the_sweep_reports_few_phases_that_bring_every_kind_seen():
    reported = []
    sweep = Sweep(lambda name: reported.append(name))
    sweep.phase({"move"}, {"moved"}, "first")
    sweep.phase({"move", "hold"}, {"moved", "held"}, "second")
    sweep.phase({"hold"}, set(), "third")  # brings nothing new: not even kept
    sweep.report_all()
    assert reported == ["second"] and sweep.orders == {"move", "hold"} and sweep.events == {"moved", "held"}

"""An order's canonical line: its form with its fields written in.

Every ruleset stores an order as its canonical text and reads that text back to an equal
order, so each order kind says once how it is written. Most are a fixed form with fields
set in ("{general}: travel to {to}"), some with a part that is left out when its field is
empty (" via {via}") or a field that is a list ("Sneaky, Healer"), a few with words that
depend on a field ("ACCEPT PEACE" or "REFUSE PEACE"). ``Written`` is that one
mechanism: a ``form``, a ``writers`` table for the fields written specially, and ``write``
for every other field, which is how a game writes its values (The Generals as they are,
Invincible! in capitals; a record inside an order, such as the unit an Invictus attack names,
by its own line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pbem.frozen import Frozen

Writer = Callable[[Any], str]


class Written(Frozen):
    """An order whose canonical line is its ``form`` with its fields written in: a fixed
    form stands in the class line (``class Rest(_Action, form="{general}: rest")``)."""

    def __init_subclass__(cls, form: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if form is not None:
            # the base's ``form`` is a property (some kinds compute it): a fixed one replaces it
            setattr(cls, "form", form)  # noqa: B010

    @property
    def form(self) -> str:
        """The line with its fields as ``{name}``: a class sets it, or computes it where the
        words depend on a field (an answer's words on whether it accepts)."""
        return ""

    #: field name -> how that field is written, where not by ``write``
    writers: ClassVar[Mapping[str, Writer]] = {}

    def text(self) -> str:
        return self.form.format_map(
            {name: self.writers.get(name, self.write)(value) for name, value in vars(self).items()}
        )

    @staticmethod
    def write(value: Any) -> str:
        return write(value)


def write(value: Any) -> str:
    """A value as a line writes it: a record that is written itself (a unit an attack names)
    by its own line, anything else as ``str`` writes it."""
    return value.text() if isinstance(value, Written) else str(value)


def optional(part: str, write: Writer = write) -> Writer:
    """A writer for a field that may be empty: ``part`` with the value written in, or nothing
    (``optional(" via {}")`` writes " via Thornfield", or "" for None); a value that writes
    as nothing is empty too (a condition that always holds)."""

    def written(value: Any) -> str:
        text = write(value) if value else ""
        return part.format(text) if text else ""

    return written

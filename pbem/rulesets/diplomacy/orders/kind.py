"""How an order kind is declared: ``@order_kind("-")`` over ``class Move(UnitOrder, NamesDest)``
says the kind's word and, by its bases, the places it names; the rest (slots, hashing, the
province of each place, the quick maker ``made``) follows from that, the same for every kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

from ..core import Order, UnitOrder


class Place:
    """A place a kind names beyond its unit's, as a base of the kind. Each subclass declares the
    place's province field, ``<place>_province``, once for every kind that names it, so type
    checkers see it typed; ``order_kind`` makes the field (a slot) on each kind with that base."""

    __slots__ = ()


class NamesDest(Place):
    __slots__ = ()
    dest_province: str


class NamesSupported(Place):
    __slots__ = ()
    supported_province: str


class NamesArmy(Place):
    __slots__ = ()
    army_province: str


K = TypeVar("K", bound=Order)
U = TypeVar("U", bound=UnitOrder)


@dataclass_transform(field_specifiers=(field,))
def order_kind(word: str) -> Callable[[type[K]], type[K]]:
    """Declare an order kind, written with ``word`` (after the unit for a unit's order: "H",
    "-", "S", ...): a dataclass with slots (the resolver reads its fields constantly), compared
    and hashed by its fields, not frozen (see ``quick``). A unit's order also gets a province
    field for each place its ``Place`` bases name, in their order, and its quick maker ``made``.

    A decorator, not a class keyword as ``pbem.frozen.Frozen`` takes: slots need the class made
    anew, which a keyword could only get from a metaclass, and a metaclass makes every
    ``isinstance`` of an order go through ``type.__instancecheck__`` (about 2.5x dearer)."""

    def declare(kind: type[K]) -> type[K]:
        kind.WORD = word
        if not issubclass(kind, UnitOrder):
            return dataclass(slots=True, unsafe_hash=True)(kind)
        derived = [name for base in kind.__mro__ if Place in base.__bases__ for name in base.__annotations__]
        kind.PLACES = ("location", *(name.removesuffix("_province") for name in derived))
        kind._DERIVED = tuple(zip(kind.PLACES[1:], derived, strict=True))
        if derived:
            kind._PLACES_OF = staticmethod(attrgetter(*kind.PLACES))
        kind.__annotations__ = {**kind.__dict__.get("__annotations__", {}), **dict.fromkeys(derived, "str")}
        for name in derived:  # as UnitOrder declares ``province``
            setattr(kind, name, field(init=False, repr=False, compare=False))
        return quick(dataclass(slots=True, unsafe_hash=True)(kind))

    return declare


def quick(kind: type[U]) -> type[U]:
    """Give a dataclass order kind ``made``: its ``__init__`` arguments to the order, each field
    stored at once, without ``__post_init__`` (a fresh process reads thousands of lines cold).
    Written out per kind, as dataclasses writes ``__init__``; ``made(*args)`` is ``kind(*args)``
    field for field (tests/diplomacy/test_properties.py).

    Orders are values (compared and hashed by their fields) but not frozen dataclasses: a frozen
    class can only be filled through ``object.__setattr__`` or a slot's ``__set__`` per field,
    which made building an order ~2.5x dearer (pbem adjudicate --jsonl reads a line cold in
    ~20k instructions, ~4k of them that). Nothing assigns to an order once made."""
    names = [f.name for f in fields(kind) if f.init]
    places = {"province": "location", **{derived: name for name, derived in kind._DERIVED}}
    sets = [f"    order.{name} = {name}" for name in names]
    sets += [
        f"    order.{derived} = {name} if '/' not in {name} else {name}.partition('/')[0]"
        for derived, name in places.items()
    ]
    defaults = {f.name: f.default for f in fields(kind) if f.init and f.default is not MISSING}
    arguments = [f"{name}=_d_{name}" if name in defaults else name for name in names]
    source = (
        f"def made({', '.join(arguments)}):\n    order = _new(_kind)\n"
        + "\n".join(sets)
        + "\n    return order\n"
    )
    scope: dict[str, Any] = {"_new": object.__new__, "_kind": kind}
    scope.update({f"_d_{name}": value for name, value in defaults.items()})
    exec(source, scope)  # noqa: S102 - our own source, from the kind's fields
    kind.made = staticmethod(scope["made"])
    return kind

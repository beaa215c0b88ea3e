"""What declaring an order kind with ``order_kind`` gives it: the places it names from its bases,
a province for each, slots, and equality by what the player wrote (orders/kind.py)."""

from __future__ import annotations

import dataclasses

import pytest

from pbem.rulesets.diplomacy import orders
from pbem.rulesets.diplomacy.core import PhaseKind, Season, UnitType

A, F = UnitType.ARMY, UnitType.FLEET

#: an order of each kind, naming a coast where it can, with the kind's word and the places it names
KINDS = [
    (orders.Hold(F, "STP/SC"), "H", ("location",)),
    (orders.Build(F, "STP/NC"), "B", ("location",)),
    (orders.Disband(F, "SPA/SC"), "D", ("location",)),
    (orders.Move(F, "MAO", "SPA/NC"), "-", ("location", "dest")),
    (orders.Retreat(F, "MAO", "SPA/SC"), "R", ("location", "dest")),
    (orders.SupportHold(F, "GOL", F, "SPA/SC"), "S", ("location", "supported")),
    (orders.SupportMove(F, "POR", F, "MAO", "SPA/NC"), "S", ("location", "supported", "dest")),
    (orders.Convoy(F, "NTH", "LON", "NWY"), "C", ("location", "army", "dest")),
]


@pytest.mark.parametrize(("order", "word", "places"), KINDS)
def test_an_order_kind_has_a_province_for_each_place_it_names(order, word, places) -> None:
    kind = type(order)
    assert word == kind.WORD
    assert places == kind.PLACES
    provinces = ["province"] + [f"{place}_province" for place in places[1:]]
    derived = [f for f in dataclasses.fields(kind) if not f.init]
    assert [f.name for f in derived] == provinces
    assert not any(f.repr or f.compare for f in derived)  # a province is the place's, said again
    assert [getattr(order, name) for name in provinces] == [
        getattr(order, place).partition("/")[0] for place in places
    ]
    assert order.locations() == tuple(getattr(order, place) for place in places)


@pytest.mark.parametrize(("order", "word", "places"), KINDS)
def test_orders_are_slotted_values_equal_by_what_the_player_wrote(order, word, places) -> None:
    kind = type(order)
    assert not hasattr(order, "__dict__")
    written = [getattr(order, f.name) for f in dataclasses.fields(kind) if f.init]
    again = kind(*written)
    assert again == order and hash(again) == hash(order) and again is not order
    assert kind.made(*written) == order


def test_waive_and_cancel_are_orders_with_their_word_first() -> None:
    waive, cancel = orders.Waive(), orders.Cancel(orders.Build(A, "PAR"))
    assert (waive.WORD, cancel.WORD) == ("WAIVE", "CANCEL")
    assert cancel == orders.Cancel(orders.Build(A, "PAR")) != orders.Cancel(orders.Build(A, "MAR"))
    assert hash(cancel) == hash(orders.Cancel(orders.Build(A, "PAR")))
    assert not hasattr(waive, "__dict__") and not hasattr(cancel, "__dict__")


def test_seasons_and_phase_kinds_are_written_by_name() -> None:
    assert [season.word for season in Season] == ["Spring", "Fall", "Winter"]
    assert [kind.word for kind in PhaseKind] == ["movement", "retreats", "adjustments"]

"""A template reads ``value.name`` as Jinja2 does: a dict's key, unless the name is one of a
dict's own attributes. pbem.reports reads the key first (Jinja2 tries the attribute and catches
its AttributeError, thousands of times a report); these hold what a template finds the same."""

from __future__ import annotations

from typing import Any

import jinja2
import pytest

from pbem.reports import Templates


def rendered(tmp_path, source: str, **context: Any) -> str:
    (tmp_path / "t.txt.j2").write_text(source)
    return Templates(tmp_path).text("t.txt.j2", **context)


def test_a_dotted_name_is_the_dicts_key(tmp_path):
    view = {"units": 3, "power": {"name": "France"}}
    assert rendered(tmp_path, "{{ view.units }} {{ view.power.name }}", view=view) == "3 France"


def test_a_dicts_own_methods_stay_its_methods(tmp_path):
    view = {"items": "a key", "get": "another"}
    source = "{{ view.items()|list|length }} {{ view.get('items') }} {{ view['get'] }}"
    assert rendered(tmp_path, source, view=view) == "2 a key another"


def test_a_missing_key_is_still_an_error(tmp_path):
    with pytest.raises(jinja2.UndefinedError, match="missing"):
        rendered(tmp_path, "{{ view.missing }}", view={"units": 3})


def test_objects_and_other_mappings_as_before(tmp_path):
    class Seat:
        power = "Italy"

    class Counted(dict[str, int]):
        @property
        def total(self) -> int:
            return sum(self.values())

    source = "{{ seat.power }} {{ counts.total }} {{ counts.armies }}"
    assert rendered(tmp_path, source, seat=Seat(), counts=Counted(armies=2, fleets=1)) == "Italy 3 2"

"""Problems found in a config file, each placed at its key and line, as the referee reads them.

A config is checked whole: every problem is listed at once, each as ``file: key: what (line N)``,
so a referee fixes them in one go rather than one per run.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path

import pydantic
import yaml

from pbem import settings

#: libyaml's parser where PyYAML was built with it: a config of hundreds of games is read
#: ten times faster than by the pure-Python one, with the same values and marks
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


Location = tuple[str | int, ...]


def key_text(loc: Location) -> str:
    """``("games", 0, "players", 1, "address")`` as ``games[0].players[1].address``."""
    text = ""
    for step in loc:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or "(top level)"


@lru_cache(maxsize=2)
def _lines(text: str) -> dict[Location, int]:
    """The line of every key and list entry of a YAML text, by its location: worked out only
    when a problem is to be placed (a config of many games takes a while to compose)."""
    found: dict[Location, int] = {}

    def walk(node: yaml.Node, loc: Location) -> None:
        found.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = (*loc, str(key.value))
                found[here] = key.start_mark.line + 1
                walk(value, here)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, (*loc, index))

    try:
        root = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError:
        return found
    if root is not None:
        walk(root, ())
    return found


class Problems:
    """Problems found in one config file, each with its key and line."""

    def __init__(self, path: Path, text: str):
        self.path = path
        self.text = text
        self.found: list[str] = []

    def add(self, loc: Location, message: str) -> None:
        lines = _lines(self.text)
        line = next((lines[loc[:n]] for n in range(len(loc), -1, -1) if loc[:n] in lines), None)
        where = f" (line {line})" if line else ""
        self.found.append(f"{self.path}: {key_text(loc)}: {message}{where}")

    def from_pydantic(
        self, error: pydantic.ValidationError, model: type[settings.Keys], at: Location
    ) -> None:
        for item in error.errors():
            loc = tuple(step for step in item["loc"] if not (isinstance(step, str) and "[" in step))
            message = str(item["msg"]).removeprefix("Value error, ")
            if item["type"] == "extra_forbidden":
                known = settings.model_at(model, loc[:-1])
                keys = sorted(settings.known_keys(known)) if known else []
                near = difflib.get_close_matches(str(loc[-1]).lower(), keys, n=1, cutoff=0.7) if loc else []
                message = "unknown setting" + (f" (did you mean {near[0]}?)" if near else "")
                message += f"; known: {', '.join(keys)}" if keys else ""
            elif item["type"] == "missing":
                message = "is required"
            elif message.startswith("Input should be"):
                message = "should be" + message.removeprefix("Input should be")
            self.add((*at, *loc), message)

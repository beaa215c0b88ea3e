"""A message id with its arguments (``Message``) and a name the game's data gives in each
language (``Term``): what rulesets say, as values that are their English text and keep a JSON form
to be rendered again in another language (``pbem.i18n.translation``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Message(str):
    """An English message id with its arguments; its value is the English text."""

    msgid: str
    plural: str
    args: dict[str, Any]

    def __new__(cls, msgid: str, plural: str = "", **args: Any) -> Message:
        template = plural if plural and args.get("n") != 1 else msgid
        text = template.format(**{k: str(v) for k, v in args.items()}) if args else template
        self = super().__new__(cls, text)
        self.msgid, self.plural, self.args = msgid, plural, args
        return self

    def data(self) -> dict[str, Any]:
        """The JSON form: {"id", "args"} (and "plural"), arguments nested the same way."""
        out: dict[str, Any] = {"id": self.msgid, "args": {k: _data(v) for k, v in self.args.items()}}
        if self.plural:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Message:
        args = {k: from_data(v) for k, v in (data.get("args") or {}).items()}
        return cls(str(data["id"]), str(data.get("plural", "")), **args)

    def __reduce__(self) -> Any:  # copy.deepcopy and pickle keep the id and arguments
        return (_rebuild, (self.msgid, self.plural, self.args))


class Term(str):
    """A name the game's data already gives in each language (a card: "Guard", fr "Garde");
    its value is the English name."""

    names: dict[str, str]

    def __new__(cls, english: str, **names: str) -> Term:
        self = super().__new__(cls, english)
        self.names = names
        return self

    def data(self) -> dict[str, Any]:
        return {"term": str(self), **self.names}

    def __reduce__(self) -> Any:
        return (_term, (str(self), self.names))


def _term(english: str, names: dict[str, str]) -> Term:
    return Term(english, **names)


def _rebuild(msgid: str, plural: str, args: dict[str, Any]) -> Message:
    return Message(msgid, plural, **args)


def _data(value: Any) -> Any:
    if isinstance(value, Message | Term):
        return value.data()
    if isinstance(value, list | tuple):
        return [_data(v) for v in value]
    return value


def from_data(value: Any) -> Any:
    """A Message or Term back from its JSON form; anything else as it is."""
    if isinstance(value, Mapping) and "id" in value:
        return Message.from_data(value)
    if isinstance(value, Mapping) and "term" in value:
        return Term(**{k: str(v) for k, v in value.items() if k != "term"}, english=str(value["term"]))
    if isinstance(value, list):
        return [from_data(v) for v in value]
    return value


def _(msgid: str, **args: Any) -> Message:
    """A message: ``_("{power} passes.", power="North")``. The name is gettext's, so Babel
    finds the ids in the code."""
    return Message(msgid, **args)


def N_(singular: str, plural: str, n: int, **args: Any) -> Message:
    """A message with a plural: ``N_("{n} card", "{n} cards", n=3)``."""
    return Message(singular, plural, n=n, **args)


def join(items: Any, separator: str = ", ") -> Message:
    """Items (Messages or text) joined: a Message, so each item is translated (and the
    separator, when it is a Message: " and " is " et " in French)."""
    parts = list(items)
    fields: dict[str, Any] = {f"i{k}": part for k, part in enumerate(parts)}
    names = ["{" + name + "}" for name in fields]
    if isinstance(separator, Message):
        return Message("{sep}".join(names), sep=separator, **fields)
    return Message(separator.join(names), **fields)

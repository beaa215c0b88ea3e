"""The card sheets: what a card is, and reading and checking ``cards.yaml``.

Cards are data so that a referee with the printed cards can correct them
without touching code; this module turns the YAML into frozen ``Card`` values
and refuses, naming the file and the entry, anything the engine could not play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from pbem.frozen import Frozen
from pbem.i18n import N_, Message, Term, _
from pbem.i18n.french import GENDER, GENDERS, H_SOUNDS, NUMBER, H, plural
from pbem.rulesets.invictus.words import fold, singular

COLOURS = ("blue", "green", "red", "yellow", "purple")
#: the colours as reports name them
COLOUR_NAMES = {
    "blue": _("blue"),
    "green": _("green"),
    "red": _("red"),
    "yellow": _("yellow"),
    "purple": _("purple"),
    "": _("no colour"),
}
#: version name -> its name in every language, filled when the card sheets are read
CARD_SET_VERSIONS: dict[str, Term] = {}
TIMINGS = ("own", "opponent", "both")

#: effect kind -> its parameters (name -> type); see the head of cards.yaml
EFFECTS: dict[str, dict[str, type]] = {
    "boost_attack": {"amount": int, "soldiers_only": bool},
    "damage": {"amount": int, "soldiers_only": bool},
    "cancel_attack": {},
    "cancel_support": {},
    "resurrect": {},
    "ready": {},
    "shift": {},
    "enlist": {},
    "banish": {},
}

#: the effects a player can set as standing reactions (the others need their own turn)
REACTION_EFFECTS = ("cancel_attack", "cancel_support")

CARDS_FILE = Path(__file__).with_name("cards.yaml")
GENDERS_FILE = Path(__file__).with_name("genders.yaml")


class CardSheetError(ValueError):
    """cards.yaml says something the engine cannot play; the message names the entry."""


class Support(Frozen):
    """What a card does when played as a Support, and in whose turn it may be."""

    effect: str
    timing: str
    amount: int = 0
    soldiers_only: bool = False

    def playable(self, own_turn: bool) -> bool:
        return self.timing == "both" or self.timing == ("own" if own_turn else "opponent")

    def effect_text(self) -> Message:
        """What the Support does, without when."""
        if self.effect == "boost_attack":
            if self.soldiers_only:
                return _("+{amount} attack to your next Soldier attack this turn", amount=self.amount)
            return _("+{amount} attack to your next attack this turn", amount=self.amount)
        if self.effect == "damage":
            if self.soldiers_only:
                return N_(
                    "{n} damage to an enemy Soldier (damage never captures)",
                    "{n} damage to an enemy Soldier (damage never captures)",
                    n=self.amount,
                )
            return N_(
                "{n} damage to an enemy unit (damage never captures)",
                "{n} damage to an enemy unit (damage never captures)",
                n=self.amount,
            )
        return {
            "cancel_attack": _("cancel an attack on one of your units"),
            "cancel_support": _("cancel the effect of a Support just played"),
            "resurrect": _("bring a Soldier from your graveyard onto your battlefield"),
            "ready": _("stand one of your tilted units upright"),
            "shift": _("move one of your units to an empty slot of your battlefield"),
            "enlist": _("bring a citizen of your kingdom onto your battlefield"),
            "banish": _("send a citizen of an opponent's kingdom to their graveyard"),
        }[self.effect]

    def describe(self) -> Message:
        when = {
            "own": _("your turn"),
            "opponent": _("opponent's turn"),
            "both": _("either turn"),
        }[self.timing]
        return _("{effect} ({when})", effect=self.effect_text(), when=when)


class Card(Frozen):
    """One card type of a version: a Leader or a Soldier."""

    name: str
    french: str
    version: str
    leader: bool
    colour: str | None
    attack: int | str
    upright: int
    tilted: int
    reach: frozenset[tuple[int, int]]
    grid: tuple[str, ...]
    support: Support
    source: str
    rulebook: str = ""
    gender: str = "m"  # of the French name: m, f, name or "name f" (genders.yaml)
    h: str = ""  # a French name's first h: aspirated or mute (genders.yaml's h:)

    def defense(self, tilted: bool) -> int:
        return self.tilted if tilted else self.upright

    @property
    def kind(self) -> Message:
        return _("Leader") if self.leader else _("{colour} Soldier", colour=COLOUR_NAMES[self.colour or ""])

    @property
    def term(self) -> Term:
        return Term(self.name, fr=self.french, **self._grammar)

    def counted(self, count: int) -> Term:
        """The name after a number: "4 Samurai" in English, "4 Samurais" in French."""
        if count < 2:
            return self.term
        return Term(self.name, fr=plural(self.french, self.gender), **self._grammar, **{NUMBER: "plural"})

    @property
    def _grammar(self) -> dict[str, str]:
        """What French articles and agreement need of the name (pbem.i18n.french)."""
        return {GENDER: self.gender, **({H: self.h} if self.h else {})}

    @property
    def effect_from_rulebook(self) -> bool:
        """Whether the rulebook says what this card does as a Support (its ``rulebook:``
        note quotes it); otherwise the effect is the project's reconstruction."""
        return "as a Support" in self.rulebook

    def describe(self) -> Message:
        """One line a player can check against the printed card."""
        return _(
            "{card}, {kind} ({version} version): attack {attack}, defense {upright} upright / "
            "{tilted} tilted, range {range}; Support: {support}",
            card=Term(
                self.name + (f" ({self.french})" if fold(self.french) != fold(self.name) else ""),
                fr=self.french,
            ),
            kind=self.kind,
            version=CARD_SET_VERSIONS.get(self.version, Term(self.version)),
            attack=self.attack,
            upright=self.upright,
            tilted=self.tilted,
            range="/".join(self.grid),
            support=self.support.describe(),
        )


class Version(Frozen):
    """One of the six boxes: a Leader and its five Soldiers."""

    key: str
    name: str
    french: str
    leader: Card
    soldiers: tuple[Card, ...]


class CardSet(Frozen):
    """Every card of every version, looked up by name in English or French."""

    versions: Mapping[str, Version]
    cards: Mapping[str, Card]
    names: Mapping[str, str]

    def card(self, name: str) -> Card:
        return self.cards[name]

    def term(self, name: str) -> Term:
        """A card's name in English and French, for what reports print."""
        return self.cards[name].term

    def find(self, word: str) -> str | None:
        """The English name of the card ``word`` names, in either language, singular or
        plural as the rulebook writes them ("8 Samurais", "des Arbalétriers")."""
        folded = fold(word)
        found = self.names.get(folded)
        if found is None and singular(folded):
            found = self.names.get(singular(folded) or "")
        return found

    def version_named(self, word: str) -> Version | None:
        folded = fold(word)
        for version in self.versions.values():
            if folded in (version.key, fold(version.name), fold(version.french)):
                return version
        return None


def load_cards(path: Path = CARDS_FILE, text: str | None = None) -> CardSet:
    """Read and check a card sheet file; CardSheetError names the file and entry."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8") if text is None else text)
    where = path.name
    if not isinstance(raw, dict) or not isinstance(raw.get("versions"), dict):
        raise CardSheetError(f"{where}: expected a mapping with 'versions:' at the top")
    versions: dict[str, Version] = {}
    cards: dict[str, Card] = {}
    names: dict[str, str] = {}
    for key, entry in raw["versions"].items():
        at = f"{where}: versions.{key}"
        if not isinstance(entry, dict):
            raise CardSheetError(f"{at}: expected a mapping with name, french, leader, soldiers")
        name = _text(entry, "name", at)
        leader = _card(entry.get("leader"), name, True, f"{at}.leader")
        soldiers_raw = entry.get("soldiers")
        if not isinstance(soldiers_raw, list) or not soldiers_raw:
            raise CardSheetError(f"{at}.soldiers: expected a list of Soldier cards")
        soldiers = tuple(_card(s, name, False, f"{at}.soldiers[{i}]") for i, s in enumerate(soldiers_raw))
        for index, card in enumerate((leader, *soldiers)):
            label = "leader" if index == 0 else f"soldiers[{index - 1}]"
            for word in {fold(card.name), fold(card.french)}:
                if word in names and names[word] != card.name:
                    raise CardSheetError(
                        f"{at}.{label} ({card.name}): the name {word!r} is already "
                        f"used by {names[word]}; card names must be unique"
                    )
                names[word] = card.name
            if card.name in cards:
                raise CardSheetError(f"{at}.{label}: {card.name} is defined twice")
            cards[card.name] = card
        versions[fold(key)] = Version(fold(key), name, _text(entry, "french", at), leader, soldiers)
        CARD_SET_VERSIONS[name] = Term(name, fr=versions[fold(key)].french)
    if text is None:
        genders = load_genders(GENDERS_FILE, set(cards))
        hs = load_h(GENDERS_FILE, {name: card.french for name, card in cards.items()})
        cards = {
            name: replace(card, gender=genders[name], h=hs.get(name, "")) for name, card in cards.items()
        }
        versions = {
            key: replace(v, leader=cards[v.leader.name], soldiers=tuple(cards[c.name] for c in v.soldiers))
            for key, v in versions.items()
        }
    return CardSet(versions, cards, names)


def load_genders(path: Path, cards: set[str]) -> dict[str, str]:
    """Card name -> the gender of its French name; CardSheetError for a card left out or a
    gender that is not one of GENDERS."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    genders = raw.get("genders") if isinstance(raw, dict) else None
    if not isinstance(genders, dict):
        raise CardSheetError(f"{path.name}: expected a mapping with 'genders:' at the top")
    for name, value in genders.items():
        if name not in cards:
            raise CardSheetError(f"{path.name}: genders.{name}: no such card in the card sheets")
        if value not in GENDERS:
            raise CardSheetError(f"{path.name}: genders.{name}: {value!r} is not one of {', '.join(GENDERS)}")
    left_out = sorted(cards - set(genders))
    if left_out:
        raise CardSheetError(f"{path.name}: no gender for {', '.join(left_out)}")
    return dict(genders)


def load_h(path: Path, french: Mapping[str, str]) -> dict[str, str]:
    """Card name -> how the h its French name begins with is sounded (``h:`` beside the
    genders): aspirated ("le Hussard", no elision) or mute ("l'Hoplite"). Every card whose
    French name begins with an h must say which, as a dictionary marks it; CardSheetError
    otherwise."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    marked = (raw.get("h") if isinstance(raw, dict) else None) or {}
    if not isinstance(marked, dict):
        raise CardSheetError(f"{path.name}: h: expected a mapping of card names to aspirated or mute")
    for name, value in marked.items():
        if name not in french:
            raise CardSheetError(f"{path.name}: h.{name}: no such card in the card sheets")
        if french[name][:1] not in ("h", "H"):
            raise CardSheetError(
                f"{path.name}: h.{name}: its French name {french[name]!r} does not begin with h"
            )
        if value not in H_SOUNDS:
            raise CardSheetError(f"{path.name}: h.{name}: {value!r} is not one of {', '.join(H_SOUNDS)}")
    left_out = sorted(name for name, word in french.items() if word[:1] in ("h", "H") and name not in marked)
    if left_out:
        raise CardSheetError(
            f"{path.name}: say under h: whether the h of {', '.join(left_out)} is aspirated "
            "(le, du, de: no elision) or mute (l', de l', d')"
        )
    return dict(marked)


def _text(entry: Mapping[str, Any], field: str, at: str) -> str:
    value = entry.get(field)
    if not isinstance(value, str) or not value.strip():
        raise CardSheetError(f"{at}: '{field}' must be a non-empty text")
    if any(c in value for c in "<>&\"'"):
        raise CardSheetError(f"{at}: '{field}' {value!r} must not contain < > & \" or '")
    return value.strip()


def _card(entry: Any, version: str, leader: bool, at: str) -> Card:
    if not isinstance(entry, dict):
        raise CardSheetError(f"{at}: expected a card mapping")
    name = _text(entry, "name", at)
    at = f"{at} ({name})"
    colour = entry.get("colour")
    if leader:
        if colour is not None:
            raise CardSheetError(f"{at}: a Leader has no colour")
    elif colour not in COLOURS:
        raise CardSheetError(f"{at}: colour must be one of {', '.join(COLOURS)}, not {colour!r}")
    attack = entry.get("attack")
    if isinstance(attack, str) and attack.upper() in ("X", "N", "C"):
        attack = attack.upper()
    elif not (isinstance(attack, int) and not isinstance(attack, bool) and attack >= 0):
        raise CardSheetError(f"{at}: attack must be a whole number >= 0 or X, N or C")
    defense = entry.get("defense")
    if not isinstance(defense, dict) or set(defense) != {"upright", "tilted"}:
        raise CardSheetError(f"{at}: defense must be {{upright: n, tilted: n}}")
    for side in ("upright", "tilted"):
        value = defense[side]
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
            raise CardSheetError(f"{at}: defense.{side} must be a whole number >= 1")
    grid, reach = _range(entry.get("range"), at)
    source = entry.get("source")
    if source not in ("rulebook", "designed"):
        raise CardSheetError(f"{at}: source must be 'rulebook' or 'designed'")
    return Card(
        name=name,
        french=_text(entry, "french", at),
        version=version,
        leader=leader,
        colour=colour,
        attack=attack,
        upright=defense["upright"],
        tilted=defense["tilted"],
        reach=reach,
        grid=grid,
        support=_support(entry.get("support"), at),
        source=source,
        rulebook=str(entry.get("rulebook", "")),
    )


def _range(value: Any, at: str) -> tuple[tuple[str, ...], frozenset[tuple[int, int]]]:
    """The grid as written and the (rows ahead, columns right) offsets it marks."""
    if not isinstance(value, str):
        raise CardSheetError(f"{at}: range must be a grid of '.', '#' and one 'o'")
    rows = tuple(line.strip() for line in value.strip().splitlines())
    widths = {len(row) for row in rows}
    if len(widths) != 1 or widths.pop() not in (1, 3, 5):
        raise CardSheetError(f"{at}: range rows must all be 1, 3 or 5 characters wide")
    if any(set(row) - set(".#o") for row in rows):
        raise CardSheetError(f"{at}: range may only use '.', '#' and 'o'")
    spots = [(i, j) for i, row in enumerate(rows) for j, c in enumerate(row) if c == "o"]
    if len(spots) != 1:
        raise CardSheetError(f"{at}: range must mark the unit with exactly one 'o'")
    oi, oj = spots[0]
    reach = frozenset((oi - i, j - oj) for i, row in enumerate(rows) for j, c in enumerate(row) if c == "#")
    if any(ahead < 1 for ahead, _ in reach):
        raise CardSheetError(f"{at}: range targets ('#') must lie in rows above the unit ('o')")
    if not reach:
        raise CardSheetError(f"{at}: range must mark at least one target ('#')")
    return rows, reach


def _support(value: Any, at: str) -> Support:
    if not isinstance(value, dict):
        raise CardSheetError(f"{at}: support must be a mapping with effect and timing")
    effect = value.get("effect")
    if effect not in EFFECTS:
        raise CardSheetError(f"{at}: support effect must be one of {', '.join(EFFECTS)}, not {effect!r}")
    timing = value.get("timing")
    if timing not in TIMINGS:
        raise CardSheetError(f"{at}: support timing must be one of {', '.join(TIMINGS)}")
    if effect not in REACTION_EFFECTS and timing != "own":
        raise CardSheetError(
            f"{at}: a {effect} Support can only be played in its owner's turn (timing: own); "
            f"only {' and '.join(REACTION_EFFECTS)} can be reactions"
        )
    if effect == "cancel_attack" and timing != "opponent":
        raise CardSheetError(
            f"{at}: cancel_attack protects your units in the opponent's turn (timing: opponent)"
        )
    params = EFFECTS[effect]
    extra = set(value) - set(params) - {"effect", "timing"}
    if extra:
        raise CardSheetError(f"{at}: support {effect} takes no {', '.join(sorted(extra))}")
    amount = value.get("amount", 0)
    if "amount" in params and not (isinstance(amount, int) and amount >= 1):
        raise CardSheetError(f"{at}: support {effect} needs amount: a whole number >= 1")
    soldiers_only = value.get("soldiers_only", False)
    if not isinstance(soldiers_only, bool):
        raise CardSheetError(f"{at}: support soldiers_only must be true or false")
    return Support(effect, timing, amount, soldiers_only)


CARD_SET = load_cards()

"""The notation of orders: one line of a mail <-> one order value <-> canonical text.

This module knows only words, not the table: it reads "Annuler la première
attaque sur mon Leader avec Garde" into ``Cancel(...)`` and writes it back as
``CANCEL ATTACK ON LEADER WITH Guard``. Whether an order can be carried out is
decided against a table by the modules of each action (``recruit``, ``attack``,
``support``...), which also fill in what the player left out (a slot, a name).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from pbem.i18n import Message, _, join
from pbem.rulesets.invictus.cards import CARD_SET, EFFECTS
from pbem.rulesets.invictus.lexicon import VOCABULARY, Word, classify
from pbem.rulesets.invictus.notation import ORDER_WORDS, notation
from pbem.rulesets.invictus.words import KEYWORDS, suggest, tokens
from pbem.rulesets.written import Written, optional


class Refusal(Exception):
    """An order that cannot be read or carried out: what is wrong and how to fix it."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class Ref(Written):
    """A unit on the battlefield as an order names it: a card name, a slot or both."""

    card: str | None = None
    slot: str | None = None

    def text(self) -> str:
        # whichever of the two it names, not a form: with one left out there is no space to keep
        return " ".join(part for part in (self.card, self.slot) if part)


class Condition(Written):
    """What a standing reaction matches: LEADER, SOLDIER, a card name or a slot."""

    kind: str
    value: str = ""
    writers = {"kind": str.upper}

    @property
    def form(self) -> str:
        return "{value}" if self.kind in ("card", "slot") else "{kind}"


class Order(Written):
    """Any order; its canonical line is its ``form`` with its fields written in (a unit or a
    condition by its own line), and ``key`` groups the orders a later mail replaces (see OrderLine)."""

    key: ClassVar[str] = "turn"


class Pass(Order, form="PASS"): ...


class Recruit(Order, form="RECRUIT{card} TO {slot}"):
    slot: str
    card: str | None = None
    writers = {"card": optional(" {}")}


class Attack(Order, form="ATTACK {attacker} ON {target}"):
    attacker: Ref
    target: Ref


class PlaySupport(Order, form="SUPPORT {card}{object}{on}{to}"):
    card: str
    on: Ref | None = None
    object: str | None = None
    to: str | None = None
    writers = {"object": optional(": {}"), "on": optional(" ON {}"), "to": optional(" TO {}")}


class Citizen(Order, form="CITIZEN {card}"):
    card: str


def _counted(soldiers: tuple[tuple[str, int], ...]) -> str:
    """An army's Soldiers as its line lists them: "4 Samurai, 4 Musha"."""
    return ", ".join(f"{count} {name}" for name, count in soldiers)


class Army(Order, form="ARMY {leader}{soldiers}"):
    key: ClassVar[str] = "army"
    leader: str
    soldiers: tuple[tuple[str, int], ...] = ()
    writers = {"soldiers": optional(": {}", _counted)}


class Keep(Order, form="KEEP"):
    key: ClassVar[str] = "hand"


class Mulligan(Order, form="MULLIGAN"):
    key: ClassVar[str] = "hand"


class Front(Order, form="FRONT {card}{slot}"):
    key: ClassVar[str] = "deploy"
    card: str
    slot: str | None = None
    writers = {"slot": optional(" TO {}")}


class Reserve(Order, form="RESERVE {card}"):
    key: ClassVar[str] = "deploy"
    card: str


def _effect(support: str) -> str:
    """A Support named by its effect is written as a keyword (CANCEL-ATTACK), by a card as the card."""
    return support.upper().replace("_", "-") if support in EFFECTS else support


class Cancel(Order, form="CANCEL {every}{what}{support}{on}{by}{lethal}{card}"):
    """A standing reaction: play a cancelling Support when an attack or Support matches."""

    key: ClassVar[str] = "reactions"
    what: str
    every: bool = False
    on: Condition | None = None
    by: Condition | None = None
    lethal: bool = False
    support: str | None = None
    card: str | None = None
    writers = {
        "every": optional("EVERY "),
        "what": str.upper,
        "support": optional(" {}", _effect),
        "on": optional(" ON {}"),
        "by": optional(" BY {}"),
        "lethal": optional(" IF LETHAL"),
        "card": optional(" WITH {}"),
    }


class NoReactions(Order, form="NO REACTIONS"):
    key: ClassVar[str] = "reactions"


class Conscript(Order, form="CONSCRIPT {choices}"):
    """Which citizens to conscript first, by card name or colour (empty: the default)."""

    key: ClassVar[str] = "conscript"
    choices: tuple[str, ...] = ()
    writers = {"choices": lambda choices: ", ".join(choices) if choices else "ANY"}


TURN_STEPS = (Pass, Recruit, Attack, PlaySupport, Citizen)
STANDING = (Cancel, NoReactions, Conscript)

HOW = {
    "PASS": "PASS",
    "RECRUIT": "RECRUIT Guard TO b2",
    "ATTACK": "ATTACK Samurai b2 ON Musha b3",
    "SUPPORT": "SUPPORT Crossbowman ON Musha b3",
    "CITIZEN": "CITIZEN Guard",
    "ARMY": "ARMY Shogun: 4 Samurai, 4 Ashigaru, 4 Musha, 4 Druid, 4 Anubis",
    "KEEP": "KEEP",
    "MULLIGAN": "MULLIGAN",
    "FRONT": "FRONT Guard TO b2",
    "RESERVE": "RESERVE Guard",
    "CANCEL": "CANCEL ATTACK ON LEADER WITH Guard",
    "CONSCRIPT": "CONSCRIPT Guard, red",
}


def _unknown(word: Word) -> Refusal:
    near = suggest(word.raw, VOCABULARY)
    hint = None
    if near:
        card = CARD_SET.find(near)
        hint = _("did you mean {word}?", word=CARD_SET.term(card) if card else notation(near.upper()))
    return Refusal(_("I do not know the word {word!r}", word=word.raw), hint)


A_CARD = _("a card name")


class _Reader:
    """A cursor over the classified words of one line."""

    def __init__(self, words: list[Word], example: str) -> None:
        self.words = words
        self.at = 0
        self.example = example

    def peek(self) -> Word | None:
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self) -> Word:
        word = self.words[self.at]
        self.at += 1
        return word

    def next_is(self, kind: str, value: str | None = None) -> bool:
        word = self.peek()
        return word is not None and word.kind == kind and (value is None or word.value == value)

    def skip(self, *keywords: str) -> bool:
        if any(self.next_is("kw", k) for k in keywords):
            self.at += 1
            return True
        return False

    def fail(self, wanted: Message) -> Refusal:
        word = self.peek()
        if word is not None and word.kind == "unknown":
            return _unknown(word)
        found = repr(word.raw) if word else _("the end of the line")
        return Refusal(
            _("expected {wanted}, found {found}", wanted=wanted, found=found),
            _("write it like: {example}", example=notation(self.example)),
        )

    def card(self, wanted: Message = A_CARD) -> str:
        if not self.next_is("card"):
            raise self.fail(wanted)
        return self.take().value

    def slot(self) -> str:
        if not self.next_is("slot"):
            raise self.fail(_("a slot such as b2"))
        return self.take().value

    def ref(self) -> Ref:
        """A unit: a card name and/or a slot, in either order."""
        card = slot = None
        if self.next_is("card"):
            card = self.take().value
            if self.next_is("kw", "TO") and self.words[self.at].raw == "en" and self._then_slot():
                # "le Musha en b3" is where the Musha stands; "Musha TO a2" is where it goes
                self.at += 1
            if self.next_is("slot"):
                slot = self.take().value
        elif self.next_is("slot"):
            slot = self.take().value
            after = self.words[self.at + 1] if self.at + 1 < len(self.words) else None
            # "b2 Samurai" is one unit, but in "b2 Musha b3" the Musha goes with b3
            if self.next_is("card") and (after is None or after.kind != "slot"):
                card = self.take().value
        else:
            raise self.fail(_("a unit (a card name, a slot such as b3, or both)"))
        return Ref(card, slot)

    def _then_slot(self) -> bool:
        after = self.words[self.at + 1] if self.at + 1 < len(self.words) else None
        return after is not None and after.kind == "slot"

    def end(self) -> None:
        if self.peek() is not None:
            word = self.peek()
            assert word is not None
            if word.kind == "unknown":
                raise _unknown(word)
            raise Refusal(
                _("I did not expect {word!r} here", word=word.raw),
                _("write it like: {example}", example=notation(self.example)),
            )


def parse(line: str) -> Order:
    """The order one line says; Refusal with what is wrong and an example if none."""
    words = [classify(w) for w in tokens(line)]
    if not words:
        raise Refusal(_("this line has no order in it"), _("see HELP for the orders"))
    verb = next((i for i, w in enumerate(words) if w.kind == "kw"), 0)
    if words[0].kind in ("card", "slot") and words[verb].value == "ATTACK":
        # "Samurai b2 attacks Musha b3"
        words = [words[verb], *words[:verb], classify("on"), *words[verb + 1 :]]
    if words[0].kind == "kw" and words[0].value == "PLACE":
        words = _placed(words[1:])
    if [w.raw for w in words[:1]] == ["garde"] and words[1:] and words[1].value == "HAND":
        words = [classify("garder"), *words[1:]]  # "Je garde ma main": the verb, not the Guard
    first = words[0]
    if first.kind == "kw" and first.value == "REACT" and len(words) > 1:
        words, first = words[1:], words[1]
    if first.kind != "kw" or first.value not in _PARSERS:
        if first.kind == "unknown":
            near = suggest(first.raw, [k for k, v in KEYWORDS.items() if v in _PARSERS])
            hint = _("did you mean {word}?", word=notation(KEYWORDS[near])) if near else None
        else:
            hint = None
        raise Refusal(
            _(
                "an order starts with one of {verbs}, not {word!r}",
                verbs=join(ORDER_WORDS[verb] for verb in sorted(HOW)),
                word=first.raw,
            ),
            hint or _("see HELP for the orders"),
        )
    reader = _Reader(words[1:], HOW.get(first.value, "NO REACTIONS"))
    order = _PARSERS[first.value](reader)
    reader.end()
    return order


#: where a unit is placed, and the order that places it there
_PLACES = ("CITIZEN", "RESERVE", "FRONT")


def _placed(words: list[Word]) -> list[Word]:
    """ "Placer le Garde dans le royaume" is CITIZEN, "... dans la réserve" RESERVE, "... sur
    la ligne de front" or "... sur b2" FRONT (in a turn ``rehearsal`` makes that a RECRUIT and
    refuses a RESERVE)."""
    at = next((i for i, w in enumerate(words) if w.kind == "kw" and w.value in _PLACES), None)
    if at is None:
        return [classify("front"), *words] if words else [classify("placer")]
    place = words[at]
    before = words[:at]
    if before and before[-1].kind == "kw" and before[-1].value in ("TO", "ON"):
        before = before[:-1]
    return [place, *before, *words[at + 1 :]]


def read_orders(lines: Iterable[str], kinds: tuple[type[Order], ...] = (Order,)) -> list[Order]:
    """The orders of ``kinds`` that ``lines`` say, the lines that are none left out (the
    rehearsal answered them when the mail came)."""
    found = []
    for line in lines:
        try:
            order = parse(line)
        except Refusal:
            continue
        if isinstance(order, kinds):
            found.append(order)
    return found


def _pass(r: _Reader) -> Order:
    return Pass()


def _recruit(r: _Reader) -> Order:
    r.skip("BY")
    r.skip("HAND", "RESERVE")
    card = r.take().value if r.next_is("card") else None
    r.skip("BY")
    r.skip("HAND", "RESERVE")
    r.skip("TO", "ON")  # "Recruter sur b2"
    return Recruit(r.slot(), card)


def _attack(r: _Reader) -> Order:
    first = r.ref()
    if r.skip("WITH"):
        return Attack(r.ref(), first)
    r.skip("ON")
    return Attack(first, r.ref())


def _support(r: _Reader) -> Order:
    card = r.card(_("the card to play as a Support"))
    effect = CARD_SET.card(card).support.effect
    on: Ref | None = None
    obj: str | None = None
    to: str | None = None
    while r.peek() is not None:
        if r.next_is("kw", "SUPPORT") or _as_support(r):
            r.skip("TO")  # "Jouer le Roi en soutien", "play Samurai as support"
            r.skip("SUPPORT")
        elif r.skip("ON"):
            on = r.ref()
            if effect in ("resurrect", "enlist") and on.card is None and to is None:
                to = on.slot  # "Anubis en soutien : Arbalétrier sur a2"
                on = None
        elif r.skip("TO"):
            to = r.slot()
        elif r.next_is("effect", effect):
            r.take()  # "pour ressusciter l'Arbalétrier": the card's own effect, said again
        elif r.next_is("card") and obj is None and effect in ("resurrect", "enlist", "banish"):
            obj = r.take().value
        elif r.next_is("slot") or r.next_is("card"):
            ref = r.ref()
            if effect in ("resurrect", "enlist") and ref.card is None and to is None:
                to = ref.slot
            elif on is None:
                on = ref
            elif ref.card is None and to is None:
                to = ref.slot
            else:
                raise r.fail(_("ON <unit> or TO <slot>"))
        else:
            raise r.fail(_("what the Support acts on: ON <unit>, TO <slot> or a card name"))
    return PlaySupport(card, on, obj, to)


def _as_support(r: _Reader) -> bool:
    """Whether the next words are "en soutien" (TO SUPPORT)."""
    after = r.words[r.at + 1] if r.at + 1 < len(r.words) else None
    return r.next_is("kw", "TO") and after is not None and after.kind == "kw" and after.value == "SUPPORT"


def _citizen(r: _Reader) -> Order:
    return Citizen(r.card(_("the Soldier to make a citizen")))


def _army(r: _Reader) -> Order:
    word = r.peek()
    version = CARD_SET.version_named(word.value) if word and word.kind == "card" else None
    if word is None or version is None and not (word.kind == "card" and CARD_SET.card(word.value).leader):
        raise r.fail(_("your Leader (King, Shogun, Pharaoh, Odin, Tlatoani or Emperor)"))
    leader = CARD_SET.card(r.take().value).name
    soldiers: dict[str, int] = {}
    while r.peek() is not None:
        if r.next_is("number"):
            count = int(r.take().value)
            name = r.card(_("a Soldier's name after its number"))
        else:
            name = r.card(_("a number and a Soldier, such as 4 Samurai"))
            count = int(r.take().value) if r.next_is("number") else 0
            if not count:
                raise r.fail(_("how many, such as 4 Samurai"))
        soldiers[name] = soldiers.get(name, 0) + count
    return Army(leader, tuple(soldiers.items()))


def _keep(r: _Reader) -> Order:
    r.skip("HAND")  # "garder ma main"
    return Keep()


def _mulligan(r: _Reader) -> Order:
    return Mulligan()


def _front(r: _Reader) -> Order:
    card = r.card(_("the unit to put on your front line"))
    r.skip("TO", "ON")
    return Front(card, r.take().value if r.next_is("slot") else None)


def _reserve(r: _Reader) -> Order:
    return Reserve(r.card(_("the unit to put in your reserve")))


def _no(r: _Reader) -> Order:
    if not r.skip("REACTIONS", "REACT"):
        raise r.fail(_("REACTIONS (NO REACTIONS clears your standing reactions)"))
    return NoReactions()


def _reactions(r: _Reader) -> Order:
    if not r.skip("NO"):
        raise r.fail(_("NONE (REACTIONS NONE clears your standing reactions)"))
    return NoReactions()


def _condition(r: _Reader) -> Condition:
    if r.skip("LEADER"):
        return Condition("leader")
    if r.skip("SOLDIER"):
        return Condition("soldier")
    if r.next_is("card"):
        return Condition("card", r.take().value)
    if r.next_is("slot"):
        return Condition("slot", r.take().value)
    raise r.fail(_("LEADER, SOLDIER, a card name or a slot"))


def _cancel(r: _Reader) -> Order:
    if r.skip("NO"):
        return NoReactions()
    every = r.skip("EVERY")
    if r.skip("ATTACK"):
        what = "attack"
    elif r.skip("SUPPORT"):
        what = "support"
    else:
        raise r.fail(_("ATTACK or SUPPORT after CANCEL"))
    every = r.skip("EVERY") or every
    support = on = by = card = None
    lethal = False
    while r.peek() is not None:
        if what == "support" and support is None and (r.next_is("effect") or r.next_is("card")):
            support = r.take().value
        elif r.skip("ON"):
            on = _condition(r)
        elif what == "attack" and r.skip("BY"):
            by = _condition(r)
        elif what == "attack" and by is None and on is None and (r.next_is("card") or r.next_is("slot")):
            by = _condition(r)  # the rulebook, page 5: "annuler l'attaque du Samurai", the attack it makes
        elif what == "attack" and (r.skip("IF") or r.next_is("kw", "LETHAL")):
            if not r.skip("LETHAL"):
                raise r.fail(_("LETHAL after IF"))
            lethal = True
        elif r.skip("WITH"):
            card = None if r.skip("EVERY") else r.card(_("the card to cancel with"))
        elif what == "support" and r.skip("EVERY"):
            support = None
        else:
            raise r.fail(
                _("ON, BY, IF LETHAL or WITH") if what == "attack" else _("what to cancel, ON or WITH")
            )
    return Cancel(what, every, on, by, lethal, support, card)


def _conscript(r: _Reader) -> Order:
    if r.skip("EVERY") or r.skip("NO"):
        r.end()
        return Conscript()
    choices: list[str] = []
    while r.peek() is not None:
        if r.next_is("colour"):
            choices.append(r.take().value)
        else:
            choices.append(r.card(_("a card name or a colour")))
    if not choices:
        raise r.fail(_("the citizens to conscript first, such as Guard, red"))
    return Conscript(tuple(choices))


_PARSERS = {
    "PASS": _pass,
    "RECRUIT": _recruit,
    "ATTACK": _attack,
    "SUPPORT": _support,
    "CITIZEN": _citizen,
    "ARMY": _army,
    "KEEP": _keep,
    "MULLIGAN": _mulligan,
    "FRONT": _front,
    "RESERVE": _reserve,
    "CANCEL": _cancel,
    "NO": _no,
    "REACTIONS": _reactions,
    "CONSCRIPT": _conscript,
}

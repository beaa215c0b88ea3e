"""The table while one phase resolves: a working copy of the game, its events, and the turn.

Resolution works on a copy of the state it was given (the ruleset stays pure)
and records what happens as events, each public unless ``to`` names the only
powers who may see it. What lasts only for a turn (pending attack boosts, the
turn's action, whether the turn's citizen was made) lives here, not in the
state. ``rehearsal`` is set when ``parse_orders`` tries a player's turn ahead
of time: no standing reactions fire and no private preference is used, so the
replies to a player can only depend on what that player may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pbem.i18n import Message, _, join
from pbem.rulesets.invictus import board
from pbem.rulesets.invictus.cards import CARD_SET, Card
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Ref, Refusal
from pbem.rulesets.invictus.state import Game, Player, Unit

#: the refusal of a second action in one turn, by the action already chosen
ALREADY = {
    "pass": _("you already chose to pass this turn; a turn has one action: PASS, RECRUIT or ATTACK"),
    "recruit": _("you already chose to recruit this turn; a turn has one action: PASS, RECRUIT or ATTACK"),
    "attack": _("you already chose to attack this turn; a turn has one action: PASS, RECRUIT or ATTACK"),
}


@dataclass
class Table:
    game: Game
    rehearsal: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    #: attack boosts waiting for the next attack: (amount, Soldiers only)
    boosts: list[tuple[int, bool]] = field(default_factory=list)
    #: the turn's one action once chosen: "pass", "recruit" or "attack"
    action: str | None = None
    citizen_made: bool = False

    @property
    def over(self) -> bool:
        return self.game.stage == "over"

    def say(self, kind: str, text: Message, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record an event; ``to`` limits who may see it (None: everyone). The text is a
        message (pbem.i18n), kept as its English text and its id with arguments."""
        event: dict[str, Any] = {"type": kind, "text": str(text), "msg": text.data(), **data}
        if to is not None:
            event["to"] = list(to)
        self.events.append(event)

    def failed(self, power: str, order: str, refusal: Refusal) -> None:
        """An order that could not be carried out: told to its player alone (RULINGS 8)."""
        self.say(
            "failed",
            _(
                "{power}'s order {order} could not be carried out: {why}.",
                power=power,
                order=notation(order),
                why=refusal.message,
            ),
            to=[power],
            order=order,
        )

    def unit(self, slot: str) -> Unit | None:
        return self.game.camps[board.camp_of(slot)].field.get(slot)

    def card_at(self, slot: str) -> Card | None:
        unit = self.unit(slot)
        return None if unit is None else self.game.card(unit.card)

    def label(self, slot: str) -> Message:
        """How reports name the unit on a slot: "Samurai b2"."""
        unit = self.unit(slot)
        if unit is None:
            return _("empty {slot}", slot=slot)
        return _("{card} {slot}", card=self.game.term(unit.card), slot=slot)

    def put(self, slot: str, card_id: str) -> None:
        self.game.camps[board.camp_of(slot)].field[slot] = Unit(card_id)

    def take(self, slot: str) -> Unit:
        """Lift a unit off the battlefield; the unit behind steps forward at once.

        Rulebook, "Important": whenever a front-line unit is captured, killed or
        moved, the unit behind it steps onto the front line, even in the
        opponent's turn.
        """
        field_ = self.game.camps[board.camp_of(slot)].field
        unit = field_.pop(slot)
        back = board.behind(slot)
        if back is not None and back in field_:
            field_[slot] = field_.pop(back)
            self.say(
                "step-forward",
                _(
                    "{card} steps forward from {source} to {slot}.",
                    card=self.game.term(field_[slot].card),
                    source=back,
                    slot=slot,
                ),
                card=self.game.name(field_[slot].card),
                source=back,
                slot=slot,
            )
        return unit

    def hand_card(self, player: Player, name: str) -> str | None:
        """The id of the first card called ``name`` in the player's hand."""
        return next((c for c in player.hand if self.game.name(c) == name), None)

    def locate(self, ref: Ref, camps: Sequence[int], whose: Message) -> str:
        """The slot of the unit ``ref`` names on the given camps' battlefields, or Refusal.
        ``whose`` is "your battlefield" or "the enemy battlefield"."""
        game = self.game
        units = _("the units on {whose}: {units}", whose=whose, units=self.listing(camps))
        if ref.slot:
            if board.camp_of(ref.slot) not in camps:
                raise Refusal(_("{slot} is not on {whose}", slot=ref.slot, whose=whose))
            unit = self.unit(ref.slot)
            if unit is None:
                raise Refusal(_("{slot} is empty", slot=ref.slot), units)
            if ref.card and game.name(unit.card) != ref.card:
                raise Refusal(
                    _(
                        "{slot} holds {card}, not {named}",
                        slot=ref.slot,
                        card=game.term(unit.card),
                        named=CARD_SET.term(ref.card),
                    ),
                    units,
                )
            return ref.slot
        slots = [
            slot
            for camp in camps
            for slot, unit in sorted(game.camps[camp].field.items())
            if game.name(unit.card) == ref.card
        ]
        card = CARD_SET.term(ref.card or "")
        if not slots:
            raise Refusal(_("there is no {card} on {whose}", card=card, whose=whose), units)
        if len(slots) > 1:
            raise Refusal(
                _(
                    "there are {count} units called {card} on {whose} ({slots})",
                    count=len(slots),
                    card=card,
                    whose=whose,
                    slots=", ".join(slots),
                ),
                _("say which, e.g. {card} {slot}", card=card, slot=slots[0]),
            )
        return slots[0]

    def listing(self, camps: Sequence[int]) -> Message:
        units = [
            self.label(slot)
            for camp in camps
            for slot in board.SLOTS[camp]
            if slot in self.game.camps[camp].field
        ]
        return join(units) if units else _("none")

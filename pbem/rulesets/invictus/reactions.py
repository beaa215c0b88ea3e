"""Standing reactions: Supports a player plays in someone else's turn, set in advance by mail.

At the table the opponent may answer an attack or a Support at once (rulebook,
"Soutiens" and "Exemple de phase d'action"). By mail the answer is written
beforehand as CANCEL lines; this module opens the window at the exact moment
the rules allow (an attack declared, a Support placed before its effect),
finds the first standing reaction that matches, plays its card and lets the
other side answer that Support in turn. How conditions match is RULINGS.md.
"""

from __future__ import annotations

from pbem.frozen import Frozen
from pbem.i18n import Message, _
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Cancel, Condition, parse
from pbem.rulesets.invictus.state import Player
from pbem.rulesets.invictus.table import Table

NEEDED = {"attack": "cancel_attack", "support": "cancel_support"}


class Trigger(Frozen):
    """Something a reaction may cancel: an attack, or a Support about to take effect."""

    kind: str  # "attack" or "support"
    text: Message
    target: str | None = None  # the slot of the unit attacked, or the Support acts on
    attacker: str | None = None  # the slot of the attacking unit
    lethal: bool = False
    card: str | None = None  # the Support's card name
    effect: str | None = None  # the Support's effect kind


def fits(table: Table, condition: Condition | None, slot: str | None) -> bool:
    """Whether the unit on ``slot`` is what ``condition`` names (no condition: anything)."""
    if condition is None:
        return True
    card = table.card_at(slot) if slot else None
    if card is None or slot is None:
        return False
    return {
        "leader": card.leader,
        "soldier": not card.leader,
        "card": card.name == condition.value,
        "slot": slot == condition.value,
    }[condition.kind]


def matches(table: Table, reaction: Cancel, trigger: Trigger) -> bool:
    if reaction.what != trigger.kind:
        return False
    if reaction.support and reaction.support not in (trigger.card, trigger.effect):
        return False
    if reaction.lethal and not trigger.lethal:
        return False
    if reaction.by and not fits(table, reaction.by, trigger.attacker):
        return False
    return fits(table, reaction.on, trigger.target) if reaction.on else True


def _card_for(table: Table, player: Player, reaction: Cancel, own_turn: bool) -> str | None:
    for card_id in player.hand:
        card = table.game.card(card_id)
        if reaction.card and card.name != reaction.card:
            continue
        if card.support.effect == NEEDED[reaction.what] and card.support.playable(own_turn):
            return card_id
    return None


def window(table: Table, trigger: Trigger, reactor: Player, other: Player) -> bool:
    """Let ``reactor`` answer ``trigger``; True if it is cancelled.

    Reactions are tried in the order the player wrote them; each fires at most
    once unless written with EVERY. A reaction that is itself cancelled by the
    other side leaves the trigger standing, and the next matching reaction may
    try again.
    """
    game = table.game
    if table.rehearsal or table.over:
        return False
    own_turn = reactor is game.current
    camp = game.camp_of(reactor)
    for text in list(reactor.reactions):
        reaction = parse(text)
        assert isinstance(reaction, Cancel), text
        if not matches(table, reaction, trigger):
            continue
        card_id = _card_for(table, reactor, reaction, own_turn)
        if card_id is None or len(camp.reserve) >= camp.reserve_limit:
            continue
        reactor.hand.remove(card_id)
        camp.reserve.append(card_id)
        if not reaction.every:
            reactor.reactions.remove(text)
        name = game.name(card_id)
        # At the table the opponent sees only the card played: the standing reaction's
        # words are told to its owner alone (RULINGS.md, ruling 41).
        table.say(
            "reaction",
            _(
                "{power} reacts: {card} is played as a Support to cancel {what}.",
                power=reactor.power,
                card=game.term(card_id),
                what=trigger.text,
            ),
            power=reactor.power,
            card=name,
            cancels=trigger.kind,
        )
        table.say(
            "reaction fired",
            _("Your standing reaction {order} fired and stands.", order=notation(text))
            if reaction.every
            else _("Your standing reaction {order} fired and is used up.", order=notation(text)),
            to=[reactor.power],
            reaction=text,
        )
        answer = Trigger(
            "support",
            _("the {card} of {power}", card=game.term(card_id), power=reactor.power),
            card=name,
            effect=CARD_SET.card(name).support.effect,
        )
        if window(table, answer, other, reactor):
            table.say(
                "cancelled",
                _(
                    "The {card} of {power} is cancelled: {what} still stands.",
                    card=game.term(card_id),
                    power=reactor.power,
                    what=trigger.text,
                ),
                card=name,
            )
            continue
        return True
    return False

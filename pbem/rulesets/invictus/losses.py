"""Units taken off the battlefield by force: killed, captured, or a Leader's fall.

Rulebook, "Attaquer": a killed unit goes to its owner's graveyard, a captured
Soldier to the capturer's kingdom; losing the Leader either way ends the game
(see RULINGS.md for where a fallen Leader's card lies).
"""

from __future__ import annotations

from pbem.i18n import Message, _
from pbem.rulesets.invictus import victory
from pbem.rulesets.invictus.state import Player
from pbem.rulesets.invictus.table import Table


def kill(table: Table, slot: str, by: Player, cause: Message) -> None:
    told = _("{unit} is killed ({cause}).", unit=table.label(slot), cause=cause)
    _to_graveyard(table, slot, by, "killed", told)


def capture(table: Table, slot: str, by: Player, cause: Message) -> None:
    game = table.game
    label = table.label(slot)
    card = table.card_at(slot)
    if card is not None and card.leader:
        told = _("{unit} is captured ({cause}).", unit=label, cause=cause)
        _to_graveyard(table, slot, by, "captured", told)
        return
    card_id = table.take(slot).card
    by.kingdom.append(card_id)
    table.say(
        "captured",
        _(
            "{unit} is captured ({cause}) and joins the kingdom of {power}.",
            unit=label,
            cause=cause,
            power=by.power,
        ),
        card=game.name(card_id),
        slot=slot,
        by=by.power,
    )


def _to_graveyard(table: Table, slot: str, by: Player, fate: str, told: Message) -> None:
    """The unit at ``slot`` goes to its owner's graveyard; a fallen Leader ends the game."""
    game = table.game
    card_id = table.take(slot).card
    game.graveyard_of(card_id).append(card_id)
    table.say(fate, told, card=game.name(card_id), slot=slot)
    if game.card(card_id).leader:
        victory.execution(table, card_id, fate, by)

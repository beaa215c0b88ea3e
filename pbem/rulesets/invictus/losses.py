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
    game = table.game
    label = table.label(slot)
    card_id = table.take(slot).card
    game.graveyard_of(card_id).append(card_id)
    table.say(
        "killed",
        _("{unit} is killed ({cause}).", unit=label, cause=cause),
        card=game.name(card_id),
        slot=slot,
    )
    if game.card(card_id).leader:
        victory.execution(table, card_id, "killed", by)


def capture(table: Table, slot: str, by: Player, cause: Message) -> None:
    game = table.game
    label = table.label(slot)
    card_id = table.take(slot).card
    if game.card(card_id).leader:
        game.graveyard_of(card_id).append(card_id)
        table.say(
            "captured",
            _("{unit} is captured ({cause}).", unit=label, cause=cause),
            card=game.name(card_id),
            slot=slot,
        )
        victory.execution(table, card_id, "captured", by)
        return
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

"""Conscription (rulebook, "Conscription"): a camp left with no unit on its battlefield.

It must at once bring two units onto the battlefield: the two leftmost units
of its reserve, or one and a citizen, or two citizens; if it cannot, it loses
(collapse). Which citizens come is the player's standing CONSCRIPT choice,
else the sturdiest; where conscripts stand is fixed by RULINGS.md.
"""

from __future__ import annotations

from pbem.i18n import _
from pbem.rulesets.invictus import board, victory
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table


def pick_citizens(game: Game, player: Player, count: int, private: bool) -> list[str]:
    """The citizens to conscript: the player's CONSCRIPT choices first, then the sturdiest."""
    pool = list(player.kingdom)
    chosen: list[str] = []
    for choice in player.conscription if private else []:
        for card_id in list(pool):
            card = game.card(card_id)
            if len(chosen) < count and choice in (card.name, card.colour):
                chosen.append(card_id)
                pool.remove(card_id)
    pool.sort(key=lambda c: -game.card(c).upright)
    return chosen + pool[: count - len(chosen)]


def conscript(table: Table, camp_index: int) -> None:
    game = table.game
    camp = game.camps[camp_index]
    player = game.next_to_play(camp_index)
    from_reserve = camp.reserve[:2]
    from_kingdom = pick_citizens(game, player, 2 - len(from_reserve), not table.rehearsal)
    if len(from_reserve) + len(from_kingdom) < 2:
        count = len(from_reserve) + len(from_kingdom)
        names = victory.camp_names(game, camp_index)
        if len(camp.seats) == 1:
            text = (
                _("{camp} must conscript two units but has only one in reserve and kingdom.", camp=names)
                if count == 1
                else _("{camp} must conscript two units but has none in reserve and kingdom.", camp=names)
            )
        else:
            text = (
                _("{camp} must conscript two units but have only one in reserve and kingdom.", camp=names)
                if count == 1
                else _("{camp} must conscript two units but have none in reserve and kingdom.", camp=names)
            )
        table.say("conscription", text)
        victory.collapse(table, camp_index)
        return
    for card_id in from_reserve:
        camp.reserve.remove(card_id)
    for card_id in from_kingdom:
        player.kingdom.remove(card_id)
    conscripts = from_reserve + from_kingdom
    for slot, card_id in zip(board.conscription_slots(camp_index), conscripts, strict=True):
        table.put(slot, card_id)
        said = dict(card=game.term(card_id), slot=slot)
        table.say(
            "conscription",
            _("Conscription: {card} comes from the reserve to {slot}.", **said)
            if card_id in from_reserve
            else _(
                "Conscription: {card} comes from the kingdom of {power} to {slot}.",
                power=player.power,
                **said,
            ),
            card=game.name(card_id),
            slot=slot,
            origin="reserve" if card_id in from_reserve else "kingdom",
        )

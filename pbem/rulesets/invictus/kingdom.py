"""Citizens (rulebook, "Royaume" and "Défausse"): Soldiers from the hand to the kingdom.

One a turn at most, by choice at any point of the turn, or forced at the end
of a turn that ends with six units or more in hand (RULINGS.md).
"""

from __future__ import annotations

from pbem.rulesets.invictus.orders import Citizen, Refusal
from pbem.rulesets.invictus.state import Player
from pbem.rulesets.invictus.table import Table

HAND_LIMIT = 6


def resolve(table: Table, order: Citizen) -> Citizen:
    game = table.game
    player = game.current
    if table.citizen_made:
        raise Refusal("you have already made a citizen this turn; one a turn at most")
    if table.hand_card(player, order.card) is None:
        held = ", ".join(game.name(c) for c in player.hand) or "nothing"
        raise Refusal(f"you hold no {order.card}", f"your hand: {held}")
    if game.card(table.hand_card(player, order.card) or "").leader:
        raise Refusal("a Leader can never join the kingdom; only Soldiers become citizens")
    return order


def make_citizen(table: Table, player: Player, card_id: str, forced: bool = False) -> None:
    game = table.game
    player.hand.remove(card_id)
    player.kingdom.append(card_id)
    table.citizen_made = True
    why = " (six units in hand at the end of the turn)" if forced else ""
    table.say(
        "citizen",
        f"{player.power} makes {game.name(card_id)} a citizen of the kingdom{why}.",
        power=player.power,
        card=game.name(card_id),
        forced=forced,
    )


def carry_out(table: Table, order: Citizen) -> None:
    player = table.game.current
    card_id = table.hand_card(player, order.card)
    assert card_id is not None
    make_citizen(table, player, card_id)


def forced_citizen(table: Table) -> None:
    """Rulebook, "Défausse": six units in hand at the end of the turn force a citizen.

    If the player has not named one this turn, the Soldier that came into the
    hand last goes (RULINGS.md).
    """
    game = table.game
    player = game.current
    if table.citizen_made or len(player.hand) < HAND_LIMIT:
        return
    soldiers = [c for c in player.hand if not game.card(c).leader]
    make_citizen(table, player, soldiers[-1], forced=True)

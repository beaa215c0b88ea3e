"""A turn from preparation to discard (rulebook, "Tour de jeu"), and standing instructions.

The active player's mail is a list of steps carried out in order; a step that
cannot be done when its moment comes (a reaction changed the table) is
skipped and reported to that player alone. After every step the table is
settled: a camp with an empty battlefield conscripts, a majority in four
colours wins. The turn ends with the forced citizen, damage healing and the
end-of-war check, and the next player's preparation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.i18n import _, join
from pbem.rulesets.invictus import conscription, kingdom, steps, victory
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import (
    STANDING,
    TURN_STEPS,
    Cancel,
    Conscript,
    NoReactions,
    Refusal,
    parse,
    read_orders,
)
from pbem.rulesets.invictus.table import Table


def take_standing(table: Table, orders: Mapping[str, Sequence[str]]) -> None:
    """Standing reactions and conscription choices sent this phase replace the old ones."""
    game = table.game
    for player in game.players:
        reactions: list[str] | None = None
        for order in read_orders(orders.get(player.power, ()), STANDING):
            if isinstance(order, Conscript):
                player.conscription = list(order.choices)
                table.say(
                    "standing",
                    _(
                        "conscription of {power}: {order}",
                        power=player.power,
                        order=notation(order.text()),
                    ),
                    to=[player.power],
                )
                continue
            reactions = [] if reactions is None else reactions
            if isinstance(order, Cancel):
                reactions.append(order.text())
            else:
                assert isinstance(order, NoReactions)
        if reactions is not None:
            player.reactions = reactions
            listed = join((notation(r) for r in reactions), "; ") if reactions else _("none")
            table.say(
                "standing",
                _("standing reactions of {power}: {reactions}", power=player.power, reactions=listed),
                to=[player.power],
            )


def begin(table: Table) -> None:
    """Rulebook, "Préparation": the active player stands their units up and draws."""
    game = table.game
    game.turn += 1
    player = game.current
    camp = game.camp_of(player)
    table.say(
        "turn", _("Turn {turn}: {power} plays.", turn=game.turn, power=player.power), power=player.power
    )
    tilted = [slot for slot, unit in sorted(camp.field.items()) if unit.tilted]
    for slot in tilted:
        camp.field[slot].tilted = False
    if tilted:
        table.say(
            "straighten",
            _("{power} stands up the units on {slots}.", power=player.power, slots=", ".join(tilted)),
        )
    draw(table, player.power)


def draw(table: Table, power: str) -> None:
    game = table.game
    player = game.player(power)
    if not player.deck:
        table.say("draw", _("{power} has no card left to draw.", power=power), power=power)
        return
    card_id = player.deck.pop(0)
    player.hand.append(card_id)
    table.say(
        "draw",
        _("{power} draws a card ({left} left in the deck).", power=power, left=len(player.deck)),
        power=power,
    )
    table.say(
        "drawn",
        _("{power} draws {card}.", power=power, card=game.term(card_id)),
        to=[power],
        card=game.name(card_id),
    )


def settle(table: Table) -> None:
    """What must happen at once after any step: conscription, then the development check."""
    game = table.game
    for index, camp in enumerate(game.camps):
        if not table.over and not camp.field:
            conscription.conscript(table, index)
    if not table.over:
        victory.check_development(table)


def run_steps(table: Table, lines: Sequence[str]) -> None:
    """Carry out the active player's steps in order; report the ones that cannot be done."""
    power = table.game.current.power
    for line in lines:
        if table.over:
            break
        try:
            order = parse(line)
            if not isinstance(order, TURN_STEPS):
                continue
            step = steps.resolve(table, order)
        except Refusal as refusal:
            table.failed(power, line, refusal)
            continue
        steps.carry_out(table, step)
        settle(table)


def end(table: Table) -> None:
    """Rulebook, "Défausse" and "Fin de la guerre"; then the next player's preparation."""
    game = table.game
    if not table.over:
        kingdom.forced_citizen(table)
        settle(table)
    for camp in game.camps:
        for unit in camp.field.values():
            unit.damage = 0
    table.boosts = []
    if not table.over:
        victory.check_end_of_war(table)
    if not table.over:
        game.active = (game.active + 1) % len(game.players)
        table.action = None
        table.citizen_made = False
        begin(table)

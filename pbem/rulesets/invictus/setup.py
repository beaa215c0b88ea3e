"""Setting up (rulebook, "Mise en place"): armies, opening hands with one mulligan, deployment.

By mail each of these is one phase in which every player orders at once; the
deployment is simultaneous and revealed together (RULINGS.md), which by mail
saves four rounds of mail and only hides from the second player what the
first placed a moment earlier.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pbem.i18n import _, join
from pbem.rulesets.invictus import army, board
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import (
    Army,
    Citizen,
    Front,
    Mulligan,
    Refusal,
    Reserve,
    parse,
    read_orders,
)
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table

#: how deployment roles are named in refusals
ROLE_WORDS = {"front": _("FRONT"), "reserve": _("RESERVE"), "citizen": _("CITIZEN")}


def muster_all(table: Table, orders: Mapping[str, Sequence[str]], rng: random.Random) -> None:
    """Every player's army, from their ARMY order, the game's options or the default."""
    game = table.game
    for player in game.players:
        chosen = None
        if player.army:
            chosen = parse(player.army)
        else:
            for order in read_orders(orders.get(player.power, ()), (Army,)):
                assert isinstance(order, Army)
                try:
                    chosen = army.complete(order, game.rules)
                except Refusal as refusal:
                    table.failed(player.power, order.text(), refusal)
        if chosen is None:
            chosen = army.default(player.seat, game.rules)
        assert isinstance(chosen, Army)
        army.muster(game, player, chosen, rng)
        table.say(
            "army",
            _(
                "{power} leads the army of the {leader}.",
                power=player.power,
                leader=CARD_SET.term(chosen.leader),
            ),
            power=player.power,
        )
        table.say(
            "mustered",
            _("army of {power}: {army}", power=player.power, army=notation(chosen.text())),
            to=[player.power],
        )
    for player in game.players:
        deal(table, player)
    game.stage = "hand"


def deal(table: Table, player: Player) -> None:
    game = table.game
    drawn = player.deck[: game.rules.opening_hand]
    del player.deck[: game.rules.opening_hand]
    player.hand.extend(drawn)
    for card_id in drawn:
        table.say(
            "drawn",
            _("{power} draws {card}.", power=player.power, card=game.term(card_id)),
            to=[player.power],
            card=game.name(card_id),
        )


def mulligan(table: Table, orders: Mapping[str, Sequence[str]], rng: random.Random) -> None:
    """Rulebook: once, a player may shuffle the opening Soldiers back and draw again."""
    game = table.game
    for player in game.players:
        if not read_orders(orders.get(player.power, ()), (Mulligan,)):
            table.say("keep", _("{power} keeps their opening hand.", power=player.power), power=player.power)
            continue
        soldiers = [c for c in player.hand if not game.card(c).leader]
        player.hand = [c for c in player.hand if game.card(c).leader]
        player.deck.extend(soldiers)
        rng.shuffle(player.deck)
        table.say(
            "mulligan",
            _("{power} shuffles their opening Soldiers back and draws again.", power=player.power),
            power=player.power,
        )
        deal(table, player)
    game.stage = "deploy"


def place(
    game: Game, player: Player, order: Front | Reserve | Citizen, used: set[str]
) -> tuple[str, str | None]:
    """The card id (and front slot) one deployment order uses, or Refusal."""
    roles = game.rules.deployment[player.seat]
    role = {Front: "front", Reserve: "reserve", Citizen: "citizen"}[type(order)]
    if role not in roles:
        raise Refusal(
            _(
                "at setup {power} places only: {roles}",
                power=player.power,
                roles=join(ROLE_WORDS[r] for r in roles),
            ),
            _("see HELP for the deployment orders"),
        )
    if role == "citizen" and CARD_SET.card(order.card).leader:
        raise Refusal(_("a Leader can never join the kingdom; only Soldiers become citizens"))
    card_id = next((c for c in player.hand if game.name(c) == order.card and c not in used), None)
    if card_id is None:
        left = [game.term(c) for c in player.hand if c not in used]
        raise Refusal(
            _("you hold no {card} left to place", card=CARD_SET.term(order.card)),
            _("still in your hand: {cards}", cards=join(left) if left else _("nothing")),
        )
    slot = None
    if isinstance(order, Front):
        line = board.front_line(player.camp)
        slot = order.slot or line[1]
        if slot not in line:
            raise Refusal(
                _("{slot} is not on your front line", slot=slot),
                _("your front line: {slots}", slots=", ".join(line)),
            )
    return card_id, slot


def default_deployment(game: Game, player: Player, chosen: Mapping[str, str]) -> dict[str, str]:
    """Cards for the roles a player left out (RULINGS.md).

    The sturdiest Soldier goes to the front, the others in hand order.
    """
    used = set(chosen.values())
    picks = dict(chosen)
    soldiers = [c for c in player.hand if not game.card(c).leader]
    for role in game.rules.deployment[player.seat]:
        if role in picks:
            continue
        free = [c for c in soldiers if c not in used]
        if role == "front":
            free.sort(key=lambda c: -game.card(c).upright)
        if not free and role != "citizen":
            free = [c for c in player.hand if c not in used]
        picks[role] = free[0]
        used.add(free[0])
    return picks


def deploy(table: Table, orders: Mapping[str, Sequence[str]]) -> None:
    """Everyone's placements, revealed together; then the first turn begins."""
    game = table.game
    plans: list[tuple[Player, dict[str, str], str]] = []
    for player in game.players:
        used: set[str] = set()
        chosen: dict[str, str] = {}
        slot = board.front_line(player.camp)[1]
        for order in read_orders(orders.get(player.power, ()), (Front, Reserve, Citizen)):
            assert isinstance(order, Front | Reserve | Citizen)
            role = {Front: "front", Reserve: "reserve", Citizen: "citizen"}[type(order)]
            try:
                card_id, where = place(game, player, order, used)
            except Refusal as refusal:
                table.failed(player.power, order.text(), refusal)
                continue
            if role in chosen:
                continue
            chosen[role] = card_id
            used.add(card_id)
            slot = where or slot
        plans.append((player, default_deployment(game, player, chosen), slot))
    for player, picks, slot in plans:
        camp = game.camp_of(player)
        for role, card_id in picks.items():
            player.hand.remove(card_id)
            name = game.name(card_id)
            said = dict(power=player.power, card=game.term(card_id))
            if role == "front":
                table.put(slot, card_id)
                table.say(
                    "deploy", _("{power} deploys {card} to {slot}.", slot=slot, **said), card=name, slot=slot
                )
            elif role == "reserve":
                camp.reserve.append(card_id)
                table.say("deploy", _("{power} puts {card} in the reserve.", **said), card=name)
            else:
                player.kingdom.append(card_id)
                table.say("deploy", _("{power} makes {card} a citizen of the kingdom.", **said), card=name)
    game.stage = "turn"
    game.turn = 0
    game.active = 0

"""One attack (rulebook, "Attaquer"): an upright unit tilts and strikes an enemy in range.

The attack value is fixed when the unit tilts (X, N, boosts); the opponent may
cancel the attack with a standing reaction; then the target is captured
(exactly its defense, in one attack, unwounded), killed (the attack points
and damage of the turn reach its defense) or wounded until the end of the turn.
"""

from __future__ import annotations

from pbem.rulesets.invictus import board, losses, reactions
from pbem.rulesets.invictus.orders import Attack, Ref, Refusal
from pbem.rulesets.invictus.table import Table


def resolve(table: Table, order: Attack) -> Attack:
    game = table.game
    player = game.current
    if table.action not in (None, "attack"):
        raise Refusal(
            f"you already chose to {table.action} this turn; a turn has one action: "
            "PASS, RECRUIT or ATTACK",
        )
    enemies = [i for i in range(len(game.camps)) if i != player.camp]
    source = table.locate(order.attacker, [player.camp], "your")
    target = table.locate(order.target, enemies, "the enemy")
    unit = table.unit(source)
    assert unit is not None
    card = game.card(unit.card)
    if unit.tilted:
        raise Refusal(f"{table.label(source)} is tilted: it has attacked already")
    reachable = sorted(
        s
        for s in board.in_reach(source, card.reach)
        if s in game.camps[board.camp_of(s)].field and board.camp_of(s) != player.camp
    )
    if target not in reachable:
        raise Refusal(
            f"{table.label(target)} is out of range of {table.label(source)} "
            f"(range {'/'.join(card.grid)})",
            "it can reach: " + (", ".join(table.label(s) for s in reachable) or "no enemy"),
        )
    aimed = table.unit(target)
    assert aimed is not None
    return Attack(Ref(card.name, source), Ref(game.name(aimed.card), target))


def value(table: Table, slot: str) -> int | str:
    """The attack points of the unit on ``slot`` at this moment, boosts used up ("C" stays)."""
    game = table.game
    unit = table.unit(slot)
    assert unit is not None
    card = game.card(unit.card)
    if card.attack == "C":
        return "C"
    if card.attack == "X":
        points = len(game.current.hand)
    elif card.attack == "N":
        points = len(game.camps[board.camp_of(slot)].field)
    else:
        assert isinstance(card.attack, int)
        points = card.attack
    kept: list[tuple[int, bool]] = []
    for amount, soldiers_only in table.boosts:
        if soldiers_only and card.leader:
            kept.append((amount, soldiers_only))
        else:
            points += amount
    table.boosts = kept
    return points


def carry_out(table: Table, order: Attack) -> None:
    game = table.game
    player = game.current
    table.action = "attack"
    source, target = order.attacker.slot, order.target.slot
    assert source and target
    attacker = table.unit(source)
    defender = table.unit(target)
    assert attacker and defender
    points = value(table, source)
    attacker.tilted = True
    card = game.card(defender.card)
    defense = card.defense(defender.tilted)
    captures = points == "C" and not card.leader
    strike = 1 if points == "C" else int(points)
    lethal = captures or defender.damage + strike >= defense
    table.say(
        "attack",
        f"{player.power} attacks {table.label(target)} with {table.label(source)}: "
        f"{'C (capture)' if captures else str(strike) + ' attack'} "
        f"against defense {defense}"
        + (f" ({defender.damage} damage already)." if defender.damage else "."),
        power=player.power,
        attacker=game.name(attacker.card),
        source=source,
        target=target,
        defender=card.name,
        points=points,
        defense=defense,
    )
    trigger = reactions.Trigger(
        "attack",
        f"the attack of {table.label(source)} on {table.label(target)}",
        target=target,
        attacker=source,
        lethal=lethal,
    )
    if reactions.window(table, trigger, game.reactor, player):
        table.say("cancelled", f"The attack on {table.label(target)} is cancelled.")
        return
    if captures:
        losses.capture(table, target, player, f"a C attack by {game.name(attacker.card)}")
    elif defender.damage == 0 and strike == defense:
        losses.capture(table, target, player, f"exactly {strike} in one attack")
    elif lethal:
        losses.kill(table, target, player, f"{defender.damage + strike} against defense {defense}")
    else:
        defender.damage += strike
        table.say(
            "wounded",
            f"{table.label(target)} is wounded: {defender.damage} against defense {defense}, "
            "until the end of the turn.",
            slot=target,
        )

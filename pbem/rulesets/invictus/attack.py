"""One attack (rulebook, "Attaquer"): an upright unit tilts and strikes an enemy in range.

The attack value is fixed when the unit tilts (X, N, boosts); the opponent may
cancel the attack with a standing reaction; then the target is captured
(exactly its defense, in one attack, unwounded), killed (the attack points
and damage of the turn reach its defense) or wounded until the end of the turn.
"""

from __future__ import annotations

from pbem.i18n import N_, _, join
from pbem.rulesets.invictus import board, losses, reactions
from pbem.rulesets.invictus.orders import Attack, Ref, Refusal
from pbem.rulesets.invictus.table import ALREADY, Table

#: the step of a turn this module resolves and carries out (``steps``)
ORDER = Attack


def resolve(table: Table, order: Attack) -> Attack:
    game = table.game
    player = game.current
    if table.action not in (None, "attack"):
        raise Refusal(ALREADY[table.action])
    enemies = [i for i in range(len(game.camps)) if i != player.camp]
    source = table.locate(order.attacker, [player.camp], _("your battlefield"))
    target = table.locate(order.target, enemies, _("the enemy battlefield"))
    unit = table.unit(source)
    assert unit is not None
    card = game.card(unit.card)
    if unit.tilted:
        raise Refusal(_("{unit} is tilted: it has attacked already", unit=table.label(source)))
    reachable = sorted(
        s
        for s in board.in_reach(source, card.reach)
        if s in game.camps[board.camp_of(s)].field and board.camp_of(s) != player.camp
    )
    if target not in reachable:
        raise Refusal(
            _(
                "{target} is out of range of {unit} (range {range})",
                target=table.label(target),
                unit=table.label(source),
                range="/".join(card.grid),
            ),
            _(
                "it can reach: {units}",
                units=join(table.label(s) for s in reachable) if reachable else _("no enemy"),
            ),
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
    strength = _("C (capture)") if captures else _("{points} attack", points=strike)
    said = dict(
        power=player.power,
        target=table.label(target),
        unit=table.label(source),
        strength=strength,
        defense=defense,
    )
    table.say(
        "attack",
        N_(
            "{power} attacks {target} with {unit}: {strength} against defense {defense} "
            "({n} damage already).",
            "{power} attacks {target} with {unit}: {strength} against defense {defense} "
            "({n} damage already).",
            n=defender.damage,
            **said,
        )
        if defender.damage
        else _("{power} attacks {target} with {unit}: {strength} against defense {defense}.", **said),
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
        _("the attack of {unit} on {target}", unit=table.label(source), target=table.label(target)),
        target=target,
        attacker=source,
        lethal=lethal,
    )
    if reactions.window(table, trigger, game.reactor, player):
        table.say("cancelled", _("The attack on {target} is cancelled.", target=table.label(target)))
        return
    if captures:
        losses.capture(table, target, player, _("a C attack by {card}", card=game.term(attacker.card)))
    elif defender.damage == 0 and strike == defense:
        losses.capture(table, target, player, _("exactly {points} in one attack", points=strike))
    elif lethal:
        losses.kill(
            table,
            target,
            player,
            _("{points} against defense {defense}", points=defender.damage + strike, defense=defense),
        )
    else:
        defender.damage += strike
        table.say(
            "wounded",
            _(
                "{target} is wounded: {points} against defense {defense}, until the end of the turn.",
                target=table.label(target),
                points=defender.damage,
                defense=defense,
            ),
            slot=target,
        )

"""What each kind of Support effect does, and whether it can be applied in full now.

Rulebook, "Soutiens": a Support whose effect cannot be applied entirely may
not be played, so each effect first checks its targets (``resolve``, which
also fills in a target the player left out when only one is possible) and
only then acts (``apply``). The effect kinds are listed in cards.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.rulesets.invictus import board, losses
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.orders import PlaySupport, Ref, Refusal
from pbem.rulesets.invictus.state import Player, Unit
from pbem.rulesets.invictus.table import Table


def _enemy(table: Table, player: Player) -> list[int]:
    return [i for i in range(len(table.game.camps)) if i != player.camp]


def _place(table: Table, camp: int, to: str | None, field: dict[str, Unit], what: str) -> str:
    """A slot of ``camp`` a unit may be put on, given the battlefield ``field``."""
    legal = [s for s in board.SLOTS[camp] if board.may_place(s, field)]
    if to is not None:
        if board.camp_of(to) != camp:
            raise Refusal(f"{to} is not on your battlefield", f"free slots: {', '.join(legal)}")
        if to not in legal:
            why = "is taken" if to in field else "is behind an empty front-line slot"
            raise Refusal(f"{what}: {to} {why}", f"free slots: {', '.join(legal) or 'none'}")
        return to
    if not legal:
        raise Refusal(f"{what}: your battlefield has no free slot")
    if len(legal) > 1:
        raise Refusal(f"{what}: say where", f"add TO and one of {', '.join(legal)}")
    return legal[0]


def _pick(names: Sequence[str], wanted: str | None, where: str, what: str) -> str:
    if wanted is not None:
        if wanted not in names:
            raise Refusal(
                f"there is no {wanted} in {where}",
                f"{where} holds: {', '.join(sorted(set(names))) or 'nothing'}",
            )
        return wanted
    distinct = sorted(set(names))
    if not distinct:
        raise Refusal(f"{what}: {where} is empty")
    if len(distinct) > 1:
        raise Refusal(f"{what}: say which", f"{where} holds: {', '.join(distinct)}")
    return distinct[0]


def _no_extras(order: PlaySupport, *allowed: str) -> None:
    given = {"ON": order.on, "TO": order.to, "a card": order.object}
    extra = [word for word, value in given.items() if value and word not in allowed]
    if extra:
        effect = CARD_SET.card(order.card).support.describe()
        raise Refusal(
            f"the {order.card}'s Support ({effect}) takes no {' or '.join(extra)}",
            f"write SUPPORT {order.card}" + "".join(f" {a} ..." for a in allowed),
        )


def resolve(table: Table, player: Player, order: PlaySupport) -> PlaySupport:
    """The order with every target named, or Refusal if the effect cannot apply in full."""
    game = table.game
    support = CARD_SET.card(order.card).support
    camp = game.camps[player.camp]
    effect = support.effect
    if effect == "boost_attack":
        _no_extras(order)
        return PlaySupport(order.card)
    if effect == "damage":
        _no_extras(order, "ON")
        if order.on is None:
            raise Refusal(
                f"say which enemy unit the {order.card} damages",
                f"write SUPPORT {order.card} ON <unit>",
            )
        slot = table.locate(order.on, _enemy(table, player), "the enemy")
        unit = table.unit(slot)
        assert unit is not None
        if support.soldiers_only and game.card(unit.card).leader:
            raise Refusal(f"the {order.card}'s damage can only hit a Soldier, not a Leader")
        return PlaySupport(order.card, on=Ref(game.name(unit.card), slot))
    if effect in ("cancel_attack", "cancel_support"):
        what = "attack" if effect == "cancel_attack" else "support"
        raise Refusal(
            f"the {order.card} cancels {'an attack' if what == 'attack' else 'a Support'} "
            "when it happens; there is none to cancel now",
            f"set it as a standing reaction: CANCEL {what.upper()} ... WITH {order.card}",
        )
    if effect == "resurrect":
        _no_extras(order, "a card", "TO")
        dead = [game.name(c) for c in camp.graveyard if not game.card(c).leader]
        name = _pick(dead, order.object, "your graveyard", "bring back which Soldier")
        slot = _place(table, player.camp, order.to, camp.field, "bring it back where")
        return PlaySupport(order.card, object=name, to=slot)
    if effect == "enlist":
        _no_extras(order, "a card", "TO")
        names = [game.name(c) for c in player.kingdom]
        name = _pick(names, order.object, "your kingdom", "enlist which citizen")
        slot = _place(table, player.camp, order.to, camp.field, "enlist it where")
        return PlaySupport(order.card, object=name, to=slot)
    if effect == "banish":
        _no_extras(order, "a card")
        names = [game.name(c) for p in game.opponents(player) for c in p.kingdom]
        name = _pick(names, order.object, "the enemy kingdoms", "banish which citizen")
        return PlaySupport(order.card, object=name)
    if effect == "ready":
        _no_extras(order, "ON")
        if order.on is None:
            tilted = sorted(s for s, u in camp.field.items() if u.tilted)
            if len(tilted) != 1:
                raise Refusal(
                    "say which of your tilted units stands up"
                    if tilted
                    else "none of your units is tilted",
                    f"write SUPPORT {order.card} ON <unit>" if tilted else None,
                )
            slot = tilted[0]
        else:
            slot = table.locate(order.on, [player.camp], "your")
        unit = camp.field[slot]
        if not unit.tilted:
            raise Refusal(f"{table.label(slot)} is already upright")
        return PlaySupport(order.card, on=Ref(game.name(unit.card), slot))
    if effect == "shift":
        _no_extras(order, "ON", "TO")
        if order.on is None:
            raise Refusal(
                "say which of your units moves", f"write SUPPORT {order.card} ON <unit> TO <slot>"
            )
        origin = table.locate(order.on, [player.camp], "your")
        after = dict(camp.field)
        after.pop(origin)
        back = board.behind(origin)
        if back is not None and back in after:
            after[origin] = after.pop(back)
        if order.to == origin:
            raise Refusal(f"{table.label(origin)} is already on {origin}")
        slot = _place(table, player.camp, order.to, after, "move it where")
        if slot == origin:
            raise Refusal(f"{table.label(origin)} has nowhere else to go")
        return PlaySupport(order.card, on=Ref(game.name(camp.field[origin].card), origin), to=slot)
    raise AssertionError(effect)


def apply(table: Table, player: Player, order: PlaySupport) -> None:
    """Carry out a resolved Support's effect."""
    game = table.game
    support = CARD_SET.card(order.card).support
    camp = game.camps[player.camp]
    effect = support.effect
    if effect == "boost_attack":
        table.boosts.append((support.amount, support.soldiers_only))
        whom = "Soldier " if support.soldiers_only else ""
        table.say("boost", f"The next {whom}attack this turn gets +{support.amount} attack.")
    elif effect == "damage":
        assert order.on and order.on.slot
        unit = table.unit(order.on.slot)
        assert unit is not None
        unit.damage += support.amount
        defense = game.card(unit.card).defense(unit.tilted)
        table.say(
            "damage",
            f"{table.label(order.on.slot)} takes {support.amount} damage "
            f"({unit.damage} against defense {defense}).",
            slot=order.on.slot,
        )
        if unit.damage >= defense:
            losses.kill(table, order.on.slot, player, f"damage from the {order.card}")
    elif effect in ("resurrect", "enlist"):
        assert order.to
        source = camp.graveyard if effect == "resurrect" else player.kingdom
        card_id = next(c for c in source if game.name(c) == order.object)
        source.remove(card_id)
        table.put(order.to, card_id)
        origin = "the graveyard" if effect == "resurrect" else f"the kingdom of {player.power}"
        table.say(
            effect,
            f"{order.object} comes back from {origin} to {order.to}.",
            card=order.object,
            slot=order.to,
        )
    elif effect == "banish":

        def held(p: Player) -> int:
            return sum(game.name(c) == order.object for c in p.kingdom)

        victim = max(game.opponents(player), key=held)
        card_id = next(c for c in victim.kingdom if game.name(c) == order.object)
        victim.kingdom.remove(card_id)
        game.graveyard_of(card_id).append(card_id)
        table.say(
            "banish",
            f"A {order.object} leaves the kingdom of {victim.power} for the graveyard.",
            card=order.object,
            power=victim.power,
        )
    elif effect == "ready":
        assert order.on and order.on.slot
        camp.field[order.on.slot].tilted = False
        table.say("ready", f"{table.label(order.on.slot)} stands upright again.")
    elif effect == "shift":
        assert order.on and order.on.slot and order.to
        unit = table.take(order.on.slot)
        camp.field[order.to] = unit
        table.say("shift", f"{game.name(unit.card)} moves from {order.on.slot} to {order.to}.")

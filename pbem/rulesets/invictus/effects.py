"""What each kind of Support effect does, and whether it can be applied in full now.

Rulebook, "Soutiens": a Support whose effect cannot be applied entirely may
not be played, so each effect first checks its targets (``resolve``, which
also fills in a target the player left out when only one is possible) and
only then acts (``apply``). The effect kinds are listed in cards.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.i18n import N_, Message, _, join
from pbem.rulesets.invictus import board, losses
from pbem.rulesets.invictus.cards import CARD_SET, Support
from pbem.rulesets.invictus.orders import PlaySupport, Ref, Refusal
from pbem.rulesets.invictus.state import Camp, Game, Player, Unit
from pbem.rulesets.invictus.table import Table


def _enemy(table: Table, player: Player) -> list[int]:
    return [i for i in range(len(table.game.camps)) if i != player.camp]


def _place(table: Table, camp: int, to: str | None, field: dict[str, Unit], what: Message) -> str:
    """A slot of ``camp`` a unit may be put on, given the battlefield ``field``."""
    legal = [s for s in board.SLOTS[camp] if board.may_place(s, field)]
    free = _("free slots: {slots}", slots=", ".join(legal)) if legal else _("free slots: none")
    if to is not None:
        if board.camp_of(to) != camp:
            raise Refusal(_("{slot} is not on your battlefield", slot=to), free)
        if to not in legal:
            if to in field:
                raise Refusal(_("{what}: {slot} is taken", what=what, slot=to), free)
            raise Refusal(_("{what}: {slot} is behind an empty front-line slot", what=what, slot=to), free)
        return to
    if not legal:
        raise Refusal(_("{what}: your battlefield has no free slot", what=what))
    if len(legal) > 1:
        where = _("add TO and one of {slots}", slots=", ".join(legal))
        raise Refusal(_("{what}: say where", what=what), where)
    return legal[0]


def _pick(names: Sequence[str], wanted: str | None, where: Message, what: Message) -> str:
    distinct = sorted(set(names))
    holds = _("{where} holds: {cards}", where=where, cards=join(CARD_SET.term(n) for n in distinct))
    if wanted is not None:
        if wanted not in names:
            raise Refusal(
                _("there is no {card} in {where}", card=CARD_SET.term(wanted), where=where),
                holds if distinct else _("{where} holds nothing", where=where),
            )
        return wanted
    if not distinct:
        raise Refusal(_("{what}: {where} is empty", what=what, where=where))
    if len(distinct) > 1:
        raise Refusal(_("{what}: say which", what=what), holds)
    return distinct[0]


_EXTRAS = {"ON": _("ON"), "TO": _("TO"), "a card": _("a card")}


def _no_extras(order: PlaySupport, *allowed: str) -> None:
    given = {"ON": order.on, "TO": order.to, "a card": order.object}
    extra = [word for word, value in given.items() if value and word not in allowed]
    if extra:
        card = CARD_SET.card(order.card)
        raise Refusal(
            _(
                "the {card}'s Support ({effect}) takes no {extra}",
                card=card.term,
                effect=card.support.describe(),
                extra=join((_EXTRAS[word] for word in extra), _(" or ")),
            ),
            _(
                "write SUPPORT {card}{rest}",
                card=card.term,
                rest=join([piece for a in allowed for piece in (" ", _EXTRAS[a], " ...")], ""),
            ),
        )


def _played(table: Table, player: Player, order: PlaySupport) -> tuple[Game, Support, Camp]:
    """What every effect asks of a Support played: the game, the card's effect, the player's camp."""
    game = table.game
    return game, CARD_SET.card(order.card).support, game.camps[player.camp]


def resolve(table: Table, player: Player, order: PlaySupport) -> PlaySupport:
    """The order with every target named, or Refusal if the effect cannot apply in full."""
    game, support, camp = _played(table, player, order)
    effect = support.effect
    if effect == "boost_attack":
        _no_extras(order)
        return PlaySupport(order.card)
    if effect == "damage":
        _no_extras(order, "ON")
        card = CARD_SET.term(order.card)
        if order.on is None:
            raise Refusal(
                _("say which enemy unit the {card} damages", card=card),
                _("write SUPPORT {card} ON <unit>", card=card),
            )
        slot = table.locate(order.on, _enemy(table, player), _("the enemy battlefield"))
        unit = table.unit(slot)
        assert unit is not None
        if support.soldiers_only and game.card(unit.card).leader:
            raise Refusal(_("the {card}'s damage can only hit a Soldier, not a Leader", card=card))
        return PlaySupport(order.card, on=Ref(game.name(unit.card), slot))
    if effect in ("cancel_attack", "cancel_support"):
        card = CARD_SET.term(order.card)
        if effect == "cancel_attack":
            raise Refusal(
                _("the {card} cancels an attack when it happens; there is none to cancel now", card=card),
                _("set it as a standing reaction: CANCEL ATTACK ... WITH {card}", card=card),
            )
        raise Refusal(
            _("the {card} cancels a Support when it happens; there is none to cancel now", card=card),
            _("set it as a standing reaction: CANCEL SUPPORT ... WITH {card}", card=card),
        )
    if effect == "resurrect":
        _no_extras(order, "a card", "TO")
        dead = [game.name(c) for c in camp.graveyard if not game.card(c).leader]
        name = _pick(dead, order.object, _("your graveyard"), _("bring back which Soldier"))
        slot = _place(table, player.camp, order.to, camp.field, _("bring it back where"))
        return PlaySupport(order.card, object=name, to=slot)
    if effect == "enlist":
        _no_extras(order, "a card", "TO")
        names = [game.name(c) for c in player.kingdom]
        name = _pick(names, order.object, _("your kingdom"), _("enlist which citizen"))
        slot = _place(table, player.camp, order.to, camp.field, _("enlist it where"))
        return PlaySupport(order.card, object=name, to=slot)
    if effect == "banish":
        _no_extras(order, "a card")
        names = [game.name(c) for p in game.opponents(player) for c in p.kingdom]
        name = _pick(names, order.object, _("the enemy kingdoms"), _("banish which citizen"))
        return PlaySupport(order.card, object=name)
    if effect == "ready":
        _no_extras(order, "ON")
        if order.on is None:
            tilted = sorted(s for s, u in camp.field.items() if u.tilted)
            if len(tilted) != 1:
                if not tilted:
                    raise Refusal(_("none of your units is tilted"))
                raise Refusal(
                    _("say which of your tilted units stands up"),
                    _("write SUPPORT {card} ON <unit>", card=CARD_SET.term(order.card)),
                )
            slot = tilted[0]
        else:
            slot = table.locate(order.on, [player.camp], _("your battlefield"))
        unit = camp.field[slot]
        if not unit.tilted:
            raise Refusal(_("{unit} is already upright", unit=table.label(slot)))
        return PlaySupport(order.card, on=Ref(game.name(unit.card), slot))
    if effect == "shift":
        _no_extras(order, "ON", "TO")
        if order.on is None:
            raise Refusal(
                _("say which of your units moves"),
                _("write SUPPORT {card} ON <unit> TO <slot>", card=CARD_SET.term(order.card)),
            )
        origin = table.locate(order.on, [player.camp], _("your battlefield"))
        after = dict(camp.field)
        after.pop(origin)
        back = board.behind(origin)
        if back is not None and back in after:
            after[origin] = after.pop(back)
        if order.to == origin:
            raise Refusal(_("{unit} is already on {slot}", unit=table.label(origin), slot=origin))
        slot = _place(table, player.camp, order.to, after, _("move it where"))
        if slot == origin:
            raise Refusal(_("{unit} has nowhere else to go", unit=table.label(origin)))
        return PlaySupport(order.card, on=Ref(game.name(camp.field[origin].card), origin), to=slot)
    raise AssertionError(effect)


def apply(table: Table, player: Player, order: PlaySupport) -> None:
    """Carry out a resolved Support's effect."""
    game, support, camp = _played(table, player, order)
    effect = support.effect
    if effect == "boost_attack":
        table.boosts.append((support.amount, support.soldiers_only))
        table.say(
            "boost",
            _("The next Soldier attack this turn gets +{amount} attack.", amount=support.amount)
            if support.soldiers_only
            else _("The next attack this turn gets +{amount} attack.", amount=support.amount),
        )
    elif effect == "damage":
        assert order.on and order.on.slot
        unit = table.unit(order.on.slot)
        assert unit is not None
        unit.damage += support.amount
        defense = game.card(unit.card).defense(unit.tilted)
        table.say(
            "damage",
            N_(
                "{unit} takes {n} damage ({points} against defense {defense}).",
                "{unit} takes {n} damage ({points} against defense {defense}).",
                unit=table.label(order.on.slot),
                n=support.amount,
                points=unit.damage,
                defense=defense,
            ),
            slot=order.on.slot,
        )
        if unit.damage >= defense:
            losses.kill(
                table, order.on.slot, player, _("damage from the {card}", card=CARD_SET.term(order.card))
            )
    elif effect in ("resurrect", "enlist"):
        assert order.to
        source = camp.graveyard if effect == "resurrect" else player.kingdom
        card_id = next(c for c in source if game.name(c) == order.object)
        source.remove(card_id)
        table.put(order.to, card_id)
        said = dict(card=game.term(card_id), slot=order.to)
        table.say(
            effect,
            _("{card} comes back from the graveyard to {slot}.", **said)
            if effect == "resurrect"
            else _("{card} comes back from the kingdom of {power} to {slot}.", power=player.power, **said),
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
            _(
                "A {card} leaves the kingdom of {power} for the graveyard.",
                card=game.term(card_id),
                power=victim.power,
            ),
            card=order.object,
            power=victim.power,
        )
    elif effect == "ready":
        assert order.on and order.on.slot
        camp.field[order.on.slot].tilted = False
        table.say("ready", _("{unit} stands upright again.", unit=table.label(order.on.slot)))
    elif effect == "shift":
        assert order.on and order.on.slot and order.to
        unit = table.take(order.on.slot)
        camp.field[order.to] = unit
        table.say(
            "shift",
            _(
                "{card} moves from {source} to {slot}.",
                card=game.term(unit.card),
                source=order.on.slot,
                slot=order.to,
            ),
        )

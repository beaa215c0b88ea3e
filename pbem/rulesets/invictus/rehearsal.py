"""Reading one player's mail before the deadline: every line checked against the table.

``parse_orders`` answers each line with a canonical order or an error. Turn
steps are tried in order on a copy of the table, so "ATTACK ... ON b3" is
checked against the unit that will stand on b3 after the earlier steps; the
rehearsal fires no standing reaction and uses no private choice of another
player (see ``table.Table.rehearsal``), so a reply never tells a player what
they may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.i18n import Message, _, join, render
from pbem.ruleset import OrderLine
from pbem.rulesets.invictus import army, board, setup, steps, turn
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import (
    STANDING,
    TURN_STEPS,
    Army,
    Cancel,
    Citizen,
    Front,
    Keep,
    Mulligan,
    Order,
    PlaySupport,
    Recruit,
    Refusal,
    Reserve,
    parse,
)
from pbem.rulesets.invictus.reactions import NEEDED
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table

_WHAT = {"attack": _("an attack"), "support": _("a Support")}
_ABLE = {
    "cancel_attack": _("card that can cancel an attack"),
    "cancel_support": _("card that can cancel a Support"),
}
WHAT_NOW = {
    "army": _("now each player sends their army, e.g. ARMY Shogun"),
    "hand": _("now each player sends KEEP or MULLIGAN"),
    "deploy": _("now each player sends their deployment, e.g. FRONT Guard TO b2"),
    "turn": _("now the active player sends their turn"),
}
_ONCE = {
    "army": _("an army"),
    "hand": _("KEEP or MULLIGAN"),
    "front": _("a FRONT order"),
    "reserve": _("a RESERVE order"),
    "citizen": _("a CITIZEN order"),
}


@dataclass
class Reading:
    """What one mail has said so far, line by line."""

    game: Game
    player: Player
    table: Table
    seen: dict[str, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)


def read_mail(game: Game, power: str, text: str) -> list[OrderLine]:
    """Every line answered in the game's language; an accepted order is its canonical
    (English) text, as a message that replies print in the game's language (``notation``)."""
    language = game.language
    closed = None
    if power not in [p.power for p in game.players]:
        players = ", ".join(p.power for p in game.players)
        closed = _("{power} is not a power of this game ({players})", power=power, players=players)
    elif game.stage == "over":
        closed = _("the game is over; it takes no more orders")
    if closed:
        error = render(closed, language)
        return [OrderLine(n, raw, error=error) for n, raw in enumerate(text.splitlines(), 1) if raw.strip()]
    copy = game.copy()
    reading = Reading(copy, copy.player(power), Table(copy, rehearsal=True))
    answers = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            order = parse(raw)
            canonical, key, note = _check(reading, order, number)
        except Refusal as refusal:
            hint = render(refusal.hint, language) if refusal.hint else None
            answers.append(OrderLine(number, raw, error=render(refusal.message, language), hint=hint))
            continue
        shown = render(note, language) if note else None
        answers.append(OrderLine(number, raw, order=notation(canonical), key=key, note=shown))
    return answers


def _once(reading: Reading, what: str) -> None:
    if what in reading.seen:
        raise Refusal(
            _("this mail already gives {what} (line {line})", what=_ONCE[what], line=reading.seen[what]),
            _("send it once; a later mail replaces it"),
        )


def _check(reading: Reading, order: Order, number: int) -> tuple[str, str, Message | None]:
    game, player = reading.game, reading.player
    if isinstance(order, STANDING):
        return _standing(reading, order)
    stage = "turn" if game.stage == "over" else game.stage
    if stage == "turn" and isinstance(order, Front) and order.slot:
        # "Placer le Garde sur b2" in a turn: the unit is placed on the battlefield, a recruit
        order = Recruit(order.slot, order.card)
    if stage == "army" and isinstance(order, Army):
        if player.army:
            raise Refusal(
                _("your army was set by the game's configuration: {army}", army=notation(player.army))
            )
        _once(reading, "army")
        canonical = army.complete(order, game.rules).text()
        reading.seen["army"] = number
        return canonical, "army", None
    if stage == "hand" and isinstance(order, Keep | Mulligan):
        _once(reading, "hand")
        reading.seen["hand"] = number
        return order.text(), "hand", None
    if stage == "deploy" and isinstance(order, Front | Reserve | Citizen):
        what = type(order).__name__.lower()
        _once(reading, what)
        card_id, slot = setup.place(game, player, order, reading.used)
        reading.used.add(card_id)
        reading.seen[what] = number
        placed = Front(order.card, slot) if isinstance(order, Front) else order
        return placed.text(), "deploy", None
    if stage == "turn" and isinstance(order, TURN_STEPS):
        if player is not game.current:
            raise Refusal(
                _("it is {power}'s turn, not yours", power=game.current.power),
                _("now you can set standing reactions (CANCEL ...) and conscription choices (CONSCRIPT ...)"),
            )
        table = reading.table
        if table.over:
            return (
                order.text(),
                "turn",
                _("not checked: unless something is cancelled, the game ends before this step"),
            )
        step = steps.resolve(table, order)
        steps.carry_out(table, step)
        turn.settle(table)
        # The order stays as the player wrote it (RULINGS 8): "ON b3" means whatever
        # stands on b3 when the step comes; the note says what that is as things stand.
        note = (
            None
            if step.text() == order.text()
            else _("as things stand: {order}", order=notation(step.text()))
        )
        return order.text(), "turn", note
    if stage == "turn" and isinstance(order, Reserve) and player is game.current:
        # "Placer le Samurai dans la réserve" in a turn (RULINGS 44): the book puts a unit there
        # only as a Support, whose effect the line does not ask for, so it is not read as one
        raise Refusal(
            _("in a turn a unit goes into your reserve only when it is played as a Support, for its effect"),
            _("to play it as a Support, write {order}", order=notation(PlaySupport(order.card).text())),
        )
    raise Refusal(
        _("{verb} is not an order for now", verb=notation(order.text().split()[0])), WHAT_NOW[stage]
    )


def _standing(reading: Reading, order: Order) -> tuple[str, str, Message | None]:
    game, player = reading.game, reading.player
    note = None
    if isinstance(order, Cancel):
        needed = NEEDED[order.what]
        if order.card and CARD_SET.card(order.card).support.effect != needed:
            able = sorted(n for n, c in CARD_SET.cards.items() if c.support.effect == needed)
            raise Refusal(
                _(
                    "the {card} cannot cancel {what}: its Support is to {effect}",
                    card=CARD_SET.term(order.card),
                    what=_WHAT[order.what],
                    effect=CARD_SET.card(order.card).support.describe(),
                ),
                _("cards that can: {cards}", cards=join(CARD_SET.term(n) for n in able)),
            )
        on, by = order.on, order.by
        if on and on.kind == "slot" and order.what == "attack" and on.value not in _slots(player, own=True):
            raise Refusal(_("{slot} is not on your battlefield; ON names your unit", slot=on.value))
        if by and by.kind == "slot" and by.value not in _slots(player, own=False):
            raise Refusal(_("{slot} is not on the enemy battlefield", slot=by.value))
        holding = [
            c
            for c in player.hand
            if game.card(c).support.effect == needed and (order.card is None or game.name(c) == order.card)
        ]
        if not holding:
            which = CARD_SET.term(order.card) if order.card else _ABLE[needed]
            note = _("you hold no {card} now: this reaction can only fire once you do", card=which)
    return order.text(), order.key, note


def _slots(player: Player, own: bool) -> set[str]:
    return {s for s in board.ALL_SLOTS if (board.camp_of(s) == player.camp) == own}

"""What a khan's mail says: order lines for the reply, sorted orders for resolution.

``parse_orders`` reads a mail line by line (``grammar.py`` reads each line)
and then checks each order against the game as it stands: a submitted khan
cannot attack, only the Genghis Khan calls a Horde Feast, and so on. It
chooses the keys that decide what a later mail replaces: all actions of a
mail are one sequence, each kind of plan line replaces its own kind, each
answer replaces the answer to the same khan. In the declarations phase every
line but an answer is a declaration, and all of them share one key.

``sort_orders`` reads the canonical lines the service stores back into
orders, sorted into actions, plan, answers and infractions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace

from pbem.frozen import Frozen
from pbem.ruleset import OrderLine
from pbem.rulesets.lines import Refusal

from . import orders as o
from .data import VARIANTS
from .grammar import STATS, Names, NotASignal, read, tokens
from .orders import key, named_khans, raises_companion
from .phrasings import SIGNALS
from .state import DECLARATIONS, OVER, Game

DECLARATION_KEY = "declaration"


class Sent(Frozen):
    """One khan's orders of a phase, sorted by what they do."""

    lines: tuple[str, ...] = ()
    orders: tuple[o.Order, ...] = ()
    actions: tuple[o.Order, ...] = ()
    plan: tuple[o.Order, ...] = ()
    answers: tuple[o.Answer, ...] = ()
    infractions: int = 0


def order_words(game: Game) -> frozenset[str]:
    """The words of this game's orders (``Ruleset.order_words``): the words a hand signal
    starts with, the Modes, Honor and Wine, and every name of a khan in play."""
    khans = {" ".join(spelling).lower() for spelling in names(game).spellings}
    return frozenset({*SIGNALS.verbs(), *STATS, *khans})


def names(game: Game) -> Names:
    """How khans may be named in this game's mail: the cards in play, the powers, and the
    title: "Cooperate with the Genghis Khan" names whoever holds it now."""
    known = Names.build(VARIANTS[game.variant], {k.power: k.card for k in game.khans})
    title = game.khan(game.genghis).card
    for spelling in (("GENGHIS", "KHAN"), ("GK",)):
        known.spellings.setdefault(spelling, title)
    return known


def check(game: Game, power: str, order: o.Order) -> str | None:
    """Why ``power`` cannot give ``order`` as the game stands, or None if he can."""
    me = game.khan(power)
    gk = game.genghis == power
    ruler = game.khan(me.ruler).card if me.ruler else ""
    playing = {k.card: k for k in game.khans if not k.out}
    named = list(named_khans(order))
    for card in named:
        if card not in playing:
            return f"{card} is out of the game"
    if isinstance(order, o.Answer) and order.other and order.other == me.card:
        return "you cannot answer yourself"
    if isinstance(order, o.AttackKhan | o.Cooperate | o.Submit) and named == [me.card]:
        return "name another khan, not yourself"
    if isinstance(order, o.AttackKhan | o.AttackEnemy | o.Cooperate) and ruler:
        return f"you have submitted to {ruler}: your Modes are his to command, not yours"
    if isinstance(order, o.AttackKhan) and playing[order.target].ruler == power:
        return f"{order.target} has submitted to you: you cannot attack your own khan"
    if isinstance(order, o.AttackEnemy):
        enemy = next((e for e in game.enemies if e.number == order.number), None)
        if enemy is None:
            standing = ", ".join(f"{e.number} ({e.name})" for e in game.enemies) or "none"
            return f"there is no Mongol Enemy {order.number}; those in the field: {standing}"
        if not gk and not enemy.ignored:
            return (
                "only the Genghis Khan may attack this Mongol Enemy until he has ignored it "
                "for more than one turn"
            )
    gives_own_modes = (isinstance(order, o.Assign) and not order.vassal) or (
        isinstance(order, o.Assist) and order.what != "wine" and not order.source
    )
    if gives_own_modes and ruler:
        return f"you have submitted to {ruler}: your Modes are his to assign, not yours"
    vassal = order.vassal if isinstance(order, o.Assign) else ""
    vassal = order.source if isinstance(order, o.Assist) else vassal
    if vassal and playing[vassal].ruler != power:
        return f"{vassal} has not submitted to you"
    if isinstance(order, o.Assign) and order.vassal and order.sort == o.PLAN:
        return "a battle plan assigns only your own points: leave out FOR"
    if isinstance(order, o.Assist) and order.receiver == me.card and not order.source:
        return "you cannot assist yourself"
    if isinstance(order, o.Feast) and me.card in order.guests:
        return "you feast anyway: name only your guests"
    if isinstance(order, o.HordeFeast | o.Buy | o.RestoreHonor | o.TransferLoss) and not gk:
        return "only the Genghis Khan may do that"
    if isinstance(order, o.RestoreHonor | o.TransferLoss) and named == [me.card]:
        return "name another khan, not yourself"
    if isinstance(order, o.Buy) and playing[order.vassal].ruler in (None, power):
        return f"{order.vassal} has not submitted to another khan"
    if isinstance(order, o.Buy) and order.seller:
        serves = game.khan(playing[order.vassal].ruler or power).card
        if serves != order.seller:
            return f"{order.vassal} serves {serves}, not {order.seller}"
    if isinstance(order, o.Submit) and ruler:
        return f"you have already submitted to {ruler}"
    if isinstance(order, o.Cooperate) and not game.enemies:
        return "no Mongol Enemy threatens the Horde: there is nothing to cooperate against"
    if game.step != DECLARATIONS and order.sort == o.ACTION:
        if isinstance(order, o.Feast) and me.wine < 1:
            return "you have no Wine to feast with"
        if power in game.feasted and isinstance(order, o.Feast):
            return "you feasted at the Horde Feast this turn: a khan feasts once a turn"
        if power in game.feasted and not isinstance(order, o.FEAST_ALLOWS):
            return "you feasted at the Horde Feast this turn: a feasting khan takes no other action"
    if isinstance(order, o.RequestTransfer) and (not ruler or me.ruler == game.genghis):
        return "only a khan submitted to another than the Genghis Khan may request transfer"
    return None


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def parse_orders(game: Game, power: str, text: str) -> list[OrderLine]:
    """Every non-blank line of a mail as an order or an error (see the module doc)."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if game.step == OVER or game.khan(power).out:
        reason = "the game is over" if game.step == OVER else "your khan is out of the game"
        return [OrderLine(n, line, error=f"no orders are taken: {reason}") for n, line in lines]
    known = names(game)
    variant = VARIANTS[game.variant]
    results: list[OrderLine] = []
    signalled = False
    chat: list[int] = []
    read_orders: dict[int, o.Order] = {}
    for n, line in lines:
        try:
            order = read(line, known, variant)
        except NotASignal as problem:
            chat.append(len(results))
            results.append(OrderLine(n, line, error=problem.error, hint=problem.hint))
            continue
        except Refusal as problem:
            signalled = True
            results.append(OrderLine(n, line, error=problem.error, hint=problem.hint))
            continue
        signalled = True
        if isinstance(order, o.AttackEnemy) and order.number == 0:
            if not game.enemies:
                results.append(OrderLine(n, line, error="no Mongol Enemy threatens the Horde"))
                continue
            order = o.AttackEnemy(game.enemies[0].number)
        why = check(game, power, order)
        if why is not None:
            results.append(OrderLine(n, line, error=why))
        elif game.step == DECLARATIONS and order.sort not in (o.ANSWER, o.INFRACTION):
            note = "declared: all khans read it; send what you really do in the actions phase"
            results.append(OrderLine(n, line, order=order.text(), key=DECLARATION_KEY, note=note))
        elif isinstance(order, o.Unsignalled):
            results.append(OrderLine(n, line, order=order.text(), key="signals:" + _digest(text)))
        else:
            read_orders[len(results)] = order
            results.append(OrderLine(n, line, order=order.text(), key=key(order)))
    if game.step != DECLARATIONS:
        _one_mails_actions(game, power, results, read_orders)
    if game.options.hand_signals and chat and not signalled:
        first = results[chat[0]]
        results[chat[0]] = OrderLine(
            first.line,
            first.text,
            order=o.Unsignalled().text(),
            key="signals:" + _digest(text),
            note="this mail makes no hand signal: the first time is a warning, after that each such "
            "mail costs your khan one Honor. Orders start with a hand signal (send HELP for the list); "
            "talk goes in PRESS",
            infraction=True,
        )
    return results


def _one_mails_actions(
    game: Game, power: str, results: list[OrderLine], read_orders: dict[int, o.Order]
) -> None:
    """Refuse the actions that the khan's Companion or the mail's own FEAST or COOPERATE
    rule out (RULINGS.md 19, 22, 30).

    A mail's actions are one sequence that replaces any earlier one, so what the mail
    says is all there is to check. A Horde Feast held at the start of this turn, which
    the khan attends unless he declines, is only noted: he may have declined earlier.
    """
    actions = {i: x for i, x in read_orders.items() if x.sort == o.ACTION}
    feast = next((x for x in actions.values() if isinstance(x, o.Feast)), None)
    cooperate = next((x for x in actions.values() if isinstance(x, o.Cooperate)), None)
    declines = any(
        isinstance(x, o.Answer) and x.kind == "horde-feast" and not x.accept for x in read_orders.values()
    )
    guest = not declines and any(
        x.kind == "horde-feast" and x.to == power and x.answer != "refuse" for x in game.offers
    )
    companion = game.khan(power).modes.companion > 0
    for index, order in actions.items():
        line = results[index]
        if not companion and raises_companion(order):
            companion = True  # later lines may act once this one has raised it
            continue
        if isinstance(order, o.Pass):
            continue  # no action, so nothing a khan without Companion cannot do (ruling 22)
        if not companion:
            why = (
                "your khan has no Companion: until it is one again he can only ASSIGN points TO "
                "COMPANION, SPEND HONOR ON COMPANION or FEAST, or PASS"
            )
        elif feast is not None and not isinstance(order, o.FEAST_ALLOWS):
            why = f"this mail feasts ({feast.text()}): a feasting khan takes no other action"
        elif isinstance(order, o.Feast) and order is not feast:
            assert feast is not None
            every = tuple(dict.fromkeys(feast.guests + order.guests))
            results[index] = OrderLine(
                line.line,
                line.text,
                error=f"this mail feasts already ({feast.text()}): a khan feasts once a turn",
                hint=f"feed every guest at one feast: {o.Feast(guests=every).text()}",
            )
            continue
        elif cooperate is not None and isinstance(order, o.AttackKhan | o.AttackEnemy):
            why = (
                f"this mail cooperates ({cooperate.text()}): a khan who cooperates takes no "
                "other battle action this turn"
            )
        else:
            if guest and not isinstance(order, o.FEAST_ALLOWS):
                note = (
                    "you attend the Horde Feast held at the start of this turn unless you send "
                    "DECLINE HORDE FEAST; a feasting khan's action does not happen"
                )
                results[index] = replace(line, note=note)
            elif guest and isinstance(order, o.Feast):
                note = (
                    "you attend the Horde Feast held at the start of this turn unless you send "
                    "DECLINE HORDE FEAST; a khan feasts once a turn, so then this feast is not held"
                )
                results[index] = replace(line, note=note)
            continue
        results[index] = OrderLine(line.line, line.text, error=why)


def sort_orders(game: Game, lines: Sequence[str]) -> Sent:
    """A khan's canonical lines read back and sorted; unreadable lines are dropped."""
    known = names(game)
    variant = VARIANTS[game.variant]
    actions: list[o.Order] = []
    plan: list[o.Order] = []
    answers: list[o.Answer] = []
    infractions = 0
    kept: list[str] = []
    every: list[o.Order] = []
    for line in lines:
        if not tokens(line):
            continue
        try:
            order = read(line, known, variant)
        except Refusal:
            continue
        kept.append(order.text())
        every.append(order)
        if isinstance(order, o.Answer):
            answers.append(order)
        elif isinstance(order, o.Unsignalled):
            infractions += 1
        elif order.sort == o.PLAN:
            plan.append(order)
        else:
            actions.append(order)
    return Sent(tuple(kept), tuple(every), tuple(actions), tuple(plan), tuple(answers), infractions)


__all__ = ["DECLARATION_KEY", "Sent", "check", "names", "parse_orders", "sort_orders"]

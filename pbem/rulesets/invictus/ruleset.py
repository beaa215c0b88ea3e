"""Invictus behind the ``pbem.ruleset.Ruleset`` interface: the glue, no rules of its own.

Each method hands over to the module that owns the concept: ``setup`` for the
three setup phases, ``turn`` for a turn, ``rehearsal`` for reading a mail,
``visibility`` for views and secrets, ``state`` for the JSON form.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.english import in_number
from pbem.i18n import Message, _, check_language, render
from pbem.ruleset import Adjudication, OrderLine, Phase, Ruleset, SetupError
from pbem.rulesets.invictus import army, board, rehearsal, setup, turn, visibility
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import (
    TURN_STEPS,
    Army,
    Citizen,
    Front,
    Keep,
    Mulligan,
    Refusal,
    Reserve,
    parse,
    read_orders,
)
from pbem.rulesets.invictus.state import Camp, Game, Player
from pbem.rulesets.invictus.table import Table
from pbem.rulesets.invictus.variants import HANDICAPS, VARIANTS
from pbem.rulesets.invictus.words import KEYWORDS, fold

OPTIONS = ("armies", "handicap", "language")

PHASES = {
    "army": ("army", _("Army building"), "setup"),
    "hand": ("hand", _("Opening hands: keep or mulligan"), "setup"),
    "deploy": ("deploy", _("Deployment"), "setup"),
}
_ROLES = {
    "front": _("your FRONT order"),
    "reserve": _("your RESERVE order"),
    "citizen": _("your CITIZEN order"),
}


class Invictus(Ruleset):
    name = "invictus"
    cards = True
    state_type = Game

    def variants(self) -> list[str]:
        return list(VARIANTS)

    def start(self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Game:
        if variant not in VARIANTS:
            raise SetupError(f"unknown Invictus variant {variant!r}; known: {', '.join(VARIANTS)}")
        rules = VARIANTS[variant]
        if len(powers) != rules.players:
            raise SetupError(
                f"the {variant} variant is for {rules.players} players; the config lists "
                f"{len(powers)} ({', '.join(powers)})"
            )
        if len(set(powers)) != len(powers) or not all(str(p).strip() for p in powers):
            raise SetupError("the powers' names must be distinct and non-empty")
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise SetupError(
                f"unknown Invictus {in_number(len(unknown), 'option')} {', '.join(sorted(unknown))};"
                f" known: {', '.join(OPTIONS)}"
            )
        players = [Player(power=p, seat=i, camp=rules.camp_of(i)) for i, p in enumerate(powers)]
        limits = _handicaps(options.get("handicap") or {}, powers, rules.reserve_limit)
        camps = [
            Camp(seats=list(seats), reserve_limit=min(limits[powers[s]] for s in seats))
            for seats in rules.camps
        ]
        try:
            language = check_language(options.get("language"))
        except ValueError as error:
            raise SetupError(f"option language: {error}") from None
        game = Game(variant=variant, players=players, camps=camps, language=language)
        armies = options.get("armies") or {}
        if not isinstance(armies, Mapping):
            raise SetupError("option armies must map power names to armies")
        for power, text in armies.items():
            if power not in powers:
                raise SetupError(f"option armies names {power!r}, who is not a power of this game")
            try:
                order = parse(f"ARMY {text}" if not fold(str(text)).startswith("army") else text)
                if not isinstance(order, Army):
                    raise Refusal("not an army")
                game.player(power).army = army.complete(order, rules).text()
            except Refusal as refusal:
                raise SetupError(f"option armies, {power}: {refusal.message}") from None
        if all(p.army for p in players):
            setup.muster_all(Table(game), {}, random.Random(seed))
        return game

    def phase(self, game: Game) -> Phase:
        everyone = tuple(p.power for p in game.players)
        if game.stage == "over":
            return Phase(
                "end",
                render(_("Game over"), game.language),
                "turn",
                (),
                (),
                over=True,
                result=game.result,
                winners=tuple(game.winners),
                survivors=everyone,
            )
        if game.stage in PHASES:
            ident, label, kind = PHASES[game.stage]
            acting = tuple(p.power for p in game.players if not (ident == "army" and p.army))
            return Phase(ident, render(label, game.language), kind, acting or everyone, everyone)
        active = game.current.power
        turn_label = render(_("Turn {turn}: {power}", turn=game.turn, power=active), game.language)
        return Phase(f"T{game.turn}", turn_label, "turn", (active,), everyone)

    def parse_orders(self, game: Game, power: str, text: str) -> list[OrderLine]:
        return rehearsal.read_mail(game, power, text)

    def order_words(self, game: Game) -> frozenset[str]:
        """The order words of both languages, every card's name and the players' seats."""
        return frozenset({*KEYWORDS, *CARD_SET.names, *(fold(player.power) for player in game.players)})

    def default_orders(self, game: Game, power: str) -> list[str]:
        player = game.player(power)
        if game.stage == "army":
            return [] if player.army else [army.default(player.seat, game.rules).text()]
        if game.stage == "hand":
            return ["KEEP"]
        if game.stage == "deploy":
            picks = setup.default_deployment(game, player, {})
            slot = " TO " + board.front_line(player.camp)[1]
            words = {"front": "FRONT", "reserve": "RESERVE", "citizen": "CITIZEN"}
            return [
                f"{words[role]} {game.name(card_id)}" + (slot if role == "front" else "")
                for role, card_id in picks.items()
            ]
        if game.stage == "turn" and player is game.current:
            return ["PASS"]
        return []

    def shown_order(self, game: Game, order: str) -> str:
        return notation(order)

    def missing(self, game: Game, power: str, orders: Sequence[str]) -> list[str]:
        kinds = {type(order) for order in read_orders(orders)}
        player = game.player(power)
        owed: list[Message] = []
        if game.stage == "army" and not player.army and Army not in kinds:
            owed = [_("your army (ARMY ...)")]
        if game.stage == "hand" and not kinds & {Keep, Mulligan}:
            owed = [_("KEEP or MULLIGAN")]
        if game.stage == "deploy":
            given = {Front: "front", Reserve: "reserve", Citizen: "citizen"}
            placed = {given[kind] for kind in kinds if kind in given}
            owed = [_ROLES[role] for role in game.rules.deployment[player.seat] if role not in placed]
        if game.stage == "turn" and player is game.current and not kinds & set(TURN_STEPS):
            owed = [_("your turn (PASS if you do nothing)")]
        return [render(item, game.language) for item in owed]

    def adjudicate(self, game: Game, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        rng = random.Random(seed)
        table = Table(game.copy())
        turn.take_standing(table, orders)
        stage = table.game.stage
        if stage == "army":
            setup.muster_all(table, orders, rng)
        elif stage == "hand":
            setup.mulligan(table, orders, rng)
        elif stage == "deploy":
            setup.deploy(table, orders)
            turn.begin(table)
        elif stage == "turn":
            active = table.game.current.power
            turn.run_steps(table, orders.get(active) or self.default_orders(game, active))
            turn.end(table)
        notices = [table.game.result] if table.over and stage != "over" else []
        return Adjudication(table.game, table.events, notices)

    def press_problem(self, game: Game, sender: str, recipients: Sequence[str]) -> str | None:
        """Four-player mode: "La communication est permise uniquement en amont de la
        bataille" between partners; once the first turn starts, no press reaches a partner
        (RULINGS.md, ruling 42)."""
        if game.stage not in ("turn", "over") or sender not in {p.power for p in game.players}:
            return None
        me = game.player(sender)
        partners = [p.power for p in game.players if p.camp == me.camp and p is not me]
        told = [power for power in recipients if power in partners]
        if not told or game.stage == "over":
            return None
        why = _(
            "partners may not talk once the battle has started (rulebook, 4-player mode: "
            "communication only before the battle); {partner} is your partner. "
            "Write PRESS TO your opponents only",
            partner=", ".join(told),
        )
        return render(why, game.language)

    def view(self, game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        return visibility.view(game, events, viewer)

    def hidden_facts(self, game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        return visibility.hidden_facts(game, events, viewer)


def _handicaps(raw: Any, powers: Sequence[str], limit: int) -> dict[str, int]:
    """Reserve limits per power (rulebook, "Handicap"): a level name or a number 1 to 5."""
    if not isinstance(raw, Mapping):
        raise SetupError("option handicap must map power names to a level or a number")
    limits = {p: limit for p in powers}
    for power, level in raw.items():
        if power not in powers:
            raise SetupError(f"option handicap names {power!r}, who is not a power of this game")
        value = HANDICAPS.get(fold(str(level))) if isinstance(level, str) else level
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= limit:
            levels = ", ".join(k for k in HANDICAPS if k.isascii())
            raise SetupError(
                f"option handicap, {power}: {level!r} is neither a level ({levels}) nor a "
                f"reserve size from 1 to {limit}"
            )
        limits[power] = value
    return limits


ruleset = Invictus()

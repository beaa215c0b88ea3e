"""Building Invictus tables by hand for tests: any position, in a few lines.

``build`` lays out a game in the turn stage the way a test describes it
(slots to card names, hands, reserves...), giving every card an id as the
engine would, so that a test can set up exactly the situation a rule is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pbem.rulesets.invictus import board, ruleset
from pbem.rulesets.invictus.state import Camp, Game, Player, Unit
from pbem.rulesets.invictus.variants import VARIANTS

POWERS = {2: ("North", "South"), 4: ("Ann", "Bob", "Cid", "Dee")}


def build(
    field: Mapping[str, str] | None = None,
    hands: Mapping[str, Sequence[str]] | None = None,
    reserves: Mapping[int, Sequence[str]] | None = None,
    kingdoms: Mapping[str, Sequence[str]] | None = None,
    graveyards: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[str, Sequence[str]] | None = None,
    tilted: Iterable[str] = (),
    reactions: Mapping[str, Sequence[str]] | None = None,
    leaders: Sequence[str] = ("King", "Shogun", "Pharaoh", "Odin"),
    variant: str = "standard",
    active: int = 0,
    turn: int = 5,
    reserve_limit: int = 5,
) -> Game:
    """A game in the middle of turn ``turn``, ``active``'s seat to play.

    Cards on the battlefield belong to the camp whose rows they stand on;
    Leaders not placed anywhere are in their player's hand (first).
    """
    rules = VARIANTS[variant]
    powers = POWERS[rules.players]
    players = [Player(power=p, seat=i, camp=rules.camp_of(i)) for i, p in enumerate(powers)]
    camps = [Camp(seats=list(s), reserve_limit=reserve_limit) for s in rules.camps]
    game = Game(variant=variant, players=players, camps=camps, stage="turn", turn=turn)
    game.active = active
    counters = [0] * len(players)

    def card(name: str, seat: int) -> str:
        counters[seat] += 1
        card_id = f"{seat + 1}-{counters[seat]:02d}"
        game.cards[card_id] = name
        game.owners[card_id] = seat
        return card_id

    for player, leader in zip(players, leaders, strict=False):
        player.leader = leader
        player.army = f"ARMY {leader}"
    placed_leaders: set[str] = set()
    for slot, name in (field or {}).items():
        camp = board.camp_of(slot)
        seat = camps[camp].seats[0]
        owner = next((p.seat for p in players if p.leader == name), seat)
        camps[camp].field[slot] = Unit(card(name, owner), tilted=slot in set(tilted))
        placed_leaders.add(name)
    for index, names in (reserves or {}).items():
        seat = camps[index].seats[0]
        camps[index].reserve = [card(n, seat) for n in names]
        placed_leaders.update(names)
    for index, names in (graveyards or {}).items():
        camps[index].graveyard = [card(n, camps[index].seats[0]) for n in names]
    for player in players:
        hand = list((hands or {}).get(player.power, ()))
        if player.leader not in placed_leaders and player.leader not in hand:
            hand.insert(0, player.leader)
        player.hand = [card(n, player.seat) for n in hand]
        player.kingdom = [card(n, player.seat) for n in (kingdoms or {}).get(player.power, ())]
        player.deck = [card(n, player.seat) for n in (decks or {}).get(player.power, ("Samurai",) * 5)]
        player.reactions = list((reactions or {}).get(player.power, ()))
    return game


def play(game: Game, orders: Mapping[str, Sequence[str]] | None = None, seed: int = 0) -> Any:
    """Adjudicate one phase; the Adjudication."""
    return ruleset.adjudicate(game, orders or {}, seed)


def names(game: Game, ids: Iterable[str]) -> list[str]:
    return [game.name(c) for c in ids]


def at(game: Game, slot: str) -> str | None:
    unit = game.camps[board.camp_of(slot)].field.get(slot)
    return None if unit is None else game.name(unit.card)


def texts(events: Iterable[Mapping[str, Any]], kind: str | None = None) -> list[str]:
    return [e["text"] for e in events if kind is None or e["type"] == kind]


def notes(game: Game, power: str, mail: str) -> list[str | None]:
    return [line.note for line in ruleset.parse_orders(game, power, mail)]


def refusal(game: Game, power: str, mail: str) -> str:
    """The error of the last refused line of a mail; fails the test if none is refused."""
    lines = ruleset.parse_orders(game, power, mail)
    errors = [line.error for line in lines if line.error]
    assert errors, [line.order for line in lines]
    return str(errors[-1])


def accepted(game: Game, power: str, mail: str) -> list[str]:
    """The canonical orders of a mail; fails the test if any line is refused."""
    lines = ruleset.parse_orders(game, power, mail)
    refused = [(line.text, line.error) for line in lines if line.error]
    assert not refused, refused
    return [line.order for line in lines if line.order]

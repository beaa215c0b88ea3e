"""Building an army (rulebook, "Constitution de son armée") and shuffling it into a deck.

An army is a Leader and a fixed number of Soldiers (20, or 10 in guerre
éclair) from any versions, with one type of Soldier per colour.
"""

from __future__ import annotations

import random

from pbem.i18n import _, join
from pbem.rulesets.invictus.cards import CARD_SET, COLOUR_NAMES, COLOURS
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Army, Refusal
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.variants import Variant

#: the version each seat plays if its player never says (RULINGS.md)
DEFAULT_VERSIONS = ("king", "shogun", "pharaoh", "odin")


def complete(order: Army, variant: Variant) -> Army:
    """The army in canonical form, or Refusal saying what breaks the rules."""
    leader = CARD_SET.card(order.leader)
    if not leader.leader:
        raise Refusal(
            _("{card} is a Soldier, not a Leader", card=leader.term),
            _(
                "start with a Leader: {leaders}",
                leaders=join(v.leader.term for v in CARD_SET.versions.values()),
            ),
        )
    soldiers = dict(order.soldiers)
    if not soldiers:
        version = CARD_SET.versions[_version_key(leader.version)]
        each, extra = divmod(variant.soldiers, len(version.soldiers))
        soldiers = {s.name: each + (1 if i < extra else 0) for i, s in enumerate(version.soldiers)}
    for name in soldiers:
        if CARD_SET.card(name).leader:
            raise Refusal(
                _("{card} is a Leader; an army has one Leader, named first", card=CARD_SET.term(name)),
                _("write it like: {example}, ...", example=notation(f"ARMY {leader.name}: 4 Samurai")),
            )
    by_colour: dict[str, list[str]] = {}
    for name in soldiers:
        by_colour.setdefault(CARD_SET.card(name).colour or "", []).append(name)
    for colour, names in by_colour.items():
        if len(names) > 1:
            raise Refusal(
                _(
                    "{cards} are both {colour}: all the Soldiers of one colour in an army must be "
                    "the same card",
                    cards=join((CARD_SET.term(n) for n in names), _(" and ")),
                    colour=COLOUR_NAMES[colour],
                ),
                _("keep one {colour} Soldier type", colour=COLOUR_NAMES[colour]),
            )
    total = sum(soldiers.values())
    if total != variant.soldiers:
        raise Refusal(
            _(
                "an army in this game has {count} Soldiers and a Leader; yours has {total} Soldiers",
                count=variant.soldiers,
                total=total,
            ),
            _("change the numbers so they add up to {count}", count=variant.soldiers),
        )
    ordered = sorted(soldiers.items(), key=lambda item: COLOURS.index(CARD_SET.card(item[0]).colour or ""))
    return Army(leader.name, tuple(ordered))


def default(seat: int, variant: Variant) -> Army:
    version = CARD_SET.versions[DEFAULT_VERSIONS[seat % len(DEFAULT_VERSIONS)]]
    return complete(Army(version.leader.name), variant)


def muster(game: Game, player: Player, army: Army, rng: random.Random) -> None:
    """Give the player's cards ids and shuffle the Soldiers into a deck; the Leader to hand.

    The Leader stays face up beside the deck during the mulligan (rulebook,
    "Mise en place"); keeping it in the hand from the start is the same thing
    as long as a mulligan never touches it (see ``setup.mulligan``).
    """
    seat = player.seat + 1
    leader_id = f"{seat}-00"
    game.cards[leader_id] = army.leader
    game.owners[leader_id] = player.seat
    deck: list[str] = []
    for name, count in army.soldiers:
        for _copy in range(count):
            card_id = f"{seat}-{len(deck) + 1:02d}"
            game.cards[card_id] = name
            game.owners[card_id] = player.seat
            deck.append(card_id)
    rng.shuffle(deck)
    player.deck = deck
    player.hand = [leader_id]
    player.leader = army.leader
    player.army = army.text()


def _version_key(name: str) -> str:
    version = CARD_SET.version_named(name)
    assert version is not None, name
    return version.key

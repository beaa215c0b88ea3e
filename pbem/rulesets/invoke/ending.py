"""The end of a turn and of the game: damage taken, the ghost round, who wins.

Rulebook, "Sequence of Play" 7-8 and 12, and "Object of the Game": damage
noted during the turn is taken at its end, and destroyed gems leave play; a mage
whose power is gone stays for the ghost round, until the end of their next
turn, and leaves then if still without power. The game ends when only one mage
has any power left, or when the Aether is empty (the most gems wins); by mail
also after the card set's number of rounds (ours, RULINGS.md). At the end an
unfired Wand whose invocation is not legitimate explodes, costing a gem.
"""

from __future__ import annotations

from pbem.english import counted

from . import manifest
from .notation import real_cards
from .table import Turn, discard, remove_thing, remove_wall, sentence, whose


def take_damage(turn: Turn) -> None:
    """The damage of the turn: gems destroyed, out of play."""
    game = turn.game
    for target, points in turn.damage.items():
        lost = game.destroy_gems(target, points)
        turn.say(
            "gems",
            f"{sentence(whose(target))} power gems take "
            f"{counted(points, 'point')} of damage: {counted(lost, 'gem')} destroyed.",
            power=target,
            destroyed=lost,
        )
    turn.damage.clear()


def ghost_round(turn: Turn, acting: str) -> None:
    """The acting mage leaves if their ghost round is over; others become ghosts."""
    game = turn.game
    mage = game.mages[acting]
    if mage.ghost and mage.gems == 0:
        leave(turn, acting)
    for name in game.in_game():
        other = game.mages[name]
        if other.gems == 0 and not other.ghost:
            turn.say(
                "ghost",
                f"{name} has no power left: a ghost until the end of their next "
                "turn, unless they regain a gem.",
                power=name,
            )
        elif other.gems > 0 and other.ghost:
            turn.say("ghost", f"{name} has power again and is no longer a ghost.", power=name)
        other.ghost = other.gems == 0


def leave(turn: Turn, name: str) -> None:
    """A mage is removed from the game with everything of theirs on the table."""
    game = turn.game
    mage = game.mages[name]
    turn.say("removed", f"{name}'s ghost round is over: {name} leaves the game.", power=name)
    for thing in [t for t in game.things if t.owner == name]:
        remove_thing(turn, thing, "leaves play with its mage")
    for wall in [w for w in game.walls if w.held_by() == name]:
        remove_wall(turn, wall, "falls with its mage")
    for spell in [s for s in game.spells if s.caster == name]:
        game.spells.remove(spell)
        discard(turn, real_cards(spell.played))
    discard(turn, mage.hand)
    mage.hand = []
    mage.counters = []
    mage.out = True


def check_end(turn: Turn, *, turn_over: bool) -> None:
    """End the game if only one mage has power, the Aether is empty, or time is up."""
    game = turn.game
    if game.over:
        return
    powered = [name for name in game.in_game() if game.mages[name].gems > 0]
    if len(powered) <= 1:
        reason = "only one mage has any power left" if powered else "no mage has power left"
    elif game.aether <= 0:
        reason = "the Aether is empty: magic is depleted"
    elif turn_over and game.turn >= game.turn_limit:
        reason = f"the last turn ({game.turn}) has been played"
    else:
        return
    finish(turn, reason)


def finish(turn: Turn, reason: str) -> None:
    game = turn.game
    for wand in [t for t in game.things if turn.cards.kind(t.card) == "wand"]:
        wand.kept = list(manifest.wand_parts(wand))  # turned face up to be judged
        shown = manifest.describe(wand, turn.cards)[0]
        if manifest.legitimate(turn, wand):
            turn.say("wand", f"At the end, {shown}: a legitimate invocation.")
            continue
        lost = game.destroy_gems(wand.owner, 1)
        turn.say(
            "wand",
            f"At the end, {shown}: no legitimate invocation. The Wand explodes "
            f"and {wand.owner} loses {counted(lost, 'power gem')}.",
            power=wand.owner,
            destroyed=lost,
        )
    standing = game.in_game()
    best = max(game.mages[name].gems for name in standing)
    game.winners = [name for name in standing if game.mages[name].gems == best] if best else []
    game.over = True
    if not game.winners:
        game.result = f"The game is over ({reason}); nobody has power left, nobody wins."
    elif len(game.winners) == 1:
        game.result = (
            f"The game is over ({reason}): {game.winners[0]} wins with {counted(best, 'power gem')}."
        )
    else:
        game.result = (
            f"The game is over ({reason}): {' and '.join(game.winners)} share the "
            f"win with {counted(best, 'power gem')} each."
        )
    turn.say("over", game.result)

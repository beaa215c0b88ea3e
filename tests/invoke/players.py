"""A random mage for property tests: writes a plausible mail from what it sees.

It writes candidate lines from its hand and the table, some of them wrong, and
the ruleset's own parse_orders keeps the valid ones, as the service would.
"""

from __future__ import annotations

import random

from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.state import Game

from .tables import CARDS

MOVES = ["Move Left", "Move Right"]
ELEMENTS = ["Fire", "Water", "Air", "Earth"]
MODS = ["+1", "+2", "-1", "-2"]


def mail(game: Game, power: str, rng: random.Random) -> str:
    """A mail from ``power``: their turn if it is theirs, else counters and draw choices; before
    the first turn, the split of their starting hand (and a line the setup phase refuses)."""
    lines: list[str] = []
    if game.setup:
        if rng.random() < 0.7:
            decks = rng.sample(list(CARDS.decks), 3)
            lines.append("DRAW " + ", ".join(f"{rng.randint(1, 3)} {deck}" for deck in decks))
        if rng.random() < 0.2:
            lines.append("Move Left & Fire")
        return "\n".join(lines)
    if rng.random() < 0.2:
        decks = rng.sample(list(CARDS.decks), rng.randint(1, 3))
        lines.append("REFILL " + ", ".join(f"{rng.randint(0, 3)} {deck}" for deck in decks))
    if rng.random() < 0.5:
        lines.extend(counters(game, power, rng))
    if power == game.current:
        lines.extend(turn(game, power, rng))
    return "\n".join(lines)


def counters(game: Game, power: str, rng: random.Random) -> list[str]:
    others = [n for n in game.in_game() if n != power]
    at = rng.choice(["ME", "ANYONE", "ANYONE", "Aether", *others])
    what = rng.choice(["ANY", "ANY", "ANY", *ELEMENTS, "Target Hand", "Target Power Gem"])
    action = rng.choice(
        [
            "Haste & Build Wall & " + rng.choice(ELEMENTS),
            "Target Current Invocation & -1",
            "Target Current Invocation & " + rng.choice(ELEMENTS),
            "Target Current Invocation & Build Wall & " + rng.choice(ELEMENTS),
            "Target Current Invocation & " + rng.choice(MOVES),
            "ACTIVATE WAND",
            "Haste & Invoke " + rng.choice(others) + " & " + rng.choice(ELEMENTS),
        ]
    )
    if rng.random() < 0.1:
        return ["NO COUNTERS"]
    return [f"IF {what} AT {at}: {action}"]


def turn(game: Game, power: str, rng: random.Random) -> list[str]:
    hand = list(game.mages[power].hand)
    others = [n for n in game.in_game() if n != power]
    ids = [w.id for w in game.walls] + [s.id for s in game.spells]
    mine = [w.id for w in game.walls if w.owner == power]
    held = [c for c in hand if CARDS.kind(c) == "element"] or ELEMENTS
    candidates = []
    for _ in range(40):
        element = rng.choice(held)
        shapes = [
            f"{rng.choice(MOVES)} & {element}",
            f"{rng.choice(MOVES)} & {rng.choice(MODS)} & {element} & {rng.choice(MODS)}",
            f"+1 & {rng.choice(MOVES)} & {element} & {rng.choice(held)}",
            f"Invoke {rng.choice(others)} & {element}",
            f"Build Wall & {element}",
            f"Build Wall on Aether & {element}",
            "Target Power Gem & " + rng.choice(MOVES),
            f"Target Power Gem of {rng.choice([*others, 'Aether'])} & {element}",
            f"Target Hand of {rng.choice(others)} & Discard",
            f"Target Hand of {rng.choice(others)} & {rng.choice(MOVES)}",
            f"Target Creature of {rng.choice(others)} & {element}",
            f"Target Creature & {rng.choice(MOVES)}",
            f"Target Magical Item of {rng.choice(others)} & {element}",
            f"Delay & {rng.choice(MOVES)} & {element}",
            f"Sustain & Invoke {rng.choice(others)} & {element}",
            "Tome & " + " & ".join(rng.sample(hand, min(len(hand), rng.randint(1, 3)))),
            "Wand & "
            + " & ".join(rng.choice(["", "face down "]) + c for c in rng.sample(hand, min(len(hand), 2))),
            "ACTIVATE WAND",
            *(f"{c} & {rng.choice(hand)}" for c in ("Mermaid", "Imp", "Sylph", "Gnome")),
        ]
        if ids:
            shapes.append(
                f"Target Established Invocation {rng.choice(ids)} & "
                + rng.choice([element, "-1", "+1", rng.choice(MOVES)])
            )
        if mine:
            shapes.append(f"REPAIR {rng.choice(mine)} & {rng.choice([element, '+1'])}")
        candidates.append(rng.choice(shapes))
    playable = [line for line in candidates if not ruleset.parse_orders(game, power, line)[0].error]
    lines = rng.sample(playable, min(len(playable), rng.randint(0, 3)))
    if candidates and rng.random() < 0.2:
        lines.append(rng.choice(candidates))  # perhaps a mistake, as players make
    if rng.random() < 0.3 and hand:
        lines.append("DISCARD " + ", ".join(rng.sample(hand, min(len(hand), 2))))
    if not lines or rng.random() < 0.05:
        lines.append("PASS")
    return lines


def orders(game: Game, rng: random.Random) -> dict[str, list[str]]:
    """Every mage's valid orders this phase, as the service would keep them."""
    kept: dict[str, list[str]] = {}
    for power in ruleset.phase(game).may_order:
        parsed = ruleset.parse_orders(game, power, mail(game, power, rng))
        by_key: dict[str, list[str]] = {}
        for line in parsed:
            assert (line.order is None) != (line.error is None), line
            if line.order and line.key:
                by_key.setdefault(line.key, []).append(line.order)
        kept[power] = [order for group in by_key.values() for order in group]
    return kept

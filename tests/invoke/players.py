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
    hand = game.mages[power].hand
    if "Target Current Invocation" in hand and rng.random() < 0.6:
        # one the mage holds the cards for, so that it can fire
        at, what = rng.choice(["ME", "ANYONE"]), "ANY"
        answers = [c for c in hand if CARDS.kind(c) in ("element", "modifier", "move_left", "move_right")]
        action = "Target Current Invocation & " + rng.choice(answers or ["-1"])
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
    candidates += from_hand(game, power, rng)
    playable = [line for line in candidates if not ruleset.parse_orders(game, power, line)[0].error]
    rare = [line for line in playable if any(word in line for word in RARE)]
    lines = rng.sample(playable, min(len(playable), rng.randint(0, 3)))
    if rare and rng.random() < 0.7:
        lines.insert(0, rng.choice(rare))
    if candidates and rng.random() < 0.2:
        lines.append(rng.choice(candidates))  # perhaps a mistake, as players make
    if rng.random() < 0.3 and hand:
        lines.append("DISCARD " + ", ".join(rng.sample(hand, min(len(hand), 2))))
    if not lines or rng.random() < 0.05:
        lines.append("PASS")
    return lines


#: cards and orders a mage rarely holds the rest of an invocation for: played first when it does
RARE = ("Delay", "Sustain", "Target Established", "ACTIVATE WAND", "Wand &", "Target Magical Item", "Discard")


def from_hand(game: Game, power: str, rng: random.Random) -> list[str]:
    """Invocations made of the cards in the hand (a timing card, a target, modifiers, a
    movement or a wall, an element), so that the cards a mage seldom holds with the rest of
    an invocation (Delay, Sustain, a Wand to load or fire) are played when they can be."""
    hand = list(game.mages[power].hand)
    of = {kind: [c for c in hand if CARDS.kind(c) == kind] for kind in {CARDS.kind(c) for c in hand}}
    others = [n for n in game.in_game() if n != power]
    elements = of.get("element", [])
    actions = [*of.get("move_left", []), *of.get("move_right", [])]
    actions += [f"Invoke {other}" for other in others] if "invoke" in of else []
    timing = [*of.get("delay", []), *of.get("sustain", []), *of.get("haste", [])]
    mods = of.get("modifier", [])
    targets = [f"Target Established Invocation {t.id}" for t in [*game.walls, *game.spells]]
    targets = targets if "target_established" in of else []
    lines = []
    for _ in range(12):
        element = rng.choice(elements) if elements else "Fire"
        action = rng.choice(actions) if actions else "Move Left"
        timed = f"{rng.choice(timing)} & " if timing else ""
        modded = f" & {rng.choice(mods)}" if mods and rng.random() < 0.5 else ""
        lines.append(f"{timed}{action} & {element}{modded}")
        if targets:
            effect = rng.choice([element, *mods, *actions, *of.get("discard", [])])
            lines.append(f"{rng.choice(targets)} & {effect}")
        if "target_item" in of and others:
            lines.append(f"Target Magical Item of {rng.choice(others)} & {rng.choice([element, *actions])}")
        if "wand" in of and len(hand) > 2:
            loaded = rng.sample([c for c in hand if c != "Wand"], min(len(hand) - 1, rng.randint(2, 3)))
            lines.append("Wand & " + " & ".join(rng.choice(["", "face down "]) + c for c in loaded))
        if "discard" in of and others:
            lines.append(f"Target Hand of {rng.choice(others)} & Discard")
    return [*lines, "ACTIVATE WAND"]


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

"""Random but legal players, for property tests over whole games.

A player here writes what a person could write: the steps of its turn are
picked among those the engine would accept at that point (tried on a
rehearsal table, as ``parse_orders`` does), plus now and then standing
reactions, a conscription choice, or a line with a typo that must be refused.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pbem.rulesets.invictus import board, ruleset, steps, turn
from pbem.rulesets.invictus.cards import CARD_SET, EFFECTS
from pbem.rulesets.invictus.orders import (
    Attack,
    Citizen,
    Order,
    Pass,
    PlaySupport,
    Recruit,
    Ref,
    Refusal,
)
from pbem.rulesets.invictus.state import Game
from pbem.rulesets.invictus.table import Table
from pbem.rulesets.invictus.words import COLOUR_WORDS, EFFECT_WORDS, KEYWORDS

#: words worth trying in fuzzed mails: the vocabulary, slots and a few numbers
WORDS = {
    *KEYWORDS,
    *CARD_SET.names,
    *COLOUR_WORDS,
    *EFFECT_WORDS,
    *board.ALL_SLOTS,
    "4",
    "x2",
    "->",
}

TYPOS = ["ATACK b2 ON b3", "SUPPORT Samuri", "RECRUIT Guard", "hello", "CITIZEN King of Spain"]


def candidates(table: Table) -> Iterator[Order]:
    """Every step worth trying for the active player on this table."""
    game = table.game
    player = game.current
    own = board.SLOTS[player.camp]
    enemy = [s for c in range(len(game.camps)) if c != player.camp for s in board.SLOTS[c]]
    camp = game.camp_of(player)
    yield Pass()
    for slot in own:
        if camp.reserve:
            yield Recruit(slot)
        for name in sorted({game.name(c) for c in player.hand}):
            yield Recruit(slot, name)
    for source in camp.field:
        for target in enemy:
            yield Attack(Ref(None, source), Ref(None, target))
    graveyard = sorted({game.name(c) for c in camp.graveyard})
    kingdom = sorted({game.name(c) for c in player.kingdom})
    theirs = sorted({game.name(c) for p in game.opponents(player) for c in p.kingdom})
    for name in sorted({game.name(c) for c in player.hand}):
        yield Citizen(name)
        effect = CARD_SET.card(name).support.effect
        if effect in ("damage", "ready"):
            for slot in enemy if effect == "damage" else own:
                yield PlaySupport(name, on=Ref(None, slot))
        elif effect in ("resurrect", "enlist"):
            for obj in graveyard if effect == "resurrect" else kingdom:
                for slot in own:
                    yield PlaySupport(name, object=obj, to=slot)
        elif effect == "banish":
            for obj in theirs:
                yield PlaySupport(name, object=obj)
        elif effect == "shift":
            for origin in camp.field:
                for slot in own:
                    yield PlaySupport(name, on=Ref(None, origin), to=slot)
        else:
            yield PlaySupport(name)


def turn_lines(game: Game, rng: random.Random) -> list[str]:
    table = Table(game.copy(), rehearsal=True)
    lines: list[str] = []
    for _ in range(rng.randint(0, 6)):
        legal = []
        for order in candidates(table):
            try:
                legal.append(steps.resolve(table, order))
            except Refusal:
                continue
        attacks = [o for o in legal if isinstance(o, Attack)]
        if not legal or table.over:
            break
        step = rng.choice(attacks) if attacks and rng.random() < 0.5 else rng.choice(legal)
        steps.carry_out(table, step)
        turn.settle(table)
        lines.append(step.text())
    return lines


def reaction_line(game: Game, power: str, rng: random.Random) -> str:
    player = game.player(power)
    what = rng.choice(["ATTACK", "SUPPORT"])
    needed = "cancel_attack" if what == "ATTACK" else "cancel_support"
    able = sorted({game.name(c) for c in player.hand if game.card(c).support.effect == needed})
    words = ["CANCEL"] + (["EVERY"] if rng.random() < 0.3 else []) + [what]
    if what == "SUPPORT" and rng.random() < 0.5:
        words.append(rng.choice([*EFFECTS, "Anubis", "Samurai"]).replace("_", "-"))
    if rng.random() < 0.5:
        words += ["ON", rng.choice(["LEADER", "SOLDIER", "Musha", "Guard"])]
    if what == "ATTACK" and rng.random() < 0.3:
        words += ["IF", "LETHAL"]
    if able and rng.random() < 0.7:
        words += ["WITH", rng.choice(able)]
    return " ".join(words)


def mail(game: Game, power: str, rng: random.Random) -> tuple[str, int]:
    """A mail for ``power`` now, and how many of its lines must be refused."""
    lines: list[str] = []
    player = game.player(power)
    if game.stage == "army":
        version = rng.choice(sorted(CARD_SET.versions.values(), key=lambda v: v.key))
        lines.append(f"ARMY {version.french}")
    elif game.stage == "hand":
        lines.append(rng.choice(["KEEP", "MULLIGAN", "garder"]))
    elif game.stage == "deploy":
        defaults = ruleset.default_orders(game, power)
        rng.shuffle(defaults)
        lines += defaults[: rng.randint(0, len(defaults))]
    elif game.stage == "turn" and player is game.current:
        lines += turn_lines(game, rng)
    if game.stage != "over" and rng.random() < 0.4:
        lines += [reaction_line(game, power, rng) for _ in range(rng.randint(1, 3))]
    elif game.stage != "over" and rng.random() < 0.1:
        lines.append("NO REACTIONS")
    if game.stage != "over" and rng.random() < 0.1:
        lines.append(f"CONSCRIPT {rng.choice(['red', 'Guard', 'blue, Samurai', 'ANY'])}")
    refused = 0
    if rng.random() < 0.1:
        lines.insert(rng.randint(0, len(lines)), rng.choice(TYPOS))
        refused = 1
    return "\n".join(lines), refused

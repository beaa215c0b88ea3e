"""The Mongol Enemies: the roll at the end of each turn, the battles, the costs of waiting.

"At the end of each Turn, roll to see if a Mongol Enemy is threatening";
on a 6 a second d6 says which. The Genghis Khan leads the Horde (himself,
his submitted khans and every khan who cooperates) against an enemy by
comparing its total Modal points to the enemy's rating: no dice. He may
postpone one turn for free; every later turn an enemy stands costs him one
Honor, and from then on any khan may attack it. When one Genghis Khan rules
every khan left, the great opposing army rises; beating it ends the game
("End Game", RULINGS.md 2).
"""

from __future__ import annotations

from dataclasses import replace

from .data import MODES
from .orders import AttackEnemy
from .state import Enemy
from .table import Table

WIN_HONOR, WIN_WINE, LOSS_HONOR = 2, 1, 2


def attack_enemy(table: Table, leader: str, order: AttackEnemy) -> None:
    """Lead a Horde against a Mongol Enemy ("Battling Mongol Enemies")."""
    enemy = next((e for e in table.enemies if e.number == order.number), None)
    gk = table.genghis
    if enemy is None:
        table.void(leader, order.text(), "that Mongol Enemy is not in the field")
        return
    if table.khans[leader].ruler:
        table.void(leader, order.text(), "a submitted khan leads no Horde")
        return
    if leader != gk and not enemy.ignored:
        table.void(leader, order.text(), "only the Genghis Khan may attack it yet")
        return
    if enemy.number in table.enemies_fought:
        table.void(leader, order.text(), "that Mongol Enemy has been fought once this turn")
        return
    table.enemies_fought.add(enemy.number)
    cooperating = [
        p
        for p in table.pledges.get(leader, [])
        if p != leader and table.khans[p].free and table.khans[p].modes.companion >= 1
    ]
    table.engaged.update((leader, *cooperating))
    horde = [leader, *table.vassals(leader)]
    for power in cooperating:
        horde += [power, *table.vassals(power)]
    total = sum(table.khans[p].modes.total() for p in horde)
    table.say(
        "enemy-battle",
        f"{table.name(leader)} leads the Horde ("
        + ", ".join(table.names(horde))
        + f") against Mongol Enemy {enemy.number}, the {enemy.name}: {total} Modal points "
        f"against its rating of {enemy.rating} (Attack Mongol Enemy).",
        leader=table.name(leader),
        horde=table.names(horde),
        cooperating=table.names(cooperating),
        total=total,
        enemy=enemy.number,
        rating=enemy.rating,
    )
    if leader == gk:
        _refusals(table, gk, cooperating)
    if total > enemy.rating:
        _victory(table, leader, cooperating, enemy)
    elif total < enemy.rating:
        _defeat(table, leader, cooperating)
    else:
        table.say("enemy-holds", f"The {enemy.name} holds: nothing is won or lost (RULINGS.md 29).")
    table.settle()


def _refusals(table: Table, gk: str, cooperating: list[str]) -> None:
    """ "Any Khan refusing to assist the Genghis Khan against a Mongol Enemy loses one Honor"."""
    for power in table.in_game():
        khan = table.khans[power]
        if power == gk or power in cooperating or not khan.free or khan.modes.companion < 1:
            continue
        if table.willing.get(power) == gk:
            continue  # he offered to ride; the rules, not he, kept him home (RULINGS.md 30)
        table.add_honor(power, -1)
        table.say(
            "refuses-horde",
            f"{table.name(power)} does not ride with the Genghis Khan and loses one Honor.",
            khan=table.name(power),
        )


def _victory(table: Table, leader: str, cooperating: list[str], enemy: Enemy) -> None:
    table.enemies = [e for e in table.enemies if e.number != enemy.number]
    table.add_honor(leader, WIN_HONOR)
    table.add_wine(leader, WIN_WINE)
    rewarded = list(cooperating)
    if leader != table.genghis:
        rewarded += table.vassals(leader)  # "each subservient Khan gains one Honor"
    for power in rewarded:
        table.add_honor(power, 1)
    table.say(
        "enemy-defeated",
        f"The {enemy.name} falls. {table.name(leader)} gains two Honor and one Wine"
        + ("; one Honor each to " + ", ".join(table.names(rewarded)) + "." if rewarded else "."),
        leader=table.name(leader),
        enemy=enemy.number,
        final=enemy.final,
    )
    others = [p for p in table.in_game() if p != leader]
    if enemy.final and leader == table.genghis and all(table.khans[p].ruler == leader for p in others):
        table.over = True
        table.winners = (leader,)
        table.result = (
            f"{table.name(leader)} ({leader}) is the Genghis Khan over all, and his Horde has "
            f"conquered the {enemy.name}: Invincible!"
        )
        table.say("game-over", table.result, winner=table.name(leader))


def _defeat(table: Table, leader: str, cooperating: list[str]) -> None:
    gk = table.genghis
    pledged = set(cooperating) | set(table.vassals(leader))
    bearers = {mode: leader for mode in MODES}
    if leader == gk:
        table.add_honor(leader, -LOSS_HONOR)
        bearers = {mode: table.loss_bearer(mode, pledged) or leader for mode in MODES}
        handed = {p for p in bearers.values() if p != leader}
        table.add_honor(gk, -len(handed))  # "at the cost of one Honor per Khan"
    for mode, power in bearers.items():
        table.add_mode(power, mode, -1)
    for power in cooperating:
        table.add_honor(power, -1)
    shifted = [f"{mode.title()} to {table.name(p)}" for mode, p in bearers.items() if p != leader]
    table.say(
        "enemy-wins",
        f"The Horde is beaten. {table.name(leader)} loses "
        + ("two Honor and " if leader == gk else "")
        + "one point from each Mode"
        + (" (the loss of " + ", ".join(shifted) + ", one Honor each)" if shifted else "")
        + ("; one Honor each from " + ", ".join(table.names(cooperating)) + "." if cooperating else "."),
        leader=table.name(leader),
        bearers={mode: table.name(p) for mode, p in bearers.items()},
    )


def charge_postponed(table: Table) -> None:
    """One Honor from the Genghis Khan for each enemy past its free turn of postponement."""
    gk = table.genghis
    for index, enemy in enumerate(table.enemies):
        if table.turn < enemy.appeared + 2 or table.khans[gk].out:
            continue
        table.add_honor(gk, -1)
        table.enemies[index] = replace(enemy, ignored=True)
        table.say(
            "enemy-ignored",
            f"Mongol Enemy {enemy.number}, the {enemy.name}, still stands: the Genghis Khan, "
            f"{table.name(gk)}, loses one Honor, and any khan may now attack it.",
            enemy=enemy.number,
        )


def roll_for_enemy(table: Table) -> None:
    """The Genghis Khan rolls 1d6; on a 6 an enemy of the second roll's kind threatens."""
    first = table.roll()
    if first != 6:
        table.say(
            "enemy-roll",
            f"The Genghis Khan rolls {first} for the Mongol Enemies: all is quiet.",
            roll=first,
        )
        return
    second = table.roll()
    kind = table.variant.enemy(second)
    enemy = _rise(table, kind.name, kind.rating)
    table.say(
        "enemy-appears",
        f"The Genghis Khan rolls 6, then {second}: Mongol Enemy {enemy.number}, a "
        f"{kind.name} (rating {kind.rating}), threatens the Horde.",
        roll=first,
        second_roll=second,
        enemy=enemy.number,
        rating=kind.rating,
    )


def raise_final_army(table: Table) -> None:
    """Once one Genghis Khan rules every khan left, the great army rises against them."""
    gk = table.genghis
    others = [p for p in table.in_game() if p != gk]
    if not others or any(table.khans[p].ruler != gk for p in others):
        return
    if any(e.final for e in table.enemies):
        return
    army = table.variant.final_army
    enemy = _rise(table, army.name, army.rating, final=True)
    table.say(
        "final-army",
        f"All the khans serve {table.name(gk)}. Mongol Enemy {enemy.number}, the {army.name} "
        f"(rating {army.rating}), marches against the Horde: conquer it and the game is won.",
        enemy=enemy.number,
        rating=army.rating,
    )


def _rise(table: Table, name: str, rating: int, final: bool = False) -> Enemy:
    """A new Mongol Enemy in the field, numbered in order of appearance."""
    enemy = Enemy(table.next_enemy, name, rating, table.turn, final=final)
    table.next_enemy += 1
    table.enemies.append(enemy)
    return enemy

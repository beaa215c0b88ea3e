"""One battle, from the orders of both sides to the last roll for the generals' lives.

This is the rulebook's "The Battle" and "After the Battle" as one pure function: given
both armies, their generals and orders, the terrain and a random generator, ``fight``
returns who won and how, what is left of each side, and a round-by-round account. It
does not know the map: where the loser goes is ``campaign``'s business.

The steps (RULINGS.md, rulings 40 to 55, say why each is so):
1. Ambushes may be discovered (1 in 4 for a defender's, more for an attacker's, less for a
   Sneaky general's); a discovered ambush turns both sides to Skirmish.
2. Flanking maneuvers succeed or fail once, on the armies' speeds.
3. A withdrawing defender leaves its rearguard to fight; the main body is away.
4. Up to ``max_rounds`` rounds: morale checks, defenders first, unit by unit; a side whose
   last unit flees fights one round on "flee" orders (the pursuit) and has lost. Then
   both sides strike at once: wounds grow with the men and their offense, shrink with
   the enemy's defense and speed, and kill the main body before the reserves.
5. After the battle: a beaten fortified army is partly trapped, generals may die (half the
   share of their men killed, less for the Undying), units still on the field may become
   veterans, and generals gain renown.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pbem.frozen import Frozen
from pbem.rulesets.generals import army
from pbem.rulesets.generals.state import General, Unit
from pbem.rulesets.generals.world import (
    AMBUSH,
    FIELD_BATTLE,
    FLANKING,
    FLEE,
    FORTIFY,
    SKIRMISH,
    WITHDRAW,
    TroopType,
    world,
)

ATTACKER, DEFENDER = "attacker", "defender"


class Side(Frozen):
    """One side as it comes to battle; ``away`` is a withdrawing defender's main body."""

    units: tuple[Unit, ...]
    order: str
    general: General | None = None
    away: tuple[Unit, ...] = ()


class Field(Frozen):
    terrain: str
    attacker: Side
    defender: Side
    prepared: bool = False


@dataclass
class Outcome:
    winner: str
    how: str
    survivors: dict[str, tuple[Unit, ...]]
    killed: dict[str, int]
    start_men: dict[str, int]
    orders: dict[str, str]
    fought: dict[str, str]
    died: dict[str, bool]
    renown: dict[str, int]
    promoted: dict[str, list[str]]
    trapped: int = 0
    rounds: list[str] = field(default_factory=list)
    prelude: list[str] = field(default_factory=list)


@dataclass
class _Fighter:
    troop: TroopType
    level: int
    men: int
    fled: bool = False
    away: bool = False

    def name(self) -> str:
        return army.unit_name(self.troop.name, self.level)


@dataclass
class _Army:
    side: Side
    order: str
    fighters: list[_Fighter]
    start: int
    plan: str = ""
    damage: float = 1.0
    steadiness: float = 0.0
    killed: int = 0

    @property
    def general(self) -> General | None:
        return self.side.general

    def fighting(self) -> list[_Fighter]:
        return [f for f in self.fighters if f.men > 0 and not f.fled and not f.away]

    def routed(self) -> list[_Fighter]:
        return [f for f in self.fighters if f.men > 0 and (f.fled or f.away)]

    def men(self) -> int:
        return sum(f.men for f in self.fighting())

    def skill(self, name: str) -> int:
        return self.general.level(name) if self.general else 0


def _fighters(units: Iterable[Unit], away: bool = False) -> list[_Fighter]:
    troops = world().troops
    return [_Fighter(troops[u.troop], u.level, u.men, away=away) for u in units if u.men > 0]


def _champion(general: General | None, fighters: Sequence[_Fighter]) -> str | None:
    """The troop an Invincible Warrior fights alongside: the player's, else the costliest."""
    if general is None or not general.level("Invincible Warrior"):
        return None
    if general.champion:
        return general.champion
    best = max(fighters, key=lambda f: (f.troop.points, f.troop.name), default=None)
    return best.troop.name if best else None


class Battle:
    def __init__(self, battlefield: Field, rng: random.Random):
        self.field = battlefield
        self.rng = rng
        self.rules = world().rules.battle
        self.terrain = world().rules.terrains[battlefield.terrain]
        a, d = battlefield.attacker, battlefield.defender
        self.armies = {
            ATTACKER: _Army(a, a.order, _fighters(a.units), army.men(a.units)),
            DEFENDER: _Army(
                d,
                d.order,
                _fighters(d.units) + _fighters(d.away, away=True),
                army.men(d.units) + army.men(d.away),
            ),
        }
        self.champions = {key: _champion(x.general, x.fighters) for key, x in self.armies.items()}
        self.prelude: list[str] = []
        self.rounds: list[str] = []

    # --- the ratings ---------------------------------------------------------------

    def _bonus(self, key: str, fighter: _Fighter, what: str, order: str) -> float:
        """The offense or defense of one of ``key``'s units fighting on ``order``."""
        side = self.armies[key]
        troop = fighter.troop
        orders = self.rules.orders
        value: float = getattr(troop, what) + fighter.level * getattr(self.rules.veteran, what)
        terrain = troop.terrain_bonus.get(self.field.terrain)
        value += getattr(terrain, what) if terrain else 0.0
        value += getattr(orders[order], what)
        own = troop.order_bonus.get(order)
        value += getattr(own, what) if own else 0.0
        prepared = key == DEFENDER and self.field.prepared and order != FLEE
        if prepared:
            # a prepared battlefield: "a bonus to their attack and defense as if they were
            # using the fortify defense order", on top of the order's: Fortify's bonuses,
            # never its cost in attack (RULINGS.md, ruling 48)
            value += max(0.0, getattr(orders[FORTIFY], what))
            fortify = troop.order_bonus.get(FORTIFY)
            value += max(0.0, getattr(fortify, what)) if fortify else 0.0
        if key == DEFENDER and what == "defense":
            value += self.terrain.defender_defense
        skills = world().skills
        situational = {
            "Battlefield Planner": order in (FIELD_BATTLE, FLANKING),
            "Guerilla Tactics": order == SKIRMISH,
            "Fortification Expert": order == FORTIFY or prepared,
            "Master Tactician": what == "defense",
            "Invincible Warrior": troop.name == self.champions[key],
        }
        for skill, applies in situational.items():
            if applies and what in skills[skill].per_level:
                value += side.skill(skill) * skills[skill].per_level[what]
        return max(0.0, value)

    def _movement(self, fighters: Sequence[_Fighter]) -> float:
        men = sum(f.men for f in fighters)
        if not men:
            return 1.0
        speed = sum(f.men * f.troop.movement for f in fighters) / men
        return max(1.0, speed + self.terrain.movement)

    def _defense(self, key: str, fighters: Sequence[_Fighter], order: str) -> float:
        men = sum(f.men for f in fighters)
        total = sum(f.men * self._bonus(key, f, "defense", order) for f in fighters)
        return max(self.rules.min_defense, total / men if men else 0.0)

    # --- the steps -------------------------------------------------------------------

    def discovery_chance(self, key: str) -> float:
        """The chance that ``key``'s ambush is discovered before it is sprung."""
        discovery = self.rules.ambush_discovery
        base = discovery.defender if key == DEFENDER else discovery.attacker
        sneaky = self.armies[key].skill("Sneaky") * world().skills["Sneaky"].per_level["discovery"]
        return min(1.0, max(0.0, base + sneaky))

    def flanking_chance(self) -> float:
        """The chance that the attacker's flanking maneuver succeeds: the faster, the likelier."""
        flank = self.rules.flanking
        lead = self._movement(self.armies[ATTACKER].fighting()) - self._movement(
            self.armies[DEFENDER].fighting()
        )
        return min(flank.max, max(flank.min, flank.base + flank.per_movement * lead))

    def death_chance(self, key: str) -> float:
        """Half the share of his side's men killed (rulebook), less for the Undying."""
        side = self.armies[key]
        if side.general is None or not side.start:
            return 0.0
        undying = side.skill("Undying") * world().skills["Undying"].per_level["death_reduction"]
        share = side.killed / side.start
        return share * self.rules.general_death_share * max(0.0, 1 - undying)

    def orders(self) -> None:
        attacker, defender = self.armies[ATTACKER], self.armies[DEFENDER]
        found = []
        for key in (DEFENDER, ATTACKER):
            if self.armies[key].order != AMBUSH:
                continue
            chance = self.discovery_chance(key)
            if self.rng.random() < chance:
                found.append(key)
                self.prelude.append(
                    # no chance printed: it would give away the ambusher's Sneaky level (ruling 81)
                    f"The {key}'s ambush was discovered: both sides skirmish."
                )
            else:
                self.prelude.append(f"The {key}'s ambush was not discovered.")
        if found:
            attacker.order = SKIRMISH
            if defender.order != WITHDRAW:
                defender.order = SKIRMISH
        attacker.plan, defender.plan = attacker.order, defender.order
        if attacker.order == FLANKING:
            flank = self.rules.flanking
            chance = self.flanking_chance()
            if self.rng.random() < chance:
                attacker.damage = flank.success_damage
                defender.steadiness += flank.success_morale
                self.prelude.append(f"The flanking maneuver succeeded ({round(chance * 100)}% chance).")
            else:
                attacker.damage = flank.failure_damage
                self.prelude.append(f"The flanking maneuver failed ({round(chance * 100)}% chance).")

    def flee_chance(self, key: str, fighter: _Fighter) -> float:
        """The percent chance that ``fighter`` breaks and flees before this round."""
        side, enemy = self.armies[key], self.armies[self._other(key)]
        morale = self.rules.morale
        steady = fighter.troop.morale * morale.per_morale
        steady += fighter.level * morale.per_experience
        steady += self.rules.orders[side.order].morale + side.steadiness
        if side.general:
            inspiring = world().skills["Inspirational"].per_level["morale"]
            steady += side.skill("Inspirational") * inspiring
            steady += min(morale.renown_cap, side.general.renown * morale.per_renown)
        own, theirs = side.men(), enemy.men()
        losses = 100.0 * side.killed / side.start if side.start else 0.0
        odds = min(morale.odds_cap, morale.per_odds * max(0.0, theirs / own - 1)) if own else 0.0
        pressure = losses * morale.per_loss_percent + odds
        return min(morale.max, max(0.0, morale.base + pressure - steady))

    def morale_check(self, key: str) -> list[str]:
        fled = []
        for fighter in self.armies[key].fighting():
            if self.rng.random() * 100 < self.flee_chance(key, fighter):
                fighter.fled = True
                fled.append(f"{fighter.men} {fighter.name()}")
        return fled

    def wounds(self, key: str, round_number: int, targets: Sequence[_Fighter], order: str) -> float:
        """Wounds ``key``'s fighting men deal this round to ``targets`` fighting on ``order``."""
        side = self.armies[key]
        target_key = self._other(key)
        strikers = side.fighting()
        if not strikers or not targets:
            return 0.0
        strength = sum(f.men * self._bonus(key, f, "offense", side.order) for f in strikers)
        target_army = self.armies[target_key]
        defense = self._defense(target_key, targets, order)
        speed = self._movement(strikers) / self._movement(targets)
        effect = self.rules.orders[side.order]
        wounds: float = self.rules.damage_rate * strength / defense
        wounds *= speed ** self.rules.orders[order].speed_weight
        wounds *= effect.damage * side.damage
        if round_number == 1:
            wounds *= effect.first_round_damage
        wounds *= self.rng.uniform(1 - self.rules.spread, 1 + self.rules.spread)
        wounds += side.skill("Arcane Mage") * world().skills["Arcane Mage"].per_level["wounds"]
        healing = target_army.skill("Healer") * world().skills["Healer"].per_level["casualty_reduction"]
        return wounds * max(0.0, 1 - healing)

    def _kill(self, key: str, wounds: float, groups: Sequence[Sequence[_Fighter]]) -> int:
        """Spread ``wounds`` over the groups in turn (main body, then reserve)."""
        dead = 0
        for group in groups:
            alive = [f for f in group if f.men > 0]
            capacity = sum(f.men * f.troop.health for f in alive)
            if not alive or wounds <= 0:
                continue
            if wounds >= capacity:
                for fighter in alive:
                    dead += fighter.men
                    fighter.men = 0
                wounds -= capacity
                continue
            men = sum(f.men for f in alive)
            for fighter in alive:
                share = wounds * fighter.men / men / fighter.troop.health
                lost = math.floor(share)
                if self.rng.random() < share - lost:
                    lost += 1
                lost = min(lost, fighter.men)
                fighter.men -= lost
                dead += lost
            wounds = 0
        self.armies[key].killed += dead
        return dead

    def exchange(self, round_number: int) -> str:
        blows = {}
        for key in (ATTACKER, DEFENDER):
            target = self.armies[self._other(key)]
            blows[key] = self.wounds(key, round_number, target.fighting(), target.order)
        losses = {}
        for key in (ATTACKER, DEFENDER):
            target_key = self._other(key)
            fighting = self.armies[target_key].fighting()
            main = [f for f in fighting if not f.troop.reserve]
            reserve = [f for f in fighting if f.troop.reserve]
            losses[target_key] = self._kill(target_key, blows[key], (main, reserve))
        return (
            f"the attacker lost {army.headcount(losses[ATTACKER])}, the defender {losses[DEFENDER]}; "
            f"left fighting: attacker {self.armies[ATTACKER].men()}, "
            f"defender {self.armies[DEFENDER].men()}"
        )

    def pursuit(self, winner: str, round_number: int) -> str:
        """The round fought against a side on "flee" orders: it strikes no blow."""
        loser = self._other(winner)
        targets = self.armies[loser].routed()
        wounds = self.wounds(winner, round_number, targets, FLEE) * self.rules.pursuit_damage
        dead = self._kill(loser, wounds, (targets,))
        return f"the {loser} fled and lost {army.headcount(dead)} in the pursuit"

    @staticmethod
    def _other(key: str) -> str:
        return DEFENDER if key == ATTACKER else ATTACKER

    def run(self) -> tuple[str, str]:
        """(winner, how) after the rounds."""
        self.orders()
        defender = self.armies[DEFENDER]
        for number in range(1, self.rules.max_rounds + 1):
            for key in (DEFENDER, ATTACKER):
                fled = self.morale_check(key)
                if fled:
                    self.rounds.append(f"Round {number}: the {key}'s {', '.join(fled)} fled.")
                if not self.armies[key].fighting():
                    self.armies[key].order = FLEE
                    self.rounds.append(f"Round {number}: {self.pursuit(self._other(key), number)}.")
                    how = "caught" if key == DEFENDER and defender.side.away else "fled"
                    return self._other(key), how
            self.rounds.append(f"Round {number}: {self.exchange(number)}.")
            if not self.armies[ATTACKER].fighting():
                return DEFENDER, "annihilated"
            if not defender.fighting():
                if defender.side.away or defender.side.order == WITHDRAW:
                    self.rounds.append(
                        f"Round {number}: the rearguard is gone; {self.pursuit(ATTACKER, number + 1)}."
                    )
                    return ATTACKER, "caught"
                return ATTACKER, "annihilated"
            if defender.order == WITHDRAW and number >= self.rules.withdraw_rounds:
                return ATTACKER, "withdrew"
        return DEFENDER, "held"


def fight(battlefield: Field, rng: random.Random) -> Outcome:
    """Fight one battle to its end and roll for what comes after it."""
    battle = Battle(battlefield, rng)
    winner, how = battle.run()
    rules = battle.rules
    trapped = 0
    loser = Battle._other(winner)
    if battle.armies[loser].plan == FORTIFY:
        # fortified troops have no way out: part of those left are lost (ruling 47)
        for fighter in battle.armies[loser].fighters:
            lost = math.floor(fighter.men * rules.fortify_trapped)
            fighter.men -= lost
            trapped += lost
        battle.armies[loser].killed += trapped
    died = {key: battle.rng.random() < battle.death_chance(key) for key in (ATTACKER, DEFENDER)}
    promoted: dict[str, list[str]] = {ATTACKER: [], DEFENDER: []}
    for key, side in battle.armies.items():
        chance = rules.veteran.chance_winner if key == winner else rules.veteran.chance_loser
        for fighter in side.fighting():
            if fighter.level < rules.veteran.max_level and battle.rng.random() < chance:
                fighter.level += 1
                promoted[key].append(f"{fighter.men} {fighter.name()}")
    renown_rules = world().rules.renown
    renown = {}
    for key in (ATTACKER, DEFENDER):
        enemy = Battle._other(key)
        gained = battle.armies[enemy].killed // renown_rules.men_per_point
        if died[enemy] and battle.armies[enemy].general is not None:
            gained += renown_rules.killed_general
        if key == winner:
            gained += renown_rules.victory
        renown[key] = gained if battle.armies[key].general else 0
    return Outcome(
        winner=winner,
        how=how,
        survivors={
            key: army.merge(Unit(f.troop.name, f.men, f.level) for f in side.fighters)
            for key, side in battle.armies.items()
        },
        killed={key: side.killed for key, side in battle.armies.items()},
        start_men={key: side.start for key, side in battle.armies.items()},
        orders={ATTACKER: battlefield.attacker.order, DEFENDER: battlefield.defender.order},
        fought={key: side.plan for key, side in battle.armies.items()},
        died=died,
        renown=renown,
        promoted=promoted,
        trapped=trapped,
        rounds=battle.rounds,
        prelude=battle.prelude,
    )

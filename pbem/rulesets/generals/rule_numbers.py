"""The numbers of ``data/rules.yaml`` as types: economy, renown, diplomacy, terrain and
battle. ``world`` reads them (every field required) and RULINGS.md says why each default is
what it is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class OrderEffect:
    offense: float
    defense: float
    damage: float
    first_round_damage: float
    morale: float
    speed_weight: float


@dataclass(frozen=True)
class TerrainEffect:
    defender_defense: float
    movement: float


@dataclass(frozen=True)
class Overtax:
    hire_per_income: int
    income_recovery: int
    hire_recovery: int


@dataclass(frozen=True)
class Economy:
    train_general_cost: int
    overtax: Overtax
    plunder_per_income: int


@dataclass(frozen=True)
class Renown:
    new_skill_cost: int
    raise_cost_per_level: int
    max_skill_level: int
    men_per_point: int
    killed_general: int
    victory: int


@dataclass(frozen=True)
class Diplomacy:
    formal_break_vp: int
    peace_offer_turns: int


@dataclass(frozen=True)
class AmbushDiscovery:
    defender: float
    attacker: float


@dataclass(frozen=True)
class Flanking:
    base: float
    per_movement: float
    min: float
    max: float
    success_damage: float
    failure_damage: float
    success_morale: float


@dataclass(frozen=True)
class Morale:
    base: float
    max: float
    per_morale: float
    per_loss_percent: float
    per_odds: float
    odds_cap: float
    per_experience: float
    per_renown: float
    renown_cap: float


@dataclass(frozen=True)
class Veteran:
    chance_winner: float
    chance_loser: float
    offense: float
    defense: float
    max_level: int


@dataclass(frozen=True)
class BattleRules:
    max_rounds: int
    damage_rate: float
    spread: float
    min_defense: float
    ambush_discovery: AmbushDiscovery
    flanking: Flanking
    withdraw_rounds: int
    pursuit_damage: float
    fortify_trapped: float
    general_death_share: float
    orders: Mapping[str, OrderEffect]
    morale: Morale
    veteran: Veteran


@dataclass(frozen=True)
class Rules:
    economy: Economy
    renown: Renown
    diplomacy: Diplomacy
    terrains: Mapping[str, TerrainEffect]
    battle: BattleRules

"""The numbers of ``data/rules.yaml`` as types: economy, renown, diplomacy, terrain and
battle. ``world`` reads them with ``pbem.records`` (every field required, whole numbers 0 or
more where ``Count``) and RULINGS.md says why each default is what it is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pbem.records import Count, Number


@dataclass(frozen=True)
class OrderEffect:
    offense: Number
    defense: Number
    damage: Number
    first_round_damage: Number
    morale: Number
    speed_weight: Number


@dataclass(frozen=True)
class TerrainEffect:
    defender_defense: Number
    movement: Number


@dataclass(frozen=True)
class Overtax:
    hire_per_income: Count
    income_recovery: Count
    hire_recovery: Count


@dataclass(frozen=True)
class Economy:
    train_general_cost: Count
    overtax: Overtax
    plunder_per_income: Count


@dataclass(frozen=True)
class Renown:
    new_skill_cost: Count
    raise_cost_per_level: Count
    max_skill_level: Count
    men_per_point: Count
    killed_general: Count
    victory: Count


@dataclass(frozen=True)
class Diplomacy:
    formal_break_vp: Count
    peace_offer_turns: Count


@dataclass(frozen=True)
class AmbushDiscovery:
    defender: Number
    attacker: Number


@dataclass(frozen=True)
class Flanking:
    base: Number
    per_movement: Number
    min: Number
    max: Number
    success_damage: Number
    failure_damage: Number
    success_morale: Number


@dataclass(frozen=True)
class Morale:
    base: Number
    max: Number
    per_morale: Number
    per_loss_percent: Number
    per_odds: Number
    odds_cap: Number
    per_experience: Number
    per_renown: Number
    renown_cap: Number


@dataclass(frozen=True)
class Veteran:
    chance_winner: Number
    chance_loser: Number
    offense: Number
    defense: Number
    max_level: Count


@dataclass(frozen=True)
class BattleRules:
    max_rounds: Count
    damage_rate: Number
    spread: Number
    min_defense: Number
    ambush_discovery: AmbushDiscovery
    flanking: Flanking
    withdraw_rounds: Count
    pursuit_damage: Number
    fortify_trapped: Number
    general_death_share: Number
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

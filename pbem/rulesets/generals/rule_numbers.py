"""The numbers of ``data/rules.yaml`` as types: economy, renown, diplomacy, terrain and
battle. ``world`` reads them with ``pbem.records`` (every field required, whole numbers 0 or
more where ``Count``) and RULINGS.md says why each default is what it is."""

from __future__ import annotations

from collections.abc import Mapping

from pbem.frozen import Frozen
from pbem.strict_numbers import Count, Number


class OrderEffect(Frozen):
    offense: Number
    defense: Number
    damage: Number
    first_round_damage: Number
    morale: Number
    speed_weight: Number


class TerrainEffect(Frozen):
    defender_defense: Number
    movement: Number


class Overtax(Frozen):
    hire_per_income: Count
    income_recovery: Count
    hire_recovery: Count


class Economy(Frozen):
    train_general_cost: Count
    overtax: Overtax
    plunder_per_income: Count


class Renown(Frozen):
    new_skill_cost: Count
    raise_cost_per_level: Count
    max_skill_level: Count
    men_per_point: Count
    killed_general: Count
    victory: Count


class Diplomacy(Frozen):
    formal_break_vp: Count
    peace_offer_turns: Count


class AmbushDiscovery(Frozen):
    defender: Number
    attacker: Number


class Flanking(Frozen):
    base: Number
    per_movement: Number
    min: Number
    max: Number
    success_damage: Number
    failure_damage: Number
    success_morale: Number


class Morale(Frozen):
    base: Number
    max: Number
    per_morale: Number
    per_loss_percent: Number
    per_odds: Number
    odds_cap: Number
    per_experience: Number
    per_renown: Number
    renown_cap: Number


class Veteran(Frozen):
    chance_winner: Number
    chance_loser: Number
    offense: Number
    defense: Number
    max_level: Count


class BattleRules(Frozen):
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


class Rules(Frozen):
    economy: Economy
    renown: Renown
    diplomacy: Diplomacy
    terrains: Mapping[str, TerrainEffect]
    battle: BattleRules

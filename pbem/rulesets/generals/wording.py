"""The sentences reports print for each fact of the game, in one place.

A view gives templates these sentences ready-made, and ``visibility.hidden_facts`` lists
the same sentences for what a viewer may not see; so the leak tests look for exactly what
a report would print. Each sentence names its subject (region, power, general) so that
it cannot turn up by chance in someone else's report.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.rulesets.generals import army
from pbem.rulesets.generals.rule_numbers import OrderEffect
from pbem.rulesets.generals.state import Alliance, General, Holding, PeaceOffer, Sighting, Unit
from pbem.rulesets.generals.world import WITHDRAW, Bonus, Objective, Region, Skill, TroopType


def army_line(region: str, owner: str | None, units: tuple[Unit, ...]) -> str:
    """'Kingsmere: 120 Spearmen, 40 Archers (Brenn)': an army and whose it is."""
    return f"{region}: {army.describe(units)} ({owner or 'independent garrison'})"


def sighting_line(sighting: Sighting) -> str:
    if not sighting.units:
        return f"{sighting.region}: nobody holds it"
    return army_line(sighting.region, sighting.owner, sighting.units)


def general_line(name: str, power: str, region: str) -> str:
    """'Edric of Aldmark at Aldwick': where a general is ('Heir of Brenn at Harrowby': an heir's
    name already says whose he is)."""
    whose = "" if name.endswith(f" of {power}") else f" of {power}"
    return f"{name}{whose} at {region}"


GARRISON = "the independent garrison"
#: how a battle ended (``battle.Outcome.how``), said of the side that lost it
_LOSER_DID = {
    "fled": "{loser} fled",
    "caught": "{loser} was caught withdrawing",
    "annihilated": "{loser} was wiped out",
    "withdrew": "{loser} withdrew",
    "held": "{loser} broke off the attack",
}


def outcome_line(attacker: str, defender: str | None, winner: str, how: str) -> str:
    """'Corvath won: Aldmark fled': who won a battle and what the loser did (``winner`` is
    "attacker" or "defender")."""
    sides = {"attacker": attacker, "defender": defender or GARRISON}
    loser = sides["defender" if winner == "attacker" else "attacker"]
    return f"{sides[winner]} won: {_LOSER_DID.get(how, '{loser} ' + how).format(loser=loser)}"


def losses_line(role: str, side: Mapping[str, Any], trapped: int = 0) -> str:
    """'Attacker lost 12 of 100 men; left: 88 Knights': one side's losses, and what is left of it
    where it goes; the men left that then surrendered or disbanded are said to have done so."""
    text = f"{role} lost {side['killed']} of {army.headcount(side['men'])}"
    if trapped:
        text += f" ({trapped} of them trapped in their fortifications)"
    if not side["lost"]:
        return f"{text}; left: {side['end']}"
    fate = "disbanded" if side["power"] is None else "surrendered with nowhere to go"
    return f"{text}; the {army.headcount(side['lost'])} left ({side['end']}) {fate}"


def skills_line(general: General) -> str:
    skills = ", ".join(f"{s.skill} {s.level}" for s in general.skills)
    champion = f"; fights alongside {general.champion}" if general.champion else ""
    return f"{general.name} has renown {general.renown} and skills {skills}{champion}"


def treasury_line(power: str, gold: int) -> str:
    return f"Treasury of {power}: {gold} gold"


def vp_line(power: str, vp: int) -> str:
    return f"Victory points of {power}: {vp}"


def score_line(power: str, vp: int, gold_points: int, held_points: int) -> str:
    """What ``power`` would score if the game ended now (rulings 70 and 72)."""
    total = vp + gold_points + held_points
    return (
        f"If the game ended now, {power} would have {total} victory points: {vp} so far, "
        f"{gold_points} for its gold, {held_points} for objectives held at the end"
    )


def peace_offer_line(offer: PeaceOffer) -> str:
    return f"{offer.by} offers {offer.to} peace, standing until the end of turn {offer.until}"


def objective_line(power: str, objective: Objective) -> str:
    return f"Objective of {power}: {objective.describe()}"


def economy_line(holding: Holding, region: Region) -> str:
    return (
        f"{region.name} yields {holding.income} gold a turn (normally {region.income}) "
        f"and hires {holding.hire_limit} points (normally {region.hire_limit})"
    )


def defence_line(holding: Holding) -> str:
    defence = holding.defence
    if defence.order != WITHDRAW:
        return f"{holding.region} defends by {defence.order}"
    to = f" to {defence.to}" if defence.to else ""
    rear = army.describe_picks(defence.rearguard) if defence.rearguard else "no rearguard"
    return f"{holding.region} defends by Withdraw{to}, rearguard {rear}"


def prepared_line(holding: Holding) -> str:
    return f"Battlefield at {holding.region} prepared by {holding.prepared_by}"


def alliance_line(alliance: Alliance) -> str:
    return f"{alliance.kind.capitalize()} alliance of {' and '.join(alliance.members)}"


def war_line(first: str, second: str) -> str:
    return f"{first} and {second} are at war"


#: what one level of a skill's number does (data/skills.yaml, ``per_level``), for HELP
_PER_LEVEL = {
    "wounds": "+{n:g} wounds dealt each round",
    "undead": "{n:g} {undead} raised with each recruitment",
    "casualty_reduction": "{pct:g}% of the wounds his side takes healed",
    "offense": "+{n:g} offense",
    "defense": "+{n:g} defense",
    "death_reduction": "{pct:g}% off his chance of dying",
    "morale": "{n:g} points off each unit's chance to flee",
    "extra": "{pct:g}% more men for free",
    "discovery": "his ambush discovered {points:g} points less often",
    "hide": "{pct:g}% chance for each enemy neighbour's scouts to miss his army",
}


def skill_per_level(skill: Skill) -> str:
    """'per level: +12 wounds dealt each round': what each level of ``skill`` adds (ruling 60)."""
    parts = [
        _PER_LEVEL.get(key, key + " {n:g}").format(
            n=value, pct=round(value * 100, 1), points=round(abs(value) * 100, 1), undead=skill.undead_troop
        )
        for key, value in skill.per_level.items()
    ]
    return "per level: " + ", ".join(parts)


def _signed(value: float, what: str) -> str:
    return f"{value:+g} {what}"


def _bonus(bonus: Bonus) -> str:
    """'+2 offense, -1 defense' (the non-zero parts)."""
    parts = ((bonus.offense, "offense"), (bonus.defense, "defense"))
    return ", ".join(_signed(value, what) for value, what in parts if value)


def troop_bonuses(troop: TroopType) -> str:
    """'Fortify +2 offense; forest -2 offense': what a troop's battle order and the ground of the
    battle add to its numbers (data/troops.yaml, ``bonuses``), for HELP; "" for none."""
    parts = [f"{order} {_bonus(bonus)}" for order, bonus in troop.order_bonus.items()]
    parts += [f"{terrain} {_bonus(bonus)}" for terrain, bonus in troop.terrain_bonus.items()]
    return "; ".join(parts)


def order_effects(effect: OrderEffect) -> str:
    """'-1 offense, +2 defense, blows x0.8, steadiness +15': what a battle order does to every
    man who fights on it (data/rules.yaml, battle ``orders``), for HELP."""
    parts = [_signed(v, what) for v, what in ((effect.offense, "offense"), (effect.defense, "defense")) if v]
    if effect.damage != 1:
        parts.append(f"blows x{effect.damage:g}")
    if effect.first_round_damage != 1:
        parts.append(f"first round's blows x{effect.first_round_damage:g} when not discovered")
    if effect.morale:
        parts.append(_signed(effect.morale, "steadiness against fleeing"))
    return ", ".join(parts) or "no change"

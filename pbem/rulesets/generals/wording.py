"""The sentences reports print for each fact of the game, in one place.

A view gives templates these sentences ready-made, and ``visibility.hidden_facts`` lists
the same sentences for what a viewer may not see; so the leak tests look for exactly what
a report would print. Each sentence names its subject (region, power, general) so that
it cannot turn up by chance in someone else's report.
"""

from __future__ import annotations

from pbem.rulesets.generals import army
from pbem.rulesets.generals.state import Alliance, General, Holding, PeaceOffer, Sighting
from pbem.rulesets.generals.world import WITHDRAW, Objective, Region, Skill


def army_line(region: str, owner: str | None, units: tuple) -> str:
    """'Kingsmere: 120 Spearmen, 40 Archers (Brenn)': an army and whose it is."""
    return f"{region}: {army.describe(units)} ({owner or 'independent garrison'})"


def sighting_line(sighting: Sighting) -> str:
    if not sighting.units:
        return f"{sighting.region}: nobody holds it"
    return army_line(sighting.region, sighting.owner, sighting.units)


def general_line(name: str, power: str, region: str) -> str:
    """'Edric of Aldmark at Aldwick': where a general is."""
    return f"{name} of {power} at {region}"


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

"""The sentences reports print for each fact of the game, in one place.

A view gives templates these sentences ready-made, and ``visibility.hidden_facts`` lists
the same sentences for what a viewer may not see; so the leak tests look for exactly what
a report would print. Each sentence names its subject (region, power, general) so that
it cannot turn up by chance in someone else's report.
"""

from __future__ import annotations

from pbem.rulesets.generals import army
from pbem.rulesets.generals.state import Alliance, General, Holding, PeaceOffer, Sighting
from pbem.rulesets.generals.world import WITHDRAW, Objective, Region


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

"""What one viewer's report shows, as plain data shaped for the templates.

Built only from ``visibility.sight``: a power's section lists its regions, armies,
generals, gold, victory points and secret objectives; its scouts' reports; the battles it
fought, round by round; the news told to it; public diplomacy and its secret alliances.
REFEREE gets every power's section and all the news; PUBLIC gets only what is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import PUBLIC
from pbem.rulesets.generals import victory, wording
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.state import State
from pbem.rulesets.generals.visibility import Sight, sight, sighted_general_lines
from pbem.rulesets.generals.world import FLEE, world


def _power_section(state: State, power: str, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    variant = world().variants[state.variant]
    realm = state.realm(power)
    regions = []
    for holding in state.owned(power):
        regions.append(
            {
                "name": holding.region,
                "army": wording.army_line(holding.region, holding.owner, holding.units),
                "economy": wording.economy_line(holding, variant.regions[holding.region]),
                "defence": wording.defence_line(holding),
                "prepared": wording.prepared_line(holding) if holding.prepared_by else "",
            }
        )
    fresh_turn = state.turn - 1
    generals = [
        {
            "name": g.name,
            "where": wording.general_line(g.name, g.power, g.region),
            "skills": wording.skills_line(g),
            "only_moves": bool(g.trained_on) and g.trained_on == fresh_turn,
        }
        for g in state.generals_of(power)
    ]
    objectives = [
        {"line": wording.objective_line(power, o), "done": i in realm.achieved, "at_end": o.at_end}
        for i, o in enumerate(variant.powers[power].objectives)
    ]
    scouts = [
        {
            "region": s.region,
            "army": wording.sighting_line(s),
            "generals": sighted_general_lines(state, s),
        }
        for s in realm.intel
    ]
    income = [e for e in events if e.get("kind") == "treasury" and e.get("power") == power]
    return {
        "name": power,
        "out": realm.out,
        "gold": realm.gold,
        "treasury": wording.treasury_line(power, realm.gold),
        "income": income[-1]["income"] if income else None,
        "money": income[-1]["text"] if income else "",
        "vp": realm.vp,
        "victory_points": wording.vp_line(power, realm.vp),
        "score": ""
        if state.over or realm.out
        else wording.score_line(power, *victory.standing(Board(state), power)),
        "objectives": objectives,
        "regions": regions,
        "generals": generals,
        "scouts": scouts,
    }


def _battle(event: Mapping[str, Any]) -> dict[str, Any]:
    keys = (
        "text",
        "region",
        "attacker",
        "defender",
        "prepared",
        "winner",
        "how",
        "trapped",
        "plunder",
        "prelude",
        "rounds",
        "generals_killed",
    )
    shown = {key: event[key] for key in keys}
    attacker, defender = event["attacker"], event["defender"]
    shown["result"] = wording.outcome_line(
        attacker["power"], defender["power"], event["winner"], event["how"]
    )
    shown["attacker"] = attacker | {"losses": wording.losses_line("Attacker", attacker)}
    shown["defender"] = defender | {"losses": wording.losses_line("Defender", defender, event["trapped"])}
    return shown


def _numbers() -> dict[str, Any]:
    """The numbers the rulings give where the rulebook gives none, and a player's choices hang on
    them (RULINGS.md, ruling 83): ambushes, flanking, rearguards, the end of a battle, a beaten
    fortified army, plunder, renown and veterans."""
    rules = world().rules
    battle, renown = rules.battle, rules.renown
    return {
        "ambush_defender": round(battle.ambush_discovery.defender * 100),
        "ambush_attacker": round(battle.ambush_discovery.attacker * 100),
        "flank_base": round(battle.flanking.base * 100),
        "flank_per_movement": round(battle.flanking.per_movement * 100),
        "withdraw_rounds": battle.withdraw_rounds,
        "max_rounds": battle.max_rounds,
        "fortify_trapped": round(battle.fortify_trapped * 100),
        "plunder_per_income": rules.economy.plunder_per_income,
        "men_per_renown": renown.men_per_point,
        "renown_killed_general": renown.killed_general,
        "renown_victory": renown.victory,
        "veteran_winner": round(battle.veteran.chance_winner * 100),
        "veteran_loser": round(battle.veteran.chance_loser * 100),
        "veteran_max": battle.veteran.max_level,
        "hire_per_income": rules.economy.overtax.hire_per_income,
        "income_recovery": rules.economy.overtax.income_recovery,
        "hire_recovery": rules.economy.overtax.hire_recovery,
        "battle_orders": [
            {"name": name, "effects": wording.order_effects(effect)}
            for name, effect in battle.orders.items()
            if name != FLEE
        ],
        "terrain_defense": {
            name: f"{terrain.defender_defense:g}"
            for name, terrain in rules.terrains.items()
            if terrain.defender_defense
        },
    }


def _powers_seen(state: State, seen: Sight) -> list[str]:
    return [r.power for r in state.realms if seen.affairs_of(r.power)]


def view(state: State, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    seen = sight(state, viewer)
    variant = world().variants[state.variant]
    told = [e for e in events if seen.event(e)]
    powers = [_power_section(state, p, events) for p in _powers_seen(state, seen)]
    unheld = [
        {
            "name": h.region,
            "army": wording.army_line(h.region, None, h.units) if h.units else "",
            "economy": wording.economy_line(h, variant.regions[h.region]),
            "defence": wording.defence_line(h),
        }
        for h in state.holdings
        if seen.everything and h.owner is None
    ]
    return {
        "viewer": viewer,
        # who sent no orders is each power's own affair (ruling 81): the referee sees them all
        "sees_all": seen.everything,
        "variant": {"name": variant.name, "description": variant.description},
        "turn": state.turn,
        "last_turn": state.last_turn,
        "over": state.over,
        "result": state.result,
        "winners": list(state.winners),
        "powers": powers,
        "unheld": unheld,
        "battles": [_battle(e) for e in told if e["kind"] == "battle"],
        "news": [e["text"] for e in told if e["kind"] not in ("battle", "treasury")],
        "public_news": [e["text"] for e in told if PUBLIC in e["audience"]],
        "wars": [wording.war_line(a, b) for a, b in state.wars],
        "alliances": [wording.alliance_line(a) for a in state.alliances if seen.alliance(a)],
        "peace_offers": [
            {
                "line": wording.peace_offer_line(o),
                "by": o.by,
                "to": o.to,
                "until": o.until,
                "replies": [f"peace with {o.by}", f"refuse peace with {o.by}"],
                "withdraw": f"withdraw peace offer to {o.to}",
            }
            for o in state.peace_offers
            if seen.everything or viewer in (o.by, o.to)
        ],
        "scoring": {
            "gold_per_vp": variant.gold_per_vp,
            "formal_break_vp": world().rules.diplomacy.formal_break_vp,
            "peace_offer_turns": world().rules.diplomacy.peace_offer_turns,
        },
        "numbers": _numbers(),
        "standings": [
            {"power": r.power, "vp": r.vp, "line": wording.vp_line(r.power, r.vp), "out": r.out}
            for r in state.realms
        ]
        if state.over
        else [],
        "in_game": list(state.alive()),
        "out": [r.power for r in state.realms if r.out],
        "map": [
            {
                "name": r.name,
                "terrain": r.terrain,
                "towns": list(r.towns),
                "income": r.income,
                "hire_limit": r.hire_limit,
                "hire": list(r.hire),
                "neighbours": list(r.neighbours),
            }
            for r in variant.regions.values()
        ],
        "troops": [
            {
                "name": t.name,
                "points": t.points,
                "movement": t.movement,
                "offense": t.offense,
                "defense": t.defense,
                "health": t.health,
                "range": t.range,
                "morale": t.morale,
                "tags": list(t.tags),
                "bonuses": wording.troop_bonuses(t),
            }
            for t in world().troops.values()
            if t.hireable
        ],
        "skills": [
            {"name": k.name, "description": k.description, "per_level": wording.skill_per_level(k)}
            for k in world().skills.values()
        ],
    }

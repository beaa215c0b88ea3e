"""Who may see what: the fog of war, in one place.

A power sees its own regions, armies, generals, gold and objectives; what its scouts
found in the regions bordering its own (``scouts``); the battles it fought; public
alliances and wars, and secret alliances it is in; and the events told to it. ``PUBLIC``
sees the map, public diplomacy and, once the game is over, the final standings.
``REFEREE`` sees everything. ``view`` builds reports from ``sight``; ``hidden_facts``
lists, from the state itself, the printed sentences of everything outside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.frozen import Frozen
from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.generals import victory, wording
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.state import Alliance, Sighting, State
from pbem.rulesets.generals.world import world


class Sight(Frozen):
    """What one viewer may see of a state."""

    viewer: str
    everything: bool
    own: frozenset[str]
    sightings: tuple[Sighting, ...]

    def event(self, event: Mapping[str, Any]) -> bool:
        audience = event.get("audience", ())
        return self.everything or PUBLIC in audience or self.viewer in audience

    def alliance(self, alliance: Alliance) -> bool:
        return self.everything or alliance.kind == "formal" or self.viewer in alliance.members

    def affairs_of(self, power: str) -> bool:
        """Whether the viewer sees ``power``'s treasury, generals and objectives."""
        return self.everything or power == self.viewer


def sight(state: State, viewer: str) -> Sight:
    if viewer == REFEREE:
        return Sight(viewer, True, frozenset(h.region for h in state.holdings), ())
    powers = {r.power: r for r in state.realms}
    if viewer not in powers:
        return Sight(viewer, False, frozenset(), ())
    return Sight(
        viewer,
        False,
        frozenset(h.region for h in state.owned(viewer)),
        powers[viewer].intel,
    )


def sighted_general_lines(state: State, sighting: Sighting) -> list[str]:
    powers = {g.name: g.power for g in state.generals}
    return [
        wording.general_line(name, powers.get(name, sighting.owner or "?"), sighting.region)
        for name in sighting.generals
    ]


def hidden_facts(state: State, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    """The sentences of everything ``viewer`` may not see, as reports would print them."""
    seen = sight(state, viewer)
    if seen.everything:
        return []
    regions = world().variants[state.variant].regions
    visible_armies = {
        wording.army_line(h.region, h.owner, h.units) for h in state.holdings if h.region in seen.own
    } | {wording.sighting_line(s) for s in seen.sightings}
    visible_generals = {line for s in seen.sightings for line in sighted_general_lines(state, s)}
    facts: set[str] = set()
    for holding in state.holdings:
        if holding.units:
            line = wording.army_line(holding.region, holding.owner, holding.units)
            if line not in visible_armies:
                facts.add(line)
        if holding.region not in seen.own:
            facts.add(wording.economy_line(holding, regions[holding.region]))
            if holding.units:
                facts.add(wording.defence_line(holding))
            if holding.prepared_by:
                facts.add(wording.prepared_line(holding))
    for general in state.generals:
        if seen.affairs_of(general.power):
            continue
        facts.add(wording.skills_line(general))
        line = wording.general_line(general.name, general.power, general.region)
        if line not in visible_generals:
            facts.add(line)
    objectives = world().variants[state.variant].powers
    board = Board(state)
    for realm in state.realms:
        if seen.affairs_of(realm.power):
            continue
        facts.add(wording.treasury_line(realm.power, realm.gold))
        if not state.over:
            facts.add(wording.vp_line(realm.power, realm.vp))
            if not realm.out:
                facts.add(wording.score_line(realm.power, *victory.standing(board, realm.power)))
        facts.update(wording.objective_line(realm.power, o) for o in objectives[realm.power].objectives)
    facts.update(wording.alliance_line(a) for a in state.alliances if not seen.alliance(a))
    facts.update(wording.peace_offer_line(o) for o in state.peace_offers if viewer not in (o.by, o.to))
    told = {e["text"] for e in events if seen.event(e)}
    facts.update(e["text"] for e in events if not seen.event(e) and e["text"] not in told)
    return sorted(facts)

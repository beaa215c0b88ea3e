"""Rule 3, neutral votes: players' orders for neutral units are votes; a majority moves the unit.

Every player may write orders for the units of neutral powers (and, in winter,
for their builds and removals). An order is carried when the players who sent
that very order are a majority of the players in the game and hold between
them a majority of the players' units on the board at the start of the phase;
then the neutral unit is given it. Otherwise the unit has no order: it holds,
a dislodged one disbands, a build is not made, and a removal is left to civil
disorder. Votes are secret: a player sees their own votes and the outcome, the
referee every vote (``view`` and ``hidden_facts``).

Pure functions of a state and the orders: ``count`` splits the orders sent into
each power's own and the votes, and returns the orders the neutrals carry out
with a ``neutral_votes`` event that records every ballot.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pbem.english import counted
from pbem.frozen import Frozen

from ..adjustments import must_act
from ..core import PhaseKind, UnitOrder
from ..orders import Build, Disband, NotationError
from ..variant import Event, Variant

if TYPE_CHECKING:
    from ..core import GameState

#: what becomes of a neutral's unit when no order is carried, by phase (ruling 14)
NO_MAJORITY = {
    PhaseKind.MOVEMENT: "holds",
    PhaseKind.RETREATS: "is disbanded",
    PhaseKind.ADJUSTMENTS: "is removed only if civil disorder chooses it",
}


class Electorate(Frozen):
    """The players whose votes count this phase, with their units at its start."""

    units: Mapping[str, int]

    @property
    def players_needed(self) -> int:
        return len(self.units) // 2 + 1

    @property
    def units_needed(self) -> int:
        return sum(self.units.values()) // 2 + 1

    def carries(self, voters: Collection[str]) -> bool:
        """Whether ``voters`` are a majority of the players, holding a majority of their units."""
        counted = [voter for voter in voters if voter in self.units]
        return (
            len(counted) >= self.players_needed
            and sum(self.units[voter] for voter in counted) >= self.units_needed
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "units": dict(self.units),
            "players_needed": self.players_needed,
            "units_needed": self.units_needed,
        }


def electorate(state: GameState, players: Sequence[str]) -> Electorate:
    """``players`` (those still in the game) and their units, dislodged ones included."""
    board = state.board
    units = {player: len(board.units_of(player)) for player in players}
    for dislodged in board.dislodged:
        if dislodged.unit.power in units:
            units[dislodged.unit.power] += 1
    return Electorate(units)


def due(variant: Variant, state: GameState, neutrals: Collection[str]) -> bool:
    """Whether any neutral has something to vote on this phase."""
    board = state.board
    kind = state.turn.kind
    if kind is PhaseKind.MOVEMENT:
        return any(unit.power in neutrals for unit in board.units.values())
    if kind is PhaseKind.RETREATS:
        return any(d.unit.power in neutrals for d in board.dislodged)
    return any(power in neutrals for power in must_act(variant, board))


def neutral_of(variant: Variant, state: GameState, text: str, neutrals: Collection[str]) -> str | None:
    """The neutral power an order line is about (so it is a vote), or None."""
    try:
        order = variant.notation.parse(text)
    except NotationError:
        return None
    if not isinstance(order, UnitOrder):
        return None
    board = state.board
    kind = state.turn.kind
    owner: str | None = None
    if kind is PhaseKind.MOVEMENT or (kind is PhaseKind.ADJUSTMENTS and isinstance(order, Disband)):
        unit = board.units.get(order.province)
        owner = unit.power if unit else None
    elif kind is PhaseKind.RETREATS:
        owner = next((d.unit.power for d in board.dislodged if d.unit.province == order.province), None)
    elif isinstance(order, Build):
        owner = variant.builder(board, order.province)
    return owner if owner in neutrals else None


def subject(state: GameState, key: str) -> str:
    """What a ballot is about, for reports: the unit ("A SUN"), or a build site."""
    board = state.board
    if state.turn.kind is PhaseKind.RETREATS:
        for dislodged in board.dislodged:
            if dislodged.unit.province == key:
                return str(dislodged.unit)
    unit = board.units.get(key)
    return str(unit) if unit is not None else f"a build in {key}"


def no_majority(state: GameState, key: str) -> str:
    """What a ballot without a majority comes to (ruling 14): the unit holds or is disbanded; in a
    winter no build is made (it is waived), and a removal due is left to civil disorder."""
    about = subject(state, key)
    if state.turn.kind is PhaseKind.ADJUSTMENTS and key not in state.board.units:
        return f"no majority: no build is made in {key} (waived)"
    return f"no majority: {about} {NO_MAJORITY[state.turn.kind]}"


def count(
    variant: Variant,
    state: GameState,
    orders: Mapping[str, Sequence[str]],
    neutrals: Collection[str],
    players: Sequence[str],
) -> tuple[dict[str, list[str]], Event | None]:
    """Each power's orders with the votes taken out and the carried ones given to the neutrals,
    and the ``neutral_votes`` event (None when nobody voted)."""
    own: dict[str, list[str]] = {}
    ballots: dict[str, dict[str, Any]] = {}
    for power, lines in orders.items():
        for text in lines:
            neutral = None if power in neutrals else neutral_of(variant, state, text, neutrals)
            if neutral is None:
                own.setdefault(power, []).append(text)
                continue
            key = variant.notation.parse(text).key()
            ballot = ballots.setdefault(key, {"key": key, "power": neutral, "votes": {}})
            ballot["votes"][power] = text  # a later vote for the same unit replaces an earlier one
    if not ballots:
        return own, None
    voters = electorate(state, players)
    seats = {player: seat for seat, player in enumerate(players)}
    results = []
    for key in sorted(ballots):
        ballot = ballots[key]
        votes: dict[str, str] = ballot["votes"]
        carried = None
        tally = []
        for order in sorted(set(votes.values())):
            backers = [voter for voter, vote in votes.items() if vote == order and voter in voters.units]
            tally.append(
                {"order": order, "players": len(backers), "units": sum(voters.units[v] for v in backers)}
            )
            if voters.carries(backers):
                carried = order
        if carried is not None:
            own.setdefault(ballot["power"], []).append(carried)
        results.append(
            {
                "key": key,
                "power": ballot["power"],
                "subject": subject(state, key),
                "votes": [
                    {"power": voter, "order": votes[voter]}
                    for voter in sorted(votes, key=lambda v: (seats.get(v, len(seats)), v))
                ],
                "tally": tally,
                "carried": carried,
                "outcome": f"{carried} carried" if carried else no_majority(state, key),
            }
        )
    event = {
        "type": "neutral_votes",
        "phase": variant.phase_id(state.turn),
        "label": variant.phase_label(state.turn),
        "electorate": voters.as_dict(),
        "ballots": results,
    }
    return own, event


def printed(voter: str, order: str) -> str:
    """How one player's vote is printed for the referee (and so what no other player may see)."""
    return f"{voter} voted {order}"


def view(events: Sequence[Mapping[str, Any]], viewer: str, referee: bool) -> list[dict[str, Any]]:
    """The ballots ``viewer`` may see: every vote for the referee; for a player, the ballots they
    voted in, with their own vote and the outcome; nothing for anyone else."""
    shown = []
    for event in events:
        if event.get("type") != "neutral_votes":
            continue
        for ballot in event["ballots"]:
            mine = next((v["order"] for v in ballot["votes"] if v["power"] == viewer), None)
            if referee:
                shown.append(
                    {
                        **{key: ballot[key] for key in ("power", "subject", "carried", "outcome")},
                        "votes": [printed(v["power"], v["order"]) for v in ballot["votes"]],
                        "tally": [
                            f"{t['order']}: {counted(t['players'], 'player')} "
                            f"with {counted(t['units'], 'unit')}"
                            for t in ballot["tally"]
                        ],
                        "needed": f"{event['electorate']['players_needed']} of "
                        f"{len(event['electorate']['units'])} players, with "
                        f"{event['electorate']['units_needed']} of "
                        f"{sum(event['electorate']['units'].values())} units",
                    }
                )
            elif mine is not None:
                shown.append(
                    {
                        **{key: ballot[key] for key in ("power", "subject", "carried", "outcome")},
                        "yours": mine,
                        "yours_carried": mine == ballot["carried"],
                    }
                )
    return shown


def hidden(events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    """Every vote of the phase as the referee sees it printed, except the viewer's own."""
    return [
        printed(vote["power"], vote["order"])
        for event in events
        if event.get("type") == "neutral_votes"
        for ballot in event["ballots"]
        for vote in ballot["votes"]
        if vote["power"] != viewer
    ]

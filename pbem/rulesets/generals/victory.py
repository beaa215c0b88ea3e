"""Victory points, the secret objectives that earn them, and the end of the game.

The rulebook gives points for "tasks that are extremely important to each group" and for
money. Each power's tasks are objectives in its scenario, secret to it: some score once,
as soon as they are done at the end of a turn (take a region, win battles, defeat a power,
receive gifts); some score when the game ends (hold a region, hold gold). All powers also
score their gold at the end, one point per ``gold_per_vp`` (RULINGS.md, rulings 70 to 72).
"""

from __future__ import annotations

from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.world import Objective


def done(board: Board, power: str, objective: Objective) -> bool:
    """Whether ``power`` has done ``objective`` as things stand now."""
    realm = board.realms[power]
    target = objective.target
    return {
        "hold": lambda: board.holder(str(target)) == power,
        "take": lambda: board.holder(str(target)) == power,
        "victories": lambda: realm.victories >= int(target),
        "defeat": lambda: target in realm.defeated,
        "hoard": lambda: realm.gold >= int(target),
        "tribute": lambda: realm.tribute >= int(target),
    }[objective.kind]()


def standing(board: Board, power: str) -> tuple[int, int, int]:
    """``power``'s victory points so far, what its gold would add at the end, and what the
    objectives scored at the end would add, were the game to end now."""
    realm = board.realms[power]
    held = sum(
        o.vp
        for i, o in enumerate(board.variant.powers[power].objectives)
        if o.at_end and i not in realm.achieved and done(board, power, o)
    )
    return realm.vp, realm.gold // board.variant.gold_per_vp, held


def score(board: Board, power: str, index: int, objective: Objective) -> None:
    realm = board.realms[power]
    board.change_realm(power, vp=realm.vp + objective.vp, achieved=(*realm.achieved, index))
    board.tell(
        power,
        "objective",
        f"{power} achieved an objective: {objective.describe()}",
        vp=objective.vp,
    )


def progress(board: Board) -> None:
    """Objectives that score once, checked at the end of every turn."""
    for power in board.alive():
        for index, objective in enumerate(board.variant.powers[power].objectives):
            if objective.at_end or index in board.realms[power].achieved:
                continue
            if done(board, power, objective):
                score(board, power, index, objective)


def finish_if_over(board: Board) -> None:
    """End the game after its last turn, or when at most one power is left."""
    alive = board.alive()
    if board.turn <= board.last_turn and len(alive) > 1:
        return
    for power in alive:
        for index, objective in enumerate(board.variant.powers[power].objectives):
            if objective.at_end and done(board, power, objective):
                score(board, power, index, objective)
        gold_points = board.realms[power].gold // board.variant.gold_per_vp
        if gold_points:
            board.change_realm(power, vp=board.realms[power].vp + gold_points)
            board.tell(
                power,
                "gold points",
                f"{power} scores {gold_points} VP for its {board.realms[power].gold} gold",
                vp=gold_points,
            )
    best = max((board.realms[p].vp for p in alive), default=0)
    winners = tuple(p for p in alive if board.realms[p].vp == best)
    if len(winners) == 1:
        result = f"{winners[0]} wins with {best} victory points"
    elif winners:
        result = f"{' and '.join(winners)} share the victory with {best} victory points"
    else:
        result = "nobody is left standing"
    board.over, board.result, board.winners = True, result, winners
    standings = {p: board.realms[p].vp for p in board.realms}
    board.public(
        "game over",
        "Final standings: " + "; ".join(f"{p} {vp} VP" for p, vp in standings.items()) + f". {result}.",
        standings=standings,
        winners=list(winners),
    )

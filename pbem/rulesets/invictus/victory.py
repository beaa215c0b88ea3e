"""The four ends of the game and their tie-breaks (rulebook, "Fin de partie").

Execution and collapse are declared where they happen (a Leader falls, a camp
cannot conscript); development is checked after every step; the end of the
war is checked when a turn ends. Majorities are counted per player: a player
holds the majority in a colour when they have more citizens of it than every
other player (RULINGS.md, four-player game).
"""

from __future__ import annotations

from collections import Counter

from pbem.rulesets.invictus.cards import COLOURS
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table


def camp_names(game: Game, camp: int) -> str:
    return " and ".join(p.power for p in game.players if p.camp == camp)


def finish(table: Table, camp: int | None, how: str, text: str) -> None:
    """End the game: ``camp`` wins (None: a draw)."""
    game = table.game
    if game.stage == "over":
        return
    game.stage = "over"
    game.winners = [] if camp is None else [p.power for p in game.players if p.camp == camp]
    game.result = text
    table.say("game-over", text, how=how, winners=list(game.winners))


def execution(table: Table, leader_id: str, how: str, by: Player) -> None:
    game = table.game
    owner = game.players[game.owners[leader_id]]
    winners = camp_names(game, by.camp)
    verb = "wins" if len(game.camps[by.camp].seats) == 1 else "win"
    finish(
        table,
        by.camp,
        "execution",
        f"{winners} {verb} by execution: {owner.power}'s Leader, the "
        f"{game.name(leader_id)}, was {how}.",
    )


def collapse(table: Table, camp: int) -> None:
    game = table.game
    winner = 1 - camp
    finish(
        table,
        winner,
        "collapse",
        f"{camp_names(game, winner)} win{'s' if len(game.camps[winner].seats) == 1 else ''} "
        f"by collapse: {camp_names(game, camp)} cannot conscript two units.",
    )


def citizens(game: Game, player: Player) -> Counter[str]:
    return Counter(game.card(c).colour or "" for c in player.kingdom)


def majorities(game: Game, player: Player) -> list[str]:
    """The colours in which ``player`` has more citizens than every other player."""
    mine = citizens(game, player)
    others = [citizens(game, p) for p in game.players if p is not player]
    return [c for c in COLOURS if all(mine[c] > theirs[c] for theirs in others)]


def check_development(table: Table) -> None:
    """Rulebook, "Développement": a majority in four colours or more wins at once."""
    game = table.game
    for player in game.players:
        colours = majorities(game, player)
        if len(colours) >= 4:
            verb = "wins" if len(game.camps[player.camp].seats) == 1 else "win"
            finish(
                table,
                player.camp,
                "development",
                f"{camp_names(game, player.camp)} {verb} by development: {player.power} holds "
                f"the majority of citizens in {len(colours)} colours ({', '.join(colours)}).",
            )
            return


def check_end_of_war(table: Table) -> None:
    """Rulebook, "Fin de la guerre": when no deck has a card left, count the kingdoms."""
    game = table.game
    if any(p.deck for p in game.players):
        return
    counts = {p.power: len(majorities(game, p)) for p in game.players}
    best = max(counts.values())
    tied = [p for p in game.players if counts[p.power] == best]
    detail = ", ".join(f"{name} {n}" for name, n in counts.items())
    why = f"colours with the majority of citizens: {detail}"
    if len({p.camp for p in tied}) > 1:
        most = max(len(p.kingdom) for p in tied)
        tied = [p for p in tied if len(p.kingdom) == most]
        why += "; tied, so citizens: " + ", ".join(
            f"{p.power} {len(p.kingdom)}" for p in game.players
        )
    if len({p.camp for p in tied}) > 1:
        dead = {
            i: sum(1 for c in camp.graveyard if not game.card(c).leader)
            for i, camp in enumerate(game.camps)
        }
        fewest = min(dead[p.camp] for p in tied)
        tied = [p for p in tied if dead[p.camp] == fewest]
        why += "; still tied, so Soldiers in the graveyard: " + ", ".join(
            f"{camp_names(game, i)} {n}" for i, n in dead.items()
        )
    if len({p.camp for p in tied}) > 1:
        finish(table, None, "draw", f"The war is over and ends in a draw ({why}).")
        return
    camp = tied[0].camp
    verb = "wins" if len(game.camps[camp].seats) == 1 else "win"
    finish(
        table,
        camp,
        "end-of-war",
        f"The war is over: {camp_names(game, camp)} {verb} ({why}).",
    )

"""The four ends of the game and their tie-breaks (rulebook, "Fin de partie").

Execution and collapse are declared where they happen (a Leader falls, a camp
cannot conscript); development is checked after every step; the end of the
war is checked when a turn ends. Majorities are counted per player: a player
holds the majority in a colour when they have more citizens of it than every
other player (RULINGS.md, four-player game).
"""

from __future__ import annotations

from collections import Counter

from pbem.i18n import Message, _, join, render
from pbem.rulesets.invictus.cards import COLOUR_NAMES, COLOURS
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table


def camp_names(game: Game, camp: int) -> Message:
    return join((p.power for p in game.players if p.camp == camp), _(" and "))


def finish(table: Table, camp: int | None, how: str, text: Message) -> None:
    """End the game: ``camp`` wins (None: a draw). The result is kept in the game's language:
    the service mails it as it is."""
    game = table.game
    if game.stage == "over":
        return
    game.stage = "over"
    game.winners = [] if camp is None else [p.power for p in game.players if p.camp == camp]
    game.result = render(text, game.language)
    table.say("game-over", text, how=how, winners=list(game.winners))


def win(table: Table, camp: int, how: str, team: Message, alone: Message) -> None:
    """``camp`` wins: ``team`` says so of a camp of partners, ``alone`` of one player (the verb
    agrees with the winners)."""
    finish(table, camp, how, team if len(table.game.camps[camp].seats) > 1 else alone)


def execution(table: Table, leader_id: str, how: str, by: Player) -> None:
    game = table.game
    owner = game.players[game.owners[leader_id]]
    said = dict(winners=camp_names(game, by.camp), power=owner.power, leader=game.term(leader_id))
    if how == "killed":
        team = _("{winners} win by execution: {power}'s Leader, the {leader}, was killed.", **said)
        alone = _("{winners} wins by execution: {power}'s Leader, the {leader}, was killed.", **said)
    else:
        team = _("{winners} win by execution: {power}'s Leader, the {leader}, was captured.", **said)
        alone = _("{winners} wins by execution: {power}'s Leader, the {leader}, was captured.", **said)
    win(table, by.camp, "execution", team, alone)


def collapse(table: Table, camp: int) -> None:
    game = table.game
    winner = 1 - camp
    said = dict(winners=camp_names(game, winner), losers=camp_names(game, camp))
    win(
        table,
        winner,
        "collapse",
        _("{winners} win by collapse: {losers} cannot conscript two units.", **said),
        _("{winners} wins by collapse: {losers} cannot conscript two units.", **said),
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
            said = dict(
                winners=camp_names(game, player.camp),
                power=player.power,
                count=len(colours),
                colours=join(COLOUR_NAMES[c] for c in colours),
            )
            win(
                table,
                player.camp,
                "development",
                _(
                    "{winners} win by development: {power} holds the majority of citizens in "
                    "{count} colours ({colours}).",
                    **said,
                ),
                _(
                    "{winners} wins by development: {power} holds the majority of citizens in "
                    "{count} colours ({colours}).",
                    **said,
                ),
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
    why: Message = _("colours with the majority of citizens: {detail}", detail=detail)
    if len({p.camp for p in tied}) > 1:
        most = max(len(p.kingdom) for p in tied)
        tied = [p for p in tied if len(p.kingdom) == most]
        kingdoms = ", ".join(f"{p.power} {len(p.kingdom)}" for p in game.players)
        why = _("{why}; tied, so citizens: {kingdoms}", why=why, kingdoms=kingdoms)
    if len({p.camp for p in tied}) > 1:
        dead = {
            i: sum(1 for c in camp.graveyard if not game.card(c).leader) for i, camp in enumerate(game.camps)
        }
        fewest = min(dead[p.camp] for p in tied)
        tied = [p for p in tied if dead[p.camp] == fewest]
        graves = join(_("{camp} {count}", camp=camp_names(game, i), count=n) for i, n in dead.items())
        why = _("{why}; still tied, so Soldiers in the graveyard: {graves}", why=why, graves=graves)
    if len({p.camp for p in tied}) > 1:
        finish(table, None, "draw", _("The war is over and ends in a draw ({why}).", why=why))
        return
    camp = tied[0].camp
    said = dict(winners=camp_names(game, camp), why=why)
    win(
        table,
        camp,
        "end-of-war",
        _("The war is over: {winners} win ({why}).", **said),
        _("The war is over: {winners} wins ({why}).", **said),
    )

"""What a site may show of a game, gathered from the store for one viewer.

This is the one place that decides visibility for the archive site. A site is
made for a viewer and is built only from that viewer's views, reports and press:

* ``PUBLIC`` (the default): each phase's public report, the map of the public
  view, and press sent to everyone once it was delivered;
* a power: that power's reports, the map of its view, the press it sent and the
  press delivered to it (grey press without its sender's name);
* ``REFEREE``, only once the game is over: everything. The referee's report and
  view, the record of each turn (every order as adjudicated, the powers that sent
  nothing, the seed), all press with its senders, and a page per power per phase
  showing what that power saw, so a card game's hand is seen only on its owner's
  pages.

While a game runs, ``REFEREE`` is refused: a site is meant to be put where
others read it, and the referee's view of a running game is for ``pbem archive
show --as REFEREE`` on the referee's own machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem import maps
from pbem.frozen import Frozen
from pbem.ruleset import PUBLIC, REFEREE, Ruleset, get_ruleset
from pbem.store import Store, TurnRow

ANONYMOUS = "an anonymous power"


class SiteError(Exception):
    """The site cannot be made as asked; the message says what to do instead."""


class PressItem(Frozen):
    """One press message as the site's viewer may see it."""

    sender: str
    to: str
    body: str
    grey: bool
    phase_id: str


class TurnRecord(Frozen):
    """What only the referee sees of a turn: the orders as adjudicated and the seed."""

    orders: Mapping[str, Sequence[str]]
    nmr: Sequence[str]
    seed: int


class PhasePage(Frozen):
    """One adjudicated phase as one viewer saw it."""

    viewer: str
    seq: int
    phase_id: str
    label: str
    adjudicated_at: str
    subject: str
    report_text: str
    report_html: str | None
    picture: str | None
    press: tuple[PressItem, ...]
    record: TurnRecord | None = None
    rolled_back: bool = False  # the referee rolled the game back past it: kept, for the record


class GameRecord(Frozen):
    """A game as the site's viewer may see it: a list of phase pages per viewer shown."""

    id: str
    name: str
    ruleset: str
    variant: str
    status: str
    result: str | None
    viewer: str
    powers: tuple[str, ...]
    #: whose pages the site shows: the site's viewer, then (REFEREE's site only) each power
    shown: tuple[str, ...]
    pages: Mapping[str, tuple[PhasePage, ...]]
    #: the phase open now, while the game runs: (id, label)
    current: tuple[str, str] | None
    #: press of the phase open now that the viewer may see
    open_press: tuple[PressItem, ...]


def site_viewer(store: Store, game_id: str, asked: str | None) -> str:
    """The viewer a site of ``game_id`` is made for: PUBLIC, a power, or (game over) REFEREE."""
    game = store.game(game_id)
    if game is None:
        known = ", ".join(store.game_ids()) or "none yet"
        raise SiteError(f"no game {game_id!r} in the archive; games: {known}")
    who = (asked or PUBLIC).strip()
    if who.upper() == PUBLIC:
        return PUBLIC
    if who.upper() == REFEREE:
        if game.status != "over":
            raise SiteError(
                f"game {game_id} is still running, so its site can only be made for one power or "
                f"PUBLIC (--as POWER); the referee's full site can be made once the game is over. "
                f"Meanwhile: pbem archive show {game_id} PHASE --as REFEREE"
            )
        return REFEREE
    powers = [player.power for player in store.players(game_id)]
    match = next((power for power in powers if power.lower() == who.lower()), None)
    if match is None:
        raise SiteError(
            f"{who!r} is not a viewer of game {game_id}: use PUBLIC, REFEREE (after "
            f"the game) or one of the powers: {', '.join(powers)}"
        )
    return match


def visible_press(rows: Sequence[Mapping[str, Any]], viewer: str, powers: Sequence[str]) -> list[PressItem]:
    """The press ``viewer`` may read, in the order it was sent.

    Press to everyone counts as public once delivered (postal press is held until
    the next results). A grey message hides its sender from all but the sender and
    the referee.
    """
    shown = []
    for row in rows:
        sender, recipients = str(row["sender"]), [str(r) for r in row["recipients"]]
        everyone = set(recipients) >= {power for power in powers if power != sender}
        own = viewer == sender
        if viewer != REFEREE and not own:
            if not row["released"]:
                continue
            if viewer == PUBLIC and not everyone:
                continue
            if viewer != PUBLIC and viewer not in recipients:
                continue
        name = ANONYMOUS if row["grey"] and viewer not in (REFEREE, sender) else sender
        if row["grey"] and viewer in (REFEREE, sender):
            name += " (grey)"
        shown.append(
            PressItem(
                sender=name,
                to="everyone" if everyone else ", ".join(recipients),
                body=str(row["body"]),
                grey=bool(row["grey"]),
                phase_id=str(row["phase_id"]),
            )
        )
    return shown


def collect(store: Store, game_id: str, viewer: str, name: str | None = None) -> GameRecord:
    """Everything the site of ``game_id`` for ``viewer`` (from ``site_viewer``) shows."""
    game = store.game(game_id)
    if game is None:
        raise SiteError(f"no game {game_id!r} in the archive")
    ruleset = get_ruleset(game.ruleset)
    powers = tuple(player.power for player in store.players(game_id))
    shown = (REFEREE, *powers) if viewer == REFEREE else (viewer,)
    press = store.press(game_id)
    turns = store.turns(game_id, include_rolled_back=True)
    done = {turn.phase_id for turn in turns if not turn.rolled_back}
    live = [turn for turn in turns if not turn.rolled_back]
    # a game that ended (a draw, a concession) ends in a phase never adjudicated: its press
    # belongs to the last page, not to a phase that will never come
    last = live[-1].seq if live and game.status == "over" else None
    pages: dict[str, tuple[PhasePage, ...]] = {}
    for who in shown:
        pages[who] = tuple(
            _page(store, ruleset, game.ruleset, turn, who, press, powers, done if turn.seq == last else None)
            for turn in turns
        )
    current = None
    if game.status != "over":
        current = (game.phase_id, ruleset.phase(ruleset.load_state(game.state)).label)
    open_press = tuple(item for item in visible_press(press, viewer, powers) if item.phase_id not in done)
    return GameRecord(
        id=game.id,
        name=name or game.id,
        ruleset=game.ruleset,
        variant=game.variant,
        status=game.status,
        result=game.result,
        viewer=viewer,
        powers=powers,
        shown=shown,
        pages=pages,
        current=current,
        open_press=open_press if current else (),
    )


def _page(
    store: Store,
    ruleset: Ruleset,
    game_ruleset: str,
    turn: TurnRow,
    viewer: str,
    press: Sequence[Mapping[str, Any]],
    powers: Sequence[str],
    done: set[str] | None = None,
) -> PhasePage:
    """``turn`` as ``viewer`` saw it; with ``done`` (the last page of a game over), also the press
    of every phase not among ``done``."""
    report = store.reports(turn.game_id, turn.seq).get(viewer)
    view = ruleset.view(ruleset.load_state(turn.state_after), turn.events, viewer)
    return PhasePage(
        viewer=viewer,
        seq=turn.seq,
        phase_id=turn.phase_id,
        label=turn.phase_label,
        adjudicated_at=turn.adjudicated_at.strftime("%Y-%m-%d %H:%M UTC"),
        subject=str(report["subject"]) if report else "",
        report_text=str(report["text"]) if report else "",
        report_html=str(report["html"]) if report and report["html"] else None,
        picture=maps.picture(game_ruleset, view),
        press=tuple(
            item
            for item in visible_press(press, viewer, powers)
            if item.phase_id == turn.phase_id or (done is not None and item.phase_id not in done)
        ),
        record=TurnRecord(turn.orders, turn.nmr, turn.seed) if viewer == REFEREE else None,
        rolled_back=turn.rolled_back,
    )

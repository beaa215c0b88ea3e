"""A phase replayed after a ROLLBACK owns the phase's plain page name; the rolled-back one, kept
for the record, takes its turn's number (issue 32: it was the other way round, so a link to
R2.html showed the phase the referee had undone)."""

from __future__ import annotations

import re

from pbem.site.pages import page_names
from pbem.site.record import PhasePage
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD
from tests.site.games import TALLY_PLAYERS, play_phase, tally_game
from tests.site.helpers import build, links


def test_the_replayed_phase_owns_the_plain_name_and_the_rolled_back_one_its_turns_number(tmp_path):
    table = tally_game(tmp_path / "game", rounds=3, play=2)
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE tally {REFEREE_PASSWORD}\nROLLBACK R2")
    table.run()
    play_phase(table, "tally", {power: "ADD 9" for power in TALLY_PLAYERS}, TALLY_PLAYERS)
    with table.store() as store:
        turns = store.turns("tally", include_rolled_back=True)
    [undone] = [turn for turn in turns if turn.rolled_back]
    [replayed] = [turn for turn in turns if turn.phase_id == "R2" and not turn.rolled_back]
    build(table, "tally", tmp_path / "site")
    folder = tmp_path / "site" / "tally"
    assert replayed.seq > undone.seq
    assert "rolled back" not in (folder / "R2.html").read_text()
    kept = (folder / f"R2-{undone.seq}.html").read_text()
    assert "The referee rolled the game back past this phase" in kept
    listed = re.search(r'<ol class="phase-list">(.*?)</ol>', (folder / "index.html").read_text(), re.DOTALL)
    assert listed and links(listed[1]) == ["R1.html", f"R2-{undone.seq}.html", "R2.html"]


def page(seq: int, phase_id: str, rolled_back: bool = False) -> PhasePage:
    return PhasePage(
        viewer="PUBLIC",
        seq=seq,
        phase_id=phase_id,
        label=phase_id,
        adjudicated_at="",
        subject="",
        report_text="",
        report_html=None,
        picture=None,
        press=(),
        rolled_back=rolled_back,
    )


def test_page_names_give_the_plain_name_to_the_phase_that_stands_wherever_it_comes():
    pages = [page(1, "R1"), page(2, "R2", rolled_back=True), page(3, "R2", rolled_back=True), page(4, "R2")]
    assert page_names(pages) == ["R1", "R2-2", "R2-3", "R2"]
    assert page_names([page(1, "R1"), page(2, "R2", rolled_back=True)]) == ["R1", "R2"]  # nothing replaced it
    assert page_names([page(1, "index")]) == ["index-1"]  # never the game's own index page

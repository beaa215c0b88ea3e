"""The standard map's rules, its 1901 board, seven players mailing it and the positions another
engine resolves alike, for the tests that read orders, play by mail or compare outcomes."""

from __future__ import annotations

import io
import json
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from PIL import Image

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import Board, GameState
from pbem.rulesets.diplomacy.variant import load_variant
from tests.bymail import phase_id, send_mails, to_deadline
from tests.diplomacy.games import POWERS
from tests.harness import Table

STANDARD = load_variant("standard")
#: 200 movement phases pbem and the ``diplomacy`` package resolve alike (data/crosschecked.json)
POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "crosschecked.json").read_text()
)["positions"]
#: the seven players' addresses, and a hold for one unit of each in spring 1901
ADDRESSES = {power: f"{power.lower()}@example.test" for power in POWERS}
ONE_HOLD_EACH = {
    "Austria": "A Vie H",
    "England": "F Lon H",
    "France": "A Par H",
    "Germany": "A Mun H",
    "Italy": "A Rom H",
    "Russia": "A Mos H",
    "Turkey": "A Con H",
}


def start_board() -> Board:
    """The board of spring 1901."""
    state = get_ruleset("diplomacy").start("standard", POWERS, {}, 0)
    assert isinstance(state, GameState)
    return state.board


def results(messages: list[EmailMessage]) -> EmailMessage:
    """The one report among ``messages``, checked to carry its map as a PNG its HTML shows."""
    [report] = [m for m in messages if str(m["Subject"]).endswith(" results")]
    html = report.get_body(preferencelist=("html",))
    assert html is not None and "cid:map1." in str(html.get_content())
    [picture] = [part for part in report.walk() if part.get_content_type() == "image/png"]
    with Image.open(io.BytesIO(picture.get_content())) as image:
        image.verify()
    return report


def winter_1901_with_a_build_for_germany(table: Table) -> None:
    """Spring all hold; in the fall Germany takes Holland, so it has one build in the winter."""
    table.start("g1")
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    send_mails(table, ADDRESSES, {**ONE_HOLD_EACH, "Germany": "F Kie - Hol"})
    to_deadline(table)
    assert phase_id(table) == "W1901A"
    table.take()

"""Every report of one adjudicated phase, as each of its readers gets it (issue 30).

The service mails each player and the referee a report, text and HTML, and keeps the public
one for the archive (pbem.turns.adjudication.send_reports); the archive site shows the public
report with the map of the public view (pbem.site.record, pbem.site.pages). This renders all of
them from the same templates and contexts, the map as the mail carries it (a PNG in place of the
SVG, pbem.mail.pictures) and the site's public page of the phase, so a property test can put any
adjudicated phase through every path a reader's mail takes and look at what each reader got.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape
from typing import Any
from xml.etree import ElementTree

from PIL import Image

from pbem import maps
from pbem.mail.pictures import Picture, as_png, png
from pbem.reports import report_context
from pbem.ruleset import PUBLIC, REFEREE, Adjudication, Phase, Ruleset
from pbem.site.pages import render, report_body
from pbem.site.record import GameRecord, PhasePage
from tests.rendering import DEADLINE, TEMPLATES


@dataclass
class Report:
    """What one reader got of a phase: the text, the HTML (unescaped) and the map's PNG."""

    text: str
    html: str
    png: bytes | None
    #: for a power, its HELP on writing orders as the phase opened (its welcome has it too)
    help: str = ""
    #: for PUBLIC, the archive site's page of the phase (unescaped), as ``pbem archive site`` makes it
    site: str = ""


def every_report(
    ruleset: Ruleset,
    variant: str,
    before: Any,
    adjudication: Adjudication,
    powers: list[str],
    *,
    language: str = "en",
    silent: tuple[str, ...] = (),
    pngs: bool = True,
) -> dict[str, Report]:
    """The reports of the phase ``before`` -> ``adjudication`` for every power, PUBLIC and
    REFEREE, each checked to be a whole report: text, HTML, and the map where the game has one
    (a PNG that opens, the one picture in the mail); and each power's HELP on writing orders in
    ``before``, as the welcome and HELP mail it. ``silent``: who sent no orders. Without
    ``pngs`` each map is checked as the SVG the PNG is made from (well-formed, the one picture)
    and not converted: the conversion costs a tenth of a second a map and reads no order."""
    game = {
        "id": "g1",
        "name": "Test game",
        "ruleset": ruleset.name,
        "variant": variant,
        "language": language,
    }
    phase = ruleset.phase(before)
    reports: dict[str, Report] = {}
    for viewer in [*powers, PUBLIC, REFEREE]:
        context = report_context(
            game, ruleset, phase, adjudication.state, adjudication.events, viewer, DEADLINE, silent=silent
        )
        json.dumps(context["view"])  # a view is plain data: the archive stores and redraws it
        text, html = TEMPLATES.report(ruleset.name, **context)
        assert text.strip() and html is not None and html.strip(), viewer
        body, pictures = as_png(html) if pngs else _as_svg(html)
        picture = None
        if maps.has_picture(ruleset.name):
            assert len(pictures) == 1, viewer
            picture = pictures[0].data
            if pngs:
                assert "cid:" in body, viewer
                with Image.open(io.BytesIO(picture)) as image:
                    assert image.format == "PNG"
                    image.verify()
            # the archive site draws the same view's map beside the stored report
            drawn = maps.picture(ruleset.name, context["view"])
            assert drawn is not None and drawn in html
        else:
            assert not pictures, viewer
        reports[viewer] = Report(text, unescape(html), picture)
        _whole(reports[viewer], viewer)
        if viewer != REFEREE:
            _nothing_hidden(ruleset, adjudication, reports[viewer], viewer)
        if viewer == PUBLIC:
            made = png if pngs else _well_formed
            reports[viewer].site = _site_page(ruleset, variant, phase, html, context["view"], powers, made)
        if viewer in powers:
            reports[viewer].help = TEMPLATES.text(
                f"{ruleset.name}/orders.txt.j2",
                game=game,
                power=viewer,
                view=ruleset.view(before, [], viewer),
            )
            assert reports[viewer].help.strip(), viewer
    return reports


#: what a report shows where a value was missing or a template was not filled in: Python's None,
#: a template's own markup, a field of a message left unfilled ("{power}"), a list or record
#: written as Python writes it
LEFTOVERS = re.compile(r"\bNone\b|\{\{|\}\}|\{%|%\}|\{[a-z_]+\}|\['|'\]|\{'|Undefined|object at 0x")


def _whole(report: Report, viewer: str) -> None:
    """No leftover of a value or template that was not filled in, in any part of the report."""
    for part in (report.text, _words_of(report.html), report.help):
        leftover = LEFTOVERS.search(part)
        assert leftover is None, (viewer, part[max(0, leftover.start() - 80) : leftover.end() + 80])


def _words_of(html: str) -> str:
    """What an HTML report says: its text without the style sheet, the map's drawing and the tags."""
    return re.sub(r"<[^>]*>", " ", re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S))


def _nothing_hidden(ruleset: Ruleset, adjudication: Adjudication, report: Report, viewer: str) -> None:
    """None of what the ruleset hides from ``viewer`` in the phase (its hidden_facts: another
    player's hand, a secret alliance) is in the report they get."""
    for fact in ruleset.hidden_facts(adjudication.state, adjudication.events, viewer):
        assert fact not in report.text and fact not in report.html, (viewer, fact)


#: an SVG picture in a report's HTML (pbem's pictures never nest one in another)
SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL | re.IGNORECASE)


def _as_svg(html: str) -> tuple[str, list[Picture]]:
    """The SVG pictures of a report's HTML, each checked to be well-formed XML."""
    pictures = [
        Picture(content_id="map", filename="map.svg", data=_well_formed(svg)) for svg in SVG.findall(html)
    ]
    return html, pictures


def _well_formed(svg: str) -> bytes:
    ElementTree.fromstring(svg)
    return svg.encode()


def _site_page(
    ruleset: Ruleset,
    variant: str,
    phase: Phase,
    html: str,
    view: Any,
    powers: list[str],
    png_of: Callable[[str], bytes],
) -> str:
    """The public page of the phase on the archive site (pbem.site: the stored public report and
    the map of the public view), checked to show the report and its map as SVG and PNG."""
    page = PhasePage(
        viewer=PUBLIC,
        seq=1,
        phase_id=phase.id,
        label=phase.label,
        adjudicated_at="2026-11-28 19:00 UTC",
        subject=f"[g1] {phase.label} results",
        report_text="",
        report_html=html,
        picture=maps.picture(ruleset.name, view),
        press=(),
    )
    record = GameRecord(
        id="g1",
        name="Test game",
        ruleset=ruleset.name,
        variant=variant,
        status="running",
        result=None,
        viewer=PUBLIC,
        powers=tuple(powers),
        shown=(PUBLIC,),
        pages={PUBLIC: (page,)},
        current=None,
        open_press=(),
    )
    files = render(record, TEMPLATES, png_of)
    [name] = [name for name in files if name.endswith(".html") and name != "index.html"]
    shown = str(files[name])
    assert phase.label in shown and str(report_body(html)) in shown
    if page.picture is not None:
        pictures = [name for name in files if name.startswith("maps/")]
        assert len(pictures) == 2 and files[pictures[0]] != files[pictures[1]]  # the SVG and its PNG
    return unescape(shown)

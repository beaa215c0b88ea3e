"""Every report of one adjudicated phase, as each of its readers gets it (issue 30).

The service mails each player and the referee a report, text and HTML, and keeps the public
one for the archive (pbem.turns.adjudication.send_reports); the archive site shows the public
report with the map of the public view (pbem.site.record). This renders all of them from the
same templates and contexts, and the map as the mail carries it, a PNG in place of the SVG
(pbem.mail.pictures), so a property test can put any adjudicated phase through every path a
reader's mail takes and look at what each reader got.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from html import unescape
from typing import Any

from PIL import Image

from pbem import maps
from pbem.mail.pictures import as_png
from pbem.reports import report_context
from pbem.ruleset import PUBLIC, REFEREE, Adjudication, Ruleset
from tests.rendering import DEADLINE, TEMPLATES


@dataclass
class Report:
    """What one reader got of a phase: the text, the HTML (unescaped) and the map's PNG."""

    text: str
    html: str
    png: bytes | None
    #: for a power, its HELP on writing orders as the phase opened (its welcome has it too)
    help: str = ""


def every_report(
    ruleset: Ruleset,
    variant: str,
    before: Any,
    adjudication: Adjudication,
    powers: list[str],
    *,
    language: str = "en",
    silent: tuple[str, ...] = (),
) -> dict[str, Report]:
    """The reports of the phase ``before`` -> ``adjudication`` for every power, PUBLIC and
    REFEREE, each checked to be a whole report: text, HTML, and the map where the game has one
    (a PNG that opens, the one picture in the mail); and each power's HELP on writing orders in
    ``before``, as the welcome and HELP mail it. ``silent``: who sent no orders."""
    game = {"id": "g1", "name": "Test game", "ruleset": ruleset.name, "variant": variant,
            "language": language}
    phase = ruleset.phase(before)
    reports: dict[str, Report] = {}
    for viewer in [*powers, PUBLIC, REFEREE]:
        context = report_context(game, ruleset, phase, adjudication.state, adjudication.events, viewer,
                                 DEADLINE, silent=silent)
        json.dumps(context["view"])  # a view is plain data: the archive stores and redraws it
        text, html = TEMPLATES.report(ruleset.name, **context)
        assert text.strip() and html is not None and html.strip(), viewer
        body, pictures = as_png(html)
        picture = None
        if maps.has_picture(ruleset.name):
            assert len(pictures) == 1 and "cid:" in body, viewer
            picture = pictures[0].data
            with Image.open(io.BytesIO(picture)) as image:
                assert image.format == "PNG"
                image.verify()
            # the archive site draws the same view's map beside the stored report
            drawn = maps.picture(ruleset.name, context["view"])
            assert drawn is not None and drawn in html
        else:
            assert not pictures, viewer
        reports[viewer] = Report(text, unescape(html), picture)
        if viewer in powers:
            reports[viewer].help = TEMPLATES.text(f"{ruleset.name}/orders.txt.j2", game=game, power=viewer,
                                                  view=ruleset.view(before, [], viewer))
            assert reports[viewer].help.strip(), viewer
    return reports

"""The report and how-to templates render from real views, with every name they use defined."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest

from .games import POWERS, SEVENTEEN, position, ruleset

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=jinja2.select_autoescape(["html"]),
    undefined=jinja2.StrictUndefined,
)


def context(
    before: Any,
    after: Any,
    events: list[dict[str, Any]],
    viewer: str = "France",
    name: str = "Test <Game>",
) -> dict[str, Any]:
    done = ruleset.phase(before)
    following = ruleset.phase(after)
    return {
        "game": {"id": "g1", "name": name, "ruleset": "diplomacy", "variant": "standard"},
        "viewer": viewer,
        "phase": {"id": done.id, "label": done.label},
        "view": ruleset.view(after, events, viewer),
        "next": None
        if following.over
        else {
            "id": following.id,
            "label": following.label,
            "kind": following.kind,
            "deadline": "Sat 28 Nov 2026 20:00 CET (19:00 UTC)",
        },
        "over": following.over,
        "result": following.result,
        "power": viewer,
    }


def scenes() -> dict[str, dict[str, Any]]:
    start = ruleset.start("standard", POWERS, {}, 1)
    spring = ruleset.adjudicate(
        start,
        {
            "France": ["A PAR - BUR", "A MAR - BUR", "F BRE - MAO"],
            "Germany": ["A MUN - BUR", "F KIE - DEN"],
        },
        1,
    )
    battle = position(
        "F1901M",
        {"France": ["A BUR", "A PAR"], "Germany": ["A MUN", "A RUH"]},
        {"France": ["PAR"], "Germany": ["MUN"]},
    )
    fall = ruleset.adjudicate(battle, {"Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, 2)
    winter_state = position(
        "W1901A",
        {"France": ["A PAR", "A PIC", "A MAR"], "Russia": ["A WAR"]},
        {"France": ["PAR"], "Russia": ["MOS", "WAR"]},
    )
    winter = ruleset.adjudicate(winter_state, {"Russia": ["A MOS B"]}, 3)
    last = position("F1905M", {"Germany": ["A RUH"]}, {"Germany": SEVENTEEN})
    won = ruleset.adjudicate(last, {"Germany": ["A RUH - BEL"]}, 4)
    return {
        "spring": context(start, spring.state, spring.events),
        "dislodged": context(battle, fall.state, fall.events),
        "winter": context(winter_state, winter.state, winter.events),
        "victory": context(last, won.state, won.events),
    }


SCENES = scenes()


@pytest.mark.parametrize("template", ["report.txt.j2", "report.html.j2"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_reports_render(template: str, scene: str) -> None:
    text = env.get_template(f"diplomacy/{template}").render(SCENES[scene])
    assert "Supply centre chart" in text
    assert "France" in text


def test_text_report_reads_like_a_judge_report() -> None:
    spring = env.get_template("diplomacy/report.txt.j2").render(SCENES["spring"])
    assert "Spring 1901 movement: order results" in spring
    assert "A PAR - BUR  (bounced)" in spring
    assert "Standoffs in: BUR." in spring
    assert "Next: Fall 1901 movement. Deadline: Sat 28 Nov 2026" in spring
    assert "\n\n\n" not in spring  # block tags leave no empty lines behind
    fall = env.get_template("diplomacy/report.txt.j2").render(SCENES["dislodged"])
    assert "France A BUR, attacked from MUN: may retreat to" in fall
    assert "Retreats to order" in fall
    winter = env.get_template("diplomacy/report.txt.j2").render(SCENES["winter"])
    assert "Removed by civil disorder" in winter and "A MAR" in winter
    assert "Built:" in winter and "Russia A MOS" in winter
    victory = env.get_template("diplomacy/report.txt.j2").render(SCENES["victory"])
    assert "The game is over. Germany wins with 18 supply centres." in victory
    assert "Belgium (BEL): unowned -> Germany" in victory


def test_html_report_escapes_what_it_shows() -> None:
    html = env.get_template("diplomacy/report.html.j2").render(SCENES["spring"])
    assert "Test &lt;Game&gt;" in html
    assert "Test <Game>" not in html
    assert "<table" in html


def test_how_to_write_orders_renders_for_each_phase() -> None:
    template = env.get_template("diplomacy/orders.txt.j2")
    for scene in ("spring", "dislodged", "winter"):
        text = template.render(SCENES[scene])
        assert "A PAR - BUR" in text and "BUILD A PAR" in text and "WAIVE" in text
    assert "A BUR must retreat: to" in template.render(SCENES["dislodged"])


def test_the_service_renders_the_reports_and_the_help() -> None:
    from pbem.reports import Templates

    templates = Templates(TEMPLATES)
    text, html = templates.report("diplomacy", **SCENES["dislodged"])
    assert "Retreats to order" in text
    assert html is not None and "Test &lt;Game&gt;" in html
    help_text = templates.text("diplomacy/orders.txt.j2", **SCENES["winter"])
    assert "BUILD A PAR" in help_text

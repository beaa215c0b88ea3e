"""A Mandate of Heaven game's reports, rendered as they are mailed (test_templates.py, test_cornered.py)."""

from __future__ import annotations

from typing import Any

from pbem.reports import Templates

from .games import ruleset

templates = Templates()
GAME = {"id": "g1", "name": "The Mandate", "ruleset": "diplomacy", "variant": "mandate_of_heaven"}


def report(before: Any, done: Any, viewer: str) -> tuple[str, str]:
    """The text and HTML report ``viewer`` is mailed of the phase adjudicated from ``before``."""
    phase, following = ruleset.phase(before), ruleset.phase(done.state)
    text, html = templates.report(
        "diplomacy",
        game=GAME,
        viewer=viewer,
        phase={"id": phase.id, "label": phase.label},
        view=ruleset.view(done.state, done.events, viewer),
        next={"id": following.id, "label": following.label, "kind": following.kind, "deadline": "Sat"},
        over=following.over,
        result=following.result,
    )
    assert html is not None
    return text, html

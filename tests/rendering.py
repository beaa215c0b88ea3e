"""Rendering a game's templates in tests exactly as the service does (pbem.reports)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.reports import Templates, report_context
from pbem.ruleset import Ruleset

TEMPLATES = Templates()  # the service's own environments: whitespace, escaping, strictness
DEADLINE = "Sat 28 Nov 2026 20:00 CET (19:00 UTC)"


def game_info(ruleset: Ruleset, variant: str, name: str = "Test game") -> dict[str, str]:
    return {"id": "g1", "name": name, "ruleset": ruleset.name, "variant": variant}


def report(
    ruleset: Ruleset,
    variant: str,
    before: Any,
    after: Any,
    events: Sequence[Mapping[str, Any]],
    viewer: str,
    *,
    html: bool = False,
) -> str:
    """The report of the phase ``before`` -> ``after`` for ``viewer``, text or HTML."""
    context = report_context(
        game_info(ruleset, variant), ruleset, ruleset.phase(before), after, events, viewer, DEADLINE
    )
    template = f"{ruleset.name}/report.{'html' if html else 'txt'}.j2"
    return TEMPLATES.html(template, **context) if html else TEMPLATES.text(template, **context)


def orders_help(ruleset: Ruleset, variant: str, state: Any, power: str) -> str:
    return TEMPLATES.text(
        f"{ruleset.name}/orders.txt.j2",
        game=game_info(ruleset, variant),
        power=power,
        view=ruleset.view(state, [], power),
    )

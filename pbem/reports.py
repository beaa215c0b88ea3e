"""Rendering what pbem mails from Jinja2 templates: reports, replies and notices.

Templates live in ``templates/`` at the top of the project, installed as the package
``pbem.templates`` (setup.py) and found through jinja2's PackageLoader, so a plain
``pip install .`` carries them; a referee's own folder, if the config names one, comes first.
They only ever receive views and plain values, never a game state. Text templates render
without autoescaping; ``.html.j2`` templates autoescape. Undefined names are errors, so a template that names
something the view lacks fails in the tests rather than mailing a blank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from pbem import maps
from pbem.ruleset import Phase, Ruleset

SHIPPED_PACKAGE = "pbem.templates"
#: the shipped templates' folder, wherever pbem is installed (a checkout or a wheel)
DEFAULT_ROOT = Path(str(resources.files(SHIPPED_PACKAGE)))


class Templates:
    """The template folders (earlier ones win), with a text and an HTML environment."""

    @classmethod
    def with_own(cls, own: Path | None) -> Templates:
        """A referee's own templates (``service.templates``) before the shipped ones, so an
        edited report survives an upgrade of pbem and a missing one falls back."""
        return cls(own, DEFAULT_ROOT) if own else cls(DEFAULT_ROOT)

    def __init__(self, *roots: Path):
        self.roots = list(roots) or [DEFAULT_ROOT]
        loader = jinja2.ChoiceLoader([_loader(root) for root in self.roots])
        # Jinja2's default whitespace handling: templates control it with {%- -%}.
        self.text_env = jinja2.Environment(
            loader=loader,
            autoescape=False,
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
        )
        self.html_env = jinja2.Environment(
            loader=loader,
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        for env in (self.text_env, self.html_env):
            env.filters["indent_lines"] = _indent_lines
        self.html_env.globals["map_picture"] = _map_picture

    def exists(self, name: str) -> bool:
        try:
            self.source(name)
        except jinja2.TemplateNotFound:
            return False
        return True

    def source(self, name: str) -> str:
        """A file among the templates as it is (the site's style sheet), the referee's first."""
        assert self.text_env.loader is not None
        return self.text_env.loader.get_source(self.text_env, name)[0]

    def text(self, name: str, **context: Any) -> str:
        return self.text_env.get_template(name).render(**context)

    def html(self, name: str, **context: Any) -> str:
        return self.html_env.get_template(name).render(**context)

    def report(self, ruleset: str, **context: Any) -> tuple[str, str | None]:
        """The text and (if the ruleset has an HTML template) HTML of a report."""
        text = self.text(f"{ruleset}/report.txt.j2", **context)
        html_name = f"{ruleset}/report.html.j2"
        html = self.html(html_name, **context) if self.exists(html_name) else None
        return text, html


def _loader(root: Path) -> jinja2.BaseLoader:
    """The shipped templates through the package (zip-safe), any other folder as a folder."""
    if root == DEFAULT_ROOT:
        return jinja2.PackageLoader(SHIPPED_PACKAGE, "")
    return jinja2.FileSystemLoader(str(root))


def _map_picture(ruleset: str, view: Any) -> Markup:
    """The inline SVG map of ``view`` (pbem.maps), or nothing for a game without a map."""
    picture = maps.picture(ruleset, view)
    return Markup(picture) if picture else Markup("")


def report_context(
    game: Mapping[str, Any],
    ruleset: Ruleset,
    phase: Phase,
    state: Any,
    events: Sequence[Mapping[str, Any]],
    viewer: str,
    deadline: str,
    *,
    over: bool | None = None,
    result: str | None = None,
) -> dict[str, Any]:
    """What a report template gets (templates/README.md): the view of ``state`` (after ``phase``
    was adjudicated) for ``viewer``, never the state itself, and the next phase with ``deadline``.
    ``over`` and ``result`` default to what the ruleset says of ``state``."""
    following = ruleset.phase(state)
    over = following.over if over is None else over
    next_phase = None
    if not over:
        next_phase = {"id": following.id, "label": following.label, "kind": following.kind,
                      "deadline": deadline}
    return {
        "game": dict(game),
        "viewer": viewer,
        "phase": {"id": phase.id, "label": phase.label},
        "view": ruleset.view(state, events, viewer),
        "next": next_phase,
        "over": over,
        "result": following.result if result is None else result,
    }


def _indent_lines(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line if line else line for line in str(text).split("\n"))

"""Rendering what pbem mails from Jinja2 templates: reports, replies and notices.

Templates live in ``templates/`` at the top of the project, installed as the package
``pbem.templates`` (setup.py) and found through jinja2's PackageLoader, so a plain
``pip install .`` carries them; a referee's own folder, if the config names one, comes first.
They only ever receive views and plain values, never a game state. Text templates render
without autoescaping; ``.html.j2`` templates autoescape. Undefined names are errors, so a
template that names something the view lacks fails in the tests rather than mailing a blank.
Jinja2 and the map drawers load with the first template read, not with this module: a run with
nothing to mail never needs them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from pbem import i18n
from pbem.ruleset import Phase, Ruleset

if TYPE_CHECKING:
    import jinja2

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
        self._environments: dict[tuple[bool, str], jinja2.Environment] = {}
        self._found: dict[str, bool] = {}

    @cached_property
    def loader(self) -> jinja2.BaseLoader:
        import jinja2

        return jinja2.ChoiceLoader([_loader(root) for root in self.roots])

    @property
    def text_env(self) -> jinja2.Environment:
        return self.environment(html=False)

    @property
    def html_env(self) -> jinja2.Environment:
        return self.environment(html=True)

    def environment(self, html: bool, language: str = i18n.DEFAULT) -> jinja2.Environment:
        """The text or HTML environment speaking ``language`` (pbem.i18n: a game's
        ``options: {language: fr}``): ``_()`` in templates and the ``tr`` filter use its
        catalogues."""
        key = (html, language)
        if key not in self._environments:
            import jinja2

            from pbem.i18n import jinja

            # Jinja2's default whitespace handling: templates control it with {%- -%}.
            # a run renders hundreds of reports: each template is read once (auto_reload would
            # look at the file again for each), as a referee edits them between runs
            env = _environment_class()(
                loader=self.loader,
                auto_reload=False,
                autoescape=html,
                undefined=jinja2.StrictUndefined,
                keep_trailing_newline=not html,
                extensions=["jinja2.ext.i18n"],
            )
            # French agreement needs the fields as the message is filled (pbem.i18n.jinja)
            env.install_gettext_callables(*jinja.callables(language, html), newstyle=False)  # type: ignore[attr-defined]
            env.filters["indent_lines"] = _indent_lines
            env.filters["tr"] = lambda value: i18n.translate(value, language)
            if html:
                env.globals["map_picture"] = _map_picture
            self._environments[key] = env
        return self._environments[key]

    def exists(self, name: str) -> bool:
        """Whether the templates have ``name`` (looked for once)."""
        import jinja2

        if name not in self._found:
            try:
                self.source(name)
            except jinja2.TemplateNotFound:
                self._found[name] = False
            else:
                self._found[name] = True
        return self._found[name]

    def source(self, name: str) -> str:
        """A file among the templates as it is (the site's style sheet), the referee's first."""
        assert self.text_env.loader is not None
        return self.text_env.loader.get_source(self.text_env, name)[0]

    def text(self, name: str, **context: Any) -> str:
        return self.environment(False, _language(context)).get_template(name).render(**context)

    def html(self, name: str, **context: Any) -> str:
        return self.environment(True, _language(context)).get_template(name).render(**context)

    def report(self, ruleset: str, **context: Any) -> tuple[str, str | None]:
        """The text and (if the ruleset has an HTML template) HTML of a report."""
        text = self.text(f"{ruleset}/report.txt.j2", **context)
        html_name = f"{ruleset}/report.html.j2"
        html = self.html(html_name, **context) if self.exists(html_name) else None
        return text, html


#: what a template's ``value.name`` finds as an attribute of a dict (its methods), not a key
_DICT_ATTRIBUTES = frozenset(dir(dict))


@cache
def _environment_class() -> type[jinja2.Environment]:
    """Jinja2's Environment, reading a dict's key first. The views templates get are dicts, and
    Jinja2 reads ``view.units`` by trying the attribute first: an AttributeError raised and caught
    each time, some 2,000 a Diplomacy report (rendered in 0.38 ms, 0.22 ms so). What a template
    finds is the same: a name a dict has as an attribute (``items``, ``get``...) is still that."""
    import jinja2

    class Environment(jinja2.Environment):
        def getattr(self, obj: Any, attribute: str) -> Any:
            if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
                try:
                    return obj[attribute]
                except KeyError:
                    pass  # undefined, as Jinja2 says it
            return super().getattr(obj, attribute)

    return Environment


def _loader(root: Path) -> jinja2.BaseLoader:
    """The shipped templates through the package (zip-safe), any other folder as a folder."""
    import jinja2

    if root == DEFAULT_ROOT:
        return jinja2.PackageLoader(SHIPPED_PACKAGE, "")
    return jinja2.FileSystemLoader(str(root))


def _language(context: Mapping[str, Any]) -> str:
    """The game's language, from the ``game`` every game's mail is rendered with."""
    game = context.get("game")
    language = game.get("language") if isinstance(game, Mapping) else None
    return str(language or i18n.DEFAULT)


def _map_picture(ruleset: str, view: Any) -> Markup:
    """The inline SVG map of ``view`` (pbem.maps), or nothing for a game without a map."""
    from pbem import maps

    picture = maps.picture(ruleset, view)
    return Markup(picture) if picture else Markup("")


def draw_maps(
    ruleset: Ruleset, state: Any, events: Sequence[Mapping[str, Any]], viewers: Sequence[str]
) -> None:
    """Draw the maps of ``viewers``' reports of ``state`` now, the SVG and the PNG a mail carries.

    Drawing the map is most of the cost of a report, and the reports are queued inside the
    transaction of their adjudication: drawn there, the map would hold the database while the
    sending beside it waits to record each mail sent. Drawn here, before that transaction,
    each picture is kept (pbem.maps, pbem.mail.pictures) and the reports find it drawn."""
    from pbem import maps
    from pbem.mail import pictures

    for picture in {maps.picture(ruleset.name, ruleset.view(state, events, viewer)) for viewer in viewers}:
        if picture:
            pictures.png(picture)


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
    silent: Sequence[str] = (),
) -> dict[str, Any]:
    """What a report template gets (templates/README.md): the view of ``state`` (after ``phase``
    was adjudicated) for ``viewer``, never the state itself, and the next phase with ``deadline``.
    ``over`` and ``result`` default to what the ruleset says of ``state``; ``silent`` are the
    powers that had to act in ``phase`` and sent no orders (the report names them)."""
    following = ruleset.phase(state)
    over = following.over if over is None else over
    next_phase = None
    if not over:
        next_phase = {
            "id": following.id,
            "label": following.label,
            "kind": following.kind,
            "deadline": deadline,
        }
    return {
        "game": dict(game),
        "viewer": viewer,
        "phase": {"id": phase.id, "label": phase.label, "kind": phase.kind},
        "view": ruleset.view(state, events, viewer),
        "next": next_phase,
        "over": over,
        "result": following.result if result is None else result,
        "silent": list(silent),
    }


def with_link(text: str, html: str | None, sentence: str, url: str) -> tuple[str, str | None]:
    """A report with one more line at its end, ``sentence`` that names ``url`` (the phase's page
    on the game's site): in the text as it is, in the HTML as a link."""
    text = text.rstrip("\n") + f"\n\n{sentence}\n"
    if html is None:
        return text, None
    # str: a plain str added to Markup is escaped whole, and the mail's HTML would show as text
    link = str(Markup('<p class="site-link"><a href="{}">{}</a></p>\n').format(url, sentence))
    at = html.rfind("</body>")
    return text, (html[:at] + link + html[at:]) if at >= 0 else html + link


def _indent_lines(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line if line else line for line in str(text).split("\n"))

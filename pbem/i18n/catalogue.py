"""Write the gettext catalogues from the message ids in the code and templates (Babel).

    python -m pbem.i18n.catalogue           # add new ids to every catalogue, drop gone ones
    python -m pbem.i18n.catalogue --check   # exit 1 if a catalogue is stale or a translation missing

One domain per ruleset that speaks through ``pbem.i18n`` (its package and its
``templates/<ruleset>/``) and ``mail`` for the service's own words: its templates
(``templates/mail``) and what intake and the turns answer, notify and refuse.
English catalogues hold each id as its own text; other languages keep what translators
wrote and get an empty entry for a new id, which ``--check`` (and the tests) report.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from pbem.i18n import LANGUAGES, LOCALE

PACKAGE = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": (1, 2), "gettext": None, "ngettext": (1, 2)}
METHODS = [("**.py", "python"), ("**.j2", "jinja2.ext:babel_extract")]
OPTIONS = {"**.j2": {"extensions": "jinja2.ext.i18n"}}


def sources() -> dict[str, list[Path]]:
    """Domain -> the folders (or files) its ids come from: rulesets that use pbem.i18n, and
    the mail: its templates and the service's code that writes to players."""
    from pbem.reports import DEFAULT_ROOT

    service = [PACKAGE / "intake", PACKAGE / "turns", PACKAGE / "run.py", PACKAGE / "deadlines.py"]
    domains: dict[str, list[Path]] = {"mail": [DEFAULT_ROOT / "mail", *service]}
    for ruleset in sorted((PACKAGE / "rulesets").iterdir()):
        if ruleset.is_dir() and any("from pbem.i18n import" in p.read_text() for p in ruleset.glob("*.py")):
            domains[ruleset.name] = [ruleset, DEFAULT_ROOT / ruleset.name]
    return domains


def extract(folders: list[Path]) -> Iterator[tuple[Any, str]]:
    """(id or (singular, plural), where) for every message in ``folders`` (or files)."""
    for folder in folders:
        if folder.is_file():
            in_file = extract_from_file("python", str(folder), keywords=KEYWORDS, strip_comment_tags=True)
            for line, message, _comments, _context in in_file:
                yield message, f"{folder.parent.name}/{folder.name}:{line}"
            continue
        if not folder.is_dir():
            continue
        found = extract_from_dir(
            str(folder), METHODS, options_map=OPTIONS, keywords=KEYWORDS, strip_comment_tags=True
        )
        for filename, line, message, _comments, _context in found:
            yield message, f"{folder.name}/{filename}:{line}"


def extra(domain: str) -> list[tuple[str, str]]:
    """Ids that are data rather than calls: the mail commands' usages, which the welcome
    and help print through the ``tr`` filter and refusals quote (``commands.usage``)."""
    if domain != "mail":
        return []
    from pbem.intake.commands import PLAYER_COMMANDS, REFEREE_COMMANDS

    usages = [*PLAYER_COMMANDS.values(), *REFEREE_COMMANDS.values()]
    return [(usage, "intake/commands.py:1") for usage in usages]


def build(domain: str, language: str, folders: list[Path]) -> Catalog:
    """The catalogue of ``domain`` in ``language``: the ids found now, old translations kept."""
    path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    old: Catalog | None = None
    if path.exists():
        with path.open("rb") as source:
            old = read_po(source, locale=language)
    catalog = Catalog(locale=language, domain=domain, project="pbem", fuzzy=False)
    for message, where in [*extract(folders), *extra(domain)]:
        singular = message[0] if isinstance(message, tuple) else message
        if not singular:
            continue
        previous = old.get(singular) if old else None
        if language == "en":
            string: Any = message
        elif (
            previous is not None
            and previous.string
            and isinstance(previous.string, tuple) == isinstance(message, tuple)
        ):  # a message that gained a plural is translated again
            string = previous.string
        else:
            string = ("", "") if isinstance(message, tuple) else ""
        file, _, line = where.rpartition(":")
        existing = catalog.get(singular)
        if existing is None:
            catalog.add(message, string, locations=[(file, int(line))])
        else:
            existing.locations.append((file, int(line)))
    return catalog


def text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, sort_output=True, no_location=True, width=100)
    return out.getvalue()


def missing(catalog: Catalog) -> list[str]:
    """The ids without a translation."""
    gaps = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def run(check: bool) -> list[str]:
    """Write (or, with ``check``, compare) every catalogue; the problems found."""
    problems = []
    for domain, folders in sources().items():
        for language in LANGUAGES:
            catalog = build(domain, language, folders)
            path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            wanted = text(catalog)
            if check:
                if not path.exists() or path.read_bytes() != wanted:
                    problems.append(f"{path} is stale: run python -m pbem.i18n.catalogue")
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(wanted)
            problems += [f"{path}: no translation for {gap!r}" for gap in missing(catalog)]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report stale catalogues")
    problems = run(parser.parse_args(argv).check)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

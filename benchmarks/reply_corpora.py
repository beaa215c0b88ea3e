"""How pbem's reader of a mail's own text fares on reply corpora others captured from real clients.

Our own replies (tests/data/replies) were written by us; these corpora were gathered by the
authors of other reply parsers, each with the answer their tests expect. This script runs
``pbem.mail.quotes.own_text`` (what intake reads a mail with) over every corpus mail that has
an expected answer and prints, per corpus, how many agree, then each disagreement.

The corpora are not copied here (only the sample mails a fix needed, in tests/data/replies).
Point the script at checkouts or bare git directories of them:

    .venv/bin/python benchmarks/reply_corpora.py                      # /work/.mirror/<owner>+<name>/repo
    .venv/bin/python benchmarks/reply_corpora.py --corpus mailgun/talon=~/src/talon -v

The expectations are in ``reply_corpora.yaml`` beside this script, each taken from the test of
the corpus that names it; talon's plain-text cases are read straight from its test module.
An expectation that does not fit a game's order mail is marked ``unfit`` with the reason:
its disagreement is listed but not counted as pbem's failure.
"""

from __future__ import annotations

import argparse
import ast
import quopri
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.mail.message import parse  # noqa: E402
from pbem.mail.quotes import own_text  # noqa: E402
from tests.mail_reading.replies import lines, own_text_of  # noqa: E402

EXPECTATIONS = Path(__file__).with_suffix(".yaml")
MIRRORS = Path("/work/.mirror")


@dataclass
class Case:
    corpus: str
    name: str  # the corpus file, or for talon's inline mails, its test
    mail: bytes | str  # a whole message (bytes) or a body (str)
    html: bool = False  # the body is an HTML page
    text: str | None = None  # the whole own text expected (blank lines and indents aside)
    keeps: list[str] = field(default_factory=list)  # words that must be read
    drops: list[str] = field(default_factory=list)  # words of the quote that must not
    nospace: bool = False  # compare without any whitespace (talon's HTML tests do)
    unfit: str = ""  # why the corpus's answer does not fit order mail
    source: str = ""


class Corpus:
    """A corpus's files, from a checkout or a bare git directory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.bare = (path / "HEAD").is_file() and (path / "objects").is_dir()

    def read(self, name: str) -> bytes:
        if self.bare:
            return subprocess.run(
                ["git", f"--git-dir={self.path}", "show", f"HEAD:{name}"], capture_output=True, check=True
            ).stdout
        return (self.path / name).read_bytes()

    def names(self, folder: str) -> list[str]:
        """The files in ``folder``."""
        if self.bare:
            listing = subprocess.run(
                ["git", f"--git-dir={self.path}", "ls-tree", "--name-only", f"HEAD:{folder}"],
                capture_output=True,
                text=True,
                check=True,
            )
            return sorted(listing.stdout.split())
        return sorted(path.name for path in (self.path / folder).iterdir())

    def revision(self) -> str:
        if not self.bare:
            return "checkout"
        done = subprocess.run(
            ["git", f"--git-dir={self.path}", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        )
        return done.stdout.strip()


def read_own(case: Case) -> str:
    """The mail's own text as intake reads it: parsed as a message, then ``own_text``."""
    if isinstance(case.mail, bytes):
        incoming = parse(case.mail)
        return own_text(incoming.text, incoming.html)
    return own_text_of(case.mail, html=case.html)


def verdict(case: Case, own: str) -> list[str]:
    """What is wrong with ``own``, by the case's expectation; empty when it agrees."""
    wrong = []
    if case.text is not None:
        got, want = lines(own), lines(case.text)
        if case.nospace:
            got, want = ["".join("".join(got).split())], ["".join("".join(want).split())]
        if got != want:
            wrong.append("text differs")
    flat = " ".join(lines(own))
    wrong += [f"lost {word!r}" for word in case.keeps if " ".join(word.split()) not in flat]
    wrong += [f"kept {word!r}" for word in case.drops if " ".join(word.split()) in flat]
    return wrong


def file_cases(name: str, spec: dict[str, Any], corpus: Corpus) -> list[Case]:
    cases = []
    base = spec.get("dir", "")
    for filename, expected in spec.get("cases", {}).items():
        raw = corpus.read(f"{base}/{filename}" if base else filename)
        expected = expected or {}
        if expected.get("whole"):
            expected = {**expected, "text": raw.decode("utf-8")}
        if expected.get("quoted_printable"):
            raw = quopri.decodestring(raw)
        mail: bytes | str = raw if filename.endswith(".eml") else raw.decode("utf-8")
        cases.append(
            Case(
                corpus=name,
                name=filename,
                mail=mail,
                html=filename.endswith(".html"),
                text=expected.get("text"),
                keeps=expected.get("keeps", []),
                drops=expected.get("drops", []),
                nospace=expected.get("nospace", False),
                unfit=expected.get("unfit", ""),
                source=expected.get("source", ""),
            )
        )
    for template in spec.get("templates", []):
        # willdurand: one mail with a slot, filled with each intro or header line of a list
        body = corpus.read(f"{base}/{template['file']}").decode("utf-8")
        for fill in template["fills"]:
            cases.append(
                Case(
                    name,
                    f"{template['file']} with {fill!r}",
                    body.replace(template["slot"], fill),
                    text=template.get("text"),
                    unfit=template.get("unfit", ""),
                    source=template.get("source", ""),
                )
            )
    pairs = spec.get("pairs", {})
    for filename in corpus.names(pairs["mails"]) if pairs else []:
        # discourse: each mail in one folder, the text it must give under the same name in another
        answer = corpus.read(f"{pairs['expected']}/{filename}").decode("utf-8")
        if pairs.get("without_quoted_lines"):
            answer = "\n".join(line for line in answer.split("\n") if not line.lstrip().startswith(">"))
        cases.append(
            Case(
                name,
                filename,
                corpus.read(f"{pairs['mails']}/{filename}").decode("utf-8"),
                text=answer,
                unfit=pairs.get("unfit", {}).get(filename, ""),
                source=pairs["expected"],
            )
        )
    standard = spec.get("standard_replies", {})
    for filename in standard.get("files", []):
        # talon: every standard reply says "Hello", unless a <name>_reply_text file says otherwise
        base = standard["dir"]
        stem = filename.rsplit(".", 1)[0]
        try:
            answer = corpus.read(f"{base}/{stem}_reply_text").decode("utf-8").strip()
        except (subprocess.CalledProcessError, FileNotFoundError):
            answer = "Hello"
        unfit = standard.get("unfit", {}).get(filename, "")
        cases.append(
            Case(
                name,
                filename,
                corpus.read(f"{base}/{filename}"),
                text=answer,
                unfit=unfit,
                source="test_standard_replies",
            )
        )
    return cases


def talon_inline_cases(name: str, spec: dict[str, Any], corpus: Corpus) -> list[Case]:
    """talon's plain-text tests: ``msg_body = "..."`` then ``eq_("reply", extract_from_plain(msg_body))``."""
    module = ast.parse(corpus.read(spec["inline"]).decode("utf-8"))
    unfit = spec.get("inline_unfit", {})
    cases = []
    for function in module.body:
        if not isinstance(function, ast.FunctionDef) or function.decorator_list:
            continue
        strings: dict[str, str] = {}
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                strings[node.targets[0].id] = node.value.value
        found = 0
        for node in ast.walk(function):
            if not (
                isinstance(node, ast.Call) and getattr(node.func, "id", "") == "eq_" and len(node.args) >= 2
            ):
                continue
            want, call = node.args[0], node.args[1]
            if not (
                isinstance(call, ast.Call)
                and getattr(call.func, "attr", "") == "extract_from_plain"
                and len(call.args) == 1
            ):
                continue
            body = _string(call.args[0], strings)
            answer = _string(want, strings)
            if body is None or answer is None:
                continue
            found += 1
            label = function.name + (f"#{found}" if found > 1 else "")
            cases.append(
                Case(name, label, body, text=answer, unfit=unfit.get(label, ""), source=spec["inline"])
            )
    return cases


def quotequail_cases(name: str, spec: dict[str, Any], corpus: Corpus) -> list[Case]:
    """quotequail's plain-text tests: ``(text, split at the intro's end, split above the intro)``;
    the writer's own text is the parts marked True of the split above the intro."""
    module = ast.parse(corpus.read(spec["parametrized"]).decode("utf-8"))
    unfit = spec.get("parametrized_unfit", {})
    cases = []
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "parametrize"):
            continue
        rows = node.args[1] if len(node.args) > 1 else None
        if not isinstance(rows, ast.List):
            continue
        for number, row in enumerate(rows.elts, 1):
            try:
                text, _, above_intro = ast.literal_eval(row)
            except (ValueError, TypeError):
                continue
            if not isinstance(text, str):
                continue
            own = "\n".join(part for mine, part in above_intro if mine)
            label = f"{spec['parametrized'].rsplit('/', 1)[-1]} row {number}"
            cases.append(
                Case(name, label, text, text=own, unfit=unfit.get(label, ""), source=spec["parametrized"])
            )
    return cases


def _string(node: ast.expr, strings: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return strings.get(node.id)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", action="append", default=[], help="owner/name=PATH (checkout or git dir)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each disagreement's text")
    args = parser.parse_args()
    given = dict(item.split("=", 1) for item in args.corpus)
    specs = yaml.safe_load(EXPECTATIONS.read_text(encoding="utf-8"))["corpora"]
    totals = [0, 0, 0]
    report: list[str] = []
    for name, spec in specs.items():
        path = Path(given.get(name, MIRRORS / (name.replace("/", "+")) / "repo")).expanduser()
        if not path.exists():
            print(f"{name}: not found at {path} (give --corpus {name}=PATH)")
            continue
        corpus = Corpus(path)
        cases = file_cases(name, spec, corpus)
        if "inline" in spec:
            cases += talon_inline_cases(name, spec, corpus)
        if "parametrized" in spec:
            cases += quotequail_cases(name, spec, corpus)
        agree = unfit = 0
        for case in cases:
            own = read_own(case)
            wrong = verdict(case, own)
            if not wrong:
                agree += 1
                continue
            unfit += bool(case.unfit)
            mark = "unfit" if case.unfit else "FAIL "
            report.append(f"{mark} {name} {case.name}: {'; '.join(wrong)}")
            if case.unfit:
                report.append(f"        why unfit: {case.unfit}")
            if args.verbose:
                got = lines(own)
                want = lines(case.text) if case.text is not None else []
                extra = [line for line in got if line not in want] if want else got
                report.append("        read: " + " | ".join(extra)[:500])
                missing = [line for line in want if line not in got]
                if missing:
                    report.append("        missing: " + " | ".join(missing)[:300])
        failed = len(cases) - agree - unfit
        print(
            f"{name} ({spec['licence']}, {corpus.revision()}): {agree}/{len(cases)} agree, "
            f"{unfit} unfit for order mail, {failed} pbem failures"
        )
        totals = [totals[0] + agree, totals[1] + len(cases), totals[2] + failed]
    print(f"all: {totals[0]}/{totals[1]} agree, {totals[2]} pbem failures")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

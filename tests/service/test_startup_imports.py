"""Each command imports what its work needs and no more (issue 32, start-up): checked by what a
real process holds in ``sys.modules`` after running it, not by a clock (benchmarks/startup.py
times them). ``pbem adjudicate`` is the Diplomacy rules alone; an idle ``pbem run`` on Maildir
loads neither the IMAP and SMTP clients, nor the map renderer, nor Babel for an English game.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.cli import build_parser
from pbem.cli.parsers import Later, diplomacy_variants
from pbem.rulesets.diplomacy.variant import variant_names
from tests.harness import run_pbem
from tests.service.helpers import cli_config, diplomacy_entry

#: runs ``pbem ARGS`` in this process, then says which of the names given on stdin's first line
#: it loaded (the rest of stdin is the command's)
PROBE = """\
import json, sys
watched = json.loads(sys.stdin.readline())
from pbem.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as leaving:
    status = leaving.code
loaded = sorted(name for name in watched if name in sys.modules)
print(json.dumps({"status": status, "loaded": loaded}), file=sys.stderr)
"""

#: what neither an adjudication nor an idle run needs: the mail clients and the map renderer
NEVER_IDLE = ["aioimaplib", "aiosmtplib", "PIL", "resvg_py", "pbem.mail.imap", "pbem.mail.smtp"]
#: what adjudicating a position needs none of: the service, its config, store, mail and reports
SERVICE = ["pydantic", "jinja2", "sqlite_utils", "babel", "pbem.config", "pbem.service", "pbem.store"]
SERVICE += ["pbem.mail", "pbem.reports", "pbem.intake", "pbem.turns", "pbem.commands.common"]


def loaded(*args: str, stdin: str = "", cwd: Path | None = None) -> tuple[int, list[str], str]:
    """The exit status of ``pbem ARGS``, the watched modules it loaded, and what it printed."""
    watched = (
        NEVER_IDLE + SERVICE + ["pbem.rulesets.diplomacy", "pbem.commands.run", "mailbox", "idna", "asyncio"]
    )
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=json.dumps(watched) + "\n" + stdin,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["status"], report["loaded"], done.stdout


@pytest.fixture(scope="module")
def idle_service(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Maildir service with a Diplomacy game started, its welcomes sent: the next run has
    nothing to do."""
    folder = tmp_path_factory.mktemp("idle")
    config = cli_config(folder, diplomacy_entry("idle"))
    assert run_pbem("--config", str(config), "new-game", "idle").returncode == 0
    return config


def test_adjudicate_loads_the_diplomacy_rules_and_nothing_of_the_service():
    position = {"phase": "S1901M", "units": {"France": ["A PAR"]}, "orders": {"France": ["A PAR - BUR"]}}
    status, found, printed = loaded("adjudicate", stdin=json.dumps(position))
    assert status == 0 and json.loads(printed)["units_after"] == {"France": ["A BUR"]}
    assert found == ["pbem.rulesets.diplomacy"]


def test_version_and_help_load_no_command():
    for args in (["--version"], ["--help"], ["run", "--help"], ["adjudicate", "--help"]):
        status, found, printed = loaded(*args)
        assert status == 0 and "pbem" in printed, args
        assert found == [], args


def test_an_idle_run_on_maildir_loads_no_mail_client_map_renderer_or_babel(idle_service):
    status, found, _ = loaded("--config", str(idle_service), "run")
    assert status == 0
    assert "pbem.commands.run" in found and "mailbox" in found  # it ran, and read the Maildir
    assert [name for name in found if name in NEVER_IDLE + ["babel", "idna"]] == []


def test_an_idle_run_after_a_quiet_one_loads_none_of_the_service(idle_service, tmp_path):
    """The quiet run (pbem.quiet): no pydantic, sqlite-utils, Jinja2 or rules when the last full
    run left nothing to do; a copy of the service, so that the test above still meets a full run."""
    shutil.copytree(idle_service.parent, tmp_path / "copy")
    config = tmp_path / "copy" / idle_service.name
    assert loaded("--config", str(config), "run")[0] == 0  # the full run, which leaves its record
    status, found, printed = loaded("--config", str(config), "run")
    assert status == 0 and printed == ""
    assert found == ["pbem.commands.run"]


def test_every_command_names_a_function_its_module_has():
    parser = build_parser()
    named: dict[str, Later] = {}

    def walk(parser, path):
        for action in parser._subparsers._group_actions if parser._subparsers else ():
            for name, sub in action.choices.items():
                func = sub.get_default("func")
                if isinstance(func, Later):
                    named[" ".join([*path, name])] = func
                walk(sub, [*path, name])

    walk(parser, [])
    # run poll send, new-game create init status replay hash-password, referee, mail's four,
    # archive's four, adjudicate, demo, db upgrade and copy
    assert len(named) == 22
    for command, later in named.items():
        module = __import__(later.module, fromlist=[later.function])
        assert callable(getattr(module, later.function, None)), command


def test_the_variants_adjudicate_offers_are_the_rulesets_own():
    assert diplomacy_variants() == variant_names() and "standard" in diplomacy_variants()


def test_python_dash_m_pbem_is_the_pbem_command():
    done = subprocess.run(
        [sys.executable, "-m", "pbem", "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and done.stdout.startswith("pbem ")

"""Small faults of the pbem command a referee meets: ``--version``, a pipe closed by ``head``, a
config key mistyped."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from pbem import __version__, cli
from pbem import config as configuration
from tests.service.helpers import cli_config, diplomacy_entry


def test_version_prints_the_installed_version():
    result = subprocess.run(
        [sys.executable, "-m", "pbem.cli", "--version"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert result.stdout == f"pbem {__version__}\n"


def test_a_reader_that_stops_early_ends_no_command_in_a_traceback(tmp_path):
    path = cli_config(tmp_path, diplomacy_entry("cli"))
    config = ["--config", str(path)]
    assert cli.main([*config, "new-game", "cli"]) == 0
    assert cli.main([*config, "referee", "cli", "process"]) == 0
    # `pbem archive show cli S1901M | head -0`: the reader is gone before pbem writes a line
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pbem.cli", *config, "archive", "show", "cli", "S1901M"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert result.returncode == 1
    assert result.stderr == ""  # no BrokenPipeError, no "Exception ignored" at exit


def test_a_config_key_typo_says_which_key_was_meant(tmp_path):
    path = tmp_path / "pbem.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "service": {
                    "address": "judge@example.org",
                    "inbox": {"transport": "imap", "host": "imap.example.org", "processed_foldr": "Done"},
                },
                "games": [],
            }
        )
    )
    with pytest.raises(configuration.ConfigError) as raised:
        configuration.load(path)
    [problem] = raised.value.problems
    meant = "service.inbox.processed_foldr: unknown setting (did you mean processed_folder?); known: "
    assert meant in problem
    assert "path, port, processed_folder, security" in problem


def test_a_key_nothing_like_a_known_one_gets_no_guess(tmp_path):
    path = tmp_path / "pbem.yaml"
    path.write_text(
        yaml.safe_dump({"service": {"address": "judge@example.org", "colour": "blue"}, "games": []})
    )
    with pytest.raises(configuration.ConfigError) as raised:
        configuration.load(path)
    [problem] = raised.value.problems
    assert "service.colour: unknown setting; known: " in problem

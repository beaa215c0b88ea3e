"""`pbem create`: the referee opens a game to be formed by mail, from the command line."""

from __future__ import annotations

import pytest

from pbem.config import ConfigError
from tests.harness import Table, run_pbem
from tests.judge.helpers import OPEN_JUDGE, say

TEMPLATES = [{"id": "blitz", "ruleset": "diplomacy", "variant": "standard", "deadlines": {"default": "24h"}}]


def test_pbem_create_opens_a_game_from_a_template_that_players_then_join_by_mail(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=TEMPLATES)
    done = run_pbem("--config", str(table.config_path), "create", "Quick1", "--template", "blitz")
    assert done.returncode == 0, done.stderr
    assert "game quick1 is open (diplomacy, 7 players); the referee is its master" in done.stdout
    listed = say(table, "someone@players.test", "LIST")
    assert "quick1 (diplomacy; deadlines: default 1d; language: en)" in listed
    assert "JOIN: you joined game quick1" in say(table, "someone@players.test", "SIGNON ?quick1 pw-12345")
    status = run_pbem("--config", str(table.config_path), "status")
    assert "quick1 (blitz): forming, 1 seat taken" in status.stdout


def test_pbem_create_refuses_a_taken_name_and_an_unknown_template_in_one_line(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=TEMPLATES)
    config = str(table.config_path)
    assert run_pbem("--config", config, "create", "club").returncode == 0
    again = run_pbem("--config", config, "create", "club")
    assert again.returncode == 2 and again.stderr.strip() == (
        "pbem: there is already a game called club; choose another name"
    )
    unknown = run_pbem("--config", config, "create", "other", "--template", "nosuch")
    assert unknown.returncode == 2 and "the templates are: blitz" in unknown.stderr
    assert "Traceback" not in again.stderr + unknown.stderr


def test_a_template_with_a_mistake_is_a_config_problem_naming_its_key(tmp_path):
    with pytest.raises(ConfigError) as refused:
        Table(
            tmp_path,
            [],
            service_settings=OPEN_JUDGE,
            game_templates=[{"id": "bad", "ruleset": "diplomacy", "variant": "nosuch"}],
        )
    [problem] = refused.value.problems
    assert "game_templates[0].variant" in problem and "unknown variant 'nosuch'" in problem


def test_the_referee_s_own_game_begins_when_full_with_no_muster(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=TEMPLATES)
    assert (
        run_pbem("--config", str(table.config_path), "create", "own", "--template", "blitz").returncode == 0
    )
    for n in range(7):
        say(table, f"p{n}@players.test", f"SIGNON ?own secret-{n}")
    assert table.game_row("own").phase_id == "S1901M"  # begun at once: no CONFIRM asked
    assert not [m for m in table.mails_to("p0@players.test") if "CONFIRM" in str(m["Subject"])]


def test_a_private_game_is_observed_only_with_its_password(tmp_path):
    private = [{**TEMPLATES[0], "id": "secret", "observe_password": "peek-123"}]
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=private)
    assert (
        run_pbem("--config", str(table.config_path), "create", "hush", "--template", "secret").returncode == 0
    )
    refused = say(table, "nosy@players.test", "OBSERVE hush")
    assert "refused: game hush is private" in refused
    allowed = say(table, "friend@players.test", "OBSERVE hush peek-123")
    assert "you observe game hush" in allowed and "peek-123" not in allowed

"""Loading the service config: every problem reported with the file and key, secrets hidden."""

import logging

import pytest
import yaml

from pbem import config as configuration
from pbem.config import ConfigError

BASE = {
    "service": {
        "address": "judge@pbem.test",
        "referee": {"address": "ref@pbem.test", "password": "refpw"},
    },
    "games": [
        {
            "id": "g1",
            "ruleset": "tally",
            "timezone": "Europe/Paris",
            "deadlines": {"round": {"after": "48h", "at": "20:00"}},
            "players": [
                {"power": "North", "address": "n@x.test", "password": "a"},
                {"power": "South", "address": "s@x.test", "password": "b"},
            ],
        }
    ],
}


def write(tmp_path, data):
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_good_config_loads_with_paths_relative_to_its_folder(tmp_path):
    service = configuration.load(write(tmp_path, BASE))
    assert service.data_dir == (tmp_path / "../var").resolve()
    assert service.inbox.kind == "maildir"
    game = service.game("g1")
    assert game is not None and game.deadline_rule("round").at is not None
    assert game.timezone.key == "Europe/Paris"


def test_every_problem_is_reported_with_file_and_key(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["timezone"] = "Mars/Olympus"
    data["games"][0]["ruleset"] = "chess"
    data["games"][0]["players"][1]["address"] = "not-an-address"
    data["games"][0]["deadlines"]["round"]["after"] = "soon"
    data["service"]["inbox"] = {"transport": "pigeon"}
    data["service"]["colour"] = "blue"
    path = write(tmp_path, data)
    with pytest.raises(ConfigError) as caught:
        configuration.load(path)
    problems = "\n".join(caught.value.problems)
    for key in [
        "games[0].timezone",
        "games[0].ruleset",
        "games[0].players[1].address",
        "games[0].deadlines.round.after",
        "service.inbox.transport",
        "service.colour",
    ]:
        assert f"{path}: {key}:" in problems
    assert len(caught.value.problems) == 6


def test_secrets_come_from_the_environment_or_a_file_and_never_print(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("PBEM_TEST_IMAP_PASSWORD", "imap-s3cret")
    (tmp_path / "smtp.secret").write_text("smtp-s3cret\n")
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["service"]["inbox"] = {
        "transport": "imap",
        "host": "mail.x.test",
        "username": "judge",
        "password": {"env": "PBEM_TEST_IMAP_PASSWORD"},
    }
    data["service"]["outbox"] = {
        "transport": "smtp",
        "host": "mail.x.test",
        "username": "judge",
        "password": {"file": "smtp.secret"},
    }
    service = configuration.load(write(tmp_path, data))
    assert service.inbox.password is not None and service.inbox.password.value == "imap-s3cret"
    assert service.outbox.password is not None and service.outbox.password.value == "smtp-s3cret"
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("pbem").info("config %s", service)
    assert "s3cret" not in repr(service) and "s3cret" not in caplog.text


def test_a_missing_environment_variable_is_named(tmp_path, monkeypatch):
    monkeypatch.delenv("PBEM_NOPE", raising=False)
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["service"]["referee"]["password"] = {"env": "PBEM_NOPE"}
    with pytest.raises(ConfigError, match="service.referee.password: environment variable PBEM_NOPE"):
        configuration.load(write(tmp_path, data))


def test_broken_yaml_is_one_clear_problem(tmp_path):
    path = tmp_path / "pbem.yaml"
    path.write_text("service: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        configuration.load(path)


def test_the_referee_password_checks_in_constant_time_against_text_or_hash(tmp_path):
    from pbem.passwords import hash_password

    service = configuration.load(write(tmp_path, BASE))
    assert service.referee is not None and service.referee.check("refpw")
    assert not service.referee.check("refpW")
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["service"]["referee"] = {"address": "ref@pbem.test", "password_hash": hash_password("h1")}
    hashed = configuration.load(write(tmp_path, data))
    assert hashed.referee is not None and hashed.referee.check("h1") and not hashed.referee.check("h2")


def test_the_ruleset_checks_the_players_and_variant(tmp_path):
    # a problem inside one game's entry sets that game aside (Service.broken), not the service
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["players"] = data["games"][0]["players"][:1]
    service = configuration.load(write(tmp_path, data))
    assert service.games == () and "games[0].players: tally needs two powers" in "".join(service.broken["g1"])
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["variant"] = "giant"
    service = configuration.load(write(tmp_path, data))
    assert "games[0].variant: unknown variant 'giant'" in "".join(service.broken["g1"])


def test_a_broken_game_entry_stops_only_that_game_and_names_file_line_and_key(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(BASE))
    second = yaml.safe_load(yaml.safe_dump(data["games"][0]))
    second["id"] = "g2"
    second["grace"] = "a while"
    second["players"][0]["adress"] = "typo@x.test"
    data["games"].append(second)
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    service = configuration.load(path)
    assert [game.id for game in service.games] == ["g1"]
    problems = service.broken["g2"]
    lines = path.read_text().splitlines()
    typo_line = next(n for n, line in enumerate(lines, 1) if "adress" in line)
    grace_line = next(n for n, line in enumerate(lines, 1) if "a while" in line)
    assert (
        f"{path}: games[1].players[0].adress: unknown setting (did you mean address?); known: address, "
        "name, password, "
        f"password_hash, power, site_dir, site_url (line {typo_line})" in problems
    )
    assert any(
        p.startswith(f"{path}: games[1].grace: ") and p.endswith(f"(line {grace_line})") for p in problems
    )


def test_a_service_problem_stops_everything_and_names_the_line(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["service"]["outbox"] = {"transport": "smtp", "host": "mail.test", "timeout": "soon"}
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "timeout" in text)
    with pytest.raises(ConfigError) as caught:
        configuration.load(path)
    expected = f"{path}: service.outbox.timeout: should be a valid number (line {line})"
    assert caught.value.problems == [expected]


def test_the_readme_lists_every_config_key_as_the_schema_declares_it():
    from pathlib import Path

    from pbem.settings import key_reference

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    listed = readme.split("<!-- config keys: begin -->\n")[1].split("<!-- config keys: end -->")[0]
    assert listed == key_reference()
    for name in (
        "ca_file",
        "timeout",
        "send_attempts",
        "max_message_bytes",
        "late_notice_to_others",
        "votes_public",
    ):
        assert f"| `{name}` |" in listed


@pytest.mark.parametrize("key", ["name", "address"])
@pytest.mark.parametrize("control", ["\r\nBcc: mallory@evil.test", "\n", "\x00", "\x1b[2J", "\u2028"])
def test_a_control_character_in_the_service_name_or_address_is_refused_with_its_key_and_line(
    tmp_path, key, control
):
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["service"][key] = f"judge{control}@pbem.test" if key == "address" else f"Judge{control}"
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith(key))
    with pytest.raises(ConfigError) as caught:
        configuration.load(path)
    [problem] = caught.value.problems
    assert problem.startswith(f"{path}: service.{key}: ") and problem.endswith(f"(line {line})")
    assert "control character" in problem or "is not a mail address" in problem
    assert "Traceback" not in problem and "\n" not in problem and "\r" not in problem


def test_a_control_character_in_a_game_or_player_name_sets_the_game_aside(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["name"] = "Spring\r\nBcc: mallory@evil.test"
    data["games"][0]["players"][1]["name"] = "South\x07"
    service = configuration.load(write(tmp_path, data))
    problems = service.broken["g1"]
    assert any("games[0].name: " in p and "control character" in p for p in problems)
    assert any("games[0].players[1].name: " in p and "control character" in p for p in problems)

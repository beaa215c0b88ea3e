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
        "games[0].deadlines.round",
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
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["players"] = data["games"][0]["players"][:1]
    with pytest.raises(ConfigError, match=r"games\[0\]\.players: tally needs two powers"):
        configuration.load(write(tmp_path, data))
    data = yaml.safe_load(yaml.safe_dump(BASE))
    data["games"][0]["variant"] = "giant"
    with pytest.raises(ConfigError, match=r"games\[0\]\.variant: unknown variant 'giant'"):
        configuration.load(write(tmp_path, data))

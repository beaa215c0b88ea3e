"""The pbem command as a referee's cron job runs it: real processes, real exit codes."""

import json
import mailbox

import pytest
import yaml

from pbem.passwords import check_password
from pbem.service import run_lock
from tests.harness import plain_mail, run_pbem
from tests.service.helpers import DIPLOMACY_HOLDS, POWERS, cli_config, diplomacy_entry


@pytest.fixture
def config(tmp_path):
    return cli_config(tmp_path, diplomacy_entry("cli", early="orders"))


def outbox(config) -> list:
    return list(mailbox.Maildir(config.parent / "var" / "mail" / "outbox", create=False))


def test_help_names_every_command():
    result = run_pbem("--help")
    assert result.returncode == 0
    for command in [
        "run",
        "poll",
        "send",
        "status",
        "new-game",
        "archive",
        "replay",
        "adjudicate",
        "demo",
    ]:
        assert command in result.stdout
    assert run_pbem("run", "--help").returncode == 0


def test_a_bad_config_exits_2_and_names_the_file_and_key(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("service: {address: nope}\ngames: []\n")
    result = run_pbem("run", "--config", str(path))
    assert result.returncode == 2
    assert f"{path}: service.address: 'nope' is not a mail address" in result.stderr


def test_new_game_mails_the_welcomes_and_refuses_a_second_start(config):
    result = run_pbem("--config", str(config), "new-game", "cli")
    assert result.returncode == 0, result.stderr
    assert "game cli started: Spring 1901 movement" in result.stdout
    assert len(outbox(config)) == 8  # seven players and the referee
    again = run_pbem("--config", str(config), "new-game", "cli")
    assert again.returncode == 2 and "already started" in again.stderr


def test_run_plays_a_phase_and_replay_confirms_it(config):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    for power in POWERS:  # a phase ends early only on complete orders: every unit ordered
        holds = DIPLOMACY_HOLDS[power]
        inbox.add(plain_mail(f"{power.lower()}@pbem.test", f"SIGNON {power} cli pw\n{holds}\nREADY"))
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nA Par - Bur\nA Mar - Spa"))
    result = run_pbem("--config", str(config), "run")
    assert result.returncode == 0, result.stderr
    assert "adjudicated S1901M" in result.stderr and "fetched 8" in result.stderr
    status = run_pbem("--config", str(config), "status", "cli")
    assert "Fall 1901 movement (F1901M)" in status.stdout
    replay = run_pbem("--config", str(config), "replay", "cli", "S1901M")
    assert replay.returncode == 0 and json.loads(replay.stdout)["matches"] is True
    listing = run_pbem("--config", str(config), "archive", "list")
    assert "S1901M" in listing.stdout
    shown = run_pbem("--config", str(config), "archive", "show", "cli", "S1901M", "--as", "France")
    assert shown.returncode == 0 and "A PAR - BUR" in shown.stdout
    missing = run_pbem("--config", str(config), "archive", "show", "cli", "S1999M")
    assert missing.returncode == 2 and "no adjudicated phase 'S1999M'" in missing.stderr


def test_a_second_run_while_one_works_logs_it_and_exits_0(config):
    with run_lock(config.parent / "var"):
        result = run_pbem("--config", str(config), "run")
    assert result.returncode == 0
    assert "another pbem run holds" in result.stderr


def test_a_command_that_changes_the_judge_while_a_run_works_says_so_in_one_line_and_exits_1(config):
    with run_lock(config.parent / "var"):
        results = [
            run_pbem("--config", str(config), "new-game", "cli"),
            run_pbem("--config", str(config), "create", "other"),
        ]
    for result in results:
        assert result.returncode == 1, result.stderr
        assert result.stderr.strip().endswith("try again in a moment") and "Traceback" not in result.stderr


def test_hash_password_reads_standard_input():
    result = run_pbem("hash-password", stdin="sesame\n")
    assert result.returncode == 0 and check_password("sesame", result.stdout.strip())


def test_the_referees_own_templates_come_before_the_shipped_ones(config):
    own = config.parent / "my-templates" / "mail"
    own.mkdir(parents=True)
    (own / "help.txt.j2").write_text("Ask {{ game.id }}'s referee at the club on Tuesdays.\n")
    data = yaml.safe_load(config.read_text())
    data["service"]["templates"] = "my-templates"
    config.write_text(yaml.safe_dump(data))
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nHELP"))
    assert run_pbem("--config", str(config), "run").returncode == 0
    replies = [m for m in outbox(config) if m["Delivered-To"] == "france@pbem.test"]
    # the text part of each (a Diplomacy welcome also has its HTML with the map)
    text = "\n".join(
        next(p for p in m.walk() if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
        for m in replies
    )
    assert "Ask cli's referee at the club on Tuesdays." in text
    assert "You play: France" in text  # the welcome, from the shipped templates


def test_a_missing_templates_folder_is_a_config_problem(config):
    data = yaml.safe_load(config.read_text())
    data["service"]["templates"] = "nowhere"
    config.write_text(yaml.safe_dump(data))
    result = run_pbem("--config", str(config), "status")
    assert result.returncode == 2
    assert f"service.templates: {config.parent / 'nowhere'} is not a folder" in result.stderr


def test_a_run_with_nothing_to_do_logs_nothing_so_cron_mails_nobody(config):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    quiet = run_pbem("--config", str(config), "run")
    assert quiet.returncode == 0 and quiet.stderr == ""
    verbose = run_pbem("-v", "--config", str(config), "run")
    assert "fetched 0" in verbose.stderr
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nLIST"))
    worked = run_pbem("--config", str(config), "run")
    assert "fetched 1" in worked.stderr
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nLIST"))
    hushed = run_pbem("-q", "--config", str(config), "run")
    assert hushed.returncode == 0 and hushed.stderr == ""


def test_new_game_exits_1_and_names_the_welcomes_waiting_when_sending_fails(config):
    import socket

    with socket.socket() as closed:  # a port nobody listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    data = yaml.safe_load(config.read_text())
    data["service"]["outbox"] = {
        "transport": "smtp",
        "host": "127.0.0.1",
        "port": port,
        "security": "plain",
        "timeout": 5,
    }
    config.write_text(yaml.safe_dump(data))
    result = run_pbem("--config", str(config), "new-game", "cli")
    assert result.returncode == 1
    assert "game cli started" in result.stdout
    assert "8 welcome mails of cli could not be sent and wait in the queue" in result.stderr
    assert "  france@pbem.test (queued)" in result.stderr
    assert "pbem send" in result.stderr


def test_a_password_changed_after_the_start_is_refused_with_how_to_change_it(config):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    data = yaml.safe_load(config.read_text())
    data["games"][0]["players"][2]["password"] = "a-new-one"  # France
    config.write_text(yaml.safe_dump(data))
    result = run_pbem("--config", str(config), "run")
    assert result.returncode == 0
    assert "a password changed in the config is not applied" in result.stderr
    to_referee = [
        m
        for m in outbox(config)
        if m["Delivered-To"] == "ref@pbem.test" and "password changed" in str(m["Subject"])
    ]
    assert len(to_referee) == 1
    text = to_referee[0].get_payload(decode=True).decode()
    assert "players[2].password: the password of France was changed after the game started" in text
    assert "REPLACE France france@pbem.test" in text
    status = run_pbem("--config", str(config), "status")
    assert "REPLACE France france@pbem.test" in status.stdout
    again = run_pbem("--config", str(config), "run")
    assert again.stderr == ""  # told once; the config did not change since
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli a-new-one\nLIST"))
    inbox.add(plain_mail("germany@pbem.test", "SIGNON Germany cli pw\nLIST"))
    assert run_pbem("--config", str(config), "run").returncode == 0

    def answer_to(who: str) -> str:
        (mail,) = [
            m
            for m in outbox(config)
            if m["Delivered-To"] == who
            and "welcome" not in str(m["Subject"]).lower()
            and "Spring 1901" not in str(m["Subject"])
        ]
        return mail.get_payload(decode=True).decode()

    assert "wrong password" in answer_to("france@pbem.test").lower()  # the new one is not taken
    assert "wrong password" not in answer_to("germany@pbem.test").lower()


def test_a_broken_game_entry_stops_only_that_game_and_the_referee_is_told(config):
    data = yaml.safe_load(config.read_text())
    other = yaml.safe_load(yaml.safe_dump(data["games"][0]))
    other["id"] = "typo"
    other["grace"] = "a while"
    data["games"].append(other)
    config.write_text(yaml.safe_dump(data))
    started = run_pbem("--config", str(config), "new-game", "cli")
    assert started.returncode == 0, started.stderr
    assert "game typo is set aside until its entry is fixed" in started.stderr
    assert "games[1].grace" in started.stderr and "(line " in started.stderr
    refused = run_pbem("--config", str(config), "new-game", "typo")
    assert refused.returncode == 2
    result = run_pbem("--config", str(config), "run")
    assert result.returncode == 0
    to_referee = [
        m for m in outbox(config) if m["Delivered-To"] == "ref@pbem.test" and "set aside" in str(m["Subject"])
    ]
    assert len(to_referee) == 1


# A missing database is an error, not a fresh start (issue 17, point 7).


def database(config):
    return config.parent / "var" / "pbem.sqlite3"


@pytest.mark.parametrize("command", ["run", "poll", "send"])
def test_run_poll_and_send_exit_2_naming_the_file_when_a_database_with_history_is_gone(config, command):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    database(config).unlink()
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nA Par - Bur"))
    result = run_pbem("--config", str(config), command)
    assert result.returncode == 2, result.stderr
    assert f"the database {database(config)} is missing" in result.stderr
    assert "Traceback" not in result.stderr
    assert not database(config).exists(), "no fresh database may be created"
    assert len(inbox) == 1
    assert all("S" not in message.get_flags() for message in inbox), (
        "the mail is left unread in the inbox for when the database is back"
    )


@pytest.mark.parametrize("command", [["status"], ["archive", "list"], ["replay", "cli", "S1901M"]])
def test_reading_commands_do_not_create_a_database_either(config, command):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    database(config).unlink()
    result = run_pbem("--config", str(config), *command)
    assert result.returncode == 2 and "is missing" in result.stderr, result.stderr
    assert not database(config).exists()


def test_a_fresh_service_without_history_starts_its_database_on_the_first_run(config):
    result = run_pbem("--config", str(config), "status")
    assert result.returncode == 0 and "no database yet" in result.stdout
    assert not database(config).exists()
    assert run_pbem("--config", str(config), "run").returncode == 0
    assert database(config).exists()


def test_new_game_and_init_create_a_database_where_there_was_history(config):
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    database(config).unlink()
    created = run_pbem("--config", str(config), "init")
    assert created.returncode == 0 and str(database(config)) in created.stdout
    assert run_pbem("--config", str(config), "run").returncode == 0
    again = run_pbem("--config", str(config), "init")
    assert again.returncode == 1 and "exists already" in again.stderr
    database(config).unlink()
    assert run_pbem("--config", str(config), "new-game", "cli").returncode == 0
    assert run_pbem("--config", str(config), "status").returncode == 0

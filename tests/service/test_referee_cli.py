"""``pbem referee GAME ...``: each referee command from the command line, run as a real process,
does what the mailed command does and tells the players as the mailed one does; and the referee's
hand on mail pbem could not send (``pbem mail list|show|retry|drop --outgoing``)."""

import mailbox
import socket
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy

import pytest
import yaml

from pbem import cli
from pbem.store import Store
from tests.harness import Table, plain_mail, run_pbem, text_of
from tests.judge.helpers import OPEN_JUDGE, say
from tests.service.helpers import POWERS, cli_config, diplomacy_entry, seated

KHANS = ["North", "East", "South", "West"]


@pytest.fixture
def config(tmp_path):
    steppe = {
        "id": "steppe",
        "ruleset": "invincible",
        "deadlines": {"default": "48h"},
        "players": seated(KHANS, "steppe.test"),
    }
    return cli_config(tmp_path, diplomacy_entry("cli", timezone="Europe/Paris"), steppe)


def pbem(config, *args):
    return run_pbem("--config", str(config), *args)


def started(config, game="cli"):
    """``pbem new-game`` in this process (the commands under test run in their own)."""
    assert cli.main(["--config", str(config), "new-game", game]) == 0
    return config


class Outbox:
    """What pbem sent, read back from its outbox Maildir: the mails that came since the last look."""

    def __init__(self, config):
        self.folder = config.parent / "var" / "mail" / "outbox"
        self.seen = set(self._files())

    def _files(self):
        return [path for sub in ("new", "cur") for path in (self.folder / sub).glob("*")]

    def new(self, to=None):
        fresh = [path for path in self._files() if path not in self.seen]
        self.seen.update(fresh)
        mails = [message_from_bytes(path.read_bytes(), policy=policy.default) for path in fresh]
        return [m for m in mails if to is None or m["To"] == to]


@contextmanager
def database(config):
    store = Store(config.parent / "var" / "pbem.sqlite3")
    try:
        yield store
    finally:
        store.close()


def deadline(config, game="cli"):
    with database(config) as store:
        row = store.game(game)
    return row.deadline, row.status, row.phase_id


def test_referee_extend_moves_the_deadline_and_mails_every_player(config):
    started(config)
    before, _, _ = deadline(config)
    sent = Outbox(config)
    result = pbem(config, "referee", "cli", "extend", "1d", "12h")
    assert result.returncode == 0, result.stderr
    after, _, _ = deadline(config)
    assert after - before == timedelta(hours=36)
    assert result.stdout.startswith("deadline now ") and "players told" in result.stdout
    mails = sent.new()
    assert sorted(m["To"] for m in mails) == sorted(f"{p.lower()}@pbem.test" for p in POWERS)
    [france] = [m for m in mails if m["To"] == "france@pbem.test"]
    assert "deadline extended" in str(france["Subject"])
    assert "The referee has extended the deadline of Spring 1901 movement" in text_of(france)


def test_referee_pause_and_resume_stop_and_restart_the_clock_with_the_players_told(config):
    started(config)
    sent = Outbox(config)
    paused = pbem(config, "referee", "cli", "pause")
    assert paused.returncode == 0 and paused.stdout.strip() == "paused; players told"
    assert deadline(config)[1] == "paused"
    assert all("game paused" in str(m["Subject"]) for m in sent.new())
    again = pbem(config, "referee", "cli", "pause")
    assert again.returncode == 2 and "the game is paused, not running" in again.stderr
    resumed = pbem(config, "referee", "cli", "resume")
    assert resumed.returncode == 0 and resumed.stdout.startswith("resumed; deadline ")
    assert deadline(config)[1] == "running"
    assert {str(m["Subject"]).split("] ")[-1] for m in sent.new()} == {"game resumed"}


def test_referee_process_adjudicates_now_and_sends_the_reports(config):
    started(config)
    sent = Outbox(config)
    result = pbem(config, "referee", "cli", "process")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Spring 1901 movement adjudicated; reports queued"
    assert deadline(config)[2] == "F1901M"
    reports = [m for m in sent.new() if "results" in str(m["Subject"])]
    assert len(reports) == len(POWERS) + 1  # and the referee's


def test_referee_rollback_restores_the_phase_and_asks_for_orders_again(config):
    started(config)
    assert pbem(config, "referee", "cli", "process").returncode == 0
    sent = Outbox(config)
    result = pbem(config, "referee", "cli", "rollback", "S1901M")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "rolled back to Spring 1901 movement; players told"
    assert deadline(config)[2] == "S1901M"
    [england] = sent.new("england@pbem.test")
    assert "rolled back to Spring 1901 movement" in str(england["Subject"])
    missing = pbem(config, "referee", "cli", "rollback", "F1999M")
    assert missing.returncode == 2 and "no adjudicated phase 'F1999M'" in missing.stderr


def test_referee_replace_seats_a_new_player_with_a_welcome(config):
    started(config)
    sent = Outbox(config)
    result = pbem(config, "referee", "cli", "replace", "England", "newcomer@pbem.test")
    assert result.returncode == 0, result.stderr
    assert "England now played by newcomer@pbem.test" in result.stdout
    assert len(sent.new("newcomer@pbem.test")) == 1
    unknown = pbem(config, "referee", "cli", "replace", "Atlantis", "x@pbem.test")
    assert unknown.returncode == 2 and "no power 'Atlantis'" in unknown.stderr


def test_referee_option_changes_a_setting_the_game_allows_and_tells_the_players(config):
    started(config, "steppe")
    sent = Outbox(config)
    result = pbem(config, "referee", "steppe", "option", "declarations", "off")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "declarations phases off from turn 2; players told"
    assert {str(m["Subject"]).split("] ")[-1] for m in sent.new()} == {"a setting changed"}
    refused = pbem(config, "referee", "cli", "option", "gunboat", "on")
    assert refused.returncode == 2
    assert "pbem: no game 'cli' is running" in refused.stderr


def test_referee_list_shows_the_players_and_their_orders(config):
    started(config)
    inbox = mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)
    inbox.add(plain_mail("france@pbem.test", "SIGNON France cli pw\nA Par - Bur"))
    assert pbem(config, "run").returncode == 0
    result = pbem(config, "referee", "cli", "list")
    assert result.returncode == 0
    assert "Spring 1901 movement (S1901M), status running" in result.stdout
    assert "France       france@pbem.test" in result.stdout and "A PAR - BUR" in result.stdout


REFUSALS = [
    (["extend", "soon"], "extend soon: not understood: write it as: EXTEND <duration>"),
    (["extend", "5000h"], "EXTEND takes at most"),
    (["dance"], "'dance' is not a referee command; they are: PROCESS; EXTEND"),
    (["ready"], "READY is not a referee command"),
    (["pause", "now"], "PAUSE takes nothing after it"),
]


def test_a_referee_command_written_wrong_or_for_no_game_is_refused_in_one_sentence(config, capsys):
    started(config)
    process = pbem(config, "referee", "cli", "extend", "soon")
    assert process.returncode == 2 and "Traceback" not in process.stderr
    said = "pbem: extend soon: not understood: write it as: EXTEND <duration> (36h, 2d, 1d 12h)\n"
    assert process.stderr == said
    capsys.readouterr()
    for words, said in REFUSALS:  # the same code, in this process: cheaper
        assert cli.main(["--config", str(config), "referee", "cli", *words]) == 2, words
        assert said in capsys.readouterr().err
    assert cli.main(["--config", str(config), "referee", "nope", "pause"]) == 2
    assert "no game 'nope' is running" in capsys.readouterr().err
    assert deadline(config)[1] == "running"


# -- mail pbem could not send ------------------------------------------------------------------


def test_mail_that_could_not_be_sent_is_listed_shown_retried_and_dropped(config, capsys):
    started(config)
    box = mailbox.Maildir(config.parent / "var" / "mail" / "outbox", create=False)
    with database(config) as store:
        welcomes = store.outbox_rows(kind="welcome")
        first, second = welcomes[0], welcomes[1]
        for key in list(box.keys()):  # the two never arrived
            if box[key]["Delivered-To"] in (first["recipient"], second["recipient"]):
                box.remove(key)
        for row in (first, second):  # as the send queue gives one up
            store.mark_retry(row["id"], "550 5.1.1 no such user", datetime.now(UTC), failed=True)
    capsys.readouterr()

    def pbem_here(*args):
        code = cli.main(["--config", str(config), *args])
        return code, capsys.readouterr()

    code, listing = pbem_here("mail", "list", "--outgoing")
    assert code == 0
    assert (
        f"#{first['id']} {first['created_at']} to {first['recipient']} "
        f"(subject {first['subject']!r}): 550 5.1.1 no such user (tried 2 times)"
    ) in listing.out
    code, status = pbem_here("status")
    assert "mail that could not be sent (pbem mail show|retry|drop --outgoing ID):" in status.out
    assert "mail: 0 queued, 2 failed" in status.out
    shown = pbem(config, "mail", "show", "--outgoing", str(first["id"]))  # bytes to a real stdout
    assert shown.returncode == 0 and f"To: {first['recipient']}" in shown.stdout
    assert "550 5.1.1 no such user" in shown.stderr
    assert pbem_here("mail", "retry", "--outgoing", str(first["id"]))[0] == 0
    assert pbem_here("mail", "drop", "--outgoing", str(second["id"]))[0] == 0
    code, again = pbem_here("mail", "drop", "--outgoing", str(second["id"]))
    assert code == 2 and "is not failed" in again.err
    sent = Outbox(config)
    assert pbem_here("send")[0] == 0
    assert [m["To"] for m in sent.new()] == [first["recipient"]]
    with database(config) as store:
        assert store.outbox_rows(id=second["id"])[0]["status"] == "dropped"
    assert pbem_here("mail", "list", "--outgoing")[1].out.strip() == "no failed outgoing mail"


def test_a_game_forming_by_mail_takes_its_masters_commands_from_the_command_line(tmp_path, capsys):
    templates = [{"id": "blitz", "ruleset": "diplomacy", "deadlines": {"default": "24h"}}]
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=templates)
    config = ["--config", str(table.config_path)]
    assert cli.main([*config, "create", "quick1", "--template", "blitz"]) == 0
    assert "you joined game quick1" in say(table, "someone@players.test", "SIGNON ?quick1 pw-12345")
    capsys.readouterr()
    assert cli.main([*config, "referee", "quick1", "list"]) == 0
    assert "quick1 (diplomacy; deadlines: default 1d; language: en): forming, 1 of 7 seats taken" in (
        capsys.readouterr().out
    )
    assert cli.main([*config, "referee", "quick1", "approve", "someone@players.test"]) == 2
    assert "someone@players.test does not wait for approval in game quick1" in capsys.readouterr().err
    assert cli.main([*config, "referee", "quick1", "pause"]) == 2
    assert "no game 'quick1' is running" in capsys.readouterr().err


def test_a_referee_command_whose_mail_cannot_be_sent_exits_1_and_says_where_to_look(config, capsys):
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
    assert cli.main(["--config", str(config), "new-game", "cli"]) == 1  # its welcomes wait too
    capsys.readouterr()
    assert cli.main(["--config", str(config), "referee", "cli", "pause"]) == 1
    said = capsys.readouterr()
    assert said.out == "paused; players told\n"
    assert "pbem: 7 of its mails could not be sent yet; `pbem status` says why" in said.err
    assert deadline(config)[1] == "paused"

"""Each player's mail settings by mail (issue 31): SET MAP INLINE|ATTACHED|OFF and SET FORMAT
TEXT|HTML change how their own reports come, the game's config gives the default, and a
value that is none of those is answered with how to write it."""

from email.message import EmailMessage

from tests.bymail import to_deadline
from tests.harness import Table, game, text_of
from tests.service.helpers import HOLD, PLAYERS


def shape(message: EmailMessage) -> tuple[bool, list[str]]:
    """Whether ``message`` has an HTML part, and the Content-Disposition of each picture in it."""
    html = any(part.get_content_type() == "text/html" for part in message.walk())
    pictures = [
        part.get_content_disposition() or ""
        for part in message.walk()
        if part.get_content_type() == "image/png"
    ]
    return html, pictures


def report_to(table: Table, power: str) -> EmailMessage:
    [report] = [mail for mail in table.take(PLAYERS[power]) if "results" in str(mail["Subject"])]
    return report


def play_a_phase(table: Table, mails: dict[str, str]) -> None:
    """Every power orders (a fleet holds), some with their settings; then the deadline's run."""
    for power in PLAYERS:
        text = f"{mails.get(power, '')}\n{HOLD[power]}"
        table.send(PLAYERS[power], text, to=table.reply_token_address(power))
    table.run()
    table.take()
    to_deadline(table)


def test_each_player_sets_their_own_map_and_format_and_the_others_keep_the_default(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0})
    table.start("g1")
    table.take()
    play_a_phase(
        table,
        {
            "England": "SET MAP OFF",
            "France": "set map attached",
            "Germany": "SET FORMAT TEXT",
            "Italy": "SET FORMAT TEXT\nSET MAP OFF",
        },
    )
    assert shape(report_to(table, "England")) == (True, [])
    assert shape(report_to(table, "France")) == (True, ["attachment"])
    assert shape(report_to(table, "Germany")) == (False, ["attachment"])
    assert shape(report_to(table, "Italy")) == (False, [])
    assert shape(report_to(table, "Austria")) == (True, ["inline"])  # the game's default


def test_the_games_config_sets_the_default_and_a_player_overrides_it(tmp_path):
    table = Table(
        tmp_path,
        [game("g1", "diplomacy", PLAYERS, map="off", mail_format="text")],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    play_a_phase(table, {"England": "SET FORMAT HTML\nSET MAP INLINE"})
    assert shape(report_to(table, "England")) == (True, ["inline"])
    assert shape(report_to(table, "France")) == (False, [])


def test_a_setting_that_is_none_of_its_values_is_answered_with_how_to_write_it(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["England"], "SET MAP BIG", to=table.reply_token_address("England"))
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert "SET MAP INLINE|ATTACHED|OFF" in text_of(answer) and "Traceback" not in text_of(answer)
    with table.store() as store:
        player = store.player("g1", "England")
        assert player is not None and player.map is None

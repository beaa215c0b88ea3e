"""The Judge's mail language: commands apart, orders kept at their line numbers."""

from pbem.intake.commands import read_mail
from pbem.intake.hints import command_hint


def test_signon_line_is_read_and_not_an_order():
    mail = read_mail("SIGNON England g1 secret\nF LON - NTH")
    assert mail.signon is not None
    assert (mail.signon.power, mail.signon.game, mail.signon.password) == (
        "England",
        "g1",
        "secret",
    )
    assert mail.order_text.split("\n") == ["", "F LON - NTH"]


def test_game_power_password_form_signs_on():
    mail = read_mail("GAME g1\nPOWER England\nPASSWORD secret\nF LON - NTH")
    assert mail.signon is not None and mail.signon.power == "England"
    assert mail.order_text.strip() == "F LON - NTH"


def test_game_power_password_on_one_line():
    mail = read_mail("game g1 power France password pw")
    assert mail.signon is not None and (mail.signon.game, mail.signon.power) == ("g1", "France")


def test_incomplete_sign_on_is_an_error_not_an_order():
    mail = read_mail("GAME g1\nPOWER England\n")
    assert mail.signon is None
    assert mail.commands[0].name == "SIGNON" and "PASSWORD" in mail.commands[0].error


def test_press_block_is_taken_whole():
    mail = read_mail("PRESS TO France, Germany\nLet us ally.\n  Truly.\nENDPRESS\nA PAR H")
    [press] = mail.commands
    assert press.name == "PRESS" and press.args == ("TO", "France,", "Germany")
    assert press.body == "Let us ally.\n  Truly."
    assert mail.order_text.split("\n")[4] == "A PAR H"


def test_press_without_endpress_says_so():
    [press] = read_mail("BROADCAST\nhello all").commands
    assert press.body == "hello all" and "ENDPRESS" in press.error


def test_simple_commands_and_their_arguments():
    mail = read_mail(
        "LIST\nHISTORY 3\nready\nNOT READY\nDRAW\nNO DRAW\nCONCEDE France\n"
        "SET ABSENCE 2026-12-20 TO 2026-12-27\nHELP"
    )
    names = [(c.name, c.args, c.error) for c in mail.commands]
    assert names == [
        ("LIST", (), ""),
        ("HISTORY", ("3",), ""),
        ("READY", (), ""),
        ("NOT READY", (), ""),
        ("DRAW", (), ""),
        ("NO DRAW", (), ""),
        ("CONCEDE", ("France",), ""),
        ("SET ABSENCE", ("2026-12-20", "2026-12-27"), ""),
        ("HELP", (), ""),
    ]
    assert not mail.has_orders()


def test_french_players_ready_is_read_as_ready():
    """Issue 30: « Prêt » (or « Prête », accents optional) is READY, « Pas prêt » NOT READY;
    « Prêt à attaquer » is no command (it goes to the orders)."""
    mail = read_mail("Prêt\nprete.\nPas prêt\nPrêt à attaquer")
    assert [(c.name, c.error) for c in mail.commands] == [("READY", ""), ("READY", ""), ("NOT READY", "")]
    assert mail.order_text.split("\n")[3] == "Prêt à attaquer"


def test_malformed_commands_carry_how_to_write_them():
    mail = read_mail("HISTORY lots\nEXTEND soon\nREPLACE France\nSET ABSENCE tomorrow")
    assert all("write it as" in command.error for command in mail.commands)


def test_signoff_ends_reading():
    mail = read_mail("A PAR H\nSIGNOFF\nA MAR H")
    assert mail.signoff_line == 2
    assert "A MAR H" not in mail.order_text


def test_typographic_dashes_become_ascii():
    mail = read_mail("A PAR \u2013 BUR\nF BRE \u2192 MAO")
    assert mail.order_text.split("\n") == ["A PAR - BUR", "F BRE -> MAO"]


def test_a_misspelt_command_gets_a_hint():
    assert "LIST" in command_hint("LSIT")
    assert "HISTORY" in command_hint("histroy 2")
    assert command_hint("A PAR - BUR") == ""

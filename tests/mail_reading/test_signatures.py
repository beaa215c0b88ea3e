"""The signature after a closing phrase (pbem.mail.closings, pbem.intake.closings).

A closing is a closing phrase and at most a short signature: a name of one to three words
written as names are, and one more such line (a town, a team), none holding a word of the
game's orders (``Ruleset.order_words``). Anything after it is answered as the game read it,
so a refused order after "Thanks" is never swallowed. Mails as clients write them, read by
Diplomacy and by Invincible!, whose words differ.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.intake.closings import closing_of
from pbem.intake.commands import read_mail
from pbem.mail.closings import closing_block, closing_kind, closing_start, name_words
from pbem.ruleset import Ruleset, get_ruleset

NAMES = ["Alice Martin", "alice@example.test"]
DIPLOMACY = get_ruleset("diplomacy")
EUROPE = DIPLOMACY.start(
    "standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}, seed=1
)
INVINCIBLE = get_ruleset("invincible")
HORDE = INVINCIBLE.start("standard", ["North", "South", "East", "West"], {"declarations": False}, seed=1)
GAMES = {
    "diplomacy": (DIPLOMACY, EUROPE, "England", "F Lon - Nth\nA Lvp - Yor"),
    "invincible": (INVINCIBLE, HORDE, "North", "Defend 3"),
}


def read(game: str, closing: str) -> tuple[list[str], list[str]]:
    """The lines of ``closing`` read as the closing, and those answered as refused, when it
    follows the game's orders in a mail of the game's power."""
    ruleset, state, power, orders = GAMES[game]
    return _read(ruleset, state, power, f"{orders}\n\n{closing}")


def _read(ruleset: Ruleset, state: Any, power: str, text: str) -> tuple[list[str], list[str]]:
    mail = read_mail(text)
    lines = ruleset.parse_orders(state, power, mail.order_text)
    accepted = [line.line for line in lines if line.order is not None]
    closing = closing_of(mail, [*NAMES, power], accepted, ruleset.order_words(state))
    texts = text.split("\n")
    refused = [line.text for line in lines if line.error and line.line not in closing]
    return [texts[number - 1] for number in closing], refused


# (closing as written, what Diplomacy answers as refused, what Invincible! answers as refused)
CASES = {
    "thanks-name": ("Thanks\nAlice", [], []),
    "name-not-the-senders": ("Thanks\nBob", [], []),
    "blank-line-before-the-name": ("Cheers,\n\nBob Smith", [], []),
    "name-and-town": ("Best regards\nJean-Pierre Dupont\nParis", ["Paris"], []),
    "name-and-town-elsewhere": ("Best regards\nJean-Pierre Dupont\nLille", [], []),
    "order-after-thanks": ("Thanks\nHold Paris", ["Hold Paris"], []),
    "unit-order-after-regards": ("Regards\nA Par H", ["A Par H"], ["A Par H"]),
    "signal-after-thanks": ("Thanks\nAssist Jamukha", [], ["Assist Jamukha"]),
    "khan-after-thanks": ("Thanks\nFeest Temujin", [], ["Feest Temujin"]),
    "sea-after-cheers": ("Cheers\nBlack Sea", ["Black Sea"], []),
    "phone-after-name": ("Best regards,\nAlice Martin\nSent from my iPhone", [], []),
    "german-name-town": ("Viele Grüße\nHans Müller\nBerlin", ["Berlin"], []),
}


@pytest.mark.parametrize("game", ["diplomacy", "invincible"])
@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_signature_is_a_short_name_that_names_nothing_of_the_game(game, case):
    closing, *refusals = case
    refused = refusals[0] if game == "diplomacy" else refusals[1]
    read_as_closing, answered = read(game, closing)
    assert answered == refused
    assert [line for line in closing.split("\n") if line.strip()] == read_as_closing + refused


def test_a_refused_order_after_thanks_is_answered_not_swallowed():
    # "Hold Paris" is England's refused order (France's unit); before, it was read as a signature
    closing, refused = read("diplomacy", "Thanks\nHold Paris")
    assert closing == ["Thanks"] and refused == ["Hold Paris"]


def test_the_town_after_the_name_is_answered_where_it_names_a_province():
    # RULINGS.md (diplomacy) 27: "Paris" under the name may be an order cut short
    assert read("diplomacy", "Best regards\nJean-Pierre Dupont\nParis") == (
        ["Best regards", "Jean-Pierre Dupont"],
        ["Paris"],
    )
    assert read("invincible", "Best regards\nJean-Pierre Dupont\nParis") == (
        ["Best regards", "Jean-Pierre Dupont", "Paris"],
        [],
    )


def test_an_order_of_the_game_after_a_closing_is_an_order():
    # France holds Paris: its "Hold Paris" is read as an order, so "Thanks" before it is no closing
    closing, refused = _read(DIPLOMACY, EUROPE, "France", "A Par - Bur\nThanks\nHold Paris")
    assert closing == [] and refused == ["Thanks"]


def test_a_signature_has_at_most_two_lines_after_its_phrase():
    names = name_words(*NAMES)
    assert closing_start(["Cheers", "Bob Smith", "Lille"], names) == 0
    assert closing_start(["Cheers", "Bob Smith", "Lille", "Nord"], names) is None
    assert closing_block(["Cheers", "Bob Smith", "Lille", "Nord"], names) == (0, 2)
    # the writer's own name is no part of the count, nor a second closing phrase
    assert closing_start(["Cheers", "Bob Smith", "Lille", "Alice Martin", "Sent from my iPhone"], names) == 0


def test_a_signature_is_written_as_a_name_is():
    names = name_words(*NAMES)
    for line in ["Bob", "Bob Smith", "Ludwig van Beethoven", "Jean-Pierre Dupont", "McDonald"]:
        assert closing_kind(line, names, after_closing=True) == "name", line
    for line in ["bob", "BOB SMITH", "hold paris", "Bob Smith Jones Junior", "A Par H", "Build 2"]:
        assert closing_kind(line, names, after_closing=True) == "", line


def test_a_signature_never_holds_a_word_of_the_games_orders():
    names = name_words(*NAMES)
    words = DIPLOMACY.order_words(EUROPE)
    for line in ["Hold Paris", "Paris", "Bob North Sea", "Move Smith", "Army Bob", "Kiel"]:
        assert closing_kind(line, names, after_closing=True, order_words=words) == "", line
    for line in ["Bob Smith", "Jean-Pierre Dupont", "Alicia", "Lille"]:
        assert closing_kind(line, names, after_closing=True, order_words=words) == "name", line
    # the writer's own name stands, whatever the game calls its provinces
    assert closing_kind("Paris", name_words("Paris Hilton"), order_words=words) == "name"


def test_the_words_of_the_games_orders():
    assert {"hold", "paris", "par", "north sea", "army", "england"} <= DIPLOMACY.order_words(EUROPE)
    khans = INVINCIBLE.order_words(HORDE)
    assert {"attack", "assist", "feast", "companion", "honor", "temujin"} <= khans
    assert "paris" not in khans


# a line shaped like a name that holds a word of the game's orders, in each other game
OTHER_GAMES = {
    "generals": ("standard", ["Aldmark", "Brenn", "Corvath", "Dunmere"], "Edric Rest"),
    "invoke": ("starter", ["Alice", "Bob", "Carol"], "Move Left"),
    "invictus": ("standard", ["North", "South"], "Knight Attack"),
}


@pytest.mark.parametrize("name", OTHER_GAMES)
def test_every_game_names_the_words_of_its_orders(name):
    variant, powers, line = OTHER_GAMES[name]
    ruleset = get_ruleset(name)
    words = ruleset.order_words(ruleset.start(variant, powers, {}, seed=1))
    names = name_words(*NAMES)
    assert closing_kind(line, names, after_closing=True) == "name"  # by its shape alone, a name
    assert closing_kind(line, names, after_closing=True, order_words=words) == ""
    assert closing_kind("Jean-Pierre Dupont", names, after_closing=True, order_words=words) == "name"

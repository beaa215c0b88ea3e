"""Reading a player's mail: canonical orders, keys, errors with hints."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.ruleset import OrderLine
from pbem.rulesets.invoke import ruleset

from .tables import give, table, with_wall

GAME = table(hands={"Alice": ["Move Left", "Fire", "+1", "Target Hand", "Discard", "Build Wall", "Water"]})


def lines(text: str, power: str = "Alice", game=GAME) -> list[OrderLine]:
    return ruleset.parse_orders(game, power, text)


def one(text: str, power: str = "Alice", game=GAME) -> OrderLine:
    (line,) = lines(text, power, game)
    return line


def test_sequences_are_read_in_any_case_and_written_canonically() -> None:
    line = one("move LEFT &+1&  fire")
    assert (line.order, line.key, line.error) == ("Move Left & +1 & Fire", "turn", None)


def test_every_non_blank_line_gives_one_orderline_with_its_number() -> None:
    parsed = lines("Move Left & Fire\n\n   \nREFILL 3 Focus\nnonsense here")
    assert [(p.line, bool(p.order)) for p in parsed] == [(1, True), (4, True), (5, False)]


def test_misspelt_cards_and_mages_get_a_suggestion() -> None:
    assert one("Mvoe Left & Fire").hint == "did you mean Move Left?"
    assert one("Move Left & Fyre").hint == "did you mean Fire?"
    line = one("Target Hand of Bbo & Discard")
    assert line.error == "'Bbo' is not a mage" and line.hint == "did you mean Bob?"


def test_cards_must_be_joined_with_ampersands() -> None:
    line = one("Move Left Fire")
    assert line.error == "Move Left takes no words after it"
    assert line.hint == "join cards with &: Move Left & Fire"


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("Invoke Bob and Earth", "Invoke Bob & Earth"),
        ("Invoke Bob + Earth", "Invoke Bob & Earth"),
        ("Move Left, Fire", "Move Left & Fire"),
        ("Move Left then +1 and Fire", "Move Left & +1 & Fire"),
    ],
)
def test_cards_joined_by_and_plus_or_commas_are_answered_with_the_same_cards_joined_by_ampersands(
    text: str, joined: str
) -> None:
    line = one(text)
    assert line.order is None and line.error == f"{text!r} is not one card"
    assert line.hint == f"join cards with &: {joined}"


def test_a_joining_word_gives_no_ampersand_hint_when_a_part_is_no_card() -> None:
    line = one("Invoke Bobby and Earth")
    assert line.error == "'Bobby and Earth' is not a mage"
    assert not (line.hint or "").startswith("join cards with &")


def test_there_is_no_plus_three_card() -> None:
    assert one("Move Left & Fire & +3").error == "there is no +3 card"


def test_a_chaos_card_is_never_written() -> None:
    assert "played by themselves when drawn" in (one("Backfire & Fire").hint or "")


def test_an_unreadable_sequence_is_refused_with_the_reason() -> None:
    line = one("Fire & Move Left & Water")
    assert line.error == ("Fire and Water are opposites and may not be combined in the same invocation")


def test_cards_not_held_are_refused_counting_all_lines_of_the_mail() -> None:
    parsed = lines("Move Left & Fire\nMove Left & Water")
    assert parsed[0].order and parsed[1].error == "you do not hold Move Left (with your other lines)"
    assert parsed[1].hint and parsed[1].hint.startswith("your hand: Move Left, Fire")


def test_only_the_mage_whose_turn_it_is_sends_a_turn() -> None:
    for text in ("Move Left & Fire", "PASS", "DISCARD Fire", "ACTIVATE WAND"):
        assert one(text, "Bob").error == "it is Alice's turn, not yours"


def test_keys_group_what_a_later_mail_replaces() -> None:
    wall = with_wall(
        game := table(hands={"Alice": ["Move Left", "Fire", "Water", "Air"]}), "Alice", "Water", [[]]
    )
    parsed = lines(
        f"Move Left & Fire\nREPAIR {wall.id} & Water\nDISCARD Air\nREFILL 3 Focus\n"
        "IF Fire AT ME: Haste & Build Wall & Water\nNO COUNTERS",
        game=game,
    )
    assert [p.key for p in parsed] == ["turn", "repair", "discard", "refill", "counters", "counters"]


def test_pass_cannot_stand_with_invocations() -> None:
    parsed = lines("PASS\nMove Left & Fire")
    assert parsed[0].error and parsed[1].order


def test_refill_orders() -> None:
    assert one("refill 3 focus, 2 manifest").order == "REFILL 3 Focus, 2 Manifest"
    assert one("REFILL Focus").order == "REFILL 3 Focus"
    assert one("REFILL 4 Focus").error == "at most 3 cards may come from one deck"
    assert one("REFILL 2 Fcous").hint == "did you mean Focus?"
    assert one("REFIL 2 Focus").hint == "did you mean REFILL?"


def test_draw_with_decks_after_it_is_the_books_card_draw() -> None:
    # rulebook, "Sequence of Play": the mage "draws"; players write the book's verb
    line = one("DRAW 3 Thaumaturgy, 2 Focus, 2 Manifest")
    assert (line.order, line.key) == ("REFILL 3 Thaumaturgy, 2 Focus, 2 Manifest", "refill")
    assert one("draw 2 fcous").hint == "did you mean Focus?"


def test_draws_and_discards_are_read_as_players_say_them() -> None:
    # "the Mage draws cards from the three piles", "discard two cards", "passing their turn"
    line = one("Draw 3 cards from the Thaumaturgy deck, 2 from Focus and 2 Manifest")
    assert line.order == "REFILL 3 Thaumaturgy, 2 Focus, 2 Manifest"
    assert one("draw 3 from Thaumaturgy").order == "REFILL 3 Thaumaturgy"
    assert one("Discard Fire and Air").order == "DISCARD Fire, Air"
    assert one("Pass my turn").order == "PASS"
    # "Once the stored Invocation has been activated": read as ACTIVATE WAND (Alice has none)
    assert [one(t).error for t in ("Activate the Wand", "use my wand")] == [
        "Alice has no Wand in play",
        "Alice has no Wand in play",
    ]


def test_the_draw_vote_is_unmistakable_and_a_bare_draw_stays_the_vote() -> None:
    from pbem.intake.commands import read_mail

    mail = read_mail("DRAW 3 Thaumaturgy, 2 Focus, 2 Manifest\nDRAW GAME\nVOTE DRAW\nDRAW\n")
    assert [(c.name, c.line, c.error) for c in mail.commands] == [
        ("DRAW", 2, ""),
        ("DRAW", 3, ""),
        ("DRAW", 4, ""),
    ]
    assert mail.order_text.split("\n")[0] == "DRAW 3 Thaumaturgy, 2 Focus, 2 Manifest"


def test_counter_orders() -> None:
    line = one("if fire at me: haste & build wall & water", "Bob")
    assert (line.order, line.key) == ("IF Fire AT ME: Haste & Build Wall & Water", "counters")
    assert line.note and "fires only if you do then" in line.note
    assert (
        one("IF ANY BY alice AT aether THEN Target Current Invocation & -1", "Bob").order
        == "IF ANY BY Alice AT Aether: Target Current Invocation & -1"
    )
    assert one("IF Fier AT ME: Haste & Build Wall & Water", "Bob").hint == "did you mean Fire?"
    assert one("IF Fire: Haste & Fire", "Bob").error == "a counter says what it answers and at whom"
    assert one("IF Fire AT ME: ACTIVATE WAND", "Bob").note == "you have no Wand that could fire now"


def test_discard_orders_note_cards_not_held() -> None:
    line = one("discard water, earth")
    assert line.order == "DISCARD Water, Earth" and line.note == "you do not hold Earth now"


def test_repair_needs_a_wall_of_ones_own() -> None:
    assert one("REPAIR & Water").error == "REPAIR needs the number of your wall"


def test_activate_wand_needs_a_wand() -> None:
    game = table(hands={"Alice": ["Wand", "Move Left"]})
    assert one("ACTIVATE WAND", game=game).error == "Alice has no Wand in play"


CARD_WORDS = [
    "Move Left",
    "move right",
    "Invoke Bob",
    "Invoke carol",
    "FIRE",
    "water",
    "Air",
    "Earth",
    "+1",
    "+2",
    "-1",
    "-2",
    "Haste",
    "Delay",
    "Sustain",
    "Build Wall",
    "Build Wall on Aether",
    "Target Hand",
    "Target Hand of Bob",
    "Target Power Gem of aether",
    "Target Power Gem",
    "Discard",
    "Tome",
    "Wand",
    "Imp",
    "face down Fire",
    "Target Established Invocation E1",
    "Target Creature Imp of Bob",
    "Target Magical Item of Carol",
    "Target Current Invocation",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(CARD_WORDS), min_size=1, max_size=6),
    st.sampled_from(["", "IF Fire AT ME: ", "IF ANY BY Bob AT aether: "]),
)
def test_canonical_orders_parse_back_to_themselves(words: list[str], prefix: str) -> None:
    game = table(hands={"Alice": []})
    try:
        give(game, "Alice", [_card(word) for word in words])
    except AssertionError:
        return
    text = prefix + " & ".join(words)
    (line,) = ruleset.parse_orders(game, "Alice", text)
    assert (line.order is None) != (line.error is None)
    if line.order:
        (again,) = ruleset.parse_orders(game, "Alice", line.order)
        assert (again.order, again.key) == (line.order, line.key)


def _card(word: str) -> str:
    from pbem.rulesets.invoke.notation import read_card

    from .tables import CARDS

    return read_card(word, CARDS, ["Alice", "Bob", "Carol"]).card

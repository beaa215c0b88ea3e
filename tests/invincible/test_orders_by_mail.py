"""Reading players' mail: canonical text, errors, keys. Each hand signal's wordings, and the lines
refused, are rows of tests/data/wordings/invincible.yaml, read by tests/test_wordings.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.rulesets.invincible import orders as o
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.data import MODES, VARIANTS
from pbem.rulesets.invincible.grammar import read
from pbem.rulesets.invincible.mail import names

from .helpers import VASSAL_AND_TOWN, new_game, set_khan


def test_players_may_write_power_names_for_khans() -> None:
    game = ruleset.start(
        "standard",
        ["Alice", "Bob"],
        {"khans": {"Alice": "Ong", "Bob": "Kublai"}, "declarations": False},
        1,
    )
    [line] = ruleset.parse_orders(game, "Alice", "attack khan bob")
    assert line.order == "ATTACK KHAN KUBLAI"


KHANS = st.sampled_from(["Temujin", "Kublai", "Jamukha"])
MODE = st.sampled_from(MODES)
CONDITIONS = st.one_of(
    st.just(o.Condition()),
    st.just(o.Condition("never")),
    st.builds(o.Condition, st.just("after"), st.just(""), st.integers(1, 9)),
    st.builds(
        o.Condition,
        st.sampled_from(["below", "above"]),
        st.sampled_from([*MODES, "honor", "wine"]),
        st.integers(0, 12),
        st.booleans(),
    ),
)
ORDERS: st.SearchStrategy[o.Order] = st.one_of(
    st.builds(o.AttackKhan, KHANS),
    st.builds(o.Cooperate, KHANS),
    st.builds(
        o.Assign,
        st.integers(1, 5),
        st.just("leader"),
        st.sampled_from(["companion", "informer", "accuser"]),
        st.just(""),
        CONDITIONS,
    ),
    st.builds(o.Assist, KHANS, st.integers(1, 5), st.sampled_from([*MODES, "wine"])),
    st.builds(
        o.Assist,
        KHANS,
        st.integers(1, 5),
        MODE,
        st.just(""),
        st.just(True),
        CONDITIONS,
    ),
    st.builds(o.Feast, st.lists(KHANS, unique=True, max_size=3).map(tuple)),
    st.builds(o.SpendHonor, MODE, CONDITIONS),
    st.builds(o.Defence, st.integers(0, 10), st.booleans(), CONDITIONS),
    st.builds(o.Exit, st.sampled_from(["SUE FOR PEACE", "RETREAT", "WITHDRAW", "PURSUE"]), CONDITIONS),
    st.builds(
        o.Answer,
        st.sampled_from(["assistance", "peace"]),
        st.booleans(),
        st.sampled_from(["", "Temujin", "Kublai", "Jamukha"]),
    ),
    st.builds(o.Answer, st.just("horde-feast"), st.booleans()),
    st.builds(o.Answer, st.just("debt"), st.booleans(), KHANS),
    st.just(o.Pass()),
    st.just(o.HordeFeast()),
    st.just(o.RequestTransfer()),
    st.just(o.Unsignalled()),
    st.builds(o.Submit, KHANS),
    st.builds(o.Buy, KHANS),
    st.builds(o.RestoreHonor, st.integers(1, 3), KHANS),
    st.builds(o.TransferLoss, MODE, KHANS),
    st.builds(o.AttackEnemy, st.integers(1, 99)),
)


@given(ORDERS)
def test_any_orders_text_reads_back_to_the_same_order(order: o.Order) -> None:
    assert read(order.text(), names(VASSAL_AND_TOWN), VARIANTS["standard"]) == order


def test_a_khan_out_of_the_game_gives_no_orders() -> None:
    game = set_khan(VASSAL_AND_TOWN, "Jamukha", out=True)
    [line] = ruleset.parse_orders(game, "Jamukha", "feast")
    assert line.error == "no orders are taken: your khan is out of the game"
    [line] = ruleset.parse_orders(VASSAL_AND_TOWN, "Temujin", "attack khan jamukha")
    assert line.order is not None
    [line] = ruleset.parse_orders(game, "Temujin", "attack khan jamukha")
    assert line.error == "Jamukha is out of the game"


def test_a_mails_actions_share_one_key_and_plan_lines_their_own() -> None:
    mail = """
        Assign 2 Leader to Accuser
        Defend 3
        Attack Khan Kublai
        Ambush 5 if opponent accuser below 4
        Retreat if companion below 2
        Accept assistance from Kublai
        Refuse assistance
        assign 2 leader to companion if companion below 3
    """
    lines = ruleset.parse_orders(VASSAL_AND_TOWN, "Temujin", mail)
    assert [line.key for line in lines] == [
        "actions",
        "plan:defence",
        "actions",
        "plan:defence",
        "plan:retreat",
        "answer:assistance:kublai",
        "answer:assistance:all",
        "plan:in-battle",
    ]
    assert [line.line for line in lines] == [2, 3, 4, 5, 6, 7, 8, 9]


def test_declarations_share_one_key_but_answers_keep_theirs() -> None:
    game = new_game(declarations=True)
    lines = ruleset.parse_orders(game, "Kublai", "Feast\nDefend 2\nAccept peace with Temujin")
    assert [line.key for line in lines] == ["declaration", "declaration", "answer:peace:temujin"]
    assert lines[0].note is not None and "declared" in lines[0].note
    assert lines[2].note is None


def test_a_mail_without_hand_signals_is_an_infraction_when_the_game_insists() -> None:
    strict = new_game(hand_signals=True)
    lines = ruleset.parse_orders(strict, "Kublai", "Hello all.\nI mean no harm, truly.")
    assert lines[0].order == "SPEAK WITHOUT SIGNALS"
    assert lines[0].key is not None and lines[0].key.startswith("signals:")
    assert lines[0].infraction and lines[0].note is not None and "warning" in lines[0].note
    assert lines[0].note.startswith("this mail makes no hand signal")
    assert lines[1].error is not None and lines[1].order is None


def test_talking_beside_hand_signals_is_allowed() -> None:
    strict = new_game(hand_signals=True)
    lines = ruleset.parse_orders(strict, "Kublai", "Greetings, brothers.\nFeast")
    assert lines[0].order is None and lines[0].error is not None
    assert lines[1].order == "FEAST"


def test_without_the_option_talk_is_only_an_error() -> None:
    lines = ruleset.parse_orders(new_game(), "Kublai", "Hello all.")
    assert lines[0].order is None and lines[0].error is not None


def test_two_different_unsignalled_mails_do_not_replace_each_other() -> None:
    strict = new_game(hand_signals=True)
    [first] = ruleset.parse_orders(strict, "Kublai", "Hello all.")
    [second] = ruleset.parse_orders(strict, "Kublai", "Goodbye all.")
    assert first.key != second.key


@pytest.mark.parametrize(
    "text", ["Assist Jamukha 1 Honor", "Give 1 Honor to Jamukha", "Transfer 1 Honor to Jamukha"]
)
def test_honor_may_not_be_transferred_from_one_khan_to_another(text: str) -> None:
    """ "Honor may not be transferred from one Khan to another with the Assist Khan action":
    the answer says so, instead of listing the Modes as if Honor were misspelt."""
    [line] = ruleset.parse_orders(VASSAL_AND_TOWN, "Kublai", text)
    assert line.order is None
    assert line.error is not None and "Honor may not be transferred" in line.error


def test_spending_mode_points_is_not_told_to_spend_honor() -> None:
    """Spending Leader points on a Mode is Assign Points; Spend Honor is another action, paid in
    Honor, so a hint must not send a khan there. Honor itself is spent one at a time."""
    [line] = ruleset.parse_orders(VASSAL_AND_TOWN, "Kublai", "Spend 2 Leader on Accuser")
    assert (line.order, line.error) == ("ASSIGN 2 LEADER TO ACCUSER", None)
    [line] = ruleset.parse_orders(VASSAL_AND_TOWN, "Kublai", "Spend 2 Honor on Accuser")
    assert line.error is not None and "one at a time" in line.error
    assert "SPEND HONOR ON ACCUSER" in line.error

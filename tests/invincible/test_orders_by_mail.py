"""Reading players' mail: every hand signal, canonical text, errors with hints, keys."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.rulesets.invincible import orders as o
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.data import MODES, VARIANTS
from pbem.rulesets.invincible.grammar import read
from pbem.rulesets.invincible.mail import names
from pbem.rulesets.invincible.state import Enemy

from .helpers import new_game, set_khan

# Temujin is the Genghis Khan; Ogadai has submitted to Kublai; an enemy stands.
GAME = replace(
    set_khan(new_game(), "Ogadai", ruler="Kublai"), enemies=(Enemy(3, "small town", 10, 1),)
)

SIGNALS = [
    ("Temujin", "Attack Khan Kublai", "ATTACK KHAN KUBLAI"),
    ("Temujin", "attack kublai", "ATTACK KHAN KUBLAI"),
    ("Temujin", "Attack Mongol Enemy 3", "ATTACK MONGOL ENEMY 3"),
    ("Temujin", "attack mongol enemy", "ATTACK MONGOL ENEMY 3"),
    ("Kublai", "Cooperate with Temujin", "COOPERATE WITH TEMUJIN"),
    ("Kublai", "assign two leader points to accuser", "ASSIGN 2 LEADER TO ACCUSER"),
    ("Kublai", "Assign 3 Companion to Informer", "ASSIGN 3 COMPANION TO INFORMER"),
    ("Kublai", "assign 2 leader to accuser for Ogedei", "ASSIGN 2 LEADER TO ACCUSER FOR OGADAI"),
    ("Kublai", "Assist Temujin 2 Accuser", "ASSIST TEMUJIN 2 ACCUSER"),
    ("Kublai", "assist khan Jamukha with 1 wine", "ASSIST JAMUKHA 1 WINE"),
    ("Kublai", "assist Kublai 3 informer from Ogađai", "ASSIST KUBLAI 3 INFORMER FROM OGADAI"),
    ("Jamukha", "Feast", "FEAST"),
    ("Jamukha", "Feast with Kublai, Temujin and Kublai", "FEAST WITH KUBLAI, TEMUJIN"),
    ("Temujin", "Horde Feast", "HORDE FEAST"),
    ("Temujin", "call a Mongol Feast", "HORDE FEAST"),
    ("Kublai", "Spend Honour on Leader", "SPEND HONOR ON LEADER"),
    ("Jamukha", "Submit to Kublai", "SUBMIT TO KUBLAI"),
    ("Ogadai", "Request Transfer", "REQUEST TRANSFER"),
    ("Temujin", "Buy Ogadai", "BUY OGADAI"),
    ("Temujin", "Restore 2 Honor to Jamukha", "RESTORE 2 HONOR TO JAMUKHA"),
    ("Jamukha", "pass", "PASS"),
    ("Jamukha", "Defend with 3 Informer", "DEFEND 3"),
    ("Jamukha", "Ambush 4 if opponent accuser below 6", "AMBUSH 4 IF OPPONENT ACCUSER BELOW 6"),
    ("Jamukha", "retreat if my Companion falls below 3", "RETREAT IF COMPANION BELOW 3"),
    ("Jamukha", "Withdraw", "WITHDRAW"),
    ("Jamukha", "withdraw after round 2", "WITHDRAW AFTER ROUND 2"),
    ("Jamukha", "Pursue never", "PURSUE NEVER"),
    ("Jamukha", "Pursue if honor above 4", "PURSUE IF HONOR ABOVE 4"),
    ("Jamukha", "Sue for Peace when Companion is under 2", "SUE FOR PEACE IF COMPANION BELOW 2"),
    ("Jamukha", "sue peace", "SUE FOR PEACE"),
    (
        "Jamukha",
        "assign 2 leader to companion if companion below 3",
        "ASSIGN 2 LEADER TO COMPANION IF COMPANION BELOW 3",
    ),
    (
        "Jamukha",
        "spend honor on companion if wine above 2",
        "SPEND HONOR ON COMPANION IF WINE ABOVE 2",
    ),
    ("Temujin", "Transfer loss of Leader to Kublai", "TRANSFER LOSS LEADER TO KUBLAI"),
    ("Jamukha", "Accept Assistance", "ACCEPT ASSISTANCE"),
    ("Jamukha", "accept assistance from Kublai", "ACCEPT ASSISTANCE FROM KUBLAI"),
    ("Jamukha", "Refuse Assistance from Temuchin", "REFUSE ASSISTANCE FROM TEMUJIN"),
    ("Jamukha", "accept peace with Kublai", "ACCEPT PEACE WITH KUBLAI"),
    ("Jamukha", "refuse peace", "REFUSE PEACE"),
    ("Jamukha", "attend horde feast", "ATTEND HORDE FEAST"),
    ("Jamukha", "decline", "DECLINE HORDE FEAST"),
    ("Kublai", "Sell Ogadai", "SELL OGADAI"),
    ("Kublai", "keep ogadai", "KEEP OGADAI"),
    ("Jamukha", "Honor peace with Kublai", "HONOR PEACE WITH KUBLAI"),
    ("Jamukha", "Dishonour peace to Kublai", "DISHONOR PEACE WITH KUBLAI"),
    ("Jamukha", "1. Feast", "FEAST"),
    ("Jamukha", "Speak without signals", "SPEAK WITHOUT SIGNALS"),
]

#: the rulebook's own wordings (issue 20): each reads to the order it means
BOOK_WORDS = [
    ("Kublai", "Cooperate with the Genghis Khan", "COOPERATE WITH TEMUJIN"),
    ("Kublai", "cooperate with GK", "COOPERATE WITH TEMUJIN"),
    ("Jamukha", "Submit to the Genghis Khan", "SUBMIT TO TEMUJIN"),
    ("Kublai", "Assign 2 points from Companion to Informer", "ASSIGN 2 COMPANION TO INFORMER"),
    ("Kublai", "Assign 2 Informer to Jamukha", "ASSIST JAMUKHA 2 INFORMER"),
    ("Kublai", "Give 1 Wine to Jamukha", "ASSIST JAMUKHA 1 WINE"),
    ("Kublai", "give Jamukha 2 accuser points", "ASSIST JAMUKHA 2 ACCUSER"),
    ("Kublai", "Assist Jamukha 2 Companion in battle", "ASSIST JAMUKHA 2 COMPANION IN BATTLE"),
    (
        "Kublai",
        "assign 2 informer to Jamukha during battle if companion below 3",
        "ASSIST JAMUKHA 2 INFORMER IN BATTLE IF COMPANION BELOW 3",
    ),
    # "A Khan may choose to Submit himself ... at any time": the Genghis Khan too
    ("Temujin", "Submit to Kublai", "SUBMIT TO KUBLAI"),
    # "Transferring two points from Companion to Informer would increase the latter by two"
    ("Kublai", "Transfer 2 points from Companion to Informer", "ASSIGN 2 COMPANION TO INFORMER"),
    # "Khans can spend their Companion points, transferring them to Informer"
    ("Kublai", "Spend 2 Companion points on Informer", "ASSIGN 2 COMPANION TO INFORMER"),
    # "he can spend Leader points to increase any of the other Modes"
    ("Kublai", "spend 3 leader points to accuser", "ASSIGN 3 LEADER TO ACCUSER"),
    ("Kublai", "Spend 1 Honor on Accuser", "SPEND HONOR ON ACCUSER"),
    # "A Khan may transfer any Modal Points to another Khan" (Assist Khan)
    ("Kublai", "Transfer 2 Informer to Jamukha", "ASSIST JAMUKHA 2 INFORMER"),
    # Assign Points by hand: "Show the symbol first and then hold up fingers"
    ("Kublai", "Assign Leader 2 to Accuser", "ASSIGN 2 LEADER TO ACCUSER"),
    ("Kublai", "assign Informer 2 to Jamukha", "ASSIST JAMUKHA 2 INFORMER"),
    # "spend one Honor ... in order to gain permanently 1d6 to any Mode so designated"
    ("Kublai", "Spend one Honor to gain 1d6 Leader", "SPEND HONOR ON LEADER"),
    ("Kublai", "Spend Honor on the Leader Mode", "SPEND HONOR ON LEADER"),
    # "A submitted Khan may requests to transfer his allegiance to the Genghis Khan"
    ("Ogadai", "Request transfer to the Genghis Khan", "REQUEST TRANSFER"),
    ("Ogadai", "request to transfer his allegiance to the GK", "REQUEST TRANSFER"),
]
SIGNALS += BOOK_WORDS


@pytest.mark.parametrize(("power", "text", "canonical"), SIGNALS)
def test_every_signal_reads_to_its_canonical_order(power: str, text: str, canonical: str) -> None:
    [line] = ruleset.parse_orders(GAME, power, text)
    assert (line.order, line.error) == (canonical, None)


@pytest.mark.parametrize(("power", "text", "canonical"), SIGNALS)
def test_canonical_orders_read_back_to_themselves(power: str, text: str, canonical: str) -> None:
    [line] = ruleset.parse_orders(GAME, power, canonical)
    assert line.order == canonical


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
    st.builds(
        o.Exit, st.sampled_from(["SUE FOR PEACE", "RETREAT", "WITHDRAW", "PURSUE"]), CONDITIONS
    ),
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
    assert read(order.text(), names(GAME), VARIANTS["standard"]) == order


@pytest.mark.parametrize(
    ("power", "text", "error", "hint"),
    [
        ("Temujin", "Attack Khan Kublei", "there is no khan called KUBLEI", "did you mean KUBLAI?"),
        ("Temujin", "Attak Khan Kublai", "ATTAK is not a hand signal", "did you mean ATTACK?"),
        ("Temujin", "Attack Khan Tamerlane", "no khan called TAMERLANE in this game", None),
        ("Temujin", "attack khan", "a khan's name is missing", None),
        ("Kublai", "assign 6 leader to accuser", "ASSIGN takes 1 to 5, not 6", None),
        ("Kublai", "assign 2 accuser to leader", "points cannot go from Accuser to Leader", None),
        (
            "Kublai",
            "assign 2 leader to acuser",
            "expected one of COMPANION",
            "did you mean ACCUSER?",
        ),
        ("Kublai", "assign lots of leader", "ASSIGN needs a number", None),
        ("Jamukha", "defend 3 tomorrow", "did not understand 'TOMORROW'", None),
        (
            "Jamukha",
            "retreat if companion is low",
            "a condition says BELOW or ABOVE",
            "did you mean BELOW?",
        ),
        ("Jamukha", "accept the gift", "ACCEPT what?", None),
        ("Jamukha", "hello, friends", "HELLO is not a hand signal", None),
    ],
)
def test_lines_that_are_not_orders_say_how_to_fix_them(
    power: str, text: str, error: str, hint: str | None
) -> None:
    [line] = ruleset.parse_orders(GAME, power, text)
    assert line.order is None
    assert line.error is not None and error in line.error
    assert line.hint == hint


@pytest.mark.parametrize(
    ("power", "text", "error"),
    [
        ("Temujin", "attack khan temujin", "not yourself"),
        ("Ogadai", "attack khan temujin", "you have submitted to Kublai"),
        ("Kublai", "attack khan ogadai", "Ogadai has submitted to you"),
        ("Ogadai", "cooperate with temujin", "you have submitted to Kublai"),
        ("Ogadai", "assign 2 leader to accuser", "your Modes are his to assign"),
        ("Ogadai", "assist temujin 2 accuser", "your Modes are his to assign"),
        ("Jamukha", "assign 2 leader to accuser for ogadai", "Ogadai has not submitted to you"),
        ("Kublai", "assign 2 leader to accuser for ogadai if companion below 2", "leave out FOR"),
        ("Kublai", "assist kublai 2 accuser", "you cannot assist yourself"),
        ("Jamukha", "feast with jamukha", "name only your guests"),
        ("Kublai", "horde feast", "only the Genghis Khan"),
        ("Kublai", "restore 1 honor to jamukha", "only the Genghis Khan"),
        ("Kublai", "buy ogadai", "only the Genghis Khan"),
        ("Temujin", "restore 1 honor to temujin", "not yourself"),
        ("Temujin", "buy jamukha", "Jamukha has not submitted to another khan"),
        ("Ogadai", "submit to temujin", "you have already submitted to Kublai"),
        ("Jamukha", "request transfer", "only a khan submitted to another"),
        ("Jamukha", "attack mongol enemy 3", "only the Genghis Khan may attack this"),
        ("Temujin", "attack mongol enemy 4", "there is no Mongol Enemy 4; those in the field: 3"),
        ("Jamukha", "accept assistance from jamukha", "you cannot answer yourself"),
    ],
)
def test_orders_the_khan_cannot_give_now_are_refused(power: str, text: str, error: str) -> None:
    [line] = ruleset.parse_orders(GAME, power, text)
    assert line.order is None and line.error is not None
    assert error in line.error


def test_a_khan_out_of_the_game_gives_no_orders() -> None:
    game = set_khan(GAME, "Jamukha", out=True)
    [line] = ruleset.parse_orders(game, "Jamukha", "feast")
    assert line.error == "no orders are taken: your khan is out of the game"
    [line] = ruleset.parse_orders(GAME, "Temujin", "attack khan jamukha")
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
    lines = ruleset.parse_orders(GAME, "Temujin", mail)
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
    assert lines[0].note is not None and "warning" in lines[0].note
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
    [line] = ruleset.parse_orders(GAME, "Kublai", text)
    assert line.order is None
    assert line.error is not None and "Honor may not be transferred" in line.error


def test_spending_mode_points_is_not_told_to_spend_honor() -> None:
    """Spending Leader points on a Mode is Assign Points; Spend Honor is another action, paid in
    Honor, so a hint must not send a khan there. Honor itself is spent one at a time."""
    [line] = ruleset.parse_orders(GAME, "Kublai", "Spend 2 Leader on Accuser")
    assert (line.order, line.error) == ("ASSIGN 2 LEADER TO ACCUSER", None)
    [line] = ruleset.parse_orders(GAME, "Kublai", "Spend 2 Honor on Accuser")
    assert line.error is not None and "one at a time" in line.error
    assert "SPEND HONOR ON ACCUSER" in line.error

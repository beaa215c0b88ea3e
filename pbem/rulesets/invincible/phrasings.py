"""The words of Invincible!'s hand signals: every wording a khan may use, as rows of data.

Lines are read after ``grammar.tokens`` has folded them to capitals, written numbers as
digits and left out filler words ("the", "points", "my"), so "Assign two points from
Companion to Informer" is read as ``ASSIGN 2 FROM COMPANION TO INFORMER``. Each row of
``SIGNALS`` is one wording (``pbem.rulesets.lines``) and the kind of order it says; the
readers in ``grammar.py`` check the slots (khans, Modes, numbers, conditions) and make the
order. ``forms`` is what hints teach. ``near_misses`` read likely mistakes so that the
reader of their kind says exactly what is wrong. To accept the book's next wording, add a
row here.
"""

from __future__ import annotations

from pbem.rulesets.lines import Grammar

from .data import MODES

#: words that carry no meaning anywhere in a line
FILLER = frozenset(
    {"THE", "A", "AN", "AND", "POINT", "POINTS", "PTS", "PLEASE", "MY", "IS", "FALLS", "GOES", "DROPS"}
    | {"MODE", "MODAL"}
)
NUMBERS = {
    "ZERO": "0",
    "ONE": "1",
    "TWO": "2",
    "THREE": "3",
    "FOUR": "4",
    "FIVE": "5",
    "SIX": "6",
    "SEVEN": "7",
    "EIGHT": "8",
    "NINE": "9",
    "TEN": "10",
}
SPELLINGS = {"HONOUR": "HONOR", "DISHONOUR": "DISHONOR", "OPPONENTS": "OPPONENT", "ASSIGNS": "ASSIGN"}
#: the words of a condition's comparison, and what each means
COMPARISONS = {
    "BELOW": "below",
    "UNDER": "below",
    "LESS THAN": "below",
    "ABOVE": "above",
    "OVER": "above",
    "MORE THAN": "above",
}
_MODE = "{target:" + "|".join(m.upper() for m in MODES) + "}"
#: the end of an Assist Khan line: FROM a submitted khan, IN BATTLE with a condition
_GIFT = "[FROM {source}] [{battle:IN BATTLE|DURING BATTLE|DURING HIS BATTLE} [{when}]]"
_TO_KHAN = "[FROM|WITH|OF] [{other}]"
#: the end of an Assign Points line: a submitted khan's points, a condition
_FOR = "[FOR {vassal}] [{when}]"

SIGNALS = Grammar(
    rows=[
        ("ATTACK [MONGOL] ENEMY [{number}]", "attack enemy"),
        ("ATTACK [KHAN] [{khan}]", "attack khan"),
        ("COOPERATE [WITH] [{leader}]", "cooperate"),
        # the hand signal: "Show the symbol first and then hold up fingers"
        (f"ASSIGN {{source:word}} {{amount:number}} TO {_MODE} {_FOR}", "assign"),
        # "Transferring two points from Companion to Informer" (Assign Points)
        (f"ASSIGN {{amount:word}} [FROM] {{source:word}} TO {_MODE} {_FOR}", "assign"),
        # "Khans can spend their Companion points, transferring them to Informer"; "he can
        # spend Leader points to increase any of the other Modes" (Character Modes; SPEND
        # comes after Spend Honor below)
        (f"TRANSFER {{amount:number}} [FROM] {{source:word}} TO {_MODE} {_FOR}", "assign"),
        # "assigning Modal points to other Khans" is Assist Khan (the symbol first, or the number)
        (f"ASSIGN {{what:word}} {{amount:number}} TO {{receiver}} {_GIFT}", "assign to khan"),
        (f"ASSIGN {{amount:word}} [FROM] {{what:word}} TO {{receiver}} {_GIFT}", "assign to khan"),
        # "A Khan may transfer any Modal Points to another Khan" (Assist Khan)
        (f"TRANSFER {{amount:number}} [FROM] {{what:word}} TO {{receiver}} {_GIFT}", "assign to khan"),
        (f"ASSIST [KHAN] {{receiver}} [WITH] {{amount:word}} {{what:word}} {_GIFT}", "assist"),
        # the book's "gift of Wine"; "Wine can be traded at any time"
        (f"(GIVE|TRADE) {{amount:number}} {{what:word}} TO {{receiver}} {_GIFT}", "give"),
        (f"GIVE {{receiver}} {{amount:number}} {{what:word}} {_GIFT}", "give"),
        ("FEAST [{with:WITH} [{guests}]]", "feast"),
        ("[CALL] (HORDE|MONGOL) FEAST", "horde feast"),
        # "spend one Honor ... in order to gain permanently 1d6 to any Mode so designated"
        ("SPEND [1] HONOR [TO] GAIN [PERMANENTLY] [1D6] [TO|ON|IN|FOR] {mode:word} [{when}]", "spend honor"),
        ("SPEND [1] HONOR [ON|TO|FOR] [{mode:word}] [{when}]", "spend honor"),
        # Spending Mode points (after Spend Honor, whose wording it would otherwise take)
        (f"SPEND {{amount:number}} [FROM] {{source:word}} (ON|TO|FOR) {_MODE} {_FOR}", "assign"),
        ("SUBMIT [TO] [{ruler}]", "submit"),
        # "requests to transfer his allegiance to the Genghis Khan"
        ("REQUEST [TO] TRANSFER [HIS] [ALLEGIANCE] [TO [GENGHIS] (KHAN|GK)]", "request transfer"),
        # "Can purchase a submitted Khan from another Khan for two Wine" (the GK's privileges)
        ("(BUY|PURCHASE) [{vassal}] [FROM {seller}] [FOR {price}]", "buy"),
        ("RESTORE [{amount:word}] HONOR [TO] [{receiver}]", "restore honor"),
        ("PASS", "pass"),
        ("DEFEND [WITH] [{amount:word}] [INFORMER] [{when}]", "defend"),
        ("AMBUSH [WITH] [{amount:word}] [INFORMER] [{when}]", "ambush"),
        ("RETREAT [{when}]", "retreat"),
        ("WITHDRAW [{when}]", "withdraw"),
        ("PURSUE [{when}]", "pursue"),
        ("SUE [FOR] PEACE [{when}]", "sue for peace"),
        ("TRANSFER LOSS [OF] {mode:word} TO {khan}", "transfer loss"),
        (f"ACCEPT (ASSISTANCE|ASSIST) {_TO_KHAN}", "accept assistance"),
        (f"REFUSE (ASSISTANCE|ASSIST) {_TO_KHAN}", "refuse assistance"),
        (f"ACCEPT PEACE {_TO_KHAN}", "accept peace"),
        (f"REFUSE PEACE {_TO_KHAN}", "refuse peace"),
        ("ATTEND [[HORDE|MONGOL] FEAST]", "attend horde feast"),
        ("DECLINE [[HORDE|MONGOL] FEAST]", "decline horde feast"),
        ("SELL [{other}]", "sell"),
        ("KEEP [{other}]", "keep"),
        ("HONOR PEACE [WITH|TO] [{other}]", "honor peace"),
        ("DISHONOR PEACE [WITH|TO] [{other}]", "dishonor peace"),
        ("SPEAK WITHOUT SIGNALS", "speak without signals"),
    ],
    forms={
        "attack enemy": "ATTACK MONGOL ENEMY 1",
        "attack khan": "ATTACK KHAN KUBLAI",
        "cooperate": "COOPERATE WITH TEMUJIN",
        "assign": "ASSIGN 2 LEADER TO ACCUSER",
        "assign to khan": "ASSIGN 2 INFORMER TO KUBLAI",
        "assist": "ASSIST KUBLAI 2 ACCUSER",
        "give": "GIVE 1 WINE TO KUBLAI",
        "feast": "FEAST WITH KUBLAI, OGADAI",
        "horde feast": "HORDE FEAST",
        "spend honor": "SPEND HONOR ON ACCUSER",
        "submit": "SUBMIT TO KUBLAI",
        "request transfer": "REQUEST TRANSFER",
        "buy": "BUY KUBLAI",
        "restore honor": "RESTORE 2 HONOR TO KUBLAI",
        "pass": "PASS",
        "defend": "DEFEND 3",
        "ambush": "AMBUSH 3",
        "retreat": "RETREAT IF COMPANION BELOW 3",
        "withdraw": "WITHDRAW IF COMPANION BELOW 3",
        "pursue": "PURSUE IF COMPANION BELOW 3",
        "sue for peace": "SUE FOR PEACE IF COMPANION BELOW 3",
        "transfer loss": "TRANSFER LOSS LEADER TO KUBLAI",
        "accept assistance": "ACCEPT ASSISTANCE FROM KUBLAI",
        "refuse assistance": "REFUSE ASSISTANCE FROM KUBLAI",
        "accept peace": "ACCEPT PEACE WITH KUBLAI",
        "refuse peace": "REFUSE PEACE WITH KUBLAI",
        "attend horde feast": "ATTEND HORDE FEAST",
        "decline horde feast": "DECLINE HORDE FEAST",
        "sell": "SELL KUBLAI",
        "keep": "KEEP KUBLAI",
        "honor peace": "HONOR PEACE WITH KUBLAI",
        "dishonor peace": "DISHONOR PEACE WITH KUBLAI",
        "speak without signals": "SPEAK WITHOUT SIGNALS",
    },
    near_misses=[
        ("ASSIGN {amount:word} [{rest}]", "assign"),
        ("ASSIST [KHAN] {receiver} [WITH] [{amount:word}] [{what:word}]", "assist"),
        ("{verb:ACCEPT|REFUSE} [{what}]", "accept what"),
    ],
)

#: "if" conditions of plan lines: RETREAT IF COMPANION BELOW 3, PURSUE NEVER ...
CONDITIONS = Grammar(
    rows=[
        ("NEVER", "never"),
        ("(AFTER|FROM) ROUND [{value:word}]", "after"),
        (
            "(IF|WHEN) [{opponent:OPPONENT}] {stat:word} {comparison:"
            + "|".join(COMPARISONS)
            + "} {value:word}",
            "if",
        ),
    ],
    forms={"never": "NEVER", "after": "AFTER ROUND 2", "if": "IF COMPANION BELOW 3"},
    near_misses=[("(IF|WHEN) [{opponent:OPPONENT}] [{stat:word}] [{comparison}]", "if")],
)

"""The words of The Generals' orders: every wording a player may use, as rows of data.

Three grammars (``pbem.rulesets.lines``): a general's actions (``<general>: <action>``),
a region's orders (``<region>: <order>``) and diplomacy (lines without a name). Each row
is one wording and the kind of order it says; the readers (``read_actions``,
``read_regions``, ``read_diplomacy``) check the slots against the state. To accept a new
wording, add a row here; ``forms`` is what hints teach.
"""

from __future__ import annotations

from pbem.rulesets.generals.world import FIELD_BATTLE, WITHDRAW
from pbem.rulesets.lines import Grammar

#: every way to name a battle order, and the order it means
ORDER_ALIASES = {
    "ambush": "Ambush",
    "skirmish": "Skirmish",
    "skirmishing": "Skirmish",
    "field battle": FIELD_BATTLE,
    "field": FIELD_BATTLE,
    "battle": FIELD_BATTLE,
    "fortify": "Fortify",
    "fortified": "Fortify",
    "withdraw": WITHDRAW,
    "flanking maneuvers": "Flanking Maneuvers",
    "flanking manoeuvres": "Flanking Maneuvers",
    "flanking maneuver": "Flanking Maneuvers",
    "flanking": "Flanking Maneuvers",
    "flank": "Flanking Maneuvers",
}
_ORDER = "{order:" + "|".join(ORDER_ALIASES) + "}"
_ATTACK = "(attack|assault) [enemy] [at|in|on] {target}"
_BY = "[by|using|in|order|orders|with order|with orders]"
_REST = "(r (and|&|+|n) r|rnr|randr|rest)"

ACTIONS = Grammar(
    rows=[
        ("(travel|travels|go|ride) [to] {to}", "travel"),
        # the book: "a move army order needs to include where the general is moving to, and
        # his route" ("route Aldwick - Thornfield - Millbrook"): read_actions.route
        ("(move|march) [army] to {to} [,] [by] route [:] {route} [,] with {troops}", "move"),
        ("(move|march) [army] [with] {troops} [[,] to {to}] [,] [by] route [:] {route}", "move"),
        ("(move|march) [army] to {to} [(via|through) {via}] with {troops}", "move"),
        ("(move|march) [army] with {troops} to {to} [(via|through) {via}]", "move"),
        ("(move|march) [army] [{troops}] to {to} [(via|through) {via}]", "move"),
        (f"{_ATTACK} with {{troops}} [,] {_BY} {_ORDER}", "attack"),
        (f"{_ATTACK} [,] {_BY} {_ORDER} [,] with {{troops}}", "attack"),
        (f"{_ATTACK} with {{troops}}", "attack"),
        (f"{_ATTACK} [[,] {_BY} {_ORDER}]", "attack"),
        ("(recruit|hire) [troops] [:] {count:word} {troop}", "recruit"),
        ("raise [troops] [:] {count:number} {troop}", "recruit"),
        ("(raise|increase) [the] {skill} [level] [to [level] {level:number}]", "raise"),
        ("prepare [[the] (battlefield|battle field)]", "prepare"),
        (f"{_REST} [[,|;] [and] learn {{skill}}]", "rest"),
        ("learn {skill}", "learn"),
        ("train [[a] [new] general]", "train"),
        ("train [a] [new] general (named|called) {name} [(,|with) {skills}]", "train"),
        ("train [[a] [new] general] {name} [(,|with) {skills}]", "train"),
        ("(fight (alongside|with|beside)|champion) {troop}", "champion"),
    ],
    forms={
        "travel": "travel to <region>",
        "move": "move army <troops> to <region> [via <region>]",
        "attack": "attack <region> with <troops> by <order>",
        "recruit": "recruit <number> <troop>",
        "raise": "raise <skill> to <level>",
        "prepare": "prepare battlefield",
        "rest": "R and R [, learn <skill>]",
        "learn": "R and R, learn <skill>",
        "train": "train general <name> [with <skill>, <skill>]",
        "champion": "fight alongside <troop>",
    },
)

REGION_ORDERS = Grammar(
    rows=[
        (
            "(convert|overtax) {amount:word} {spend:income|hire limit|hire}"
            " [(to|into) {gain:income|hire limit|hire}]",
            "overtax",
        ),
        (
            "(withdraw|retreat) [to {to}] [,]"
            " [[with|leaving] [the|a] (rearguard|rear guard) [of] [:] {rear}]",
            "withdraw",
        ),
        (
            "lower [the] {spend:income|hire limit} by {amount:word} [,] [to|and] (increase|raise)"
            " [the] {gain:income|hire limit} [by {by:word}]",
            "overtax",
        ),
    ],
    forms={
        "overtax": "convert <n> income to hire limit (or <n> hire limit to income)",
        "withdraw": "Withdraw [to <region>], rearguard <troops>",
    },
)

DIPLOMACY = Grammar(
    rows=[
        ("(declare war|war) [on|against|with] {power}", "war"),
        ("[make] peace (with|to) {power}", "peace"),
        ("end [the] war (with|against|on) {power}", "peace"),  # "to end a war, all sides ... agree"
        ("accept [the] [offer of] peace [offer] [(with|from|of)] {power}", "peace"),
        ("(refuse|reject|decline) [the] [offer of] peace [offer] [(with|from|of)] {power}", "refuse peace"),
        ("(withdraw|retract) [the|my|our] [offer of] peace [offer] [(to|with)] {power}", "withdraw peace"),
        ("[propose] [a|an] [{kind:formal|secret}] alliance (with|to) {powers}", "alliance"),
        ("form [a|an] [{kind:formal|secret}] alliance (with|to) {powers}", "alliance"),
        ("(break|leave) [the] alliance with {power}", "break"),
        ("(gift|give|send) {gold:word} gold to {power}", "gift"),
        ("(give|send|gift) {power} {gold:word} gold", "gift"),
    ],
    forms={
        "war": "declare war on <power>",
        "peace": "peace with <power>",
        "refuse peace": "refuse peace with <power>",
        "withdraw peace": "withdraw peace offer to <power>",
        "alliance": "propose formal|secret alliance with <power>[, <power>]",
        "break": "break alliance with <power>",
        "gift": "gift <n> gold to <power>",
    },
)


def starts_diplomacy(line: str) -> bool:
    """Whether ``line`` starts as a diplomatic order does, so that a slip in it is told that
    order's form. "End" starts one only before "war" ("end the war with Brenn"): "End of
    orders" is told that it is no order, not taught to make peace."""
    words = line.lower().split()
    if words[:1] == ["end"]:
        return "war" in words
    return DIPLOMACY.starts(line)


ACTION_HELP = (
    "travel to <region>; move army <troops> to <region> [via <region>]; "
    "attack <region> with <troops> by <order>; recruit <number> <troop>; prepare battlefield; "
    "R and R [, learn <skill>]; train general <name> [with <skill>, <skill>]; "
    "raise <skill> to <level>; fight alongside <troop>"
)
REGION_HELP = (
    "Ambush, Skirmish, Field Battle, Fortify, Withdraw [to <region>], rearguard <troops>; "
    "convert <n> income to hire limit; convert <n> hire limit to income"
)
DIPLOMACY_HELP = "; ".join(DIPLOMACY.forms.values())

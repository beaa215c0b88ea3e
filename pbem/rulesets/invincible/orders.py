"""The orders of Invincible!: one frozen type per hand signal, with its canonical text.

The words are the rulebook's hand signals ("Hand Signals"), so a player who
knows the table game knows the mail game. Orders come in four sorts:

* *actions* happen in the khan's place in the order of play, one after the
  other as written (ATTACK KHAN, FEAST, ASSIST ...); a mail's actions are one
  sequence and a later mail's sequence replaces it whole;
* *plan* lines say what the khan does in the rounds of a battle he cannot
  answer by mail (DEFEND 3, RETREAT IF COMPANION BELOW 3, PURSUE ...);
* *answers* accept or refuse an offer (ACCEPT ASSISTANCE FROM KUBLAI,
  ATTEND HORDE FEAST, SELL OGADAI ...), standing in the plan or answering an
  offer still open from the last turn;
* SPEAK WITHOUT SIGNALS, which the parser writes for a mail that uses no
  hand signal when the game's ``hand_signals`` option is on.

``text()`` is the canonical line; the parser reads it back to the same order.
Khans are named by their card names in capitals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.rulesets.written import Written, optional

ACTION = "action"
PLAN = "plan"
ANSWER = "answer"
INFRACTION = "infraction"


class Said(Written):
    """An order, or a part of one, whose canonical line is its ``form`` with its fields written
    in capitals, and a condition (``{when}``) after a space when there is one."""

    writers = {"when": optional(" {}")}

    @staticmethod
    def write(value: object) -> str:
        return str(value).upper()


#: condition kind -> its form, where not a comparison of numbers
CONDITION_FORMS = {"always": "", "never": "NEVER", "after": "AFTER ROUND {value}"}


class Condition(Said):
    """When a plan line applies: always, never, or on a khan's numbers.

    ``kind`` is "always", "never", "below", "above" or "after" (a round).
    ``stat`` is a Mode, "honor" or "wine"; ``opponent`` reads the other
    khan's numbers in the battle rather than one's own.
    """

    kind: str = "always"
    stat: str = ""
    value: int = 0
    opponent: bool = False
    writers = {"opponent": optional("OPPONENT ")}

    @property
    def form(self) -> str:
        return CONDITION_FORMS.get(self.kind, "IF {opponent}{stat} {kind} {value}")


ALWAYS = Condition()


class _Action(Said):
    """An action, made in the khan's place in the order of play."""

    sort = ACTION


class _Plan(Said):
    """A plan line, for the rounds of a battle."""

    sort = PLAN


class _ActionOrPlan(Said):
    """An action when written without a condition, a plan line (made after a round of
    battle) with one."""

    if TYPE_CHECKING:  # each kind has the field, last, after its own

        @property
        def when(self) -> Condition: ...

    @property
    def sort(self) -> str:
        return ACTION if self.when == ALWAYS else PLAN


class AttackKhan(_Action, form="ATTACK KHAN {target}"):
    """Attack Khan: start a battle with ``target`` in Accuser mode."""

    target: str


class AttackEnemy(_Action, form="ATTACK MONGOL ENEMY {number}"):
    """Attack Mongol Enemy number ``number``."""

    number: int


class Cooperate(_Action, form="COOPERATE WITH {leader}"):
    """Cooperate with ``leader`` against the Mongol Enemies he attacks this turn."""

    leader: str


class Assign(_ActionOrPlan, form="ASSIGN {amount} {source} TO {target}{vassal}{when}"):
    """Assign Points from one Mode to another (of ``vassal`` if named).

    With a condition other than always it is a plan line, made after a round
    of battle ("Assigning points can only be used after an attack has been
    made and defended").
    """

    amount: int
    source: str
    target: str
    vassal: str = ""
    when: Condition = ALWAYS

    writers = {**Said.writers, "vassal": optional(" FOR {}", str.upper)}


class Assist(Said):
    """Assist Khan: give ``amount`` points of a Mode, or Wine, to ``receiver``.

    ``source`` names a submitted khan whose Mode points his ruler gives.
    ``in_battle`` makes it a plan line: Mode points given to the receiver
    between the rounds of his battle ("Khans can assist one another by
    assigning Modal points to other Khans during battle"), once ``when`` holds.
    """

    receiver: str
    amount: int
    what: str
    source: str = ""
    #: help given during the receiver's battle, between rounds (RULINGS.md 38)
    in_battle: bool = False
    when: Condition = ALWAYS

    @property
    def sort(self) -> str:
        return PLAN if self.in_battle else ACTION

    writers = {**Said.writers, "source": optional(" FROM {}", str.upper)}

    @property
    def form(self) -> str:
        given = "ASSIST {receiver} {amount} {what}{source}"
        return given + " IN BATTLE{when}" if self.in_battle else given


class Feast(_Action, form="FEAST{guests}"):
    """Feast, sharing the Wine with ``guests`` (one Wine per khan fed)."""

    guests: tuple[str, ...] = ()

    writers = {"guests": optional(" WITH {}", lambda guests: ", ".join(guests).upper())}


class HordeFeast(_Action, form="HORDE FEAST"):
    """The Genghis Khan calls a Horde Feast, held at the start of next turn."""


class SpendHonor(_ActionOrPlan, form="SPEND HONOR ON {mode}{when}"):
    """Spend Honor: one Honor for 1d6 permanent points in ``mode``."""

    mode: str
    when: Condition = ALWAYS


class Submit(_Action, form="SUBMIT TO {ruler}"):
    """Submit to ``ruler``."""

    ruler: str


class RequestTransfer(_Action, form="REQUEST TRANSFER"):
    """A submitted khan asks the Genghis Khan to buy him from his ruler."""


class Buy(_Action, form="BUY {vassal}{seller}"):
    """The Genghis Khan buys ``vassal`` from his ruler for two Wine; ``seller``, if named, is the
    ruler the Genghis Khan means to buy him from ("Buy Temujin from Ogadai for two Wine")."""

    vassal: str
    seller: str = ""

    writers = {"seller": optional(" FROM {}", str.upper)}


class RestoreHonor(_Action, form="RESTORE {amount} HONOR TO {receiver}"):
    """The Genghis Khan restores ``amount`` Honor to ``receiver``."""

    amount: int
    receiver: str


class Pass(_Action, form="PASS"):
    """No action this turn (replaces the actions of an earlier mail)."""


class Defence(_Plan, form="{ambush} {amount}{when}"):
    """Defend (or Ambush) with ``amount`` Informer points each round."""

    amount: int
    ambush: bool = False
    when: Condition = ALWAYS

    writers = {**Said.writers, "ambush": lambda ambush: "AMBUSH" if ambush else "DEFEND"}


class Exit(_Plan, form="{word}{when}"):
    """Sue for Peace, Retreat, Withdraw or Pursue, when ``when`` holds."""

    word: str
    when: Condition = ALWAYS


class TransferLoss(_Plan, form="TRANSFER LOSS {mode} TO {khan}"):
    """The Genghis Khan hands the loss of one Mode to a pledged khan."""

    mode: str
    khan: str


#: answer kind -> (words to accept, words to refuse, the form of the khan it concerns)
ANSWER_FORMS = {
    "assistance": ("ACCEPT ASSISTANCE", "REFUSE ASSISTANCE", "FROM {other}"),
    "peace": ("ACCEPT PEACE", "REFUSE PEACE", "WITH {other}"),
    "horde-feast": ("ATTEND HORDE FEAST", "DECLINE HORDE FEAST", "{other}"),
    "sale": ("SELL", "KEEP", "{other}"),
    "debt": ("HONOR PEACE", "DISHONOR PEACE", "WITH {other}"),
}


class Answer(Said):
    """Accept or refuse an offer; ``other`` is the khan it concerns, "" for all."""

    kind: str
    accept: bool
    other: str = ""
    sort = ANSWER

    @property
    def form(self) -> str:
        yes, no, whom = ANSWER_FORMS[self.kind]
        word = yes if self.accept else no
        return f"{word} {whom}" if self.other else word


class Unsignalled(Said, form="SPEAK WITHOUT SIGNALS"):
    """A mail that used no hand signal, when the game insists on them."""

    sort = INFRACTION


Order = (
    AttackKhan
    | AttackEnemy
    | Cooperate
    | Assign
    | Assist
    | Feast
    | HordeFeast
    | SpendHonor
    | Submit
    | RequestTransfer
    | Buy
    | RestoreHonor
    | Pass
    | Defence
    | Exit
    | TransferLoss
    | Answer
    | Unsignalled
)

#: actions a feasting khan may still make ("Feast" in the rulebook), and the Genghis Khan's
#: privileges, which are not among the rulebook's Actions (RULINGS.md 19)
FEAST_ALLOWS = (
    Assign,
    Assist,
    RequestTransfer,
    SpendHonor,
    Submit,
    Feast,
    Pass,
    RestoreHonor,
    Buy,
    HordeFeast,
)


def raises_companion(order: Order) -> bool:
    """The only actions of a khan with no Companion ("until they are increased", RULINGS.md 22)."""
    return (
        isinstance(order, Feast)
        or (isinstance(order, Assign) and order.target == "companion")
        or (isinstance(order, SpendHonor) and order.mode == "companion")
    )


def named_khans(order: Order) -> tuple[str, ...]:
    """The khans an order names, by card name."""
    if isinstance(order, AttackKhan):
        names: tuple[str, ...] = (order.target,)
    elif isinstance(order, Cooperate):
        names = (order.leader,)
    elif isinstance(order, Assign | Buy):
        names = (order.vassal,)
    elif isinstance(order, Assist):
        names = (order.receiver, order.source)
    elif isinstance(order, Feast):
        names = order.guests
    elif isinstance(order, Submit):
        names = (order.ruler,)
    elif isinstance(order, RestoreHonor):
        names = (order.receiver,)
    elif isinstance(order, TransferLoss):
        names = (order.khan,)
    elif isinstance(order, Answer):
        names = (order.other,)
    else:
        names = ()
    return tuple(n for n in names if n)


def key(order: Order) -> str:
    """What a later mail's order replaces (see pbem.ruleset.OrderLine)."""
    if isinstance(order, Defence):
        return "plan:defence"
    if isinstance(order, Exit):
        return "plan:" + order.word.lower().replace(" ", "-")
    if isinstance(order, TransferLoss):
        return "plan:loss"
    if isinstance(order, Assist) and order.in_battle:
        return "plan:help"
    if isinstance(order, Answer):
        return f"answer:{order.kind}:{order.other.lower() or 'all'}"
    if order.sort == PLAN:
        return "plan:in-battle"
    return "actions"

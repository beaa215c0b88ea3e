"""The orders of The Generals as values, each with its canonical text and its key.

A player writes one action per general (``<general>: <action>``), one defensive order per
region (``<region>: <order>``), and diplomatic lines (war, peace, alliances, gifts).
``parse`` reads what players type into these values; the service stores ``text()`` and
hands it back to ``adjudicate``, which reads it again, so ``text()`` must read back to an
equal value. ``key()`` says which earlier order a later one replaces: the general's
action, the region's defence, the region's overtaxing, one diplomatic relation.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from pbem.rulesets.generals.army import describe_picks
from pbem.rulesets.generals.state import Defence, Pick
from pbem.rulesets.written import Written, optional


class _Keyed(Written):
    """An order whose canonical text is its ``form`` (``"{general}: travel to {to}"``,
    ``pbem.rulesets.written``) and whose key is its fields set into ``keyed``."""

    keyed: ClassVar[str]

    def key(self) -> str:
        return self.keyed.format_map(vars(self))


class _Action(_Keyed):
    """A general's action: he has one a turn, so a later one replaces it."""

    keyed = "action:{general}"
    general: str


class Travel(_Action, form="{general}: travel to {to}"):
    to: str


class MoveArmy(_Action, form="{general}: move army {picks} to {to}{via}"):
    writers = {"picks": describe_picks, "via": optional(" via {}")}
    picks: tuple[Pick, ...]
    to: str
    via: str | None = None


class Attack(_Action, form="{general}: attack {target} with {picks} by {order}"):
    writers = {"picks": describe_picks}
    target: str
    picks: tuple[Pick, ...]
    order: str


class Recruit(_Action, form="{general}: recruit {count} {troop}"):
    count: int
    troop: str


class PrepareBattlefield(_Action, form="{general}: prepare battlefield"): ...


class Rest(_Action, form="{general}: R and R{learn}"):
    """R and R: the general does nothing, but may buy a new skill with renown."""

    writers = {"learn": optional(", learn {}")}
    learn: str | None = None


class TrainGeneral(_Action, form="{general}: train general {name}{skills}"):
    writers = {"skills": optional(" with {}", ", ".join)}
    name: str
    skills: tuple[str, ...] = ()


class RaiseSkill(_Keyed, form="{general}: raise {skill} to {level}"):
    """Raising a skill costs renown but no action: the rulebook allows it at any time."""

    keyed = "raise:{general}:{skill}"
    general: str
    skill: str
    level: int


class Champion(_Keyed, form="{general}: fight alongside {troop}"):
    """The unit an Invincible Warrior fights alongside; standing until changed."""

    keyed = "champion:{general}"
    general: str
    troop: str


class Defend(_Keyed):
    keyed = "defend:{region}"
    region: str
    defence: Defence

    def text(self) -> str:
        if self.defence.order != "Withdraw":
            return f"{self.region}: {self.defence.order}"
        to = f" to {self.defence.to}" if self.defence.to else ""
        rearguard = describe_picks(self.defence.rearguard) if self.defence.rearguard else "none"
        return f"{self.region}: Withdraw{to}, rearguard {rearguard}"


class Overtax(_Keyed):
    """Convert income into hire limit ("income") or hire limit into income ("hire limit")."""

    keyed = "overtax:{region}"
    region: str
    spend: str
    amount: int

    def text(self) -> str:
        gain = "hire limit" if self.spend == "income" else "income"
        return f"{self.region}: convert {self.amount} {self.spend} to {gain}"


class DeclareWar(_Keyed, form="declare war on {power}"):
    keyed = "war:{power}"
    power: str


class _PeaceAnswer(_Keyed):
    """An order about peace with ``power``: offered, refused or withdrawn, the last one stands."""

    keyed = "peace:{power}"
    power: str


class Peace(_PeaceAnswer, form="peace with {power}"): ...


class RefusePeace(_PeaceAnswer, form="refuse peace with {power}"):
    """An answer of no to ``power``'s standing offer of peace."""


class WithdrawPeace(_PeaceAnswer, form="withdraw peace offer to {power}"):
    """Taking back one's own standing offer of peace to ``power``."""


class ProposeAlliance(_Keyed, form="propose {kind} alliance with {powers}"):
    """An alliance is made when every member sends the same proposal in the same turn."""

    writers = {"powers": ", ".join}
    kind: str
    powers: tuple[str, ...]

    def key(self) -> str:
        return f"alliance:{self.kind}:{','.join(self.powers)}"


class BreakAlliance(_Keyed, form="break alliance with {power}"):
    keyed = "break:{power}"
    power: str


class Gift(_Keyed, form="gift {gold} gold to {power}"):
    keyed = "gift:{power}"
    power: str
    gold: int


GeneralAction = Travel | MoveArmy | Attack | Recruit | PrepareBattlefield | Rest | TrainGeneral
Order = (
    GeneralAction
    | RaiseSkill
    | Champion
    | Defend
    | Overtax
    | DeclareWar
    | Peace
    | RefusePeace
    | WithdrawPeace
    | ProposeAlliance
    | BreakAlliance
    | Gift
)
ACTIONS = (Travel, MoveArmy, Attack, Recruit, PrepareBattlefield, Rest, TrainGeneral)


def of_kind(given: Mapping[str, Sequence[Order]], *kinds: type) -> Iterator[tuple[str, Any]]:
    """(power, order) for every given order of these kinds, in seat order then mail order."""
    for power, orders in given.items():
        for order in orders:
            if isinstance(order, kinds):
                yield power, order

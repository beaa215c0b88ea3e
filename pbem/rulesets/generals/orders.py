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
from dataclasses import dataclass
from typing import Any

from pbem.rulesets.generals.army import describe_picks
from pbem.rulesets.generals.state import Defence, Pick


class _Action:
    """A general's action: he has one a turn, so a later one replaces it."""

    general: str

    def key(self) -> str:
        return f"action:{self.general}"


class _PeaceAnswer:
    """An order about peace with ``power``: offered, refused or withdrawn, the last one stands."""

    power: str

    def key(self) -> str:
        return f"peace:{self.power}"


@dataclass(frozen=True)
class Travel(_Action):
    general: str
    to: str

    def text(self) -> str:
        return f"{self.general}: travel to {self.to}"


@dataclass(frozen=True)
class MoveArmy(_Action):
    general: str
    picks: tuple[Pick, ...]
    to: str
    via: str | None = None

    def text(self) -> str:
        via = f" via {self.via}" if self.via else ""
        return f"{self.general}: move army {describe_picks(self.picks)} to {self.to}{via}"


@dataclass(frozen=True)
class Attack(_Action):
    general: str
    target: str
    picks: tuple[Pick, ...]
    order: str

    def text(self) -> str:
        return f"{self.general}: attack {self.target} with {describe_picks(self.picks)} by {self.order}"


@dataclass(frozen=True)
class Recruit(_Action):
    general: str
    count: int
    troop: str

    def text(self) -> str:
        return f"{self.general}: recruit {self.count} {self.troop}"


@dataclass(frozen=True)
class PrepareBattlefield(_Action):
    general: str

    def text(self) -> str:
        return f"{self.general}: prepare battlefield"


@dataclass(frozen=True)
class Rest(_Action):
    """R and R: the general does nothing, but may buy a new skill with renown."""

    general: str
    learn: str | None = None

    def text(self) -> str:
        learn = f", learn {self.learn}" if self.learn else ""
        return f"{self.general}: R and R{learn}"


@dataclass(frozen=True)
class TrainGeneral(_Action):
    general: str
    name: str
    skills: tuple[str, ...] = ()

    def text(self) -> str:
        skills = f" with {', '.join(self.skills)}" if self.skills else ""
        return f"{self.general}: train general {self.name}{skills}"


@dataclass(frozen=True)
class RaiseSkill:
    """Raising a skill costs renown but no action: the rulebook allows it at any time."""

    general: str
    skill: str
    level: int

    def text(self) -> str:
        return f"{self.general}: raise {self.skill} to {self.level}"

    def key(self) -> str:
        return f"raise:{self.general}:{self.skill}"


@dataclass(frozen=True)
class Champion:
    """The unit an Invincible Warrior fights alongside; standing until changed."""

    general: str
    troop: str

    def text(self) -> str:
        return f"{self.general}: fight alongside {self.troop}"

    def key(self) -> str:
        return f"champion:{self.general}"


@dataclass(frozen=True)
class Defend:
    region: str
    defence: Defence

    def text(self) -> str:
        if self.defence.order != "Withdraw":
            return f"{self.region}: {self.defence.order}"
        to = f" to {self.defence.to}" if self.defence.to else ""
        rearguard = describe_picks(self.defence.rearguard) if self.defence.rearguard else "none"
        return f"{self.region}: Withdraw{to}, rearguard {rearguard}"

    def key(self) -> str:
        return f"defend:{self.region}"


@dataclass(frozen=True)
class Overtax:
    """Convert income into hire limit ("income") or hire limit into income ("hire limit")."""

    region: str
    spend: str
    amount: int

    def text(self) -> str:
        gain = "hire limit" if self.spend == "income" else "income"
        return f"{self.region}: convert {self.amount} {self.spend} to {gain}"

    def key(self) -> str:
        return f"overtax:{self.region}"


@dataclass(frozen=True)
class DeclareWar:
    power: str

    def text(self) -> str:
        return f"declare war on {self.power}"

    def key(self) -> str:
        return f"war:{self.power}"


@dataclass(frozen=True)
class Peace(_PeaceAnswer):
    power: str

    def text(self) -> str:
        return f"peace with {self.power}"


@dataclass(frozen=True)
class RefusePeace(_PeaceAnswer):
    """An answer of no to ``power``'s standing offer of peace."""

    power: str

    def text(self) -> str:
        return f"refuse peace with {self.power}"


@dataclass(frozen=True)
class WithdrawPeace(_PeaceAnswer):
    """Taking back one's own standing offer of peace to ``power``."""

    power: str

    def text(self) -> str:
        return f"withdraw peace offer to {self.power}"


@dataclass(frozen=True)
class ProposeAlliance:
    """An alliance is made when every member sends the same proposal in the same turn."""

    kind: str
    powers: tuple[str, ...]

    def text(self) -> str:
        return f"propose {self.kind} alliance with {', '.join(self.powers)}"

    def key(self) -> str:
        return f"alliance:{self.kind}:{','.join(self.powers)}"


@dataclass(frozen=True)
class BreakAlliance:
    power: str

    def text(self) -> str:
        return f"break alliance with {self.power}"

    def key(self) -> str:
        return f"break:{self.power}"


@dataclass(frozen=True)
class Gift:
    power: str
    gold: int

    def text(self) -> str:
        return f"gift {self.gold} gold to {self.power}"

    def key(self) -> str:
        return f"gift:{self.power}"


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

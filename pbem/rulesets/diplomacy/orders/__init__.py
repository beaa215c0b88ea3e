"""The order kinds, one module each, and the canonical notation they are written in.

Canonical notation is what the engine stores and reads back (DATC style):
``A PAR H``, ``A PAR - BUR`` (``VIA`` appended for an explicit convoy),
``A PAR S A MAR``, ``A PAR S A MAR - BUR``, ``F NTH C A LON - NWY``,
``A PAR R BUR``, ``A PAR B``, ``F STP/NC B``, ``A PAR D``, ``WAIVE`` and ``CANCEL A PAR B``.
What players write in mail is read by ``parser``, which produces these.
"""

from pbem.rulesets.diplomacy.core import Order, UnitOrder
from pbem.rulesets.diplomacy.orders.build import Build, Cancel, Waive
from pbem.rulesets.diplomacy.orders.convoy import Convoy
from pbem.rulesets.diplomacy.orders.disband import Disband
from pbem.rulesets.diplomacy.orders.hold import Hold
from pbem.rulesets.diplomacy.orders.move import Move
from pbem.rulesets.diplomacy.orders.notation import Notation, NotationError, parse_order
from pbem.rulesets.diplomacy.orders.retreat import Retreat
from pbem.rulesets.diplomacy.orders.support import SupportHold, SupportMove

__all__ = [
    "Build",
    "Cancel",
    "Convoy",
    "Disband",
    "Hold",
    "Move",
    "Notation",
    "NotationError",
    "Order",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "UnitOrder",
    "Waive",
    "parse_order",
]

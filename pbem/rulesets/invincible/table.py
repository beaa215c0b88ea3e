"""The table while one phase is resolved: a working copy of the game and its log.

Resolution is a long story told in order (the Genghis Khan first, battles
round by round), so it works on this mutable copy of a frozen ``Game`` and
freezes it again at the end. The table also keeps the rules every action
shares: the limits of ten, paying and giving Wine, submission, defeat (a
khan whose Honor and Companion are both zero or less leaves the game), and
the events everyone (or only some) may read.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any

from .data import VARIANTS, Variant
from .heirs import contenders, roll_off, winner
from .plan import Plan
from .state import Debt, Enemy, Game, Khan, Modes, Offer, horde_modes


class Table:
    """A game being resolved; ``freeze`` gives the next ``Game``."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.variant: Variant = VARIANTS[game.variant]
        self.rng = rng
        self.turn = game.turn
        self.khans: dict[str, Khan] = {k.power: k for k in game.khans}
        self.power_of = {k.card: k.power for k in game.khans}
        self.genghis = game.genghis
        self.gk_zero_turns = game.gk_zero_turns
        self.enemies: list[Enemy] = list(game.enemies)
        self.next_enemy = game.next_enemy
        self.offers: list[Offer] = list(game.offers)
        self.debts: list[Debt] = list(game.debts)
        self.feuds: list[tuple[str, str]] = list(game.feuds)
        self.feasted: set[str] = set(game.feasted)
        self.events: list[dict[str, Any]] = []
        self.notices: list[str] = []
        self.result = game.result
        self.winners: tuple[str, ...] = game.winners
        self.over = False
        # What happened earlier this turn, for the rules that ask.
        self.engaged: set[str] = set()
        self.attacked: set[str] = set()
        self.enemies_fought: set[int] = set()
        self.restored = 0
        # This phase's orders: each khan's plan, and who pledged to cooperate with whom.
        self.plans: dict[str, Plan] = {}
        self.pledges: dict[str, list[str]] = {}
        #: who wrote COOPERATE WITH whom, pledge kept or voided (no fine for the voided)
        self.willing: dict[str, str] = {}

    # -- reading ---------------------------------------------------------

    def name(self, power: str) -> str:
        """The khan's card name, as reports print it."""
        return self.khans[power].card

    def names(self, powers: Iterable[str]) -> list[str]:
        """The khans' card names, in the order given (for a report's lists and an event's)."""
        return [self.name(power) for power in powers]

    def khan_named(self, card: str) -> str | None:
        """The power holding ``card`` and still in the game, if any."""
        power = self.power_of.get(card)
        if power is None or self.khans[power].out:
            return None
        return power

    def in_game(self) -> list[str]:
        return [p for p, k in self.khans.items() if not k.out]

    def lord(self, power: str) -> str:
        """The khan at the head of ``power``'s Horde: his ruler, or himself."""
        return self.khans[power].ruler or power

    def vassals(self, power: str) -> list[str]:
        return [p for p, k in self.khans.items() if not k.out and k.ruler == power]

    def strength(self, power: str) -> Modes:
        """A khan's Modes counting his submitted khans'."""
        return horde_modes(self.khans, power)

    def plan(self, power: str) -> Plan:
        return self.plans.get(power, Plan())

    def loss_bearer(self, mode: str, pledged: Collection[str]) -> str | None:
        """The pledged khan the Genghis Khan's plan hands his loss of ``mode`` to, if any.

        "Can assign any loss of Modal points to any Khans who currently are pledged in
        service" (RULINGS.md 32): the first TRANSFER LOSS line of that Mode that names one.
        """
        for line in self.plan(self.genghis).losses:
            bearer = self.khan_named(line.khan)
            if line.mode == mode and bearer in pledged:
                return bearer
        return None

    def standing_answer(self, offer: Offer, about: str) -> bool | None:
        """The receiver's standing answer to ``offer`` (about the khan named ``about``).

        With none, the offer waits for his next mail (RULINGS.md 15).
        """
        answer = self.plan(offer.to).answer(offer.kind, about)
        if answer is None:
            self.offers.append(offer)
            self.say(
                "pending",
                f"{self.name(offer.to)} will answer in his next mail.",
                khan=self.name(offer.to),
            )
        return answer

    def order_of_play(self) -> list[str]:
        seats = list(self.khans)
        start = seats.index(self.genghis)
        return [p for p in seats[start:] + seats[:start] if not self.khans[p].out]

    # -- telling ---------------------------------------------------------

    def say(self, kind: str, text: str, seen_by: list[str] | None = None, **fields: Any) -> None:
        """Log an event; ``seen_by`` limits it to those khans (and the referee)."""
        event: dict[str, Any] = {"type": kind, "text": text, "turn": self.turn, **fields}
        if seen_by is not None:
            event["seen_by"] = list(seen_by)
        self.events.append(event)

    def tell(self, power: str, kind: str, text: str, **fields: Any) -> None:
        """Log an event only ``power`` (and the referee) hears of, naming his khan."""
        self.say(kind, text, seen_by=[power], khan=self.name(power), **fields)

    def void(self, power: str, order: str, why: str) -> None:
        """An order that did not happen: only its khan (and the referee) hears of it."""
        self.tell(power, "void", f"{self.name(power)}: {order} did not happen: {why}.", order=order)

    def announce(self, offer: Offer, text: str) -> None:
        """An offer (Assist Khan, the Genghis Khan buying a khan), told to all."""
        self.say("offer", text, by=self.name(offer.by), to=self.name(offer.to))

    def roll(self) -> int:
        """One d6 from the phase's seeded dice."""
        return self.rng.randint(1, 6)

    # -- changing --------------------------------------------------------

    def update(self, power: str, **changes: Any) -> Khan:
        khan = replace(self.khans[power], **changes)
        self.khans[power] = khan
        return khan

    def add_honor(self, power: str, amount: int) -> int:
        """Change Honor (never above the limit, but it may go below zero); the change made."""
        khan = self.khans[power]
        honor = khan.honor + amount
        if amount > 0:
            honor = min(self.variant.max_honor, honor)
        self.update(power, honor=honor)
        return honor - khan.honor

    def add_mode(self, power: str, mode: str, amount: int, permanent: bool = False) -> int:
        """Change a Mode within 0 and the limit; ``permanent`` raises its full value too."""
        khan = self.khans[power]
        now = khan.modes.get(mode)
        value = max(0, min(self.variant.max_mode, now + amount))
        changes: dict[str, Modes] = {"modes": khan.modes.with_mode(mode, value)}
        if permanent:
            full = max(0, min(self.variant.max_mode, khan.full.get(mode) + amount))
            changes["full"] = khan.full.with_mode(mode, full)
        self.update(power, **changes)
        return value - now

    def add_wine(self, power: str, amount: int) -> int:
        khan = self.khans[power]
        wine = max(0, min(self.variant.max_wine, khan.wine + amount))
        self.update(power, wine=wine)
        return wine - khan.wine

    def pay_wine(self, payer: str, payee: str, amount: int) -> int:
        """A payment: the payer gives what he has of ``amount``; Wine over ten is lost."""
        paid = -self.add_wine(payer, -amount)
        self.add_wine(payee, paid)
        return paid

    # -- submission and defeat --------------------------------------------

    def submit(self, vassal: str, ruler: str) -> None:
        """``vassal`` submits to ``ruler``'s Horde ("Submit"), with one Wine.

        A Horde is one level deep (RULINGS.md 23): submitting to a submitted
        khan is submitting to his ruler, and the vassal's own submitted khans
        follow him. A Genghis Khan who submits hands his title to his ruler.
        """
        ruler = self.lord(ruler)
        if ruler == vassal:
            return
        self.update(vassal, ruler=ruler)
        for follower in self.vassals(vassal):
            self.update(follower, ruler=ruler)
        paid = self.pay_wine(vassal, ruler, 1)
        self.offers = [o for o in self.offers if not (o.kind == "transfer" and o.by == vassal)]
        self.say(
            "submit",
            f"{self.name(vassal)} submits to {self.name(ruler)}"
            + (" and gives him one Wine." if paid else " (and has no Wine to give)."),
            khan=self.name(vassal),
            ruler=self.name(ruler),
        )
        if vassal == self.genghis:
            self.pass_title(ruler, "the Genghis Khan has submitted")

    def successor(self, exclude: str) -> str | None:
        """Who takes the title from ``exclude`` (``heirs``); a tie on every count is
        settled by a d6 roll-off, told to all."""
        tied = contenders(self.khans, exclude)
        if len(tied) <= 1:
            return tied[0] if tied else None
        rounds = roll_off(tied, self.roll)
        self.say(
            "roll-off",
            "Tied for the title, they roll: "
            + "; ".join(", ".join(f"{self.name(p)} {r}" for p, r in rnd) for rnd in rounds)
            + ".",
            rounds=[[[self.name(p), r] for p, r in rnd] for rnd in rounds],
        )
        return winner(rounds)

    def pass_title(self, heir: str, why: str) -> None:
        self.genghis = heir
        self.gk_zero_turns = 0
        self.say("genghis", f"{self.name(heir)} is now the Genghis Khan ({why}).", khan=self.name(heir))

    def settle(self) -> None:
        """Remove every khan whose Honor and Companion are both zero or less ("Defeat")."""
        for power, khan in list(self.khans.items()):
            if not khan.out and khan.honor <= 0 and khan.modes.companion <= 0:
                self.defeat(power, by=None)

    def defeat(self, power: str, by: str | None) -> None:
        """``power`` leaves the game; his submitted khans submit to the victor, if any."""
        self.update(power, out=True, ruler=None)
        self.say("defeat", f"{self.name(power)} is defeated and leaves the game.", khan=self.name(power))
        self.notices.append(f"{self.name(power)} ({power}) is defeated and out of the game.")
        victor = self.lord(by) if by is not None and not self.khans[by].out else None
        for vassal in self.vassals(power):
            if victor is not None and victor != vassal:
                self.submit(vassal, victor)
            else:
                self.update(vassal, ruler=None)
                self.say("freed", f"{self.name(vassal)} is free again.", khan=self.name(vassal))
        self.offers = [o for o in self.offers if power not in (o.by, o.to, o.source)]
        self.debts = [d for d in self.debts if power not in (d.debtor, d.creditor)]
        if power == self.genghis:
            if victor is not None:
                self.pass_title(victor, "he defeated the Genghis Khan")
            else:
                heir = self.successor(exclude=power)
                if heir is not None:
                    self.pass_title(heir, "the Genghis Khan is defeated")

    # -- the end ---------------------------------------------------------

    def freeze(self, **changes: Any) -> Game:
        """The frozen game after this phase."""
        return replace(
            self.game,
            khans=tuple(self.khans.values()),
            genghis=self.genghis,
            gk_zero_turns=self.gk_zero_turns,
            enemies=tuple(self.enemies),
            next_enemy=self.next_enemy,
            offers=tuple(self.offers),
            debts=tuple(self.debts),
            feuds=tuple(self.feuds),
            feasted=tuple(p for p in self.khans if p in self.feasted),
            result=self.result,
            winners=self.winners,
            **changes,
        )

"""A tiny ruleset for the service's own tests: the mail path without a board game's rules.

Each round every power (or, with ``alternate: true``, one power in turn) orders
lines ``ADD <n>`` (1-9); adjudication adds them to that power's score. Scores
are public, each power's ``secret`` number (drawn from the seed at the start)
is hidden from the others: enough to test visibility. The game ends after
``rounds`` rounds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import PUBLIC, REFEREE, Adjudication, OrderLine, Phase, Ruleset, SetupError


class Tally(Ruleset):
    name = "tally"

    def variants(self) -> list[str]:
        return ["standard"]

    def start(self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Any:
        if variant != "standard":
            raise SetupError(f"no variant {variant!r}")
        if len(powers) < 2:
            raise SetupError("tally needs two powers or more")
        rng = random.Random(seed)
        return {
            "powers": list(powers),
            "round": 1,
            "rounds": int(options.get("rounds", 3)),
            "alternate": bool(options.get("alternate", False)),
            "scores": {power: 0 for power in powers},
            "secrets": {power: f"SECRET-{power.upper()}-{rng.randrange(10**6):06d}" for power in powers},
        }

    def phase(self, state: Any) -> Phase:
        over = state["round"] > state["rounds"]
        powers = state["powers"]
        acting = powers
        if state["alternate"]:
            acting = [powers[(state["round"] - 1) % len(powers)]]
        best = max(state["scores"].values())
        return Phase(
            id=f"R{state['round']}",
            label=f"Round {state['round']}",
            kind="round",
            acting=() if over else tuple(acting),
            may_order=() if over else tuple(acting),
            over=over,
            result=f"highest score {best}" if over else "",
            winners=tuple(p for p, s in state["scores"].items() if s == best) if over else (),
            survivors=tuple(powers),
        )

    #: a line ``BUG`` raises, as a bug in a ruleset would, until a test sets this
    bug_fixed = False

    def parse_orders(self, state: Any, power: str, text: str) -> list[OrderLine]:
        lines = []
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            if line.strip() == "BUG" and not Tally.bug_fixed:
                raise RuntimeError("a bug in the tally ruleset")
            match = re.fullmatch(r"\s*add\s+(\d+)\s*", line, re.IGNORECASE)
            if match and 1 <= int(match[1]) <= 9:
                lines.append(OrderLine(number, line, order=f"ADD {int(match[1])}", key="add"))
            else:
                lines.append(
                    OrderLine(
                        number,
                        line,
                        error=f"not an order: {line.strip()!r}",
                        hint="write ADD <n> with n from 1 to 9",
                    )
                )
        return lines

    def default_orders(self, state: Any, power: str) -> list[str]:
        return ["ADD 1"]

    def adjudicate(self, state: Any, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        scores = dict(state["scores"])
        events = []
        for power, lines in sorted(orders.items()):
            gained = sum(int(order.split()[1]) for order in lines)
            scores[power] += gained
            events.append({"power": power, "orders": list(lines), "gained": gained})
        new = {**state, "scores": scores, "round": state["round"] + 1}
        return Adjudication(new, events)

    def view(self, state: Any, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        view: dict[str, Any] = {
            "scores": dict(state["scores"]),
            "round": state["round"],
            "events": [dict(event) for event in events],
        }
        if viewer == REFEREE:
            view["secrets"] = dict(state["secrets"])
        elif viewer != PUBLIC and viewer in state["secrets"]:
            view["secret"] = state["secrets"][viewer]
        return view

    def hidden_facts(self, state: Any, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        if viewer == REFEREE:
            return []
        return [secret for power, secret in state["secrets"].items() if power != viewer]

    def dump_state(self, state: Any) -> dict[str, Any]:
        return dict(state)

    def load_state(self, data: Mapping[str, Any]) -> Any:
        return dict(data)


ruleset = Tally()

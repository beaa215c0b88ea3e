"""No leaks, as a property of whole games by mail, for every ruleset.

Seeded random games are played through the real service on Maildir: each phase, every player
who may order mails a random mail (each game's own random player writes it, mistakes
included), and the cron job runs to the deadline. Every mail each player receives is then
searched for the facts the ruleset says are hidden from that player at the time: replies
against the state they were written from, reports against the state and events they report.
"""

import random
import zlib
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest

from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of


def _diplomacy(state: Any, power: str, rng: random.Random) -> str:
    from pbem.rulesets.diplomacy.randomplay import random_orders
    from pbem.rulesets.diplomacy.variant import load_variant

    orders = random_orders(load_variant(state.variant), state.board, state.turn.kind, rng)
    return "\n".join(orders.get(power, []))


def _mandate(state: Any, power: str, rng: random.Random) -> str:
    """A random Diplomacy mail with votes for neutral units: every player draws the neutrals'
    orders from one generator per phase, so that votes often agree and are sometimes carried."""
    from pbem.rulesets.diplomacy.randomplay import random_orders
    from pbem.rulesets.diplomacy.variant import load_variant

    variant = load_variant(state.variant).for_game(state)
    orders = random_orders(variant, state.board, state.turn.kind, rng)
    shared = random_orders(variant, state.board, state.turn.kind, random.Random(variant.phase_id(state.turn)))
    votes = [order for neutral in variant.neutrals(state) for order in shared.get(neutral, [])]
    return "\n".join([*orders.get(power, []), *(vote for vote in votes if rng.random() < 0.6)])


def _generals(state: Any, power: str, rng: random.Random) -> str:
    from tests.generals.randomplay import random_lines

    return "\n".join(random_lines(state, power, rng))


def _invictus(state: Any, power: str, rng: random.Random) -> str:
    from tests.invictus.players import mail

    return mail(state, power, rng)[0]


def _invincible(state: Any, power: str, rng: random.Random) -> str:
    from tests.invincible.random_khans import random_mail

    return random_mail(rng, state, power)


def _invoke(state: Any, power: str, rng: random.Random) -> str:
    from tests.invoke.players import mail

    return mail(state, power, rng)


# ruleset (or a variant's name, see RULESETS) -> (variant, powers, options, random mail writer)
GAMES: dict[str, tuple[str, list[str], dict[str, Any], Callable[[Any, str, random.Random], str]]] = {
    "diplomacy": (
        "standard",
        ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
        {},
        _diplomacy,
    ),
    "generals": ("standard", ["Aldmark", "Brenn", "Corvath", "Dunmere"], {"turns": 4}, _generals),
    "invictus": ("guerre-eclair", ["North", "South"], {}, _invictus),
    "invincible": ("standard", ["North", "East", "South", "West"], {}, _invincible),
    "invoke": ("starter", ["Alice", "Bob", "Carol"], {"rounds": 4}, _invoke),
    "mandate_of_heaven": (
        "mandate_of_heaven",
        ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"],
        {},
        _mandate,
    ),
}
#: the entries of GAMES that are a second variant of a ruleset: entry -> ruleset
RULESETS = {"mandate_of_heaven": "diplomacy"}
PHASES = 8  # phases played per game
#: rulesets whose canonical orders name the unit, so one power's orders never read like another's:
#: there, a reply must not show another power's orders before the phase is adjudicated
ORDERS_NAME_THE_UNIT = {"diplomacy", "mandate_of_heaven"}


def hidden(ruleset: Any, data: dict[str, Any], events: list[dict[str, Any]], viewer: str) -> set[str]:
    return set(ruleset.hidden_facts(ruleset.load_state(data), events, viewer))


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_mail_shows_a_player_what_is_hidden_from_them(tmp_path, name, seed):
    variant, powers, options, write = GAMES[name]
    ruleset = get_ruleset(RULESETS.get(name, name))
    addresses = {power: f"{power.lower().replace(chr(39), '')}@example.test" for power in powers}
    table = Table(
        tmp_path,
        [
            game(
                "g1",
                RULESETS.get(name, name),
                addresses,
                variant=variant,
                options=options,
                deadlines={"default": "48h"},
                grace="0h",
                mass_nmr_share=1.0,
            )
        ],
        seed_source=lambda game_id, phase_id: zlib.crc32(f"{seed}:{phase_id}".encode()),
    )
    table.start("g1", seed=seed)
    rng = random.Random(seed)
    checked = 0
    with table.store() as store:
        row = store.game("g1")
    assert row is not None
    before, events = row.state, []
    for _ in range(PHASES):
        state = ruleset.load_state(before)
        phase = ruleset.phase(state)
        if phase.over:
            break
        for power in phase.may_order:
            if power not in addresses:
                continue  # a power with no player yet (an activated neutral of Mandate of Heaven)
            if power in phase.acting or rng.random() < 0.5:
                table.send(addresses[power], f"SIGNON {power} g1 pw\n{write(state, power, rng)}\nLIST")
        table.run()
        with table.store() as store:
            pending = {p: s.orders() for p, s in store.order_sets("g1", phase.id).items()}
        table.advance(hours=49)
        table.run()
        with table.store() as store:
            row = store.game("g1")
            turns = store.turns("g1")
        assert row is not None
        after = row.state
        new_events = turns[-1].events if turns and turns[-1].state_after == after else events
        for power, address in addresses.items():
            secret_before = hidden(ruleset, before, events, power)
            secret_after = hidden(ruleset, after, new_events, power)
            for message in table.take(address):
                body = text_of(message)
                for part in message.walk():
                    if part.get_content_type() == "text/html":
                        body += unescape(str(part.get_content()))  # "Ch'in" as written
                report = "results" in str(message["Subject"])
                secrets = secret_after if report else secret_before
                leaked = [fact for fact in secrets if fact in body]
                if not report and name in ORDERS_NAME_THE_UNIT:  # whole lines: "F NTH S F HOL - BEL"
                    lines = {line.strip().removeprefix("ok: ") for line in body.split("\n")}  # is England's
                    leaked += [
                        o
                        for other, orders in pending.items()
                        if other != power
                        for o in orders
                        if o in lines and o not in pending.get(power, [])
                    ]
                assert not leaked, f"{power} was sent {leaked} in {message['Subject']!r}"
                checked += 1
        before, events = after, new_events
    assert checked > 0

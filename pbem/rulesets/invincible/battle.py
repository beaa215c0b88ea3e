"""Battle between khans, round by round ("Battle: Between Khans", "Battle Actions").

The attacker accuses in Accuser mode; each round both roll 1d6, the
attacker adding his Accuser points and the defender the Informer points he
spends to Defend or Ambush (his plan says how many). The loser of a round
loses the difference: a defender who fails loses Companion; a defender who
holds makes the attacker lose Accuser; a successful ambush costs the
attacker Companion, a failed one costs the ambusher two more Companion.
After each round the plans may assign points or spend Honor, and may end
the battle: Sue for Peace, Retreat, Withdraw (which the other may Pursue).
A khan brought to zero Companion loses the battle and, if he keeps Honor,
submits to his conqueror. The rulings that settle the rulebook's gaps are
RULINGS.md 3 to 14.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.frozen import Frozen

from .assistance import assign, help_in_battle, spend_honor
from .orders import Assign
from .plan import holds
from .state import Debt
from .table import Table

SUE, RETREAT, WITHDRAW, PURSUE = "SUE FOR PEACE", "RETREAT", "WITHDRAW", "PURSUE"
AMBUSH_PENALTY = 2


@dataclass
class _Battle:
    attacker: str
    defender: str
    round: int = 0
    sued: set[str] = field(default_factory=set)
    pursued: set[str] = field(default_factory=set)
    fired: set[tuple[str, int]] = field(default_factory=set)
    helped: set[tuple[str, int]] = field(default_factory=set)
    handed: set[str] = field(default_factory=set)

    def other(self, power: str) -> str:
        return self.defender if power == self.attacker else self.attacker


class _End(Frozen):
    winner: str | None = None
    retreat: bool = False


def attack_khan(table: Table, attacker: str, defender: str) -> None:
    """Fight a whole battle between two khans on the table."""
    battle = _Battle(attacker, defender)
    table.engaged.update((attacker, defender))
    table.say(
        "attack",
        f"{table.name(attacker)} accuses {table.name(defender)} and attacks (Attack Khan).",
        attacker=table.name(attacker),
        defender=table.name(defender),
    )
    end = _exits(table, battle)
    while end is None:
        battle.round += 1
        loser = _round(table, battle)
        # "until a Khan is defeated (Companion points reach zero)": a khan who starts with
        # none still rolls, and is beaten only by losing a round (RULINGS.md 12).
        if loser and table.khans[loser].modes.companion <= 0:
            end = _End(winner=battle.other(loser))
            break
        _between_rounds(table, battle)
        end = _exits(table, battle)
        if end is None and battle.round >= table.variant.battle_rounds:
            table.say(
                "battle-breaks-off",
                f"After {battle.round} rounds night falls: the battle breaks off undecided.",
            )
            end = _End()
    _finish(table, battle, end)


def _round(table: Table, battle: _Battle) -> str:
    """One round; the khan who lost it, or "" on a tie."""
    a, d = battle.attacker, battle.defender
    me, them = table.khans[d], table.khans[a]
    choice = table.plan(d).defence(me, them, battle.round, table.variant.default_defence)
    spent = min(choice.amount, me.modes.informer)
    table.add_mode(d, "informer", -spent)
    attack_roll, defence_roll = table.roll(), table.roll()
    accuser = them.modes.accuser
    attack, defence = attack_roll + accuser, defence_roll + spent
    how = "ambushes" if choice.ambush else "defends"
    text = (
        f"Round {battle.round}: {table.name(a)} attacks with {attack_roll} + {accuser} Accuser "
        f"= {attack}; {table.name(d)} {how} with {defence_roll} + {spent} Informer = {defence}."
    )
    if choice.ambush and defence > attack:
        loser, mode, loss = a, "companion", defence - attack
        text += " The ambush succeeds:"
    elif choice.ambush:
        loser, mode, loss = d, "companion", attack - defence + AMBUSH_PENALTY
        text += " The ambush fails (two Companion more):"
    elif attack > defence:
        loser, mode, loss = d, "companion", attack - defence
    elif defence > attack:
        loser, mode, loss = a, "accuser", defence - attack
    else:
        loser, mode, loss = "", "", 0
    bearer = _bearer(table, battle, loser, mode) if loser else ""
    if loser and bearer != loser:
        before = table.khans[bearer].modes.get(mode)
        lost = -table.add_mode(bearer, mode, -loss)
        text += (
            f" {table.name(loser)} loses the round; the Genghis Khan hands the loss to "
            f"{table.name(bearer)}, who loses {lost} {mode.title()} ({before} → {before - lost})."
        )
    elif loser:
        before = table.khans[loser].modes.get(mode)
        lost = -table.add_mode(loser, mode, -loss)
        text += f" {table.name(loser)} loses {lost} {mode.title()} ({before} → {before - lost})."
    else:
        text += " Neither gives way."
    table.say(
        "round",
        text,
        round=battle.round,
        attacker=table.name(a),
        defender=table.name(d),
        ambush=choice.ambush,
        attack_roll=attack_roll,
        attack=attack,
        defence_roll=defence_roll,
        spent=spent,
        defence=defence,
        loser=table.name(loser) if loser else "",
        mode=mode,
        loss=loss,
    )
    return loser


def _bearer(table: Table, battle: _Battle, loser: str, mode: str) -> str:
    """Who bears a round's loss: the loser, or a khan the Genghis Khan hands it to.

    "Can assign any loss of Modal points to any Khans who currently are pledged in
    service but must lose one Honor to do so" (RULINGS.md 32): his submitted khans and
    those who cooperate with him this turn; one Honor for each khan, once a battle.
    """
    if loser != table.genghis:
        return loser
    pledged = set(table.vassals(loser)) | set(table.pledges.get(loser, []))
    bearer = table.loss_bearer(mode, pledged - {battle.other(loser)})
    if bearer is None:
        return loser
    if bearer not in battle.handed:
        battle.handed.add(bearer)
        table.add_honor(loser, -1)
        table.say(
            "hand-loss",
            f"The Genghis Khan, {table.name(loser)}, spends one Honor to hand his losses "
            f"of {mode.title()} to {table.name(bearer)}.",
            khan=table.name(bearer),
            mode=mode,
        )
    return bearer


def _between_rounds(table: Table, battle: _Battle) -> None:
    """Plan lines that assign points or spend Honor once their condition holds, once each."""
    for power in (battle.attacker, battle.defender):
        for index, line in enumerate(table.plan(power).between_rounds):
            me, them = table.khans[power], table.khans[battle.other(power)]
            if (power, index) in battle.fired or not holds(line.when, me, them, battle.round):
                continue
            battle.fired.add((power, index))
            if isinstance(line, Assign):
                assign(table, power, line)
            else:
                spend_honor(table, power, line.mode, line.text())
    fighters = (battle.attacker, battle.defender)
    for helper in table.order_of_play():
        if helper in fighters:
            continue
        for index, help_line in enumerate(table.plan(helper).helps):
            receiver = table.khan_named(help_line.receiver)
            if receiver not in fighters or (helper, index) in battle.helped:
                continue
            assert receiver is not None
            me, them = table.khans[receiver], table.khans[battle.other(receiver)]
            if holds(help_line.when, me, them, battle.round):
                battle.helped.add((helper, index))
                help_in_battle(table, helper, help_line)


def _wish(table: Table, battle: _Battle, power: str, skip: tuple[str, ...] = ()) -> str:
    """The first way out of the battle ``power``'s plan takes now, or ""."""
    me, them = table.khans[power], table.khans[battle.other(power)]
    plan = table.plan(power)
    for word in (SUE, RETREAT, WITHDRAW):
        if word in skip:
            continue
        if word == SUE and power in battle.sued:
            continue
        if word == RETREAT and battle.round == 0:
            continue  # "after an attack and defense have been made"
        if word == WITHDRAW and power in battle.pursued:
            continue  # RULINGS.md 8
        if plan.wants(word, me, them, battle.round):
            return word
    return ""


def _exits(table: Table, battle: _Battle) -> _End | None:
    """Whether the battle ends after this round, and how."""
    sides = (battle.attacker, battle.defender)
    wish = {p: _wish(table, battle, p) for p in sides}
    suing = [p for p in sides if wish[p] == SUE]
    if len(suing) == 2:
        table.say(
            "peace",
            "Both khans sue for peace at once: the battle ends, and neither owes the other anything.",
        )
        return _End()
    if suing:
        end = _sue(table, battle, suing[0])
        if end is not None:
            return end
        wish[suing[0]] = _wish(table, battle, suing[0], skip=(SUE,))
    retreating = [p for p in sides if wish[p] == RETREAT]
    for power in retreating:
        table.add_honor(power, -1)
        table.say(
            "retreat",
            f"{table.name(power)} retreats and loses one Honor (Retreat).",
            khan=table.name(power),
        )
    if len(retreating) == 2:
        return _End()
    if retreating:
        return _End(winner=battle.other(retreating[0]), retreat=True)
    withdrawing = [p for p in sides if wish[p] == WITHDRAW]
    if len(withdrawing) == 2:
        table.say("withdraw", "Both khans withdraw: no battle, and no Honor is lost (Withdraw).")
        return _End()
    if withdrawing:
        return _withdraw(table, battle, withdrawing[0])
    return None


def _sue(table: Table, battle: _Battle, suer: str) -> _End | None:
    other = battle.other(suer)
    battle.sued.add(suer)
    table.say(
        "sue",
        f"{table.name(suer)} sues for peace, offering {table.name(other)} one Wine and one "
        "Honor next turn (Sue for Peace).",
        khan=table.name(suer),
    )
    answer = table.plan(other).answer("peace", table.name(suer))
    if answer is None:
        # No standing answer: the battle does not wait for a mail (RULINGS.md 9).
        table.say(
            "refuse",
            f"{table.name(other)} gives no answer in the field: the battle goes on.",
            khan=table.name(other),
        )
        return None
    if answer:
        table.debts.append(Debt(suer, other, table.turn + 1))
        table.say("accept", f"{table.name(other)} accepts the peace.", khan=table.name(other))
        return _End()
    table.say("refuse", f"{table.name(other)} refuses the peace.", khan=table.name(other))
    return None


def _withdraw(table: Table, battle: _Battle, power: str) -> _End | None:
    other = battle.other(power)
    table.say("withdraw", f"{table.name(power)} withdraws his troops (Withdraw).", khan=table.name(power))
    me, them = table.khans[other], table.khans[power]
    if table.plan(other).wants(PURSUE, me, them, battle.round) and me.honor >= 1:
        table.add_honor(other, -1)
        table.add_honor(power, -1)
        battle.pursued.add(power)
        # "he engages his rival Khan by attacking in Accuser mode": the pursuer attacks.
        battle.attacker, battle.defender = other, power
        table.say(
            "pursue",
            f"{table.name(other)} spends one Honor to pursue (Pursue) and attacks in Accuser "
            f"mode; {table.name(power)} loses one Honor and the battle goes on.",
            khan=table.name(other),
        )
        return None
    table.say("withdrawn", f"{table.name(other)} lets him go: the battle ends, no Honor lost.")
    return _End()


def _finish(table: Table, battle: _Battle, end: _End) -> None:
    """The spoils: one Wine and one Honor to the winner, one Honor from the loser."""
    if end.winner is not None:
        winner, loser = end.winner, battle.other(end.winner)
        table.add_honor(winner, 1)
        if not end.retreat:
            table.add_honor(loser, -1)
        wine = table.pay_wine(loser, winner, 1)
        table.say(
            "battle-won",
            f"{table.name(winner)} wins the battle and gains one Honor"
            + (f" and one Wine from {table.name(loser)}" if wine else "")
            + (f"; {table.name(loser)} loses one Honor." if not end.retreat else "."),
            winner=table.name(winner),
            loser=table.name(loser),
        )
        conquered = table.khans[loser]
        if conquered.modes.companion <= 0:
            if conquered.honor <= 0:
                table.defeat(loser, by=winner)
            else:
                table.submit(loser, winner)
    else:
        table.say(
            "battle-over",
            f"The battle between {table.name(battle.attacker)} and "
            f"{table.name(battle.defender)} ends with no winner.",
        )
    table.settle()

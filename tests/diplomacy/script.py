"""A scripted game of standard Diplomacy: the mails the seven powers send, phase by phase.

Played through the pure interface by test_script.py (and by anything that plays every
game's script, the same way as the other games'). Each entry of TURNS maps a power to
the full text of the mail it sends in that phase; SEEDS are the adjudication seeds
(Diplomacy uses none). ``check`` asserts what must have happened.

The story:

1. Spring 1901: the usual openings. Austria misspells Budapest, so it holds; Russia
   orders a Turkish fleet and is told it is not his. Vienna and Warsaw bounce in Galicia.
2. Fall 1901: England convoys Yorkshire to Norway; Germany, with support, dislodges the
   French army in Burgundy; Italy convoys an army to Tunis.
3. Fall 1901 retreats: France retreats to Paris (not to the Ruhr, where the attack came
   from). Centres change hands.
4. Winter 1901: builds; Russia forgets the coast of St Petersburg, and Turkey sends
   nothing, so its build is waived.
5. Spring 1902: Italy sends nothing: its units hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.scripted import event, mails

VARIANT = "standard"
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
OPTIONS: dict[str, Any] = {}
START_SEED = 1

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]

SEEDS = [11, 12, 13, 14, 15]

#: the lines parse_orders must refuse: (phase index, power) -> the lines as written
MISTAKES = {
    (0, "Austria"): ["A Bdu - Serbia"],
    (0, "Russia"): ["F Ankara - Black Sea"],
    (3, "Russia"): ["Build F St Petersburg"],
}


def check(states: Sequence[Any], events: Sequence[Sequence[Mapping[str, Any]]]) -> None:
    """What must have happened. ``states[0]`` is the start, ``states[i + 1]`` the state
    after phase i, ``events[i]`` the events of phase i (all as the ruleset returns them)."""
    from pbem.rulesets.diplomacy import ruleset

    def dump(index: int) -> dict[str, Any]:
        return ruleset.dump_state(states[index])

    phases = [ruleset.phase(state).id for state in states]
    assert phases == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M"]

    spring = event(events[0], "movement")
    assert spring["standoffs"] == ["GAL"]
    assert "A BUD" in dump(1)["units"]["Austria"]  # misspelt, so it held

    fall = event(events[1], "movement")
    [dislodged] = fall["dislodged"]
    assert (dislodged["unit"], dislodged["attacker_from"]) == ("A BUR", "RUH")
    assert "PAR" in dislodged["retreats"] and "RUH" not in dislodged["retreats"]
    assert "A NWY" in dump(2)["units"]["England"]
    assert "A TUN" in dump(2)["units"]["Italy"]

    centres = dump(3)["supply_centres"]
    assert {"NWY"} <= set(centres["England"]) and {"SPA", "POR"} <= set(centres["France"])
    assert "A PAR" in dump(3)["units"]["France"]

    winter = event(events[3], "adjustments")
    assert winter["waived"] == {"Russia": 1, "Turkey": 1}
    assert {"power": "Austria", "unit": "F TRI"} in winter["built"]
    assert sorted(dump(4)["units"]["Russia"]) == ["A MOS", "A UKR", "A WAR", "F RUM", "F SWE"]

    last = event(events[4], "movement")
    italy = [r for r in last["results"] if r["power"] == "Italy"]
    assert italy == []  # Italy sent nothing, and its units held
    assert sorted(dump(5)["units"]["Italy"]) == ["A TUN", "A VEN", "F ION", "F NAP"]

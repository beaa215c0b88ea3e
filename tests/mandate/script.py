"""A scripted year of Mandate of Heaven: the mails the eight players send, phase by phase.

In the common form of the games' scripts (see tests/diplomacy/script.py): TURNS maps each power
to the full text of its mail in each phase, MISTAKES the lines the mail parser must refuse, and
``check`` what must have happened. OPTIONS, START_SEED and SEEDS are the standard game's script's:
Diplomacy takes no options here and draws no dice, so the seeds only keep the common form.

The story, from the placement winter to the spring of the second year:

0. Winter 369 B.C.: the Hsiung-Nu place three armies in the steppe and desert (not in Wuyuan).
1. Spring 368 B.C.: five players vote Lu's army out to Pei Daiyeng (Wei votes it to hold, and
   loses), and Ch'i marches into Lu behind it. Yen's fleet cannot reach Choson.
2. Fall 368 B.C.: the nomads take Pei Choushi from the neutral Choushi; Ch'in takes Chengtu from
   Shu; Ch'u's fleet on the Yangtse carries an army from Ying to Nanchin. Ch'in and Wei vote to
   move Chou's army; two players are not a majority. Han sends nothing.
3. Fall 368 B.C. retreats, played only for votes: Choushi's army retreats to Hsi Turfan by a
   majority; Shu's army gets split votes and is disbanded. Wei's vote for a retreat to where the
   attack came from is refused.
4. Winter 368 B.C.: Ch'in and Ch'i build; the players vote Choushi's last army off the board, and
   civil disorder removes Lu's (nobody voted). Ch'in tries to build where its army stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.diplomacy import script as standard
from tests.scripted import event, mails

RULESET = "diplomacy"
VARIANT = "mandate_of_heaven"
POWERS = ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"]
OPTIONS, START_SEED, SEEDS = standard.OPTIONS, standard.START_SEED, standard.SEEDS

MAILS = mails(__file__)  # the players' mails, as mail text: mails.yaml
TURNS: list[dict[str, str]] = MAILS["turns"]

#: the lines parse_orders must refuse: (phase index, power) -> the lines as written
MISTAKES = {
    (0, "Hsiung-Nu"): ["Build A Wuyuan"],
    (1, "Yen"): ["F YUB - Choson"],
    (3, "Wei"): ["A PCS R CSI"],
    (4, "Ch'in"): ["Build A CHT"],
}


def check(states: Sequence[Any], events: Sequence[Sequence[Mapping[str, Any]]]) -> None:
    """What must have happened. ``states[0]`` is the start, ``states[i + 1]`` the state after
    phase i, ``events[i]`` the events of phase i (all as the ruleset returns them)."""
    from pbem.rulesets.diplomacy import ruleset

    def units(index: int) -> dict[str, list[str]]:
        return {p: sorted(us) for p, us in ruleset.dump_state(states[index])["units"].items()}

    def ballot(index: int, unit: str) -> Mapping[str, Any]:
        return next(b for b in event(events[index], "neutral_votes")["ballots"] if b["subject"] == unit)

    phases = [ruleset.phase(state).id for state in states]
    assert phases == ["W369BCA", "S368BCM", "F368BCM", "F368BCR", "W368BCA", "S367BCM"]

    assert units(1)["Hsiung-Nu"] == ["A HHS", "A NHS", "A TTU"]

    lu = ballot(1, "A LU")
    assert lu["carried"] == "A LU - PDA"
    assert lu["tally"] == [
        {"order": "A LU - PDA", "players": 5, "units": 15},
        {"order": "A LU H", "players": 1, "units": 3},
    ]
    assert units(2)["Lu"] == ["A PDA"] and "A LU" in units(2)["Ch'i"]
    assert units(2)["Hsiung-Nu"] == ["A CSI", "A NHS", "A TTU"]

    fall = event(events[2], "movement")
    dislodged = {d["unit"]: d["retreats"] for d in fall["dislodged"]}
    assert dislodged == {"A PCS": ["HTU"], "A CHT": ["HYC", "TIB"]}
    assert "A NAC" in units(3)["Ch'u"]  # by river convoy
    assert ballot(2, "A COU")["carried"] is None and units(3)["Chou"] == ["A COU"]
    assert not [r for r in fall["results"] if r["power"] == "Han"]

    retreats = event(events[3], "neutral_votes")
    assert {b["subject"]: b["carried"] for b in retreats["ballots"]} == {
        "A PCS": "A PCS R HTU",
        "A CHT": None,
    }
    assert units(4)["Choushi"] == ["A HTU"] and "Shu" not in units(4)
    centres = ruleset.dump_state(states[4])["supply_centres"]
    assert centres["Hsiung-Nu"] == ["PCS"] and "CHT" in centres["Ch'in"] and "LU" in centres["Ch'i"]
    assert "Choushi" not in centres and "Shu" not in centres and "Lu" not in centres

    winter = event(events[4], "adjustments")
    assert {(b["power"], b["unit"]) for b in winter["built"]} == {("Ch'in", "A HAC"), ("Ch'i", "F TSE")}
    assert winter["removed"] == [{"power": "Choushi", "unit": "A HTU"}]  # by vote
    assert winter["civil_disorder"] == [{"power": "Lu", "unit": "A PDA"}]  # nobody voted
    assert "Choushi" not in units(5) and "Lu" not in units(5)

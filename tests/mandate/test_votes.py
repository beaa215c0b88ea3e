"""Rule 3 through the interface: players' orders for neutral units are votes; a vote is carried by a
majority of the players holding a majority of their units; neutral retreats, builds and removals
are voted the same way; votes are secret; a neutral grown to three centres becomes a player."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import PUBLIC, REFEREE

from .games import PLAYERS, events_of, position, results, ruleset, sung_grown, units

#: Ch'in 6 units, Ch'u 5, the six others 1 each: 17 units, so a vote needs 5 players with 9 units
BIG = {
    "Ch'in": ["A YUY", "A HSY", "A HAC", "A CHA", "A RON", "A HHH"],
    "Ch'u": ["F YIN", "A CHE", "A TYI", "A PEN", "A NAC"],
    "Ch'i": ["A LIN"],
    "Yen": ["A SHG"],
    "Chao": ["A HAD"],
    "Wei": ["A WEI"],
    "Han": ["A HAN"],
    "Hsiung-Nu": ["A HHS"],
    "Sung": ["A SUN"],
    "Lu": ["A LU"],
}
SMALL = ["Ch'i", "Yen", "Chao", "Wei", "Han"]


def spring(units_by_power: dict[str, list[str]] | None = None, **kwargs: Any) -> Any:
    return position("S366BCM", units_by_power or BIG, **kwargs)


def vote(state: Any, voters: list[str], order: str, **others: str) -> Any:
    """Adjudicate with ``voters`` sending ``order`` and each power in ``others`` its own vote."""
    orders = {voter: [order] for voter in voters}
    orders.update({voter.replace("_", "'"): [text] for voter, text in others.items()})
    return ruleset.adjudicate(state, orders, 1)


def test_five_of_eight_players_with_most_units_carry_the_order() -> None:
    done = vote(spring(), ["Ch'in", "Ch'i", "Yen", "Chao", "Wei"], "A SUN - NTS")
    assert units(done.state)["Sung"] == ["A NTS"]
    assert results(done, "Sung") == {"A SUN - NTS": "success"}
    [event] = events_of(done, "neutral_votes")
    assert event["electorate"]["players_needed"] == 5 and event["electorate"]["units_needed"] == 9
    [ballot] = event["ballots"]
    assert ballot["carried"] == "A SUN - NTS"
    assert ballot["tally"] == [{"order": "A SUN - NTS", "players": 5, "units": 10}]


def test_a_majority_of_players_without_most_units_does_not_carry() -> None:
    done = vote(spring(), SMALL, "A SUN - NTS")  # five players, but five units of seventeen
    assert units(done.state)["Sung"] == ["A SUN"]
    assert results(done, "Sung") == {}  # no order: it holds
    [ballot] = events_of(done, "neutral_votes")[0]["ballots"]
    assert ballot["carried"] is None and ballot["outcome"] == "no majority: A SUN holds"


def test_most_units_without_a_majority_of_players_does_not_carry() -> None:
    done = vote(spring(), ["Ch'in", "Ch'u", "Ch'i", "Yen"], "A SUN - NTS")  # 13 units, but 4 players
    assert units(done.state)["Sung"] == ["A SUN"]


def test_abstaining_players_count_against_the_order() -> None:
    # Five of the eight players vote; all five agree. Had only voters counted, four would do.
    four = vote(spring(), ["Ch'in", "Ch'u", "Ch'i", "Yen"], "A SUN - NTS")
    five = vote(spring(), ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao"], "A SUN - NTS")
    assert units(four.state)["Sung"] == ["A SUN"] and units(five.state)["Sung"] == ["A NTS"]


def test_players_who_send_different_orders_split_the_vote() -> None:
    done = vote(spring(), ["Ch'in", "Ch'u", "Ch'i", "Yen"], "A SUN - NTS", Chao="A SUN - TYI")
    assert units(done.state)["Sung"] == ["A SUN"]
    [ballot] = events_of(done, "neutral_votes")[0]["ballots"]
    assert [t["players"] for t in ballot["tally"]] == [4, 1]


def test_the_same_order_however_spelt_is_the_same_vote() -> None:
    state = spring()
    written = [
        "A SUN - NTS",
        "Sung -> Nan Tsechuan",
        "a sun to nts",
        "Sung: A Sung moves to NTS",
        "sun - nan tsechuan",
    ]
    canonical = {line.order for text in written for line in ruleset.parse_orders(state, "Ch'i", text)}
    assert canonical == {"A SUN - NTS"}


def test_eliminated_players_neither_vote_nor_count() -> None:
    alive = {power: us for power, us in BIG.items() if power not in ("Ch'in", "Ch'u", "Ch'i")}
    state = spring(alive)  # five players left (Ch'in, Ch'u, Ch'i have no units and no centres)
    assert ruleset.phase(state).may_order == ("Yen", "Chao", "Wei", "Han", "Hsiung-Nu")
    done = vote(state, ["Yen", "Chao", "Wei"], "A SUN - NTS")  # three of five, three of five units
    assert units(done.state)["Sung"] == ["A NTS"]
    assert events_of(done, "neutral_votes")[0]["electorate"]["units"] == dict.fromkeys(
        alive.keys() - {"Sung", "Lu"}, 1
    )


def test_every_surviving_player_may_order_while_only_those_with_units_must() -> None:
    state = spring({**BIG, "Han": []}, centres={"Han": ["HAN"]})  # Han: no unit, but a centre
    phase = ruleset.phase(state)
    assert "Han" not in phase.acting and "Han" in phase.may_order
    [line] = ruleset.parse_orders(state, "Han", "A Sung holds")
    assert line.order == "A SUN H" and line.note and "vote" in line.note


def test_a_vote_is_never_an_order_of_the_voters_own() -> None:
    done = vote(spring(), ["Ch'in"], "A SUN - NTS")
    assert results(done, "Ch'in") == {}  # not in the results at all, not even as a failure
    public = ruleset.view(done.state, done.events, PUBLIC)
    assert all(group["power"] != "Ch'in" for phase in public["phases"] for group in phase["orders"])


def test_a_player_sees_their_own_votes_and_the_outcome_the_referee_every_vote() -> None:
    done = vote(spring(), ["Ch'in", "Ch'i", "Yen", "Chao"], "A SUN - NTS", Wei="A SUN H", Ch_u="A LU - NLI")
    mine = ruleset.view(done.state, done.events, "Wei")["mandate"]["votes"]
    assert mine == [
        {
            "power": "Sung",
            "subject": "A SUN",
            "carried": None,
            "outcome": "no majority: A SUN holds",
            "yours": "A SUN H",
            "yours_carried": False,
        }
    ]
    assert ruleset.view(done.state, done.events, "Han")["mandate"]["votes"] == []  # Han did not vote
    assert ruleset.view(done.state, done.events, PUBLIC)["mandate"]["votes"] == []
    referee = ruleset.view(done.state, done.events, REFEREE)["mandate"]["votes"]
    assert [b["subject"] for b in referee] == ["A LU", "A SUN"]
    assert referee[1]["votes"] == [
        "Ch'in voted A SUN - NTS",
        "Ch'i voted A SUN - NTS",
        "Yen voted A SUN - NTS",
        "Chao voted A SUN - NTS",
        "Wei voted A SUN H",
    ]


def test_the_hidden_facts_of_a_player_are_the_others_votes_as_printed() -> None:
    done = vote(spring(), ["Ch'in", "Ch'i"], "A SUN - NTS", Wei="A SUN H")
    assert sorted(ruleset.hidden_facts(done.state, done.events, "Wei")) == [
        "Ch'i voted A SUN - NTS",
        "Ch'in voted A SUN - NTS",
    ]
    assert len(ruleset.hidden_facts(done.state, done.events, PUBLIC)) == 3
    assert ruleset.hidden_facts(done.state, done.events, REFEREE) == []


def test_a_dislodged_neutral_retreats_by_vote_and_disbands_without_a_majority() -> None:
    state = position(
        "F366BCR",
        {power: us for power, us in BIG.items() if power != "Sung"},
        dislodged=[{"power": "Sung", "unit": "A SUN", "attacker_from": "HAN", "retreats": ["DAI", "NTS"]}],
    )
    phase = ruleset.phase(state)
    assert phase.acting == () and phase.may_order == tuple(PLAYERS)  # played for the votes alone
    carried = vote(state, ["Ch'in", "Ch'i", "Yen", "Chao", "Wei"], "A SUN R NTS")
    assert units(carried.state)["Sung"] == ["A NTS"]
    lost = vote(state, SMALL, "A SUN R NTS")
    assert "Sung" not in units(lost.state)
    assert events_of(lost, "neutral_votes")[0]["ballots"][0]["outcome"] == "no majority: A SUN is disbanded"


def _winter(neutral_units: list[str], neutral_centres: list[str]) -> Any:
    players = {power: us for power, us in BIG.items() if power not in ("Sung", "Lu")}
    centres = {"Sung": neutral_centres, **{p: [u.split()[1] for u in us] for p, us in players.items()}}
    return position("W366BCA", {**players, "Sung": neutral_units}, centres)


def test_a_neutral_builds_by_vote_and_waives_without_a_majority() -> None:
    state = _winter(["A NTS"], ["SUN", "DAI"])  # two centres, one unit: one build
    assert ruleset.phase(state).may_order == tuple(PLAYERS)
    built = vote(state, ["Ch'in", "Ch'i", "Yen", "Chao", "Wei"], "A SUN B")
    assert units(built.state)["Sung"] == ["A NTS", "A SUN"]
    waived = vote(state, SMALL, "A SUN B")
    assert units(waived.state)["Sung"] == ["A NTS"]
    assert events_of(waived, "adjustments")[0]["waived"]["Sung"] == 1
    [ballot] = events_of(waived, "neutral_votes")[0]["ballots"]
    assert ballot["outcome"] == "no majority: no build is made in SUN (waived)"


def test_a_neutral_removes_by_vote_and_by_civil_disorder_without_a_majority() -> None:
    state = _winter(["A SUN", "A NTS"], ["SUN"])  # one centre, two units: one removal
    chosen = vote(state, ["Ch'in", "Ch'i", "Yen", "Chao", "Wei"], "A SUN D")
    assert units(chosen.state)["Sung"] == ["A NTS"]
    disorder = vote(state, SMALL, "A SUN D")
    assert units(disorder.state)["Sung"] == ["A SUN"]  # the unit farthest from its centre goes
    assert events_of(disorder, "adjustments")[0]["civil_disorder"] == [{"power": "Sung", "unit": "A NTS"}]
    [ballot] = events_of(disorder, "neutral_votes")[0]["ballots"]
    assert ballot["outcome"] == "no majority: A SUN is removed only if civil disorder chooses it"


def test_a_neutral_vote_for_more_builds_than_it_has_is_refused_in_the_mail() -> None:
    state = _winter(["A NTS"], ["SUN", "DAI"])
    [first, second] = ruleset.parse_orders(state, "Ch'in", "Build A Sung\nBuild A Daiyeng")
    assert first.order == "A SUN B" and first.note and "vote" in first.note
    assert second.error and "Sung has 1 build" in second.error


def test_a_neutral_grown_to_three_centres_is_activated_as_a_player_power() -> None:
    state = sung_grown("F366BCM", {**BIG, "Ch'u": ["F YIN", "A CHE"]})
    done = ruleset.adjudicate(state, {}, 1)
    [activated] = events_of(done, "activated")
    assert (activated["power"], activated["centres"]) == ("Sung", 3)
    [notice] = done.notices
    assert "REPLACE Sung <address>" in notice
    assert "eliminated so far" not in notice  # nobody is out yet
    assert done.state.powers == (*PLAYERS, "Sung")
    phase = ruleset.phase(done.state)
    assert "Sung" in phase.survivors
    # Sung is a player now: its units take no more votes, and its own orders are its own.
    spring_state = ruleset.adjudicate(done.state, {}, 1).state
    [line] = ruleset.parse_orders(spring_state, "Ch'in", "A SUN - DAI")
    assert line.error and "belongs to Sung" in line.error
    assert ruleset.parse_orders(spring_state, "Sung", "A SUN - DAI")[0].order == "A SUN - DAI"


def test_the_notice_names_the_players_already_eliminated() -> None:
    state = sung_grown("F366BCM", {"Ch'in": ["A YUY"]})
    done = ruleset.adjudicate(state, {}, 1)
    [notice] = done.notices
    assert "eliminated so far: Ch'u, Ch'i, Yen, Chao, Wei, Han." in notice  # the nomads may still place


def test_retreats_and_winters_with_nothing_for_anyone_are_still_skipped() -> None:
    state = position(
        "F364BCM",
        {"Ch'in": ["A YUY"], "Hsiung-Nu": ["A HHS", "A NHS", "A TTU"], "Sung": ["A SUN"]},
        {"Ch'in": ["YUY"], "Sung": ["SUN"]},
    )
    done = ruleset.adjudicate(state, {}, 1)
    assert ruleset.phase(done.state).id == "S363BCM"
    assert {e["phase"][-1] for e in events_of(done, "skipped")} == {"R", "A"}

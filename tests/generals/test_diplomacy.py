"""Alliances, wars and peace: who must agree, who is told, and what breaks them."""

from __future__ import annotations

from dataclasses import replace

from pbem.ruleset import PUBLIC
from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.state import Alliance

from .helpers import arrange, events_of, general, men_of, new_game, play

START = new_game()
FORMAL = Alliance("formal", ("Aldmark", "Brenn"))
SECRET = Alliance("secret", ("Aldmark", "Brenn"))


def test_a_declaration_of_war_is_public_and_puts_both_at_war():
    result = play(START, {"Aldmark": "declare war on Brenn"})
    assert result.state.wars == (("Aldmark", "Brenn"),)
    [war] = events_of(result, "war")
    assert war["audience"] == [PUBLIC]
    assert "Aldmark and Brenn are at war" in ruleset.view(result.state, [], PUBLIC)["wars"]


def test_an_alliance_is_made_only_when_every_member_sends_the_same_proposal():
    one = play(START, {"Aldmark": "propose formal alliance with Brenn"})
    assert one.state.alliances == ()
    [told] = events_of(one, "alliance proposed")
    assert told["audience"] == ["Aldmark", "Brenn"] and "not yet sent by Brenn" in told["text"]
    both = play(
        START,
        {
            "Aldmark": "propose formal alliance with Brenn",
            "Brenn": "propose formal alliance with Aldmark",
        },
    )
    assert both.state.alliances == (FORMAL,)
    assert events_of(both, "alliance")[0]["audience"] == [PUBLIC]


def test_an_alliance_of_three_needs_all_three_with_the_same_members():
    mails = {
        "Aldmark": "propose secret alliance with Brenn, Corvath",
        "Brenn": "propose secret alliance with Aldmark and Corvath",
        "Corvath": "propose secret alliance with Brenn",
    }
    assert play(START, mails).state.alliances == ()
    mails["Corvath"] = "propose secret alliance with Aldmark, Brenn"
    assert play(START, mails).state.alliances == (Alliance("secret", ("Aldmark", "Brenn", "Corvath")),)


def test_a_secret_alliance_is_told_only_to_its_members():
    result = play(
        START,
        {
            "Aldmark": "propose secret alliance with Brenn",
            "Brenn": "propose secret alliance with Aldmark",
        },
    )
    [made] = events_of(result, "alliance")
    assert made["audience"] == ["Aldmark", "Brenn"]
    line = "Secret alliance of Aldmark and Brenn"
    assert line in ruleset.view(result.state, result.events, "Aldmark")["alliances"]
    assert line not in ruleset.view(result.state, result.events, "Corvath")["alliances"]
    assert line in ruleset.hidden_facts(result.state, result.events, "Corvath")
    assert line in ruleset.hidden_facts(result.state, result.events, PUBLIC)


def test_peace_needs_both_sides():
    at_war = replace(START, wars=(("Aldmark", "Brenn"),))
    one = play(at_war, {"Aldmark": "peace with Brenn"})
    assert one.state.wars == (("Aldmark", "Brenn"),) and events_of(one, "peace offered")
    both = play(at_war, {"Aldmark": "peace with Brenn", "Brenn": "peace with Aldmark"})
    assert both.state.wars == () and events_of(both, "peace")[0]["audience"] == [PUBLIC]


def test_an_alliance_between_enemies_ends_their_war():
    at_war = replace(START, wars=(("Aldmark", "Brenn"),))
    result = play(
        at_war,
        {
            "Aldmark": "propose secret alliance with Brenn",
            "Brenn": "propose secret alliance with Aldmark",
        },
    )
    assert result.state.wars == () and result.state.alliances == (SECRET,)


def test_breaking_a_formal_alliance_is_public_and_costs_victory_points():
    allied = replace(START, alliances=(FORMAL,))
    result = play(allied, {"Aldmark": "break alliance with Brenn"})
    assert result.state.alliances == ()
    assert result.state.realm("Aldmark").vp == -3 and result.state.realm("Brenn").vp == 0
    assert events_of(result, "alliance broken")[0]["audience"] == [PUBLIC]


def test_breaking_a_secret_alliance_costs_nothing_and_only_its_members_know():
    allied = replace(START, alliances=(SECRET,))
    result = play(allied, {"Aldmark": "break alliance with Brenn"})
    assert result.state.alliances == () and result.state.realm("Aldmark").vp == 0
    assert events_of(result, "alliance broken")[0]["audience"] == ["Aldmark", "Brenn"]


def test_an_alliance_of_three_goes_on_without_the_one_who_leaves_it():
    three = replace(START, alliances=(Alliance("formal", ("Aldmark", "Brenn", "Corvath")),))
    after = play(three, {"Corvath": "break alliance with Aldmark"}).state
    assert after.alliances == (FORMAL,)


def test_declaring_war_on_an_ally_breaks_the_alliance_first():
    allied = replace(START, alliances=(FORMAL,))
    after = play(allied, {"Brenn": "declare war on Aldmark"}).state
    assert after.alliances == () and after.wars == (("Aldmark", "Brenn"),)
    assert after.realm("Brenn").vp == -3


def test_attacking_a_neutral_power_puts_both_at_war():
    state = arrange(START, {"Ashwood": ("Corvath", {"Militia": 1})})
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen"})
    assert result.state.wars == (("Aldmark", "Corvath"),)


def test_attacking_an_ally_breaks_the_alliance():
    state = replace(arrange(START, {"Ashwood": ("Brenn", {"Militia": 1})}), alliances=(SECRET,))
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen"})
    assert result.state.alliances == () and result.state.wars == (("Aldmark", "Brenn"),)
    assert events_of(result, "battle")


def test_an_attack_on_a_region_an_ally_took_first_turns_back_without_a_fight():
    rider = general("Hilde", "Brenn", "Oakhollow", "Sneaky", "Healer")
    state = arrange(
        START,
        {"Oakhollow": ("Brenn", {"Light Cavalry": 10})},
        generals=[START.generals[0], rider, *START.generals[2:]],
    )
    state = replace(state, alliances=(SECRET,))
    result = play(
        state,
        {
            "Aldmark": "Edric: attack Ashwood with 50 Spearmen",
            "Brenn": "Hilde: attack Ashwood with all troops",
        },
    )
    after = result.state
    assert after.holding("Ashwood").owner == "Brenn" and not events_of(result, "battle")
    assert men_of(after, "Aldwick", "Spearmen") == 200 and after.alliances == (SECRET,)


def test_an_alliance_made_this_turn_is_broken_by_an_attack_the_same_turn():
    state = arrange(START, {"Ashwood": ("Brenn", {"Militia": 1})})
    result = play(
        state,
        {
            "Aldmark": "propose secret alliance with Brenn\nEdric: attack Ashwood with all Spearmen",
            "Brenn": "propose secret alliance with Aldmark",
        },
    )
    kinds = [e["kind"] for e in result.events]
    assert kinds.index("alliance") < kinds.index("alliance broken") < kinds.index("battle")
    assert result.state.alliances == () and result.state.wars == (("Aldmark", "Brenn"),)

"""What reports and answers say, where a player tripped on the words (issue 30): who won a battle
and how, what was left of each side and what became of it, the dead who gain no renown, "1 man",
an heir's name, a discovered ambush's chance, other powers' silence, and the notes on recruiting."""

from __future__ import annotations

import pytest

from pbem.reports import report_context
from pbem.rulesets.generals import army, ruleset, wording
from pbem.rulesets.generals.world import world
from tests import rendering

from .helpers import TEXT, arrange, events_of, general, new_game, play, read, render_reports

START = new_game()
EDRIC = general("Edric", "Aldmark", "Aldwick", "Battlefield Planner", "Inspirational")


@pytest.mark.parametrize(
    ("attacker", "defender", "winner", "how", "line"),
    [
        ("Aldmark", "Dunmere", "defender", "fled", "Dunmere won: Aldmark fled"),
        ("Aldmark", "Dunmere", "attacker", "fled", "Aldmark won: Dunmere fled"),
        ("Aldmark", None, "attacker", "annihilated", "Aldmark won: the independent garrison was wiped out"),
        ("Aldmark", "Brenn", "attacker", "caught", "Aldmark won: Brenn was caught withdrawing"),
        ("Aldmark", "Brenn", "attacker", "withdrew", "Aldmark won: Brenn withdrew"),
        ("Aldmark", "Brenn", "defender", "held", "Brenn won: Aldmark broke off the attack"),
    ],
)
def test_a_battles_result_says_who_won_and_what_the_loser_did(attacker, defender, winner, how, line):
    assert wording.outcome_line(attacker, defender, winner, how) == line


def _battles(state, mails, seeds=range(40)):
    """(seed, adjudication, battle event) of the turn played with each seed."""
    for seed in seeds:
        result = play(state, mails, seed=seed)
        for fought in events_of(result, "battle"):
            yield seed, result, fought


def test_a_reported_battle_names_the_winner_and_the_loser_not_a_bare_word():
    state = arrange(START, {"Ashwood": ("Corvath", {"Swordsmen": 200})})
    _, result, fought = next(_battles(state, {"Aldmark": "Edric: attack Ashwood with all Knights"}))
    report = render_reports(result.state, result.events, "Aldmark")[0]
    loser = "Aldmark" if fought["winner"] == "defender" else "Corvath"
    assert f"Result: {'Corvath' if loser == 'Aldmark' else 'Aldmark'} won: {loser} " in report
    assert " won (" not in report


def test_a_general_killed_in_battle_is_not_said_to_gain_renown():
    state = arrange(START, {"Ashwood": ("Corvath", {"Swordsmen": 600})})
    deaths = [
        (result, fought)
        for _, result, fought in _battles(state, {"Aldmark": "Edric: attack Ashwood with all troops"})
        if "Edric" in fought["generals_killed"]
    ]
    assert deaths
    for result, fought in deaths:
        assert fought["attacker"]["renown"] == 0
        report = render_reports(result.state, result.events, "Aldmark")[0]
        assert "Edric was killed." in report and "Edric gained" not in report


def test_survivors_who_then_disband_are_not_listed_as_left():
    state = arrange(START, {"Ashwood": (None, {"Militia": 200})})
    beaten = [
        (result, fought)
        for _, result, fought in _battles(state, {"Aldmark": "Edric: attack Ashwood with all troops"})
        if fought["winner"] == "attacker" and fought["defender"]["lost"]
    ]
    assert beaten
    for result, fought in beaten:
        report = render_reports(result.state, result.events, "Aldmark")[0]
        side = fought["defender"]
        assert f"the {army.headcount(side['lost'])} left ({side['end']}) disbanded" in report
        assert f"left: {side['end']}" not in report


def test_one_man_is_one_man():
    assert [army.headcount(n) for n in (0, 1, 2)] == ["0 men", "1 man", "2 men"]
    side = {"killed": 1, "men": 1, "lost": 0, "end": "no troops", "power": "Brenn"}
    assert wording.losses_line("Defender", side) == "Defender lost 1 of 1 man; left: no troops"


def test_an_heirs_name_already_says_whose_he_is():
    assert wording.general_line("Heir of Brenn", "Brenn", "Harrowby") == "Heir of Brenn at Harrowby"
    assert wording.general_line("Edric", "Aldmark", "Aldwick") == "Edric of Aldmark at Aldwick"


def test_a_discovered_ambush_does_not_print_the_chance_that_gives_away_a_sneaky_level():
    rowan = general("Rowan", "Corvath", "Ashwood", "Sneaky:3", "Healer")
    state = arrange(START, {"Ashwood": ("Corvath", {"Spearmen": 100})}, generals=[EDRIC, rowan])
    mails = {"Aldmark": "Edric: attack Ashwood with all Knights", "Corvath": "Ashwood: Ambush"}
    preludes = [line for _, _, fought in _battles(state, mails) for line in fought["prelude"]]
    discovered = [line for line in preludes if "ambush was discovered" in line]
    assert discovered and len(discovered) < len(preludes)
    assert not [line for line in preludes if "ambush" in line and "%" in line]


def test_a_power_is_told_of_its_own_silence_and_not_of_the_others():
    after = play(START, {"Aldmark": "Edric: R and R"})

    def report(viewer: str) -> str:
        context = report_context(
            rendering.game_info(ruleset, "standard"),
            ruleset,
            ruleset.phase(START),
            after.state,
            after.events,
            viewer,
            rendering.DEADLINE,
            silent=["Brenn", "Corvath", "Dunmere"],
        )
        return TEXT.get_template("generals/report.txt.j2").render(context)

    silence = "Brenn: no orders received"
    assert silence in report("Brenn") and silence in report("REFEREE")
    assert silence not in report("Aldmark") and silence not in report("Corvath")
    assert silence not in report("PUBLIC")


def test_a_recruiting_note_counts_the_same_mails_overtaxing_wherever_it_stands():
    knights = world().troops["Knights"].points
    many = 300 // knights
    plain = ruleset.parse_orders(START, "Aldmark", f"Edric: recruit {many} Knights")[0].note
    assert f"Aldwick's hire limit is 120 this turn: only {120 // knights} will be hired" in plain
    for mail in (
        f"Aldwick: convert 5 income to hire limit\nEdric: recruit {many} Knights",
        f"Edric: recruit {many} Knights\nAldwick: convert 5 income to hire limit",
    ):
        lines = ruleset.parse_orders(START, "Aldmark", mail)
        [note] = [line.note for line in lines if "recruit" in line.text]
        assert f"hire limit is 170 this turn with this mail's overtaxing: only {170 // knights}" in note
        assert "unless you overtax more" in note
    enough = f"Aldwick: convert 5 income to hire limit\nEdric: recruit {170 // knights} Knights"
    assert "hire limit is" not in ruleset.parse_orders(START, "Aldmark", enough)[1].note


def test_a_recruitment_cut_short_says_what_there_was_room_for_not_an_amount_left():
    knights = world().troops["Knights"].points
    result = play(START, {"Aldmark": "Edric: recruit 50 Knights"})
    [hired] = events_of(result, "recruit")
    count = 120 // knights
    assert hired["men"] == count
    room = f"(50 asked; the hire limit had room for {count}, the treasury for {300 // knights})"
    assert room in hired["text"]
    assert read("Edric: recruit 50 Knights").note is not None


def test_help_tells_the_battle_orders_and_troops_bonuses_and_the_lasting_cost_of_overtaxing():
    """Ruling 83: what a battle order and a troop's bonuses do, and how slowly an overtaxed
    region recovers (rulebook, Overtaxing Cities), are told where players look."""
    from .helpers import render_orders_help

    text = render_orders_help(START, "Aldmark")
    economy = world().rules.economy.overtax
    assert (
        f"the region's income comes back by {economy.income_recovery} a turn and its hire\n"
        f"limit by {economy.hire_recovery} a turn" in text
    )
    assert "Fortify             -1 offense, +2 defense, blows x0.8, +15 steadiness against fleeing" in text
    for troop in world().troops.values():
        if troop.hireable and (troop.order_bonus or troop.terrain_bonus):
            assert f"bonuses: {wording.troop_bonuses(troop)}" in text, troop.name
    assert "bonuses: Fortify +2 offense; Ambush +1 offense; forest -2 offense" in text  # Archers

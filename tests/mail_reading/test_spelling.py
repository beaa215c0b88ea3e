"""The one "did you mean" text every game's hints use (pbem.spelling.did_you_mean)."""

from __future__ import annotations

from pbem.rulesets.diplomacy.reading import words_of
from pbem.rulesets.diplomacy.variant import load_variant
from pbem.rulesets.invincible.grammar import suggest
from pbem.spelling import did_you_mean


def test_did_you_mean_names_the_close_words_closest_first():
    assert did_you_mean([]) is None
    assert did_you_mean(["FEAST"]) == "did you mean FEAST?"
    assert did_you_mean(["Brest (BRE)", "Paris (PAR)"]) == "did you mean Brest (BRE) or Paris (PAR)?"


def test_both_games_say_it_in_the_same_words():
    assert suggest("FEEST", ["FEAST", "DEFEND", "ATTACK"]) == "did you mean FEAST?"
    assert suggest("BLOW", ["BELOW", "ABOVE"]) == "did you mean BELOW?"
    assert suggest("XYZZY", ["BELOW", "ABOVE"]) is None
    assert words_of(load_variant("standard")).suggest("Parsi") == "did you mean Paris (PAR)?"

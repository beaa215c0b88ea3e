"""What HELP (and the welcome) tells each player of their own camp: the size of their reserve,
which a handicap makes smaller (rulebook, "Handicap"), and where conscripts stand (RULINGS 31)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Table, game, text_of
from tests.invictus.helpers import ADDRESSES

TOLD = {
    "fr": {
        "Alice": ["(5 places au plus)", "en b2 puis en a2 :"],
        "Bruno": ["(3 places au plus)", "en b3 puis en c3 :"],
    },
    "en": {
        "Alice": ["(5 places at most)", "b2 then a2:"],
        "Bruno": ["(3 places at most)", "b3 then c3:"],
    },
}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_help_tells_each_player_their_reserve_size_and_where_conscripts_stand(
    tmp_path: Path, language: str
) -> None:
    options = {"language": language, "handicap": {"Bruno": 3}}
    table = Table(tmp_path, [game("g1", "invictus", ADDRESSES, options=options)])
    table.start("g1")
    welcomes = {power: text_of(mail) for power in ADDRESSES for mail in table.take(ADDRESSES[power])}
    table.send(
        ADDRESSES["Bruno"], "SIGNON Bruno g1 pw\nAIDE" if language == "fr" else "SIGNON Bruno g1 pw\nHELP"
    )
    table.run()
    [help_mail] = table.take(ADDRESSES["Bruno"])
    for power, phrases in TOLD[language].items():
        assert [p for p in phrases if p not in " ".join(welcomes[power].split())] == [], welcomes[power]
    told = " ".join(text_of(help_mail).split())
    assert [p for p in TOLD[language]["Bruno"] if p not in told] == []
    assert "cinq au plus" not in told and "five at most" not in told and "(5 places" not in told


def test_a_one_place_reserve_is_said_in_the_singular(tmp_path: Path) -> None:
    table = Table(
        tmp_path, [game("g1", "invictus", ADDRESSES, options={"language": "fr", "handicap": {"Alice": 1}})]
    )
    table.start("g1")
    [welcome] = table.take(ADDRESSES["Alice"])
    assert "(1 place au plus)" in " ".join(text_of(welcome).split())

"""``pbem demo``, the README's first command: a newcomer watches a game year played by mail."""

import email
import email.policy
import mailbox
from collections import Counter

import pytest

from pbem.demo import POWERS, REFEREE, address
from tests.harness import run_pbem, text_of


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo run once, as the README runs it: its output and its folder."""
    cwd = tmp_path_factory.mktemp("newcomer")
    result = run_pbem("demo", cwd=cwd, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout, cwd / "demo"


def mails_to(folder, who):
    outbox = mailbox.Maildir(folder / "mail" / "outbox", factory=None, create=False)
    mails = (
        email.message_from_binary_file(f, policy=email.policy.default)
        for f in map(outbox.get_file, outbox.keys())
    )
    return [m for m in mails if m["Delivered-To"] == who]


def test_the_demo_plays_a_game_year_and_says_where_to_look(demo):
    output, folder = demo
    assert "The game now stands at S1902M." in output
    for place in ("mail/outbox", "turns", "pbem.sqlite3", "pbem.yaml"):
        assert place in output
    assert sorted(p.name for p in (folder / "turns" / "demo").iterdir()) == sorted(
        ["S1901M", "F1901M", "F1901R", "W1901A"]
    )


def test_every_player_gets_a_welcome_and_one_report_per_phase(demo):
    _, folder = demo
    for who in [*map(address, POWERS), REFEREE]:
        subjects = Counter(m["Subject"] for m in mails_to(folder, who) if "results" in m["Subject"])
        assert subjects == Counter(
            f"[demo] {phase} results"
            for phase in (
                "Spring 1901 movement",
                "Fall 1901 movement",
                "Fall 1901 retreats",
                "Winter 1901 adjustments",
            )
        ), who
    for power in POWERS:
        assert any("You play: " + power in text_of(m) for m in mails_to(folder, address(power)))


def test_the_mistakes_in_the_demo_mails_are_answered(demo):
    _, folder = demo
    austria = "\n".join(text_of(m) for m in mails_to(folder, address("Austria")))
    assert "did you mean" in austria.lower() and "Bud" in austria  # A Bdu - Ser
    italy = [m["Subject"] for m in mails_to(folder, address("Italy"))]
    assert any("late" in subject for subject in italy)
    england = "\n".join(text_of(m) for m in mails_to(folder, address("England")))
    assert "ok: F LON - NTH" in england  # read from an HTML-only mail
    turkey = "\n".join(text_of(m) for m in mails_to(folder, address("Turkey")))
    assert "The Black Sea stays empty this year?" in turkey  # Russia's press
    austria_sees_press = "\n".join(text_of(m) for m in mails_to(folder, address("Austria")))
    assert "The Black Sea stays empty this year?" not in austria_sees_press


def test_the_demo_will_not_overwrite_a_folder_that_is_not_a_demo(demo, tmp_path):
    stranger = tmp_path / "demo"
    stranger.mkdir()
    (stranger / "thesis.tex").write_text("mine")
    result = run_pbem("demo", cwd=tmp_path, timeout=300)
    assert result.returncode != 0
    assert "not a pbem demo folder" in result.stderr
    assert "Traceback" not in result.stderr
    assert (stranger / "thesis.tex").read_text() == "mine"


def test_every_report_mail_shows_its_map_as_a_png_under_150_kb(demo):
    """Gmail, Outlook and phone clients show no SVG: the HTML shows a PNG part by cid:, which a
    text-only client lists as an attachment; the archive keeps the SVG."""
    import io

    from PIL import Image

    _, folder = demo
    reports = [m for m in mails_to(folder, address("France")) if "results" in m["Subject"]]
    assert len(reports) == 4
    for mail in reports:
        assert len(mail.as_bytes()) < 150_000
        html = mail.get_body(("html",)).get_content()
        assert "<svg" not in html
        (picture,) = [part for part in mail.walk() if part.get_content_type() == "image/png"]
        assert f'src="cid:{picture["Content-ID"].strip("<>")}"' in html
        assert picture.get_filename() == "map.png"
        image = Image.open(io.BytesIO(picture.get_content()))
        image.load()
        assert image.format == "PNG" and image.size[0] > 600
        assert mail.get_body(("plain",)) is not None
    archived = folder / "turns" / "demo" / "S1901M" / "reports" / "France.html"
    assert "<svg" in archived.read_text(encoding="utf-8")

"""Fixtures every test may use: the real mail server on loopback (see tests/mailserver.py)."""

from fnmatch import fnmatch
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.mailserver import mail_server, mail_server_without_move, mailboxes  # noqa: F401  (fixtures)
from tests.pgserver import pg_server, pg_url  # noqa: F401  (fixtures)

# Hypothesis: every run draws the same examples (Hypothesis's own "ci" profile: derandomized,
# no example database, no deadline), so a test fails on a change, never on a new draw; CI starts
# from an empty database and must not meet a case nobody saw. ``--hypothesis-profile=explore``
# draws new random examples, ten times as many, and keeps the failures it finds in .hypothesis/.
EXPLORE_FACTOR = 10
settings.register_profile("deterministic", settings.get_profile("ci"))
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("deterministic")


def _explore_further(items: list[pytest.Item]) -> None:
    """Under the explore profile, every test draws EXPLORE_FACTOR times its max_examples (once
    per test function, however many parameters it runs with)."""
    if settings.get_current_profile_name() != "explore":
        return
    tests = {id(item.obj): item.obj for item in items if isinstance(item, pytest.Function)}
    for test in tests.values():
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None:
            test._hypothesis_internal_use_settings = settings(
                own, max_examples=own.max_examples * EXPLORE_FACTOR
            )


TESTS = Path(__file__).parent
MAIL_SERVER_FIXTURES = {"mail_server", "mail_server_without_move", "mailboxes"}

#: What the inner loop (``pytest -m "not slow"``, under a minute) leaves out, by why: test files
#: (paths under tests/, or ``path::test``; shell patterns) whose tests take seconds each. The tests
#: on Dovecot are slow by their fixtures; a test may also mark itself (``@pytest.mark.slow``).
SLOW = {
    "whole games through the service, mail by mail (the harness's Table, the CLI, a wheel)": [
        "service/*",
        "reliability/*",
        "*/test_*by_mail.py",
        "invictus/test_french.py",
        "invictus/test_four_player.py",
        "judge/test_create_command.py",
        "judge/test_last_seat_race.py",
        "stall/test_being_read.py",
        "stall/test_limits.py",
    ],
    "every report of whole games, and archive sites built from them": [
        "*/test_every_report.py",
        "site/test_other_games.py",
        "site/test_site.py",
        "site/test_map_mail_size.py",
    ],
    "long hypothesis runs, each example a game or a service run": [
        "*/test_properties.py",
        "mail_reading/test_signature_blocks.py",
        "generals/test_visibility.py::test_no_report_view_or_reply_ever_shows_a_viewer_what_it_may_not_see",
    ],
    "Chromium": ["site/test_browser.py"],
}
#: kept in the inner loop from the folders above: one whole run, and the service's pure parts
INNER_LOOP_KEEPS = ["service/test_smoke.py", "service/test_config.py", "service/test_deadlines.py"]


def is_slow(item: pytest.Item) -> bool:
    """Whether ``item`` is left out of the inner loop: it needs Dovecot, or SLOW names it."""
    if MAIL_SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    if getattr(getattr(item, "callspec", None), "params", {}).get("make_table") == "dovecot":
        return True
    path = item.path.relative_to(TESTS).as_posix()
    test = f"{path}::{getattr(item, 'originalname', item.name)}"
    if any(fnmatch(path, kept) for kept in INNER_LOOP_KEEPS):
        return False
    patterns = [pattern for listed in SLOW.values() for pattern in listed]
    return any(fnmatch(path, pattern) or test == pattern for pattern in patterns)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the mail server (``-m "not mailserver"``), and every slow test
    (``-m "not slow"``: the inner loop)."""
    _explore_further(items)
    for item in items:
        if MAIL_SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.mailserver)
        if is_slow(item):
            item.add_marker(pytest.mark.slow)


from pbem.ruleset import REGISTRY  # noqa: E402

# The service's own tests play "tally", a tiny ruleset of theirs (tests/service/tally.py).
REGISTRY.setdefault("tally", "tests.service.tally:ruleset")


@pytest.fixture(params=["maildir", "dovecot"])
def make_table(request, tmp_path):
    """Build a game table on the embedded Maildir transport, and again on the real IMAP and SMTP
    servers: a test using this fixture runs once on each."""
    from tests.harness import MailServerTable, Table

    def make(games, **kwargs):
        if request.param == "maildir":
            return Table(tmp_path, games, **kwargs)
        server = request.getfixturevalue("mail_server")
        return MailServerTable.for_games(
            tmp_path, games, server, request.getfixturevalue("mailboxes"), **kwargs
        )

    return make

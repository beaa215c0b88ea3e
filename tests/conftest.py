"""Fixtures every test may use: the real mail server on loopback (see tests/mailserver.py)."""

import pytest
from hypothesis import HealthCheck, settings

from tests.mailserver import mail_server, mail_server_without_move, mailboxes  # noqa: F401  (fixtures)

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
                own, max_examples=own.max_examples * EXPLORE_FACTOR)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the mail server, so ``-m "not mailserver"`` runs the fast rest."""
    _explore_further(items)
    for item in items:
        if {"mail_server", "mail_server_without_move"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.mailserver)


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
        return MailServerTable.for_games(tmp_path, games, server, request.getfixturevalue("mailboxes"),
                                         **kwargs)

    return make

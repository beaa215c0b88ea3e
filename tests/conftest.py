"""Fixtures every test may use: the real mail server on loopback (see tests/mailserver.py)."""

import pytest

from tests.mailserver import mail_server, mail_server_without_move, mailboxes  # noqa: F401  (fixtures)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the mail server, so ``-m "not mailserver"`` runs the fast rest."""
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

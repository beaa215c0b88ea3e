"""Fixtures every test may use: the real mail server on loopback (see tests/mailserver.py)."""

import pytest

from tests.mailserver import mail_server, mailboxes  # noqa: F401  (fixtures, found by name)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the mail server, so ``-m "not mailserver"`` runs the fast rest."""
    for item in items:
        if "mail_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.mailserver)


from pbem.ruleset import REGISTRY  # noqa: E402

# The service's own tests play "tally", a tiny ruleset of theirs (tests/service/tally.py).
REGISTRY.setdefault("tally", "tests.service.tally:ruleset")

"""The two users most mail tests need: the judge's mailbox (``gm``) and a player's (``france``),
fresh for each test, on the server that the ``mailboxes`` fixture serves (a module may override
``mailboxes`` to put them on another server)."""

import pytest

from tests.mailserver import Mailboxes, MailUser


@pytest.fixture
def gm(mailboxes: Mailboxes) -> MailUser:
    return mailboxes.user("gm")


@pytest.fixture
def france(mailboxes: Mailboxes) -> MailUser:
    return mailboxes.user("france")

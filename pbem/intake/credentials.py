"""The credentials a mail holds, taken out of what is kept of it once it is acted on.

A ``SIGNON`` line's password (right or wrong: a wrong one is often a typo of the right one),
a ``GAME/POWER/PASSWORD`` sign-on's, ``SET PASSWORD``'s new one (taken or refused). The
messages table keeps every mail, so a mail holding one is kept redacted
(``pbem.mail.redact``) in the transaction that records it acted on: a crash before leaves
it whole and new, to be acted on again; nothing after sees the password.
"""

from __future__ import annotations

from typing import Any

from pbem.intake.commands import Mail
from pbem.mail.redact import redacted, redacted_text
from pbem.store import Store

#: the statuses of a mail acted on; a failed or held one waits to be read again, whole
ACTED_ON = ("done", "ignored")


def credentials(mail: Mail) -> list[str]:
    """The secrets ``mail`` holds."""
    found = [mail.signon.password] if mail.signon is not None else []
    for command in mail.commands:
        if command.name == "SET PASSWORD":
            found.extend(command.args)
        elif command.name == "SIGNON" and len(command.args) >= 3:  # written wrong: its last word
            found.append(command.args[-1])
    return found


def redact_acted_on(store: Store, row: dict[str, Any], status: str, secrets: list[str]) -> None:
    """Keep message ``row`` without ``secrets`` once it is acted on (``status``)."""
    if status not in ACTED_ON or not secrets:
        return
    subject = redacted_text(row["subject"] or "", secrets)
    store.redact_message(row["id"], redacted(row["raw"], secrets), subject)

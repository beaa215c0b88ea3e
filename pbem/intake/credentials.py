"""The credentials a mail holds, taken out of what is kept of it once it is acted on.

A ``SIGNON`` line's password (right or wrong: a wrong one is often a typo of the right one),
a ``GAME/POWER/PASSWORD`` sign-on's, ``SET PASSWORD``'s new one (taken or refused). The
messages table keeps every mail, so a mail holding one is kept redacted
(``pbem.mail.redact``) in the transaction that records it acted on: a crash before leaves
it whole and new, to be acted on again; nothing after sees the password.
"""

from __future__ import annotations

import logging
from typing import Any

from pbem.intake.commands import Mail, read_mail
from pbem.mail.message import parse
from pbem.mail.quotes import own_text
from pbem.mail.redact import cut_down, redacted, redacted_text
from pbem.store import Store

#: the statuses of a mail acted on; a failed or held one waits to be read again, whole
ACTED_ON = ("done", "ignored")
#: mails of the backlog read in one run
BACKLOG_BATCH = 300

log = logging.getLogger("pbem.intake")


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


def redact_backlog(store: Store, own_address: str, batch: int | None = None) -> int:
    """Redact what a database from before redaction holds, ``batch`` mails a run, oldest first:
    the mails it acted on, read again for their credentials, and its welcomes, whose password
    is not known (only its hash is), cut down to their headers. How many mails were read."""
    backlog = (store.get_meta("redaction_backlog") or "").split()
    if len(backlog) != 3 and len(backlog) != 2:
        return 0
    batch = batch or BACKLOG_BATCH
    messages_upto, outbox_upto = int(backlog[0]), int(backlog[1])
    after = int(backlog[2]) if len(backlog) == 3 else 0
    with store.atomic():
        if outbox_upto:
            for mail in store.welcomes_upto(outbox_upto):
                store.redact_mail(mail["id"], cut_down(mail["raw"]))
        rows = store.acted_on_between(after, messages_upto, batch)
        for row in rows:
            try:
                incoming = parse(row["raw"], own_address=own_address)
                secrets = credentials(read_mail(own_text(incoming.text, incoming.html)))
            except Exception:  # noqa: BLE001 - a mail pbem cannot read again is left as it is
                log.exception("message %s could not be read again for its credentials", row["id"])
                continue
            redact_acted_on(store, row, "done", secrets)
        if len(rows) < batch:
            store.set_meta("redaction_backlog", "")
        else:
            store.set_meta("redaction_backlog", f"{messages_upto} 0 {rows[-1]['id']}")
    return len(rows)

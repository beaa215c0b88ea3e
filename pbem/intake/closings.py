"""A closing after the last order ("Cheers, / Bob") is the player's sign-off, not refused orders.

Players end a mail as they end any mail; the Diplomacy Judge had SIGNOFF for it, and mail
programs mark signatures ("-- "), but most closings are typed with no mark. A closing is
recognised only at the end of the mail, after the last order and command, by the table of
``pbem.mail.closings`` and the player's own names; and a line the game reads as an order is
an order, wherever it is: the game is asked first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from pbem.intake.commands import Mail
from pbem.mail.closings import closing_start, name_words


def without_closing(
    mail: Mail, names: Iterable[str], orders_in: Callable[[str], Iterable[int]]
) -> tuple[Mail, list[int]]:
    """``mail`` with the closing at its end blanked from its order text, and the numbers of the
    lines blanked. ``names`` are the writer's (display name, address, power); ``orders_in(text)``
    gives the numbers of the lines the game reads as orders."""
    lines = mail.order_text.split("\n")
    if not any(line.strip() for line in lines[mail.last_command_line:]):
        return mail, []
    after = max([mail.last_command_line, *orders_in(mail.order_text)])
    tail = lines[after:]
    start = closing_start(tail, name_words(*names))
    if start is None:
        return mail, []
    dropped = [after + 1 + index for index in range(start, len(tail)) if tail[index].strip()]
    kept = [("" if number in dropped else line) for number, line in enumerate(lines, start=1)]
    return replace(mail, order_text="\n".join(kept)), dropped

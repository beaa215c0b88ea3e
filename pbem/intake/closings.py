"""A closing after the last order ("Cheers, / Bob") is the player's sign-off, not refused orders.

Players end a mail as they end any mail; the Diplomacy Judge had SIGNOFF for it, and mail
programs mark signatures ("-- "), but most closings are typed with no mark. A closing is
recognised only after the last order and command, by the table of ``pbem.mail.closings``, the
player's own names and the words of the game's orders; and a line the game reads as an order
is an order, wherever it is: the game's reading of the mail comes first. Lines after the
closing that are no part of it ("Thanks / Hold Paris") are answered as the game read them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import replace

from pbem.intake.commands import Mail
from pbem.mail.closings import closing_block, name_words
from pbem.mail.greetings import is_greeting


def closing_of(
    mail: Mail, names: Iterable[str], orders: Iterable[int], order_words: Collection[str] = frozenset()
) -> list[int]:
    """The numbers of the lines of ``mail``'s closing. ``names`` are the writer's (display
    name, address, power), ``orders`` the numbers of the lines the game read as orders, and
    ``order_words`` the words of the game's orders (``Ruleset.order_words``)."""
    lines = mail.order_text.split("\n")
    after = max([mail.last_command_line, *orders])
    tail = lines[after:]
    block = closing_block(tail, name_words(*names), order_words)
    if block is None:
        return []
    start, end = block
    return [after + 1 + index for index in range(start, end + 1) if tail[index].strip()]


def opening_of(mail: Mail, orders: Iterable[int], order_words: Collection[str] = frozenset()) -> list[int]:
    """The numbers of the greeting lines ("Hi Christine,", "Hallo Martin,") above the first order,
    command and sign-on of ``mail``: a player opens a mail as any mail, and a greeting is no
    refused order. ``orders`` are the numbers of the lines the game read as orders."""
    read = [*orders, *(command.line for command in mail.commands)]
    if mail.signon is not None:
        read.append(mail.signon.line)
    lines = mail.order_text.split("\n")
    above = lines[: min(read) - 1] if read else lines
    return [at for at, line in enumerate(above, start=1) if line.strip() and is_greeting(line, order_words)]


def left_out(mail: Mail, numbers: Collection[int]) -> Mail:
    """``mail`` with the lines ``numbers`` blanked from its order text."""
    lines = mail.order_text.split("\n")
    kept = [("" if number in numbers else line) for number, line in enumerate(lines, start=1)]
    return replace(mail, order_text="\n".join(kept))


def without_closing(
    mail: Mail,
    names: Iterable[str],
    orders_in: Callable[[str], Iterable[int]],
    order_words: Collection[str] = frozenset(),
) -> tuple[Mail, list[int]]:
    """``mail`` with its closing blanked from its order text, and the numbers of the lines
    blanked; ``orders_in(text)`` gives the numbers of the lines the game reads as orders, asked
    only when there is a line after the last command."""
    if not any(line.strip() for line in mail.order_text.split("\n")[mail.last_command_line :]):
        return mail, []
    dropped = closing_of(mail, names, orders_in(mail.order_text), order_words)
    return left_out(mail, dropped), dropped

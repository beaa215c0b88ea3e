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
from pbem.mail.closings import closing_blocks, closing_kind, name_words
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
    blocks = closing_blocks(tail, name_words(*names), order_words)
    return sorted(
        after + 1 + index for start, end in blocks for index in range(start, end + 1) if tail[index].strip()
    )


def opening_of(
    mail: Mail, orders: Iterable[int], order_words: Collection[str] = frozenset(), names: Iterable[str] = ()
) -> list[int]:
    """The numbers of the lines of ``mail`` that open it or a letter in it, not orders: a player
    opens a mail as any mail, and a greeting is no refused order. ``orders`` are the numbers of
    the lines the game read as orders, ``names`` the writer's (as for ``closing_of``).

    Above the first order, command and sign-on: greetings ("Hi Christine,", "Hallo Martin,"), a
    name alone with a comma ("Simone,"), thanks ("Thanks!"), and a greeting an HTML program
    broke over lines ("Hi" / "there" / "Bob"). Below the last of them, a greeting that opens a
    paragraph ("Hello" under a quote answered below it, "Dear Executive," over a letter). Between
    two orders a greeting is answered, as any line there: it may be an order gone wrong."""
    read = [*orders, *(command.line for command in mail.commands)]
    if mail.signon is not None:
        read.append(mail.signon.line)
    lines = mail.order_text.split("\n")
    top = lines[: min(read) - 1] if read else lines
    writer = name_words(*names)
    found = [at for at, line in enumerate(top, start=1) if line.strip() and _opens(line, writer, order_words)]
    filled = [at for at, line in enumerate(top, start=1) if line.strip()]
    if 1 < len(filled) <= 3 and is_greeting(" ".join(top[at - 1] for at in filled), order_words):
        found = filled
    last = max(read, default=len(lines))
    for at in range(last + 1, len(lines) + 1):
        opens_paragraph = at == 1 or not lines[at - 2].strip()
        if opens_paragraph and lines[at - 1].strip() and is_greeting(lines[at - 1], order_words):
            found.append(at)
    return found


def _opens(line: str, names: frozenset[str], order_words: Collection[str]) -> bool:
    """Whether ``line``, above the orders, opens the mail: a greeting, a name and a comma, thanks."""
    if is_greeting(line, order_words, vocative=True):
        return True
    return closing_kind(line, names, order_words=order_words) == "phrase"


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

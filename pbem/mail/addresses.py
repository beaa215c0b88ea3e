"""Who a mail is from: the address part of an address header, never its display name.

A display name is the sender's to write, and may look like an address:
``From: referee@test.invalid <mallory@evil.example>`` (unquoted, as some clients and spammers
write it) or ``=?utf-8?q?referee=40test.invalid?= <mallory@evil.example>`` (an encoded word)
are from mallory. Python's ``parseaddr`` and ``getaddresses`` (before the CVE-2023-27043 fix,
which Python 3.11.7 lacks) and the modern header parser all take the first of these as
``referee@test.invalid``. So the header is read here once, by RFC 5322's own structure, on its
raw text: encoded words are decoded only in the display name, after the address is taken from
between the angle brackets, and quoted strings and comments are skipped as a unit.

What an address is kept as (the one form every comparison uses): the local part as written,
lower-cased (a quoted one keeps its quotes: ``"jean dupont"@example.org``), and the domain in
its ASCII form (IDNA 2008 with UTS 46 mapping), lower-cased: ``anna@bücher.example`` and
``Anna@XN--BCHER-KVA.example`` are both ``anna@xn--bcher-kva.example``, the form any mail
server takes an answer for. A From with several addresses is from the first (RFC 5322 section
3.6.2: the authors are in From); a Sender header is never read.
"""

from __future__ import annotations

import re

#: a header value longer than this is read only this far (a mail server such as Postfix cuts a
#: whole header block at 102,400 bytes); a From header of 8,000 characters and more is read whole
MAX_VALUE_CHARS = 100_000

_ATOM_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_QUOTED_LOCAL = re.compile(r'"([\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"')
_LABEL = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")


def mailboxes(value: str) -> list[tuple[str, str]]:
    """The (display name, addr-spec) of each mailbox in an address list, as written; linear in
    ``value``, never raises. Group names (``friends: a@x, b@y;``) and comments are dropped, but a
    comment names a mailbox that has no phrase (``alice@example.org (Alice)``); a mailbox with
    two ``<...>`` is none. A quote or a parenthesis never closed is read as a plain character
    (``Jo "JJ <jo@example.org>``), as mail programs show it: up to three of them, each a new
    scan, so that a header of nothing but unclosed quotes costs four scans, not one per quote."""
    value = value[:MAX_VALUE_CHARS].replace("\r", "").replace("\n", "")
    for _ in range(3):
        found, unclosed = _scan(value)
        if unclosed < 0:
            break
        value = value[:unclosed] + " " + value[unclosed + 1 :]
    return [(name, address) for name, address in found if address]


#: runs of characters with no meaning to the structure: outside quotes, comments and <...>; in a
#: quoted string; in a comment; inside <...>. Read a run at a time, the scan stays quick on a long
#: name, and it is linear however many special characters come.
_PLAIN = re.compile(r'[^"()<>,;:\\\s]+')
_IN_QUOTES = re.compile(r'[^"\\]+')
_IN_COMMENT = re.compile(r"[^()\\]+")
_IN_ANGLES = re.compile(r'[^"()<>\\\s]+')
#: an obsolete source route before an address in <...> (RFC 5322 section 4.4)
_ROUTE = re.compile(r"^@[^:\"]*:")


def _scan(value: str) -> tuple[list[tuple[str, str]], int]:
    """The mailboxes of ``value``, and where a quoted string or comment opened that is never
    closed (-1 if none is).

    For each mailbox it keeps its display name (quotes taken off, as a reader sees it), its
    addr-spec when it has no <...> (as written, but without the spaces around its parts that
    folding leaves), what is inside <...>, and its comments.
    """
    found: list[tuple[str, str]] = []
    name: list[str] = []
    spec: list[str] = []
    angle: list[str] = []
    comment: list[str] = []
    angles = depth = 0
    quoted = in_angle = False
    opened = -1  # where the quoted string or comment being read began

    def close() -> None:
        nonlocal angles
        if angles == 1:
            found.append((" ".join("".join(name).split()), _ROUTE.sub("", "".join(angle))))
        elif angles == 0 and spec:
            found.append((" ".join("".join(comment).split()), "".join(spec)))
        for part in (name, spec, angle, comment):
            part.clear()
        angles = 0

    index, end = 0, len(value)
    while index < end:
        char = value[index]
        raw = angle if in_angle else spec  # where the text goes as written
        if depth:  # a comment, which may nest
            run = _IN_COMMENT.match(value, index)
            if run:
                comment.append(run[0])
                index = run.end()
                continue
            if char == "\\":
                comment.append(value[index + 1 : index + 2])
                index += 2
                continue
            depth += 1 if char == "(" else -1
            if depth:
                comment.append(char)
        elif quoted:
            run = _IN_QUOTES.match(value, index)
            if run:
                name.append(run[0])
                raw.append(run[0])
                index = run.end()
                continue
            if char == "\\":
                name.append(value[index + 1 : index + 2])
                raw.append(value[index : index + 2])
                index += 2
                continue
            quoted = False
            raw.append(char)
        elif char == '"':
            quoted, opened = True, index
            raw.append(char)
        elif char == "(":
            depth, opened = 1, index
            comment.append(" ")
        elif in_angle:
            run = _IN_ANGLES.match(value, index)
            if run:
                angle.append(run[0])
                index = run.end()
                continue
            if char == ">":
                in_angle = False
            elif not char.isspace():
                angle.append(char)
        elif char == "<":
            in_angle = True
            angles += 1
            angle.clear()  # a mailbox with two <...> is dropped by close()
        elif char in ",;":
            close()
        elif char == ":":  # a group's name, not a mailbox's
            name.clear()
            spec.clear()
        elif char.isspace():
            name.append(" ")
        else:
            run = _PLAIN.match(value, index)
            text = run[0] if run else char
            name.append(text)
            spec.append(text)
            index += len(text)
            continue
        index += 1
    close()
    return found, opened if quoted or depth else -1


def normal(address: str) -> str:
    """``address`` in the one form pbem keeps and compares (above), or "" when it is not an
    address an answer can be sent to."""
    local, at, domain = address.strip().rpartition("@")
    if not at or not local or len(local) > 64 or len(address) > 254:
        return ""
    if not (_ATOM_LOCAL.fullmatch(local) or _QUOTED_LOCAL.fullmatch(local)):
        return ""
    domain = domain.rstrip(".")
    if domain.isascii():
        ascii_domain = domain.lower()
    else:
        import idna  # its tables load with the first domain not written in ASCII

        try:
            ascii_domain = idna.encode(domain, uts46=True).decode()
        except (idna.IDNAError, UnicodeError, ValueError):
            return ""
    labels = ascii_domain.split(".")
    if ascii_domain == "localhost":  # a config may seat players there (config/pbem.yaml does)
        return f"{local.lower()}@localhost"
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels):
        return ""
    if any(label.startswith("xn--") for label in labels):
        import idna

        try:  # an A-label must decode (xn--zz is none)
            idna.decode(ascii_domain)
        except (idna.IDNAError, UnicodeError, ValueError):
            return ""
    return f"{local.lower()}@{ascii_domain}"


def sender(value: str) -> tuple[str, str]:
    """The display name (encoded words not yet decoded) and the address, in ``normal`` form, of
    the first mailbox of a From header; the address is "" when it is none we can answer."""
    for name, address in mailboxes(value):
        return name, normal(address)
    return "", ""


def addresses(value: str) -> list[str]:
    """Every answerable address of an address list (To, Cc), in ``normal`` form."""
    return [kept for kept in (normal(address) for _, address in mailboxes(value)) if kept]

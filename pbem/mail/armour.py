"""Inline PGP clear-signed text (RFC 4880 section 7): the signed text, without its armour.

Some mail programs (Enigmail's inline mode, Mutt, GnuPG by hand, K-9) sign a plain-text body
in place: a ``-----BEGIN PGP SIGNED MESSAGE-----`` line, armour headers (``Hash: SHA256``) up to a
blank line, the text with every line that begins with a dash escaped as ``- -``, then the
signature from ``-----BEGIN PGP SIGNATURE-----`` to ``-----END PGP SIGNATURE-----``. None of the
armour is the writer's words, so it is taken out before the text is read as orders. The
signature is not checked: pbem knows a player by their password, not by a key.

Each armour line becomes an empty line rather than going, so that the lines of the text keep
the numbers a player counts in their mail. PGP/MIME (RFC 3156) needs nothing of this: its
signature is a part of its own, which reading a mail skips as an attachment.
"""

from __future__ import annotations

BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
SIGNATURE = "-----BEGIN PGP SIGNATURE-----"
END = "-----END PGP SIGNATURE-----"


def without_armour(text: str) -> str:
    """``text`` with each clear-signed block's armour blanked and its dash-escaping undone;
    text outside such blocks (a list's footer) as it was. Linear in ``text``."""
    if BEGIN not in text:
        return text
    out: list[str] = []
    state = "outside"
    for line in text.split("\n"):
        bare = line.rstrip()
        if state == "outside":
            if bare == BEGIN:
                state, line = "headers", ""
        elif state == "headers":  # "Hash: SHA256" and the like, ended by an empty line
            if bare and ":" in bare and " " not in bare.partition(":")[0]:
                line = ""
            else:  # the empty line, or (where it was lost) the signed text's first line
                state = "signed"
                line = line[2:] if line.startswith("- ") else line
        elif state == "signed":
            if bare == SIGNATURE:
                state, line = "signature", ""
            elif line.startswith("- "):
                line = line[2:]
        else:  # the signature, up to its END line
            if bare == END:
                state = "outside"
            line = ""
        out.append(line)
    return "\n".join(out)

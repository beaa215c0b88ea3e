"""What the receiving server said of a mail's sender: RFC 8601 ``Authentication-Results``.

A judge must not answer a forged sender (backscatter): where the receiving server recorded that
the mail failed SPF or DMARC, the From address is not the sender's own, and a stranger's mail so
marked gets no answer. The headers are only ever used to *withhold* an answer, so a forger who
adds one of their own gains nothing: no header is trusted to grant anything.
"""

from __future__ import annotations

import re
from email.parser import BytesHeaderParser
from email.policy import compat32

_FAILED = re.compile(r"\b(spf|dmarc)\s*=\s*(fail|softfail|permerror)\b", re.IGNORECASE)


def forged(raw: bytes) -> str:
    """``"spf=fail"`` (or dmarc) where an Authentication-Results header records such a failure;
    "" where none does."""
    headers = BytesHeaderParser(policy=compat32).parsebytes(raw[:65536] if len(raw) > 65536 else raw)
    for value in headers.get_all("Authentication-Results") or []:
        match = _FAILED.search(str(value))
        if match:
            return f"{match[1].lower()}={match[2].lower()}"
    return ""

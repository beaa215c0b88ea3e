"""Every real mail read right (issue 31): the captured mails of ``../shared/corpora/mail-replies``,
each carrying a player's orders where its writer wrote and other orders in its quote or forward,
through a real game.

    .venv/bin/python benchmarks/mail_replies.py            # the counts, then every mail not read right
    .venv/bin/python benchmarks/mail_replies.py -v --only crisp   # and what each answer said

The corpora belong to other projects (several GPL or AGPL): they are read where they lie, never
copied here. Each case is a row of the corpus's ``SOURCES.md`` (a file, with the repairs that
row names: a byte-order mark, an mbox ``From`` line, anonymised digits put back).

Each mail is kept as its program wrote it (headers, MIME, charsets, HTML, quoting, signature);
only its sender becomes England's address (its display name kept), it is sent to England's secret
reply address with a fresh Message-ID, and two lines go into each text and HTML part:

* England's orders (``A LVP - YOR``, ``F LON - ENG``) at the top of the writer's part, under its
  greeting if it opens with one ("Hello", "Hi Christine,"), as a player writes them;
* other orders (``A LVP - WAL``, ``F EDI - NTH``) in its quote or forward: after the first
  ``>`` line, inside the first ``<blockquote>``, or, in a forward or an Outlook header block,
  after the mail's last words. A mail with none of these (a signature alone) gets none.

Then a real ``pbem run`` of a Diplomacy game (tests/harness.Table) reads it, and the mail counts as
the first of these that holds: **not answered** (England got no answer); **quoted order taken**
(an order of the quote was stored); **own order lost** (an order England wrote was not stored);
**noise** (the answer refused a line that is not the writer's own prose, which also holds the
phase's early end, or called one a command not understood); else **read right**. The writer's
prose (a sentence, or five words and more) is rightly answered as no order; a name, a closing, a
company block, a banner or a quote's header line is not prose. So are the writer's own words
that are no sentence (``noise`` says which: a list, what a sentence introduces, the one line
written besides the orders) and a line the game reads as an order ("ADR"); a line an anonymiser
masked ("XXXXX") is not judged.
"""

from __future__ import annotations

import argparse
import ast
import email
import email.policy
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, getaddresses, make_msgid
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.harness import Table, game, text_of  # noqa: E402

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "mail-replies"
FOLDERS = {
    "mailgun/talon": "talon",
    "crisp-oss/email-forward-parser": "crisp-forward",
    "discourse/discourse": "discourse",
    "zammad/zammad": "zammad",
    "redmine/redmine": "redmine",
    "Foundry376/Mailspring": "mailspring",
    "bestpractical/rt": "rt",
    "gitlabhq/gitlabhq": "gitlab",
}
POWERS = ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
PLAYER = "england@example.test"
OWN = ["A LVP - YOR", "F LON - ENG"]
QUOTED = ["A LVP - WAL", "F EDI - NTH"]
PHASE = "S1901M"
VERDICTS = ["read right", "quoted order taken", "own order lost", "noise", "not answered"]

#: an HTML mail's quote without a blockquote: Outlook's header block, a forward's separator
_HTML_QUOTE_MARKS = re.compile(
    r"divRplyFwdMsg|OLK_SRC_BODY_SECTION|OutlookMessageHeader|border-top:\s*solid|"
    r"gmail_quote|yahoo_quoted|moz-cite-prefix|-----\s*Original|Forwarded|<hr",
    re.IGNORECASE,
)
#: a plain text's forward or header block, in any language: a separator or "Key: value" lines
_TEXT_FORWARD = re.compile(
    r"^\s*(-{2,}\s*[^\W\d_].*-{2,}|_{5,}"
    r"|\*?\S+\s?\S*\*?:[^\n]*@[^\n]*\n\s*\*?\S+\s?\S*\*?:\s*\S"  # "From: x@y" / "Sent: ..."
    r"|\*?\S+\s?\S*\*?:\s*\S[^\n]*\n\s*\*?\S+\s?\S*\*?:[^\n]*@)",  # "Date: ..." / "From: x@y"
    re.MULTILINE,
)
#: a text between two tags of a page, and not blank ("\\S" alone would take a tag's "<" as text)
_PAGE_TEXT = re.compile(r"(?:^|>)(\s*[^<\s][^<]*)<")


@dataclass
class Case:
    name: str
    path: Path
    repairs: list[tuple[str, str]]


@dataclass
class Outcome:
    case: Case
    verdict: str
    detail: str
    answer: str = ""


def cases(root: Path) -> list[Case]:
    """The rows of SOURCES.md, each with its local file and repairs."""
    found = []
    for line in (root / "SOURCES.md").read_text(encoding="utf-8").splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            continue
        name, _held, source, repairs = cells[:4]
        repo, _, path = source.partition(":")
        repo = repo.split("@")[0]
        local = _local_file(root / FOLDERS[repo], path)
        if local is not None:
            found.append(Case(name, local, _repairs(repairs)))
    return found


def _local_file(folder: Path, source: str) -> Path | None:
    """The file of ``folder`` a source path names: the longest common tail of their paths."""
    parts = [part for part in source.split("/") if part != "emails"]
    best, length = None, 0
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        tail = path.relative_to(folder).parts
        common = 0
        while common < min(len(tail), len(parts)) and tail[-1 - common] == parts[-1 - common]:
            common += 1
        if common == 0 and path.stem.endswith(parts[-1]):
            common = 1  # rt's "input-msg-1" kept as "ms-outlook-input-msg-1.eml"
        if common > length:
            best, length = path, common
    return best


def _repairs(cell: str) -> list[tuple[str, str]]:
    """``'old' -> 'new'; ...`` as SOURCES.md writes them; a cut-off old text is a line to drop
    (an mbox "From " line), a cut-off new text ends as the old one does."""
    repairs = []
    for item in filter(None, (part.strip() for part in re.split(r";\s(?=')", cell))):
        old_text, _, new_text = item.partition(" -> ")
        old = _literal(old_text)
        new = _literal(new_text)
        if old is None:
            repairs.append((old_text.strip("'"), "\0line"))
            continue
        if new is None:
            cut = new_text.strip("'")
            tail = cut[cut.rindex("<") :] if "<" in cut else ""
            new = cut[: len(cut) - len(tail)] + old[old.rindex(tail) :] if tail and tail in old else cut
        repairs.append((old, new))
    return repairs


def _literal(text: str) -> str | None:
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


#: what talon's signature dataset writes before a line to label it (talon/signature/learning/
#: dataset.py: SIGNATURE_ANNOTATION, REPLY_ANNOTATION): its labels for training, not the writer's
_TALON_LABELS = re.compile(rb"^#(?:sig|reply)#", re.MULTILINE)


def repaired(case: Case) -> bytes:
    """The case's bytes with the repairs SOURCES.md names, and without talon's line labels."""
    raw = _TALON_LABELS.sub(b"", case.path.read_bytes())
    for old, new in case.repairs:
        if new == "\0line":
            raw = b"\n".join(line for line in raw.split(b"\n") if not line.startswith(old.encode()))
        elif old == "\n":
            raw = raw.lstrip(b"\n")
        else:
            raw = raw.replace(old.encode("utf-8"), new.encode("utf-8"))
    return raw


# -- orders into a mail ------------------------------------------------------------------------


def with_orders(text: str, html: bool, quote_anywhere: bool) -> str:
    """``text`` (a part's content) with England's orders at the top and the quoted ones in the quote."""
    if html:
        return _html_with_orders(text, quote_anywhere)
    quoted = re.search(r"^[ \t]*>.*$", text, re.MULTILINE)
    if quoted:
        prefix = re.match(r"[ \t]*>+ ?", quoted.group()).group()  # type: ignore[union-attr]
        lines = "".join(f"\n{prefix}{order}" for order in QUOTED)
        text = text[: quoted.end()] + lines + text[quoted.end() :]
    elif quote_anywhere or _TEXT_FORWARD.search(text):
        text = text.rstrip() + "\n" + "\n".join(QUOTED) + "\n"
    first = re.match(r"\s*(\S[^\n]*)\n", text)
    at = first.end() if first and _greeting_shaped(first.group(1)) else 0
    return text[:at] + "\n" + "\n".join(OWN) + "\n\n" + text[at:]


def _greeting_shaped(line: str) -> bool:
    """A writer's first line as greetings are written: one word ("Hello"), or a few ending in a
    comma or "!" ("Hi Christine,", "Hey All,"): the player writes their orders under it."""
    words = line.split()
    return len(words) == 1 and len(line) < 20 or (len(words) <= 4 and line.rstrip().endswith((",", "!")))


def _html_with_orders(page: str, quote_anywhere: bool) -> str:
    own = "".join(f"<div>{order}</div>" for order in OWN)
    quoted = "".join(f"<div>{order}</div>" for order in QUOTED)
    blockquote = re.search(r"<blockquote\b[^>]*>", page, re.IGNORECASE)
    if blockquote:
        page = page[: blockquote.end()] + quoted + page[blockquote.end() :]
    elif quote_anywhere or _HTML_QUOTE_MARKS.search(page):
        texts = list(_PAGE_TEXT.finditer(page))
        if texts:
            last = texts[-1]
            page = page[: last.end(1)] + quoted + page[last.end(1) :]
    body = re.search(r"<body\b[^>]*>", page, re.IGNORECASE)
    at = body.end() if body else 0
    mark = _HTML_QUOTE_MARKS.search(page, at)
    texts = [
        found
        for found in _PAGE_TEXT.finditer(page, max(at - 1, 0), mark.start() + 1 if mark else len(page))
        if unescape(found.group(1)).strip()
    ]
    words = sum(len(unescape(found.group(1)).split()) for found in texts)
    if 1 < len(texts) <= 3 and words <= 4:  # a greeting in blocks of its own: "Hi" / "there" / "Bob"
        at = texts[-1].end(1)
        own = "<br>" + own
    elif texts and _greeting_shaped(unescape(texts[0].group(1)).strip()):
        at = texts[0].end(1)
        own = "<br>" + own
    return page[:at] + own + page[at:]


def mail_of(case: Case, raw: bytes, to: str) -> bytes:
    """The case as England's mail to ``to``: a whole message kept as it is, a body made one."""
    forward = case.name.startswith("fwd-")
    looks_whole = re.match(rb"\s*([A-Za-z-]+:|From )", raw) is not None and b"\n\n" in raw.replace(b"\r", b"")
    if looks_whole and not forward:
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        parts = [
            p
            for p in message.walk()
            if p.get_content_type() in {"text/plain", "text/html"} and not p.is_attachment()
        ]
        for part in parts:
            subtype = part.get_content_subtype()
            content = _content(part)
            charset = part.get_content_charset() or "utf-8"
            new = with_orders(content, subtype == "html", forward)
            try:
                part.set_content(new, subtype=subtype, charset=charset)
            except (LookupError, UnicodeError):
                part.set_content(new, subtype=subtype, charset="utf-8")
        if not parts and not message.is_multipart() or message.is_multipart() and not message.get_payload():
            # a part-less "multipart" (discourse's dutch.eml): its body is read as its text
            head, _, body = raw.replace(b"\r\n", b"\n").lstrip(b"\n").partition(b"\n\n")
            body = with_orders(body.decode("utf-8", "replace"), False, False).encode("utf-8")
            message = email.message_from_bytes(head + b"\n\n" + body, policy=email.policy.default)
            assert isinstance(message, EmailMessage)
        names = getaddresses([str(message.get("From", ""))])
        display = names[0][0] if names else ""
    else:
        text = raw.decode("utf-8", "replace")
        html = case.path.suffix == ".html" or text.lstrip().lower().startswith(("<html", "<!doctype", "<div"))
        message = EmailMessage()
        message["Subject"] = "Re: [g1] orders"
        message.set_content(with_orders(text, html, forward), subtype="html" if html else "plain")
        display = _sender_name(case.path)
    for header in ("From", "To", "Message-ID", "Cc", "Delivered-To", "Return-Path"):
        del message[header]
    message["From"] = formataddr((display, PLAYER))
    message["To"] = to
    message["Message-ID"] = make_msgid(domain="example.test")
    return message.as_bytes()


def _content(part: EmailMessage) -> str:
    """A part's text. A part that names no charset is read as pbem reads it (UTF-8 first): the
    email package would read it as ASCII and put U+FFFD for every other byte (talon's Russian
    unicode_msg), and the mail sent would carry that damage, not the writer's words."""
    payload = part.get_payload(decode=True)
    if part.get_content_charset() is None and isinstance(payload, bytes):
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return str(part.get_content())


def _sender_name(path: Path) -> str:
    """talon's signature mails name their sender beside them (``<name>_sender``): an address,
    maybe with a name, or a name alone ("Stavros Xxxxxx")."""
    sender = path.with_name(path.name.rsplit("_", 1)[0] + "_sender")
    if sender.is_file():
        written = sender.read_text(encoding="utf-8").strip()
        names = getaddresses([written])
        if names and names[0][0]:
            return names[0][0]
        if written and "@" not in written:
            return written
    return "Bessie Berry"


# -- through a game ----------------------------------------------------------------------------


def run_case(table: Table, case: Case) -> Outcome:
    with table.store() as store:
        store.clear_orders("g1", PHASE)
    table.deliver(mail_of(case, repaired(case), table.reply_token_address("England")))
    table.run()
    answers = table.take(PLAYER)
    if not answers:
        return Outcome(case, "not answered", "no answer to England")
    answer = text_of(answers[-1])
    with table.store() as store:
        stored = store.order_set("g1", PHASE, "England")
    orders = stored.orders() if stored else []
    taken = [order for order in QUOTED if order in orders]
    if taken:
        return Outcome(case, "quoted order taken", ", ".join(taken), answer)
    lost = [order for order in OWN if order not in orders]
    if lost:
        return Outcome(case, "own order lost", ", ".join(lost), answer)
    refused = noise(answer)
    if refused:
        return Outcome(case, "noise", " | ".join(refused)[:300], answer)
    return Outcome(case, "read right", "", answer)


def noise(answer: str) -> list[str]:
    """The lines an answer refused that are not the writer's own words: a line is theirs if it is
    prose (``_prose``), the rest of a prose line its program wrapped ("... limited it to the" /
    "homepage."), an item of a list they wrote (lines with the same bullet), a line of what a
    prose line ending in ":" introduces ("Emails are below:" / "drew@a.com" / "s.k@g.com"), or
    the one line they wrote besides the orders ("test", "Test 123"). A line the game read as an
    order (a unit's letter first, or a province it knows: "A normal line", "ADR") is rightly
    answered too: no order-like line may be skipped as a greeting or a signature. A line an
    anonymiser masked ("XXXXX") is not judged."""
    listed = {int(at): line for at, line in re.findall(r"^  line (\d+): (.*)$", answer, re.MULTILINE)}
    errors = dict(re.findall(r"^  line (\d+): .*\n\s+ERROR: (.*)$", answer, re.MULTILINE))
    refused = {int(at): listed[int(at)] for at in errors}
    alone = len(listed) - len(refused) == len(OWN) and len(refused) == 1 and "read as your" not in answer
    found = [
        line
        for at, line in refused.items()
        if not (
            alone
            or _prose(line)
            or _order_like(line, errors[str(at)])
            or _goes_on(refused.get(at - 1))
            or _in_list(at, refused)
            or _introduced(at, listed)
            or _MASKED.search(line)
        )
    ]
    found += [
        line for line in re.findall(r"^  > (.*)\n\s+not understood", answer, re.MULTILINE) if not _prose(line)
    ]
    return found


def _order_like(line: str, error: str) -> bool:
    """Whether the game read ``line`` as an order: a unit's letter first ("A normal line"), or an
    error about a province it knows ("Say whether the unit in ADR is an army or a fleet")."""
    return re.match(r"[AF]\s+\w", line) is not None or not error.startswith("I do not know")


def _goes_on(above: str | None) -> bool:
    """Whether the refused line ``above`` is prose whose sentence the next line ends: a long line
    cut where its program wrapped it ("... and is why I limited it to the" / "homepage.")."""
    return above is not None and _prose(above) and not above.rstrip().endswith((".", "!", "?", ":"))


#: what the corpora's anonymisers put for letters and digits they hid ("+49 (0) XXX XX XX 70",
#: "XXXXX", "X, XXXXX", "XXXX@XXXX"): what the writer wrote on that line is not known, so it is not
#: judged (the "-deanon" cases of SOURCES.md put the digits back and are judged whole)
_MASKED = re.compile(r"(?<![^\W\d_])[Xx]{3,}(?![^\W\d_])|(?<!\S)X(?=[\s,]|$)")

_BULLET = re.compile(r"^\s*(-{1,2}|\*|•|\d+[.)])\s+\S")


def _in_list(at: int, refused: dict[int, str]) -> bool:
    """Whether the line ``at`` is an item of a list: a line next to it has the same bullet
    ("-- FOUR $100 gift certificates" / "-- EIGHT $50 gift certificates")."""
    bullet = _BULLET.match(refused[at])
    return bullet is not None and any(
        (other := _BULLET.match(refused.get(near, ""))) is not None and other[1] == bullet[1]
        for near in (at - 1, at + 1)
    )


def _introduced(at: int, listed: dict[int, str]) -> bool:
    """Whether the line ``at`` is in the run of lines under a sentence of five words or more that
    ends in ":", maybe with a blank line between: what the writer introduced ("... Emails are
    below:" / "drew@a.com" / "s.k@g.com"); or a "key: words" line right under such a sentence
    ending in ".", as the writer quotes an example ("... with the following keywords." /
    "Tracker: 開発"): a signature's "key: value" lines are phones, addresses and registers."""
    above = at - 1
    while above in listed and not listed[above].rstrip().endswith(":"):
        above -= 1
    if above not in listed:
        above -= 1  # the blank line under the sentence
    opener = listed.get(above, "")
    if opener.rstrip().endswith(":") and len(opener.split()) >= 5:
        return True
    sentence = next((listed[near] for near in (at - 1, at - 2) if near in listed), "")
    return (
        _KEYWORD_LINE.fullmatch(listed[at]) is not None
        and sentence.rstrip().endswith(".")
        and len(sentence.split()) >= 5
    )


#: "Tracker: 開発", "Priority: high": a key and words, no digit, address or link
_KEYWORD_LINE = re.compile(r"\s*[^\W\d_][\w -]{0,20}:\s+[^\d@:/]+")
_LINK_END = re.compile(r"\shttps?://\S+$")


def _prose(line: str) -> bool:
    """Whether a refused line is the writer's own prose, which an order mail's answer rightly
    refuses: a sentence (two words or more with one in lower case, ending as one, or in a link)
    or five words and more. Words are of letters: "Tel.: +49 511 123 45" is one word, "Example
    AG & Co." no sentence. A name, a closing, a company, an address, a banner or a quote's header
    line is none."""
    words = [word for word in line.split() if any(char.isalpha() for char in word)]
    if not words or _TEXT_FORWARD.match(line + "\n" + line) or re.match(r"^\W*[-_*=]{2}", line):
        return False
    lower = any(word.islower() and len(word.strip(".,;:!?'\"()")) > 1 for word in words)
    ended = line.rstrip().endswith((".", "!", "?", ":", "?)", ":)")) or _LINK_END.search(line) is not None
    return len(words) >= 5 or (len(words) >= 2 and lower and ended)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpora", type=Path, default=CORPORA, help="the mail-replies folder")
    parser.add_argument("--only", default="", help="only cases whose name has this")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each wrong mail's answer")
    args = parser.parse_args()
    if not (args.corpora / "SOURCES.md").is_file():
        print(f"no corpora at {args.corpora} (give --corpora PATH)")
        return 2
    every = cases(args.corpora)
    chosen = [case for case in every if args.only in case.name]
    with tempfile.TemporaryDirectory() as folder:
        players = {power: f"{power.lower()}@example.test" for power in POWERS}
        table = Table(
            Path(folder), [game("g1", "diplomacy", players)], service_settings={"answers_per_hour": 0}
        )
        table.start("g1")
        table.take()
        outcomes = [run_case(table, case) for case in chosen]
    counts = Counter(outcome.verdict for outcome in outcomes)
    print(f"{len(outcomes)} mails: " + ", ".join(f"{verdict} {counts[verdict]}" for verdict in VERDICTS))
    for outcome in outcomes:
        if outcome.verdict != "read right":
            print(f"  {outcome.verdict:18} {outcome.case.name}: {outcome.detail}")
            if args.verbose and outcome.answer:
                print("      " + outcome.answer.split("\n-- \n")[0].replace("\n", "\n      "))
    return 0 if counts["read right"] == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())

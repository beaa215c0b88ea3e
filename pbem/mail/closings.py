"""How people end a mail: "Cheers, / Bob", "Grüße / Alice", "Merci, à bientôt".

Mail programs mark a signature ("-- ", "Sent from my iPhone": ``pbem.mail.quotes``), but a
closing a person types has no mark. This module says whether one line reads as part of a
closing: a common closing phrase (English, French, German, Spanish, Italian, Dutch,
Portuguese, Danish, Norwegian, Swedish, Finnish, Polish, Czech, Hungarian, Romanian, Russian),
the writer's own name, or both on one line ("Thanks, Bob").

After a closing phrase or the writer's own name may come a short signature that is not it: at
most ``SIGNATURE_LINES`` lines ("Jean-Pierre Dupont / Paris"), each of one to three words
capitalised as names are, none of them a word or name the game's orders use (``order_words``:
"Thanks / Hold Paris" is a refused order, never a signature). A slip of such a word is not
looked for: "Alicia" is one letter from Galicia, and the answer names the lines it read as
the closing anyway. Under them may come a block of contact details, which no order is
written like (``pbem.mail.signatures``): "CEO @ Acme", "+44 20 7946 0958",
"www.acme.example", a postal address; their titles and companies hold no word of the
game's orders either. It knows nothing of games beyond those words: whether a
line is really an order is for the caller to ask the game first.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from functools import lru_cache

from pbem.mail import signatures
from pbem.mail.quotes import is_sent_from

#: closing phrases, written without accents and in lower case (``_folded`` folds a line the same)
CLOSINGS = frozenset(
    phrase.strip()
    for phrase in """
    thanks|thank you|thanks a lot|many thanks|thanks again|thank you very much|thx|tx|ty|ta|cheers
    regards|best regards|kind regards|warm regards|warmest regards|kindest regards|best wishes
    best|all the best|all best|yours|yours truly|yours sincerely|sincerely|cordially|take care
    good luck|good luck all|see you|see ya|later|bye|bye for now|love|have fun|gl|hf|gl hf|glhf
    good game|gg|enjoy|peace|respectfully|with thanks
    merci|merci beaucoup|merci bien|mille mercis|cordialement|bien cordialement|salutations
    bien a vous|bien a toi|amities|amicalement|a bientot|a plus|a plus tard|a+|bonne journee
    bonne soiree|bonne fin de journee|bises|bisous|bonne chance|salut|a la prochaine|tchao
    grusse|gruse|gruss|gruß|grüße|gruesse|viele grusse|liebe grusse|beste grusse|herzliche grusse
    freundliche grusse|mit freundlichen grussen|mit besten grussen|schone grusse|mfg|lg|vg|bg
    mit freundlichem gruß|freundlicher gruß|mit herzlichen grüßen|herzlicher gruß|mit besten grüßen
    danke|vielen dank|danke schon|dankeschon|bis bald|bis dann|tschuss|tschau|ciao|servus|gruß gott
    gracias|muchas gracias|saludos|un saludo|saludos cordiales|un abrazo|abrazos|atentamente
    cordialmente|hasta luego|hasta pronto|hasta la proxima|besos|suerte|buena suerte|nos vemos
    grazie|grazie mille|saluti|cordiali saluti|distinti saluti|un saluto|a presto|buona giornata
    buona serata|buona fortuna|a dopo|un abbraccio
    bedankt|dank je|dank je wel|dank u|dank u wel|groeten|groetjes|met vriendelijke groet
    met vriendelijke groeten|vriendelijke groet|vriendelijke groeten|hartelijke groeten|mvg
    tot ziens|tot later|succes|doei|veel succes
    obrigado|obrigada|abraco|abracos|atenciosamente|cumprimentos|ate logo|ate breve
    med venlig hilsen|venlig hilsen|venlige hilsner|hilsen|mange hilsner|mvh|kh|tak|mange tak
    med vennlig hilsen|vennlig hilsen|takk|tusen takk
    med vanlig halsning|vanliga halsningar|halsningar|halsning|tack|tack sa mycket|ha det bra
    terveisin|ystavallisin terveisin|kiitos
    pozdrawiam|pozdrowienia|z powazaniem|dziekuje|dzieki|do zobaczenia|powodzenia
    s pozdravem|dekuji|diky|udvozlettel|koszonom|salutari|multumesc
    с уважением|спасибо|всего доброго|всего хорошего|удачи|пока|с наилучшими пожеланиями|дякую|з повагою
    고맙습니다|감사합니다|감사해요|고마워요|수고하세요|안녕히 계세요
    ありがとうございます|ありがとうございました|よろしくお願いします|よろしくお願いいたします|宜しくお願いします
    どうぞよろしく|以上|敬具|草々
    谢谢|谢谢你|多谢|此致|此致敬礼|敬礼|祝好|顺祝商祺|感謝|謝謝
    """.replace("\n", "|").split("|")
    if phrase.strip()
)

#: a closing is short: "Best regards, / Alice Martin / Sent from my phone" and the like, or with
#: a block of contact details under the name (a title, a company, an address, phones, a web
#: address); talon looks for a signature in the last 11 lines
#: a German partnership's block: name, department, both companies, address, phones, mail, web, and
#: for each company its seat, register and officers, as the Impressum wants them (§ 35a GmbHG,
#: § 125a HGB)
MAX_CLOSING_LINES = 30
#: the lines of a signature after a closing phrase that are not the writer's known name: a
#: name, and a town or a team under it ("Best regards / Jean-Pierre Dupont / Paris")
SIGNATURE_LINES = 2
#: the small words inside a name that are not capitalised ("Ludwig van Beethoven"), and in a title
#: under a name ("Head of Sales", "Service und Support")
_PARTICLES = frozenset({
    "van", "von", "de", "der", "den", "du", "da", "di", "la", "le", "del", "dos", "ter", "ten", "bin", "ibn",
    "al", "of", "for", "and", "und", "et", "en",
})  # fmt: skip

# "Thanks and regards", "Merci et à bientôt": joined closings are read one by one
_JOINS = re.compile(r"\s*(?:[,;!.。！，、]+|\s(?:and|&|und|et|y|e|en)\s)\s*", re.IGNORECASE)
# what surrounds a closing without being part of it: "-- Bob", "~Alice", "/John", "Cheers :)", "Thanks!!",
# "¡Gracias!"
_DECORATION = re.compile(r"[-~_*=#>/()\[\]:;!?¡¿'\"\s]+|[\U0001F300-\U0001FAFF\u2600-\u27BF]+")
# a word of a name: "Bob", "Jean-Luc", "O'Neill", "J." (a letter alone is no name, nor "PAR": "A PAR")
_NAME_WORD = re.compile(r"[^\W\d_]\.|[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))+")
# what no name holds, though an order may: "A PAR - BUR", "F Lon -> Nth", "Build 2"
_NOT_A_NAME = re.compile(signatures.ARROW.pattern + r"|\d")
# the most words of a title or a company under a name: "Vice President of Sales and Marketing"
_TITLE_WORDS = 8
# a word of a title or a company: "Engineer", "CEO", "R&D", "Co.", "(EMEA)", "&"
_TITLE_WORD = re.compile(r"[(&]?[^\W\d_][\w&.'/-]*[).,]?|&")
# a name signed with a dash or a tilde before it, as people type a signature: "--Geoff Maciolek"
_DASH_SIGNED = re.compile(r"^\s*(?:-{1,2}|~)\s?([^\W\d_][^\n]*?)\s*$")
# what is around and between the initials of a name: "-- C.B.", "c. b."
_INITIALS_AROUND = re.compile(r"[-~/.\s]+")
# a mark around a line of contact details: "-- ", "~", a bullet in front
_DECORATION_AROUND = re.compile(r"^[-~*>\s]+|[\s*]+$")


def _folded(text: str) -> str:
    """Lower case without accents: "Grüße" and "Gruesse" meet at "grusse", "à bientôt" at "a bientot"."""
    text = text.lower().replace("ß", "ss").replace("ue", "u").replace("oe", "o").replace("ae", "a")
    text = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).split())


_FOLDED_CLOSINGS = frozenset(_folded(phrase) for phrase in CLOSINGS)
#: the most words of a closing phrase ("mit freundlichen grussen", "thank you very much")
_CLOSING_WORDS = max(len(phrase.split()) for phrase in _FOLDED_CLOSINGS)


def name_words(*names: str) -> frozenset[str]:
    """The words of a writer's names (display name, address, power), folded, to know them alone
    on a line: "Alice Martin <alice.martin@x>" gives alice, martin; and the initials of a name
    of two or three words ("am"), which people sign with ("-- AM")."""
    words: set[str] = set()
    for name in names:
        local = name.partition("@")[0] if "@" in name else name
        parts = [_folded(word) for word in re.split(r"[^\w']+", local) if word]
        words.update(word for word in parts if len(word) > 1)
        if "@" not in name and 1 < len(parts) <= 3:  # "Barrow, Clyde" is Clyde Barrow, as Outlook writes it
            ordered = parts[::-1] if "," in name else parts
            words.add("".join(word[0] for word in ordered))
    return frozenset(words - {""})


def _own_name(words: list[str], names: frozenset[str]) -> bool:
    """Whether ``words`` are the writer's own name: words of their names, and letters that are
    the initials of one after a whole one ("Clyde B." for Clyde Barrow; not "F Clyde", an order),
    or a middle initial between them ("John E. Doe")."""
    if len(words) > 2 and _folded(words[0]).rstrip(".") in _HONORIFICS:  # "Dr. Anna Berger", "Me John Doe"
        words = words[1:]
    folded = [_folded(word).rstrip(".") for word in words]
    initials = {name[0] for name in names}
    if not folded or folded[0] not in names or folded[-1] not in names | initials:
        return False
    return all(
        word in names
        or word in initials
        or (len(word) == 1 and written.endswith(".") and at < len(words) - 1)
        for at, (word, written) in enumerate(zip(folded, words, strict=True))
        if at
    )


#: what stands before a name: "Dr. Anna Berger", "Me John Doe" (Maître, in Québec), "Herr Müller"
_HONORIFICS = frozenset(
    {"mr", "mrs", "ms", "miss", "dr", "prof", "me", "mme", "mlle", "herr", "frau", "sr", "sra", "dott", "ing"}
)


def _family_named(words: list[str], names: frozenset[str], order_words: frozenset[str]) -> bool:
    """Whether ``words`` are a name ending with the writer's family name: "Jhon Doe" signed by
    Joe Doe, "Bob Smith" by Robert Smith (a nickname, a slip, a first name the mail program does
    not show)."""
    return (
        len(words) in {2, 3}
        and _name_shaped(words, order_words)
        and len(words[-1]) > 2
        and _folded(words[-1]).rstrip(".") in names
    )


def _is_name(piece: str, names: frozenset[str], after_closing: bool, order_words: frozenset[str]) -> bool:
    """Whether ``piece`` is the writer's name: words of their names, or, right after a closing
    phrase, one to three words written as a name is ("Cheers, Bob"), none of them a word of
    the game's orders ("Thanks, Hold Paris" is an order)."""
    words = piece.split()
    if not words:
        return False
    if _own_name(words, names) or _family_named(words, names, order_words):
        return True
    return after_closing and _name_shaped(words, order_words)


def _name_shaped(words: list[str], order_words: frozenset[str]) -> bool:
    """One to three words written as a name is, none a word of the game's orders."""
    return (
        len(words) <= 3
        and all(_NAME_WORD.fullmatch(word) for word in words)
        and all(_capitalised(word) or (index > 0 and word in _PARTICLES) for index, word in enumerate(words))
        and not _names_a_game_word(words, order_words)
    )


def _capitalised(word: str) -> bool:
    """ "Bob", "McDonald"; not "bob", nor "BOB" (orders are often written in capitals)."""
    return word[0].isupper() and (word.endswith(".") or not word.isupper())


@lru_cache(maxsize=16)
def _game_words(order_words: frozenset[str]) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """The game's words folded as lines are: single words, and names of several ("north sea")."""
    phrases = {tuple(_folded(phrase).split()) for phrase in order_words} - {()}
    return frozenset(p[0] for p in phrases if len(p) == 1), frozenset(p for p in phrases if len(p) > 1)


def _names_a_game_word(words: list[str], order_words: frozenset[str]) -> bool:
    """Whether ``words`` hold a word or a name of the game's orders ("Hold", "Paris", "North Sea")."""
    if not order_words:
        return False
    single, several = _game_words(order_words)
    folded = [_folded(word) for word in words]
    if any(word in single or any(part in single for part in word.split("-")) for word in folded):
        return True
    return any(tuple(folded[at : at + len(name)]) == name for name in several for at in range(len(folded)))


def closing_kind(
    line: str, names: frozenset[str], after_closing: bool = False, order_words: Collection[str] = frozenset()
) -> str:
    """What ``line`` is in a closing: "phrase" (a closing phrase, maybe with a name after it),
    "name" (the writer's name), or "" when it is no part of a closing. ``order_words`` are the
    words of the game's orders (``Ruleset.order_words``), which no signature holds."""
    return _kind(line, names, after_closing, frozenset(order_words))


@lru_cache(maxsize=1024)
def _kind(line: str, names: frozenset[str], after_closing: bool, order_words: frozenset[str]) -> str:
    if is_sent_from(line):
        return "phrase"
    if _folded(_INITIALS_AROUND.sub("", line)) in names:  # "C.B.", "-- CB": the writer's initials
        return "name"
    words = line.split()
    if len(words) > 2 and (_own_name(words, names) or _family_named(words, names, order_words)):
        return "name"  # "Dr. Robert Smith": read whole, before a dot parts it
    signed = _DASH_SIGNED.match(line)
    if signed and _name_shaped(signed[1].split(), order_words):  # "--Geoff Maciolek", "-Abhishek Kona"
        return "phrase"
    name, *degrees = [part.strip() for part in line.split(",")]
    if (
        degrees
        and (_own_name(name.split(), names) or (after_closing and _name_shaped(name.split(), order_words)))
        and all(signatures.is_title(part) and _titled(part, order_words) for part in degrees)
    ):  # "John E. Doe, Ph.D.", "Clyde Barrow, MBA": a name and degrees
        return "name"
    raw = [piece for piece in _JOINS.split(line) if piece.strip()]
    pieces = [" ".join(_DECORATION.sub(" ", piece).split()) for piece in raw]
    # a line with digits or arrows may look like a name only if it is the writer's own
    name_like = not any(_NOT_A_NAME.search(piece) for piece in raw)
    if not pieces:
        return ""
    kind = ""
    for piece in pieces:
        if _folded(piece) in _FOLDED_CLOSINGS or (name_like and _phrase_and_name(piece, names, order_words)):
            kind = "phrase"
        elif not _is_name(piece, names, name_like and (after_closing or kind == "phrase"), order_words):
            return ""
    return kind or "name"


def _phrase_and_name(piece: str, names: frozenset[str], order_words: frozenset[str]) -> bool:
    """Whether ``piece`` is a closing phrase and a name with no comma between: "Thanks Bob",
    "Cheers /Clyde" (not "Love Paris" in Diplomacy, where Paris is a province)."""
    words = piece.split()
    for cut in range(min(len(words) - 1, _CLOSING_WORDS), 0, -1):  # a phrase is a few words long
        if _folded(" ".join(words[:cut])) in _FOLDED_CLOSINGS:
            return _is_name(" ".join(words[cut:]), names, True, order_words)
    return False


def closing_start(
    lines: list[str], names: Iterable[str] = (), order_words: Collection[str] = frozenset()
) -> int | None:
    """The index in ``lines`` where a closing that runs to the end begins, or None.

    Blank lines are skipped, and a closing has at most ``MAX_CLOSING_LINES`` lines. Each is a
    closing phrase or the writer's name; a line that merely looks like a name counts only after
    a closing phrase or the writer's name, and no more than ``SIGNATURE_LINES`` of them after
    one ("Cheers, / Bob"); so do the lines of contact details under them (``signature_line``).
    A disclaimer ends the mail as "-- " would (``disclaimer_start``): the closing is above it.
    """
    reading = _Reading(lines, frozenset(names), frozenset(order_words))
    return reading.closing_start(len(reading.filled) - 1)


def disclaimer_start(lines: list[str], order_words: Collection[str] = frozenset()) -> int | None:
    """The index in ``lines`` where a disclaimer that runs to the end begins, or None: a line
    that opens one ("CONFIDENTIALITY NOTICE:", "Ce message et ses pièces jointes sont
    confidentiels", "Please consider the environment before printing this e-mail"), and under
    it lines of prose only (``signatures.is_prose``), so that an order under it is answered.
    It is no part of ``MAX_CLOSING_LINES``: a disclaimer runs as long as lawyers write it."""
    reading = _Reading(lines, frozenset(), frozenset(order_words))
    found = reading.disclaimer(len(reading.filled) - 1)
    return None if found is None else reading.filled[found]


class _Reading:
    """The lines of a mail's end, each read once however many endings are tried: where the
    closing of the lines up to each one begins is asked of every line from the last, and a
    reading per ending would cost the square of the lines.

    Lines are counted among the ``filled`` ones (blank lines are skipped); "up to ``last``"
    is up to and with ``filled[last]``."""

    def __init__(self, lines: list[str], names: frozenset[str], order_words: frozenset[str]):
        self.lines, self.names, self.order_words = lines, names, order_words
        self.filled = [index for index, line in enumerate(lines) if line.strip()]
        single, several = _game_words(order_words)
        game = single.union(*several)  # "north" of "North Atlantic Ocean" too: "a north atlantic ocean"
        filled = [lines[index] for index in self.filled]
        self.prose = [
            signatures.is_prose(line, lambda found: any(_folded(w) in game for w in found)) for line in filled
        ]
        #: whether each line opens a disclaimer with the next one under it, and as the last line
        self.opens = [
            signatures.opens_disclaimer(f"{line}\n{after}")
            for line, after in zip(filled, [*filled[1:], ""], strict=False)
        ]
        self.opens_last = [signatures.opens_disclaimer(f"{line}\n") for line in filled]
        # the first line opening a disclaimer in the run of disclaimer lines that ends at each line
        self.opener: list[int | None] = []
        for at, opens in enumerate(self.opens):
            before = self.opener[at - 1] if at and self._in_disclaimer(at - 1) else None
            self.opener.append(before if before is not None else at if opens else None)
        self.kinds: dict[tuple[int, bool], str] = {}
        self.contact: dict[int, bool] = {}
        self.reach: dict[int, bool] = {}
        self.detail: dict[int, bool] = {}
        self.starts: dict[int, int | None] = {}

    def _in_disclaimer(self, at: int) -> bool:
        return self.opens[at] or self.prose[at]

    def disclaimer(self, last: int) -> int | None:
        """Where (in ``filled``) a disclaimer that runs to ``last`` begins, or None."""
        if last < 0 or not (self.opens_last[last] or self.prose[last]):
            return None
        before = self.opener[last - 1] if last and self._in_disclaimer(last - 1) else None
        return before if before is not None else last if self.opens_last[last] else None

    def closing_start(self, last: int) -> int | None:
        """The index in ``lines`` where a closing that runs to ``last`` begins, or None."""
        if last not in self.starts:
            below = None  # the disclaimer nearest the top of those stacked at the end
            top = last
            while (found := self.disclaimer(top)) is not None:
                below, top = found, found - 1
            start = self._closing_above(top)
            self.starts[last] = start if start is not None or below is None else self.filled[below]
        return self.starts[last]

    def _closing_above(self, last: int) -> int | None:
        """The start of a closing of plain lines (no disclaimer) that runs to ``last``."""
        window = range(max(0, last + 1 - MAX_CLOSING_LINES), last + 1)
        for first in window:  # the earliest start whose every line reads as a closing
            if self._reached(first, last) or self._ruled_block(first, last):
                return self.filled[first]
            opened = False  # a closing phrase or the writer's name was seen: a signature may follow
            signature = 0  # lines since the last closing phrase that read as a name only after it
            signed = False  # opened by a name over contact details: its title and firm come first
            contacted = False
            for at in range(first, last + 1):
                kind = self._kind(at, False)
                if not kind and at == first:
                    kind = self._signed_block(at, last)
                    signed = bool(kind)
                if kind:
                    opened = True
                elif opened and self._contact(at):
                    kind = "contact"  # contact details (a company too) are no name: they are not counted
                    contacted = True
                elif opened and signature < SIGNATURE_LINES and not (signed and contacted):
                    kind = self._kind(at, True)
                    signature += 1 if kind else 0
                if not kind:
                    break
                if kind == "phrase":
                    signature = 0
            else:
                return self.filled[first]
        return None

    def _signed_block(self, at: int, last: int) -> str:
        """ "name" where the line at ``at`` reads as a name and two lines under it, to ``last``,
        are contact details ("Gina Berger / gina@example.com / (555) 346-9947", "John E. Doe,
        Ph.D. / President / Acme Research / john@acme.example / www.acme.example"): a signature
        with no closing phrase above it, as mail programs insert one. The lines between are
        read as those after a closing phrase are."""
        if self._kind(at, True) != "name":
            return ""
        contacts = (under for under in range(at + 1, last + 1) if self._contact(under))
        return "name" if next(contacts, None) is not None and next(contacts, None) is not None else ""

    def _reached(self, first: int, last: int) -> bool:
        """Whether the lines from ``first`` to ``last``, ending the mail, are contact details
        alone: ways to reach the writer (a mail or web address, a phone: "adr@university.edu"
        under initials "ADR" that name a province and are answered), a register or officer
        ("Vorstand: Eva Muster"), or two lines and more of them with a postal address ("1290
        Avenue of the Americas / New York, NY 10104-3800" under a name the game cannot tell)."""
        lines = range(first, last + 1)
        if all(self._reach(at) for at in lines):
            return True
        if not all(self._detail(at) for at in lines):
            return False
        return last > first or signatures.is_register(self.lines[self.filled[first]])

    def _detail(self, at: int) -> bool:
        if at not in self.detail:
            line = _DECORATION_AROUND.sub("", self.lines[self.filled[at]])
            self.detail[at] = signatures.is_contact(
                line, lambda words: _names_a_game_word(words, self.order_words)
            )
        return self.detail[at]

    def _reach(self, at: int) -> bool:
        if at not in self.reach:
            self.reach[at] = signatures.is_reach(_DECORATION_AROUND.sub("", self.lines[self.filled[at]]))
        return self.reach[at]

    def _ruled_block(self, first: int, last: int) -> bool:
        """Whether the lines from ``first`` to ``last`` are a signature set apart by a rule, as
        "-- " sets one apart: a rule ("----------------"), then lines among which two at least
        are contact details, and none holds a word of the game's orders, an arrow or a digit but
        the contact details (a logo's name, a title, a firm)."""
        if first >= last or not signatures.SIGNATURE_RULE.fullmatch(self.lines[self.filled[first]]):
            return False
        under = range(first + 1, last + 1)
        if sum(self._contact(at) for at in under) < 2:
            return False
        return all(self._contact(at) or self._plain(self.lines[self.filled[at]]) for at in under)

    def _plain(self, line: str) -> bool:
        """A line that names nothing of the game and holds no arrow nor digit."""
        words = [word.strip(".,;:()[]/|_") for word in re.split(r"[\s_/|]+", line)]
        return not _NOT_A_NAME.search(line) and not _names_a_game_word(
            [w for w in words if w], self.order_words
        )

    def _kind(self, at: int, after_closing: bool) -> str:
        if (at, after_closing) not in self.kinds:
            line = self.lines[self.filled[at]]
            self.kinds[at, after_closing] = closing_kind(line, self.names, after_closing, self.order_words)
        return self.kinds[at, after_closing]

    def _contact(self, at: int) -> bool:
        if at not in self.contact:
            line = self.lines[self.filled[at]]
            self.contact[at] = signature_line(line, self.names, self.order_words) or self._names_go_on(at)
        return self.contact[at]

    def _names_go_on(self, at: int) -> bool:
        """Whether the line at ``at`` goes on with the names of a contact line ending in a comma
        ("Geschäftsführung: Tilman Test, Klaus Test," / "Bernhard Test, Ulrich Test")."""
        above = self.lines[self.filled[at - 1]] if at else ""
        parts = [part.split() for part in self.lines[self.filled[at]].split(",") if part.strip()]
        return (
            above.rstrip().endswith(",")
            and bool(parts)
            and all(_name_shaped(part, self.order_words) for part in parts)
            and self._contact(at - 1)
        )


def signature_line(line: str, names: frozenset[str], order_words: Collection[str] = frozenset()) -> bool:
    """Whether ``line`` is a line of contact details under a signature (``pbem.mail.signatures``):
    "CEO @ Acme", "Senior Engineer | Acme Corp", "+44 20 7946 0958", "www.acme.example". Its
    pieces of words, a title or a company, hold no word of the game's orders, as names do not;
    an address or a phone number may ("10 Downing Street, London"): no order is written so."""
    return _signature_line(line, names, frozenset(order_words))


@lru_cache(maxsize=1024)
def _signature_line(line: str, names: frozenset[str], order_words: frozenset[str]) -> bool:
    def ordered(words: list[str]) -> bool:
        return _names_a_game_word(words, order_words)

    if _department(line, order_words):
        return True
    found = signatures.pieces(_DECORATION_AROUND.sub("", line))
    contact = [signatures.is_contact(piece, ordered) for piece in found]
    slogan = re.split(r"\s[-–—]\s", line.strip(), maxsplit=1)  # "acme.example - the best in town"
    if (any(contact) and len(found) > 1 or len(slogan) == 2 and signatures.is_contact(slogan[0])) and (
        not _names_a_game_word(line.split(), order_words)
    ):
        return True  # a company's slogan beside its web address: no order holds a web address
    if not found or (_NOT_A_NAME.search(line) and not any(contact)):
        return False
    marked = len(found) > 1
    for piece, is_contact in zip(found, contact, strict=True):
        if is_contact or (
            signatures.is_company(piece) and _titled(piece.replace(",", ""), order_words, True)
        ):
            marked = True  # "MYCOMPANYNAME, LLC": a company, its legal form after a comma
            continue
        # a comma sets a title or a company beside the name: "Clyde Barrow, MBA", "Engineer, Acme Ltd"
        parts = [part.strip() for part in piece.split(",") if part.strip()]
        for part in parts:
            own = _own_name(part.split(), names)
            if not own and not _titled(part, order_words, signatures.is_company(part)):
                return False
            named = signatures.is_company(part) or signatures.is_title(part)
            marked = marked or (own and len(parts) > 1) or named
    return marked


#: what joins the words of a department: "Service und Support", "Research & Development"
_DEPARTMENT_JOINS = frozenset({"und", "and", "&", "et", "y", "e", "en"})


def _department(line: str, order_words: frozenset[str]) -> bool:
    """Whether ``line`` names a department or a trade: capitalised words joined by "and" in some
    language ("Service und Support", "Sales & Support"). No order joins words so; one of them may
    be a word of the game's orders (Diplomacy's "support"), never two ("Hold and Paris")."""
    words = line.split()
    joins = [at for at, word in enumerate(words) if word.lower() in _DEPARTMENT_JOINS]
    named = [word for word in words if word.lower() not in _DEPARTMENT_JOINS]
    return (
        len(words) >= 3
        and bool(joins)
        and all(0 < at < len(words) - 1 for at in joins)
        and all(_NAME_WORD.fullmatch(word) and _capitalised(word) for word in named)
        and sum(_names_a_game_word([word], order_words) for word in named) <= 1
    )


def _titled(piece: str, order_words: frozenset[str], company: bool = False) -> bool:
    """A title or a company: "Senior Engineer", "CEO", "R&D", "Acme GmbH & Co. KG"; up to eight
    words of letters, none a word of the game's orders but for a ``company``'s legal form ("AG"
    is the Aegean in Diplomacy, and "Example AG" no order)."""
    words = piece.split()
    named = [word for word in words if not (company and signatures.LEGAL_FORM.fullmatch(word))]
    return (
        0 < len(words) <= _TITLE_WORDS
        and all(_TITLE_WORD.fullmatch(word) for word in words)
        and not _NOT_A_NAME.search(piece)
        and not _names_a_game_word([word.strip(".,()&") for word in named], order_words)
    )


def closing_block(
    lines: list[str], names: Iterable[str] = (), order_words: Collection[str] = frozenset()
) -> tuple[int, int] | None:
    """The first and last index in ``lines`` of the last closing in them, or None.

    The lines after it that are no part of it stay lines of the mail: "Thanks / Hold Paris"
    ends with a refused order, which the player must be told of, and "Best regards /
    Jean-Pierre Dupont / Paris" in Diplomacy with a province, which may be an order cut short.
    """
    reading = _Reading(lines, frozenset(names), frozenset(order_words))
    for last in reversed(range(len(reading.filled))):
        start = reading.closing_start(last)
        if start is not None:
            return start, reading.filled[last]
    return None


def closing_blocks(
    lines: list[str], names: Iterable[str] = (), order_words: Collection[str] = frozenset()
) -> list[tuple[int, int]]:
    """The first and last index in ``lines`` of each closing in them, from the last up: a line
    that is no part of a closing may stand between two ("Thanks, / ADR / adr@university.edu",
    where ADR, initials, is the Adriatic's name and answered), and stays a line of the mail.
    Closings stand in the last ``MAX_CLOSING_LINES`` lines; the last one may begin above them."""
    reading = _Reading(lines, frozenset(names), frozenset(order_words))
    blocks: list[tuple[int, int]] = []
    last = len(reading.filled) - 1
    end = max(0, last + 1 - MAX_CLOSING_LINES)  # the closings of a mail stand in its last lines
    while last >= end or (last >= 0 and not blocks):
        start = reading.closing_start(last)
        if start is None:
            last -= 1
            continue
        blocks.append((start, reading.filled[last]))
        last = reading.filled.index(start) - 1
    return blocks


#: for ``pbem.mail.greetings``, which reads a greeting's name as a closing's
folded = _folded
name_shaped = _name_shaped
game_words_of = _game_words

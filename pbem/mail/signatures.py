"""The contact details of a signature block: "+44 20 7946 0958", "www.acme.example",
"CEO @ Acme", "221B Baker Street, London NW1 6XE".

Under a closing and the writer's name, mail programs and people put a block of contact
details: Outlook and Apple Mail send it as plain lines with no mark. Its lines have shapes
no order has: a phone number, a mail or web address, a picture a program left as
"[cid:image001.png@...]", a postal address (a house number and a street, or a postcode), a
company with its legal form ("Acme GmbH"), or pieces set apart by "|", "•" or " @ ". talon
(Mailgun) weighs the same marks to find a signature (a phone, a mail address, a URL, the
sender's names, capitalised words in the last lines), but learnt from business mail it takes
any two groups of digits for a phone and a line of capitalised words for a name, which order
lines are; so the shapes here are narrower, and say nothing of games: whether a title holds a
word of the game's orders is for ``pbem.mail.closings`` to ask.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

#: whether words hold a word of the game's orders ("ACCEPT VIA 1" is an order in Invincible!,
#: not a street): the caller's to say; none by default
Ordered = Callable[[list[str]], bool]

#: what sets the pieces of one line of a signature apart: "CEO @ Acme", "Engineer | Acme",
#: "Acme • London", "Engineer – Acme" (an en or em dash: orders write "-" for a move)
_SEPARATOR = re.compile(r"\s*[|•·◆]\s*|\s+[@–—]\s+|\s+at\s+")

#: a label before a phone number, a mail or a web address: "T:", "Mob.", "E-mail:", "Web:"
_LABEL = r"(?:[^\W\d_][\w.'-]{0,15}\.?\s?[:.]\s*|(?:t|m|p|f|tel|tél|mob|fax|cell|phone|mobile|ph)\s+)?"
#: a phone number: "+44 20 7946 0958", "(555) 123-4567", "06 12 34 56 78", "+1 555 123 4567 ext. 12"
_PHONE = re.compile(
    _LABEL + r"(?P<number>\+?\s?(?:\(\s?\+?\d{1,4}\s?\)\s?)?\d[\d\s().\-/]*\d)"
    r"(?:\s*(?:ext|x|poste|dw|durchwahl)\.?\s*\d{1,5})?",
    re.IGNORECASE,
)
#: the fewest and most digits of a phone number (E.164 has at most 15)
_PHONE_DIGITS = (7, 15)
#: a mail address, maybe a link: "clyde@acme.example", "E: <mailto:clyde@acme.example>"
_MAIL = re.compile(_LABEL + r"<?(?:mailto:)?[\w.+'-]+@[\w-]+(?:\.[\w-]+)+>?", re.IGNORECASE)
#: the endings of the web addresses people write without "www." or "https://"
_DOMAINS = (
    "com|org|net|io|co|info|biz|dev|app|me|edu|gov|eu|uk|de|fr|nl|be|ch|at|it|es|pt|se|no|dk|fi|"
    "pl|cz|ru|ca|us|au|nz|jp|ie"
)
#: a web address, a handle, or a picture: "www.acme.example", "Web: https://acme.example/team",
#: "acme.co.uk", "@clydebarrow", "skype: clyde.b", "[cid:image001.png@01DA2B3C]", "[image: Acme logo]"
_WEB = re.compile(
    _LABEL + r"(?:<?(?:https?://|www\.)\S+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:" + _DOMAINS + r")(?:/\S*)?"
    r"|@[\w.]{2,}|\[(?:cid:|image\b|description:)[^\]]*\])"
    r"|(?:skype|linkedin|twitter|github|instagram|telegram|signal|whatsapp|wechat|teams)\s?:\s?\S+",
    re.IGNORECASE,
)
#: a link target a program wrote after the link's text: "Acme<https://acme.example/>" (Outlook),
#: "Acme <http://acme.example>" (Gmail's text part)
_LINK_TARGET = re.compile(r"<(?:https?://|mailto:)\S*>$|\((?:https?://)\S*\)$", re.IGNORECASE)
#: the legal forms ending a company's name: "Acme Ltd", "Acme GmbH & Co. KG", "Acme S.A."
_COMPANY = re.compile(
    r"[^\W\d_][\w&.' -]*,?\s(?:Ltd|LTD|Limited|Inc|INC|Corp|CORP|Corporation|LLC|LLP|plc|PLC|GmbH|AG|KG"
    r"|SA|S\.A|SARL|SAS|BV|B\.V|NV|N\.V|Oy|AB|AS|A/S|ApS|SpA|S\.p\.A|Srl|S\.r\.l|SL|S\.L|Pty|Co"
    r"|OHG|KGaA|UG|GbR|eG|e\.V|mbH|gGmbH|SE|Stiftung)\.?"
)
#: the legal form a company's name ends with, alone: no word of a game's orders though it be one
#: ("AG" is the Aegean's in Diplomacy)
LEGAL_FORM = re.compile(_COMPANY.pattern.split(r",?\s", 1)[1])
#: the words of a street, written after its name ("Baker Street", "rue de la Paix" before it)
_STREETS = frozenset({
    "street", "st", "road", "rd", "avenue", "ave", "av", "lane", "ln", "drive", "dr", "boulevard",
    "blvd", "bd", "way", "parkway", "pkwy", "place", "pl", "square", "sq", "court", "ct", "terrace",
    "close", "crescent", "highway", "hwy", "suite", "ste", "floor", "rue", "allee", "chemin",
    "impasse", "quai", "cours", "strasse", "str", "weg", "platz", "gasse", "damm", "ufer", "via",
    "viale", "piazza", "corso", "largo", "calle", "avenida", "avda", "plaza", "paseo", "rua",
    "praca", "travessa", "straat", "laan", "gracht", "plein", "kade", "vej", "gade", "gata",
    "gatan", "vagen", "ulica", "ul", "aleja",
})  # fmt: skip
#: the endings of a street written as one word: "Hauptstraße", "Kalverstraat", "Drottninggatan",
#: "Someware-Str." (its dot is gone once folded)
_STREET_ENDINGS = (
    "strasse",
    "str",
    "weg",
    "gasse",
    "platz",
    "straat",
    "laan",
    "gracht",
    "gade",
    "gatan",
    "vagen",
    "vej",
)
#: a house number: "221B", "12-14", "3/5"
_HOUSE = re.compile(r"\d{1,5}[a-z]?(?:[-/]\d{1,5}[a-z]?)?,?", re.IGNORECASE)
#: postcodes written after the town: "NW1 6XE" (UK), "CA 94043" (US), "K1A 0B1" (Canada); post boxes
_POSTCODE_AFTER = re.compile(
    r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]{2}\s\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d"
    r"|(?:P\.?\s?O\.?\s?Box|Postfach|BP|CS|Apartado)\s\d[\d ]*"
)
#: postcodes written before the town: "75001 Paris", "D-10115 Berlin", "1012 AB Amsterdam"; a
#: number alone ("Spring 1901") is none
_POSTCODE_BEFORE = re.compile(r"(?:[A-Z]{1,2}-)?\d{4,5}(?:\s?[A-Z]{2}(?=\s))?")
#: a place in an address: "London", "Mountain View", "United Kingdom", "Saint-Denis"
_PLACE = re.compile(r"[^\W\d_][\w.'-]*(?:\s[^\W\d_][\w.'-]*){0,3}")


#: titles written as letters, and degrees after a name: "CTO", "VP of Engineering", "Ph.D."
_TITLES = frozenset({
    "ceo", "cto", "cfo", "coo", "cio", "cmo", "cso", "cpo", "cro", "cdo", "vp", "svp", "evp", "avp",
    "phd", "ph.d", "mba", "msc", "m.sc", "bsc", "b.sc", "ma", "m.a", "ba", "b.a", "esq", "dipl.-ing",
    "dr", "dr.-ing", "prof", "cpa", "pmp", "frcs", "mrcp",
})  # fmt: skip


def is_title(piece: str) -> bool:
    """Whether ``piece`` holds a title written as letters or a degree: "CTO", "VP of Sales",
    "Ph.D.", "MBA" (as in "John E. Doe, Ph.D."), which no order is written with."""
    return any(_fold(word).strip(".,()") in _TITLES for word in piece.split())


def pieces(line: str) -> list[str]:
    """The pieces of ``line`` set apart as signatures set them: "CEO @ Acme | +44 20 7946 0958"
    gives "CEO", "Acme", "+44 20 7946 0958"."""
    return [piece for piece in (p.strip() for p in _SEPARATOR.split(line.strip())) if piece]


def _nothing_ordered(words: list[str]) -> bool:
    return False


#: a company's registers and officers, as the law of its country makes it print them under a
#: mail (German Impressumspflicht, French and Dutch registers, UK companies): "HRB 123456 AG Köln",
#: "Amtsgericht München HRB 1234", "USt-IdNr. DE123", "Geschäftsführer: Anna Test", "SIRET 123 456
#: 789 00012", "KvK 12345678", "Registered in England No. 1234567"; no order begins so
_REGISTER = re.compile(
    r"(?:Amtsgericht|Registergericht|Handelsregister|HR[AB]\s?\d|HR[AB]\b|USt\.?-?Id(?:Nr|ent)?\.?"
    r"|St\.?-?Nr\.?|Steuer-?(?:nummer|nr\.?)|Sitz(?: der Gesellschaft)?\s?:"
    r"|Gesch[äa]ftsf[üu]hr(?:er|erin|ung)"
    r"|Vorstand\s?:|Aufsichtsrat\w*\s?:|Registernummer|Registergericht|WEEE|SIRET|SIREN|RCS\b|N°\s?TVA"
    r"|TVA intracom\w*|Capital(?: social)?\s(?:de\s)?\d|KvK|BTW(?:-nr)?|CIF\b|NIF\b|Partita IVA|P\.\s?IVA"
    r"|VAT(?: Reg\.?| No\.?| number| ID)?\s?:?\s?[A-Z]{0,2}\s?\d|Company (?:No\.?|number|registration)"
    r"|Registered (?:office|in)\b|Reg(?:istration)?\.? No\.?"
    r"|(?:DIN |EN )?ISO\s?\d{4,5}\b"  # a certification: "ISO 9001:2008 zertifiziert"
    r"|pers[öo]nlich haftende\s(?:\w+\s)?Gesellschafter(?:in)?\b"  # a partnership's partner (§ 125a HGB)
    r"|(?:\w+\s)?mit Sitz in\s)",  # "OHG mit Sitz in Hannover"
    re.IGNORECASE,
)
#: a register's number where it stands in a line ("AG: Hannover - HRB 1234"): the Amtsgericht's
#: register, no word any order is written with
_REGISTER_INSIDE = re.compile(r"\bHR[AB]\s?\d{2,}\b")
#: a rule a signature is set apart with: "_ __ ___ ______ ___ __ _", "- - - -", "=-=-=-="
_RULE = re.compile(r"\s*(?:[_=~*-]\s*){3,}")


def is_contact(piece: str, ordered: Ordered = _nothing_ordered) -> bool:
    """Whether ``piece`` is a contact detail: a phone number, a mail or web address, a picture,
    a link, a company's register or officer, a rule under a signature, or a postal address whose
    street holds no word ``ordered`` names."""
    piece = piece.strip()
    return bool(
        _REGISTER.match(piece)
        or _REGISTER_INSIDE.search(piece)
        or _RULE.fullmatch(piece)
        or _is_phone(piece)
        or _MAIL.fullmatch(piece)
        or _WEB.fullmatch(piece)
        or _LINK_TARGET.search(piece)
        or _is_address(piece, ordered)
    )


def is_reach(piece: str) -> bool:
    """Whether ``piece`` is a way to reach someone, and no more: a phone number, a mail or a web
    address ("adr@university.edu" alone under initials). No order holds one."""
    piece = piece.strip()
    return bool(_is_phone(piece) or _MAIL.fullmatch(piece) or _WEB.fullmatch(piece))


#: a rule drawn above a signature: "----------------", "________", "=-=-=-="
SIGNATURE_RULE = re.compile(r"\s*(?:[_=~*-]\s*){8,}")


def is_register(piece: str) -> bool:
    """Whether ``piece`` is a company's register or officer ("Vorstand: Eva Muster", "HRB 1234")."""
    return bool(_REGISTER.match(piece.strip()) or _REGISTER_INSIDE.search(piece))


def is_company(piece: str) -> bool:
    """Whether ``piece`` is a company's name with its legal form ("Acme Ltd", "Acme GmbH & Co. KG")."""
    return bool(_COMPANY.fullmatch(piece.strip()))


def _is_phone(piece: str) -> bool:
    """A phone number, told from a number in an order by its digits: seven to fifteen of them,
    and a "+", a bracket, a label, or groups of two and more ("020 7946 0958", not "3 4 5 6 7 8 9")."""
    match = _PHONE.fullmatch(piece)
    if not match:
        return False
    number = match.group("number")
    groups = re.findall(r"\d+", number)
    digits = sum(len(group) for group in groups)
    if not _PHONE_DIGITS[0] <= digits <= _PHONE_DIGITS[1]:
        return False
    marked = number.lstrip().startswith(("+", "(")) or match.start("number") > 0
    return marked or (len(groups) > 1 and all(len(group) > 1 for group in groups))


def _is_address(line: str, ordered: Ordered) -> bool:
    """A line of a postal address: pieces between commas, each a street with its house number,
    a postcode with or without its town, or a place, and one at least a street or a postcode."""
    kinds = [_address_piece(piece.strip(), ordered) for piece in line.split(",") if piece.strip()]
    return bool(kinds) and all(kinds) and any(kind != "place" for kind in kinds)


def _address_piece(piece: str, ordered: Ordered) -> str:
    """ "street", "postcode", "place", or "" when ``piece`` is none of them. A town may be named
    in an order ("75001 Paris"); a street's name holds no word of one ("PLACE 1" is an order)."""
    words = piece.split()
    folded = [_fold(word).rstrip(".,") for word in words]
    house_first = len(words) > 1 and _HOUSE.fullmatch(words[0])
    house_last = len(words) > 1 and _HOUSE.fullmatch(words[-1])
    named = folded[1:] if house_first else folded[:-1] if house_last else []
    street = any(word in _STREETS or word.endswith(_STREET_ENDINGS) for word in named)
    name = words[1:] if house_first else words[:-1]
    if street and _PLACE.fullmatch(" ".join(name)) and not ordered(name):
        return "street"
    before = _POSTCODE_BEFORE.match(piece)  # "75001 Paris"
    if before and _PLACE.fullmatch(piece[before.end() :].strip()):
        return "postcode"
    for at in range(len(words)):  # "London NW1 6XE", "Mountain View, CA 94043", "P.O. Box 12"
        town, code = " ".join(words[:at]), " ".join(words[at:])
        if _POSTCODE_AFTER.fullmatch(code) and (not town or _PLACE.fullmatch(town)):
            return "postcode"
    return "place" if _PLACE.fullmatch(piece) else ""


def _fold(word: str) -> str:
    """Lower case without accents: "Straße" is "strasse", "Praça" is "praca"."""
    word = unicodedata.normalize("NFKD", word.casefold())
    return "".join(char for char in word if not unicodedata.combining(char))


#: how a disclaimer under a corporate signature begins, folded (lower case, no accents): a
#: notice's heading, or a sentence about the mail being confidential, in English, French,
#: German, Spanish, Italian, Dutch; and the line asking not to print the mail. talon and
#: mail-parser-reply know them only as "the rest of the mail"; here they are a paragraph
_DISCLAIMER = re.compile(
    r"(?:(?:confidentiality|legal|privacy|important|e-?mail) (?:notice|note|disclaimer|statement|warning)"
    r"|disclaimer|confidential(?:ity)?|avis (?:de confidentialite|juridique)|avertissement"
    r"|vertraulichkeitshinweis|haftungsausschluss|rechtlicher hinweis|aviso (?:legal|de confidencialidad)"
    r"|clausula de confidencialidad|avviso di riservatezza)\s*[:.!-]"
    r"|(?:the (?:information|contents?)(?: contained)? (?:in|of) )?"
    r"(?:this|the) (?:e-?mail|message|communication|transmission)\b"
    r".*\b(?:confidential|privileged|intended (?:solely |only )?for|intended recipient|addressee)"
    r"|(?:les informations contenues dans )?ce (?:message|courriel|mail|e-?mail|courrier)\b"
    r".*\b(?:confidentiel|destinataire|strictement)"
    r"|(?:die informationen in )?diese (?:e-?mail|nachricht|information(?:en)?)\b"
    r".*\b(?:vertraulich|empfanger|bestimmt|adressat)"
    r"|(?:la informacion contenida en )?(?:este|el presente) (?:mensaje|correo|e-?mail)\b"
    r".*\b(?:confidencial|destinatario|privilegiad)"
    r"|questo (?:messaggio|e-?mail)\b.*\b(?:riservat|confidenzial|destinatari)"
    r"|dit (?:bericht|e-?mailbericht|e-?mail)\b.*\b(?:vertrouwelijk|geadresseerde|bestemd)"
    r"|(?:p )?(?:please )?(?:consider|think (?:of|about)) the environment before printing"
    r"|(?:please )?(?:don'?t|do not|only) print this (?:e-?mail|message)|think before you print|save paper\b"
    r"|(?:merci de )?(?:pensez|penser) a l'environnement|n'imprimez ce (?:message|courriel|mail)"
    r"|(?:bitte )?(?:denken sie an die umwelt|drucken sie diese (?:e-?mail|nachricht) nur)"
    r"|(?:por favor,? )?(?:considere|piense en|piensa en) el medio ambiente|antes de imprimir"
)
#: an arrow as moves are written: "A PAR - BUR", "F Lon -> Nth"
ARROW = re.compile(r"\s-+>?\s|->")
#: a word of prose in a disclaimer: lower case letters ("confidential", "l'environnement")
_PROSE_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]+[.,;:)]?")


def opens_disclaimer(text: str) -> bool:
    """Whether ``text`` (a line, and the next one after a newline: disclaimers wrap) begins a
    legal or confidentiality disclaimer, or is the line asking not to print the mail; never
    where the line holds an arrow as moves are written ("Confidential: F Bre - Mao")."""
    if ARROW.search(text.partition("\n")[0]):
        return False
    return bool(_DISCLAIMER.match(_fold(" ".join(text.strip(" *_-[]").split()))))


def is_prose(line: str, ordered: Ordered = _nothing_ordered) -> bool:
    """Whether ``line`` reads as a line of a disclaimer's prose: three different words of lower
    case letters that name nothing ``ordered`` knows, or the end of a sentence with one long
    word ("information."); never a line with an arrow as moves are written ("a to to to" and
    "via." are no prose: orders are written with such small words)."""
    if ARROW.search(line):
        return False
    words = {word.strip(".,;:)") for word in line.split() if _PROSE_WORD.fullmatch(word) and word.islower()}
    plain = [word for word in words if len(word) > 2 and not ordered([word])]
    ended = line.rstrip().endswith((".", ")", "!")) and any(len(word) > 3 for word in plain)
    return len(plain) >= 3 or ended

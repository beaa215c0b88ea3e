"""Seven players play the first two years of standard Diplomacy by mail on the real servers.

Mail goes through SMTP into Dovecot, pbem polls it over IMAP and answers through SMTP, and
the test reads every player's IMAP mailbox. On the way: a misspelt province, HTML mail, press,
a late player, a wrong password, a retreat in each year, adjustments, and NMRs.
"""

import re

import pytest

from tests.harness import MailServerTable, game, text_of

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]

# One entry per phase: the mails each power sends (SIGNON added), in order.
PHASES = [
    (
        "S1901M",
        {
            "Austria": ["A Vie - Gal\nA Bdu - Ser\nF Tri - Alb", "A Bud - Ser"],
            "England": ["F Lon - NTH\nF Edi - Nwg\nA Lvp - Yor"],
            "France": ["F Brest -> Mid-Atlantic Ocean\nA Par - Bur\nA Mar - Spa"],
            "Germany": ["A Mun - Ruh\nA Ber - Mun\nF Kie - Hol"],
            "Italy": ["F Nap - Ion\nA Rom - Apu\nA Ven H"],
            "Russia": [
                "F StP/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Rum\n"
                "PRESS TO Turkey\nThe Black Sea stays empty this year?\nENDPRESS"
            ],
            "Turkey": ["F Ank - Con\nA Con - Bul\nA Smy - Arm"],
        },
    ),
    (
        "F1901M",
        {
            "Austria": ["A Ser - Gre\nF Alb S A Ser - Gre\nA Vie H"],
            "England": ["F Nth C A Yor - Nwy\nA Yor - Nwy\nF Nwg S A Yor - Nwy"],
            "France": ["F Mao - Por\nA Bur H\nA Spa H"],
            "Germany": ["A Ruh - Bur\nA Mun S A Ruh - Bur\nF Hol H"],
            "Italy": ["F Ion C A Apu - Tun\nA Apu - Tun\nA Ven H"],
            "Russia": ["F Bot - Swe\nA Ukr H\nF Rum H\nA War H"],
            "Turkey": ["F Con - Bla\nA Bul H\nA Arm H"],
        },
    ),
    ("F1901R", {"France": ["A Bur R Par"]}),
    (
        "W1901A",
        {  # Turkey sends nothing: its build is waived
            "Austria": ["Build F Tri"],
            "England": ["Build F Edi"],
            "France": ["Build F Bre\nBuild A Mar"],
            "Germany": ["Build A Ber"],
            "Italy": ["Build F Nap"],
            "Russia": ["Build A Mos\nBuild F Sev"],
        },
    ),
    (
        "S1902M",
        {  # Italy sends nothing: its units hold
            "Austria": ["A Vie - Gal\nF Tri H\nA Gre H\nF Alb S A Gre"],
            "England": ["F Nth - Den\nA Nwy H\nF Nwg - Bar\nF Edi - Nth"],
            "France": ["F Por - Mao\nA Par - Pic\nA Spa H\nF Bre - Eng\nA Mar - Pie"],
            "Germany": ["A Bur - Bel\nA Mun H\nF Hol S A Bur - Bel\nA Ber - Kie"],
            "Russia": ["F Swe H\nA Ukr S F Rum\nF Rum H\nA War - Gal\nA Mos H\nF Sev H"],
            "Turkey": ["F Bla - Rum\nA Bul S F Bla - Rum\nA Arm H"],
        },
    ),
    (
        "F1902M",
        {
            "Austria": ["A Gre S F Rum - Bul\nA Vie H\nF Tri H\nF Alb H"],
            "England": ["F Den H\nA Nwy H\nF Bar H\nF Nth H"],
            "France": ["F Eng - Lon\nA Pic H\nA Spa H\nF Mao H\nA Pie H"],
            "Germany": ["A Bel H\nA Mun H\nF Hol H\nA Kie H"],
            "Italy": ["F Ion H\nA Tun H\nA Ven H\nF Nap H"],
            "Russia": ["F Rum - Bul/ec\nA Ukr H\nF Swe H\nA War H\nA Mos H\nF Sev H"],
            "Turkey": ["A Bul H\nF Bla - Sev\nA Arm - Sev"],
        },
    ),
    ("F1902R", {"Turkey": ["A Bul R Con"]}),
    (
        "W1902A",
        {
            "Germany": ["Build A Ber"],
            "Russia": ["Build A Stp"],
            "France": ["Build F Bre"],
        },
    ),
]


@pytest.fixture
def table(tmp_path, mail_server, mailboxes):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    players = {power: mailboxes.user(power.lower()).address for power in POWERS}
    settings = {
        "grace": "12h",
        "deadlines": {"default": "48h"},
        "passwords": {power: f"{power.lower()}-pw" for power in POWERS},
    }
    table = MailServerTable(
        tmp_path, [game("dip", "diplomacy", players, **settings)], mail_server, judge, referee
    )
    table.players = players  # type: ignore[attr-defined]
    table.start("dip")
    return table


def signon(power: str, text: str) -> str:
    return f"SIGNON {power} dip {power.lower()}-pw\n{text}"


def test_two_game_years_by_mail(table, mailboxes):
    players = table.players
    orders_by_phase: dict[str, dict[str, list[str]]] = {}
    for phase_id, mails in PHASES:
        with table.store() as store:
            assert store.game("dip").phase_id == phase_id  # type: ignore[union-attr]
        for power, texts in mails.items():
            for text in texts:
                html = "<div>" + "</div><div>".join(signon(power, text).split("\n")) + "</div>"
                if power == "England" and phase_id == "S1901M":
                    table.send(players[power], "", html=html)  # HTML only
                else:
                    table.send(players[power], signon(power, text))
        if phase_id == "S1902M":  # someone tries to order for Germany with a guessed password
            table.send(mailboxes.user("mallory").address, "SIGNON Germany dip guess\nA Bur - Mun")
        table.run()  # acknowledgements; nothing is due yet
        with table.store() as store:
            orders_by_phase[phase_id] = {p: s.orders() for p, s in store.order_sets("dip", phase_id).items()}
            deadline = store.game("dip").deadline  # type: ignore[union-attr]
        table.now = deadline
        table.run()
        with table.store() as store:
            if store.game("dip").phase_id == phase_id:  # type: ignore[union-attr]
                table.now = store.game("dip").grace_until  # type: ignore[union-attr]
                table.run()

    with table.store() as store:
        row = store.game("dip")
        assert row is not None and row.phase_id == "S1903M"
        units = row.state["units"]
        centres = row.state["supply_centres"]
        turns = store.turns("dip")
    # The positions the rules give (worked out by hand from the orders above):
    assert "A CON" in units["Turkey"] and "A BUL" not in units["Turkey"]  # retreated in F1902R
    assert "F BUL/EC" in units["Russia"] and "A STP" in units["Russia"]
    assert "A BEL" in units["Germany"] and "A BER" in units["Germany"]
    assert "F LON" in units["France"] and "F BRE" in units["France"]
    assert "BUL" in centres["Russia"] and "BEL" in centres["Germany"]
    assert "LON" in centres["France"] and "LON" not in centres["England"] and "DEN" in centres["England"]
    assert [turn.phase_id for turn in turns] == [phase for phase, _ in PHASES]
    assert turns[3].nmr == ["Turkey"] and turns[4].nmr == ["Italy"]

    phases_done = [turn.phase_label for turn in turns]
    for power, address in players.items():
        mail = table.mails_to(address)
        results = [m for m in mail if str(m["Subject"]).endswith("results")]
        assert [str(m["Subject"]).split("] ")[1].removesuffix(" results") for m in results] == phases_done
        for message in mail:
            body = text_of(message)
            if power != "Turkey" and power != "Russia":
                assert "The Black Sea stays empty" not in body
            if str(message["Subject"]).startswith("Re:"):  # an acknowledgement: only my orders
                phase = re.search(r"\(([SFW]\d{4}[MRA])\)", body)
                if phase is None:
                    continue
                for other, orders in orders_by_phase.get(phase[1], {}).items():
                    if other != power:
                        leaked = [order for order in orders if order in body]
                        assert not leaked, f"{power}'s reply shows {other}'s orders {leaked}"
    assert "The Black Sea stays empty" in "".join(text_of(m) for m in table.mails_to(players["Turkey"]))
    assert any("wrong password" in text_of(m) for m in table.mails_to(players["Germany"]))
    assert any("late" in str(m["Subject"]) for m in table.mails_to(players["Italy"]))

"""Helpers shared by this area's tests."""

from __future__ import annotations

ORIGINAL = "<report.S1901M.italy@pbem.test>"


POSTFIX_DIAGNOSTIC = (
    "smtp; 550 5.1.1 <dan@example.test>: Recipient address rejected: User unknown in virtual mailbox table"
)


FORWARDS = {
    # Thunderbird: a localized separator, then Subject first and tab-separated fields
    "thunderbird-tr": "-------- İletilen İleti --------\nKonu: \tEmirler\n"
    "Tarih: \tMon, 2 Mar 2026 10:00:00 +0100\n"
    "Kimden: \tDeniz <deniz@example.test>\nKime: \tanna@example.test\n\n\n",
    "thunderbird-uk": "-------- Переслане повідомлення --------\nТема: \tНакази\n"
    "Дата: \tMon, 2 Mar 2026 10:00:00 +0100\nВід: \tOlena <olena@example.test>\n"
    "Кому: \tanna@example.test\n\n",
    # Yahoo: separator and header block on one line, the fields run together
    "yahoo-de": "   ----- Weitergeleitete Nachricht ----- Von: Jan <jan@example.test>An: "
    '"anna@example.test" <anna@example.test>Gesendet: Montag, 2. März 2026, 10:00:00 MEZBetreff: Befehle\n ',
    # the new Outlook: a header block with no separator, the quoted text right below it
    "new-outlook-hu": "Feladó: Péter <peter@example.test>\nDátum: hétfő, 2026. március 2. 10:00\n"
    "Címzett: anna@example.test <anna@example.test>\nTárgy: Parancsok\n",
    "new-outlook-sk": "Od: Ján <jan@example.test>\nDátum: pondelok, 2. marca 2026, 10:00\n"
    "Komu: anna@example.test <anna@example.test>\nPredmet: Rozkazy\n",
    # HubSpot: a Japanese separator and full-width colons
    "hubspot-ja": "---------- 転送されたメッセージ ---------\n送信元：Ken <ken@example.test>\n"
    "日付：2026年3月2日月曜日 10:00:00 +0900\n件名：命令\n宛先：anna@example.test\n\n",
    # Outlook 2019's reply intro: the writer's address, then the date, then the colon
    "outlook-2019-fi": "Pekka <pekka@example.test> kirjoitti 2/3/2026 10.00:\n\n    ",
    "outlook-2019-tr": '"Deniz" <deniz@example.test>, 2/3/2026 10:00 tarihinde şunu yazdı:\n\n    ',
    "outlook-2019-sk": "2/3/2026 10:00 používateľ Ján (<jan@example.test>) napísal:\n\n    ",
}


def dsn(
    action: str = "failed",
    status: str = "5.1.1",
    diagnostic: str = POSTFIX_DIAGNOSTIC,
    attach: str = "headers",
) -> bytes:
    """A delivery-status report, as Postfix writes one, for our mail ``ORIGINAL`` to dan."""
    returned = (
        f"Content-Type: text/rfc822-headers\n\nFrom: judge@pbem.test\nTo: dan@example.test\n"
        f"Subject: [g1] Spring 1901 results\nMessage-ID: {ORIGINAL}\n"
        if attach == "headers"
        else f"Content-Type: message/rfc822\n\nFrom: judge@pbem.test\nTo: dan@example.test\n"
        f"Message-ID: {ORIGINAL}\nSubject: [g1] results\n\nYour orders ...\n"
    )
    return (
        "From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\nTo: judge@pbem.test\n"
        "Subject: Undelivered Mail Returned to Sender\nAuto-Submitted: auto-replied\n"
        "MIME-Version: 1.0\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"\n\n'
        "--B1\nContent-Type: text/plain; charset=us-ascii\n\n"
        "This is the mail system at host mx.example.test.\n\nI'm sorry to have to inform you that your "
        "message could not\nbe delivered to one or more recipients.\n\n"
        "--B1\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.example.test\nArrival-Date: Mon,  2 Mar 2026 09:00:00 +0000\n\n"
        f"Final-Recipient: rfc822; dan@example.test\nOriginal-Recipient: rfc822;dan@example.test\n"
        f"Action: {action}\nStatus: {status}\nDiagnostic-Code: {diagnostic}\n\n"
        f"--B1\n{returned}\n--B1--\n"
    ).encode()

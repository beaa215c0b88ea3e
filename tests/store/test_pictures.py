"""A phase's map is kept once, however many reports and mails show it, and every one of them
reads back as it was written (pbem.store.pictures), on SQLite and on PostgreSQL."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime

import pytest

from pbem import maps
from pbem.mail.compose import Outgoing, compose
from pbem.ruleset import PUBLIC
from pbem.rulesets.diplomacy import ruleset
from tests.site.helpers import POWERS
from tests.store.helpers import NOW, a_mail

SENT = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def svg() -> str:
    state = ruleset.start("standard", POWERS, {}, 1)
    result = ruleset.adjudicate(state, {"France": ["A PAR - BUR"], "Germany": ["A MUN - RUH"]}, 1)
    drawn = maps.picture("diplomacy", ruleset.view(result.state, result.events, PUBLIC))
    assert drawn is not None
    return drawn


def report_html(svg: str, power: str) -> str:
    return f"<html><body><h1>Spring 1901 for {power}</h1>{svg}<p>Your orders &lt;b&gt;</p></body></html>"


def results_mail(svg: str, power: str) -> bytes:
    outgoing = Outgoing(
        to=f"{power.lower()}@example.test",
        subject="[g1] Spring 1901 results",
        text=f"Results for {power}\n",
        html=report_html(svg, power),
    )
    return compose(
        outgoing, sender="judge@example.test", sender_name="judge", message_id=f"<{power}@x>", date=SENT
    )


def stored(store, sql: str) -> list[dict]:
    return store._rows(sql)


def test_every_mail_of_a_phase_keeps_one_copy_of_its_map_and_is_sent_whole(store, svg):
    mails = {power: results_mail(svg, power) for power in POWERS}
    for power, raw in mails.items():
        a_mail(store, f"results:g1:1:{power}", f"{power.lower()}@example.test", raw)
    [picture] = stored(store, "SELECT digest, data FROM pictures")
    rows = stored(store, "SELECT raw FROM outbox")
    assert all(len(row["raw"]) < len(mails["France"]) // 5 for row in rows)  # the map is kept apart
    assert all(bytes(picture["data"]) not in bytes(row["raw"]) for row in rows)
    due = store.due_mail(NOW)
    assert {mail.recipient: mail.raw for mail in due} == {
        f"{p.lower()}@example.test": mails[p] for p in POWERS
    }
    parsed = email.message_from_bytes(due[0].raw, policy=email.policy.default)
    [png] = [part for part in parsed.walk() if part.get_content_type() == "image/png"]
    assert png.get_content().startswith(b"\x89PNG\r\n\x1a\n")
    for mail in due:
        store.mark_sent(mail.id, NOW)
    assert [row["raw"] for row in store.outbox_rows()] == [mails[p] for p in POWERS]


def test_every_viewers_report_keeps_one_copy_of_the_map_and_reads_back_as_written(store, svg):
    for power in [*POWERS, PUBLIC]:
        store.add_report("g1", 1, power, "Spring 1901", "text", report_html(svg, power))
    assert stored(store, "SELECT count(*) AS n FROM pictures") == [{"n": 1}]
    [row] = stored(store, "SELECT html FROM reports WHERE viewer = 'France'")
    assert "<svg" not in row["html"] and "<pbem-picture sha256=" in row["html"]
    reports = store.reports("g1", 1)
    assert {viewer: report["html"] for viewer, report in reports.items()} == {
        power: report_html(svg, power) for power in [*POWERS, PUBLIC]
    }


def test_rows_written_before_pictures_were_kept_apart_read_as_they_are(store, svg):
    raw = results_mail(svg, "France")
    store.db.execute(
        "INSERT INTO outbox (dedup_key, message_id, game_id, kind, recipient, subject, raw, next_attempt_at,"
        " created_at) VALUES ('old', '<old@x>', 'g1', 'results', 'f@example.test', 's', ?, ?, ?)",
        [raw, NOW.isoformat(), NOW.isoformat()],
    )
    store.db.execute(
        "INSERT INTO reports (game_id, seq, viewer, subject, text, html)"
        " VALUES ('g1', 1, 'France', 's', 't', ?)",
        [report_html(svg, "France")],
    )
    assert store.outbox_rows()[0]["raw"] == raw
    assert store.reports("g1", 1)["France"]["html"] == report_html(svg, "France")


def test_a_welcome_cut_down_once_sent_keeps_its_map_apart_too(store, svg):
    raw = results_mail(svg, "France")
    without = raw.replace(b"Results for France", b"Results for ------")
    a_mail(store, "welcome:g1:France", raw=raw, redacted=without)
    [mail] = store.due_mail(NOW)
    assert mail.raw == raw
    store.mark_sent(mail.id, NOW)
    [row] = store.outbox_rows()
    assert row["raw"] == without and row["redacted"] is None
    assert stored(store, "SELECT count(*) AS n FROM pictures") == [{"n": 1}]


def test_text_that_looks_like_a_reference_is_left_as_written(store, svg):
    """A player's words reach a report's HTML escaped and a mail's text as they are: neither
    is taken for a picture, even naming the digest of one kept."""
    a_mail(store, "results:g1:1", raw=results_mail(svg, "France"))
    [picture] = stored(store, "SELECT digest FROM pictures")
    written = f'<pbem-picture sha256="{picture["digest"]}"/>'
    html = f"<p>{written.replace('<', '&lt;').replace('>', '&gt;')}</p>"
    store.add_report("g1", 2, "France", "s", written, html)
    assert store.reports("g1", 2)["France"]["html"] == html
    raw = compose(
        Outgoing(to="f@example.test", subject="press", text=f"{written}\n\x00picture:{picture['digest']}"),
        sender="judge@example.test",
        sender_name="",
        message_id="<press@x>",
        date=SENT,
    )
    assert b"\x00" not in raw  # a control character is quoted in the mail pbem writes
    a_mail(store, "press:1", raw=raw)
    assert store.outbox_rows(dedup_key="press:1")[0]["raw"] == raw

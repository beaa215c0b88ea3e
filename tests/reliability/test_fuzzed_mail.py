"""Fuzzed mail: whatever arrives, no traceback, and a known player always gets an answer.

Hypothesis builds messages (tests/reliability/fuzzmail.py) with odd MIME trees, charsets that
exist and ones that do not, broken transfer encodings, broken and hostile headers, loop marks,
absurd command arguments, attachments, empty and huge bodies and binary junk; the mutation
corpus (tests/data/mail/) adds real-looking mails broken in the ways mail breaks. They go
through real runs on Maildir and through the suite's Dovecot (fuzzrun.py): every mail stored,
then answered, quarantined or deliberately ignored, no traceback, no injected header, and a
clean mail after them still answered. ``benchmarks/fuzz_intake.py`` is the same at scale.
Separately, every ruleset's order parser reads arbitrary text without raising and gives each
line an order or an error.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.intake.commands import normalise, read_mail
from pbem.mail.message import parse, shortened_from
from pbem.mail.quotes import strip_reply
from pbem.ruleset import REGISTRY, get_ruleset
from tests.harness import Table, game
from tests.reliability.fuzzmail import PLAYERS, corpus, drawn, message, mutants, text
from tests.reliability.fuzzrun import fuzz_table, push


@given(st.lists(message(), min_size=1, max_size=6))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
def test_no_mail_ever_causes_a_traceback_and_known_players_get_an_answer(tmp_path_factory, messages):
    table = Table(tmp_path_factory.mktemp("fuzz"), [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    for raw in messages:
        table.deliver(raw)
    tally = table.run()
    assert tally.errors == []
    with table.store() as store:
        assert store.message_count("failed") == 0
        rows = store._rows("SELECT id, raw, status FROM messages ORDER BY id")
    answered = {m["In-Reply-To"] for m in table.take() if m["In-Reply-To"]}
    for row in rows:
        too_large = (shortened_from(row["raw"]) or len(row["raw"])) > table.service.max_message_bytes
        incoming = parse(row["raw"], headers_only=too_large, own_address=table.service.address)
        if incoming.sender in PLAYERS.values() and not incoming.automatic:
            # every mail from a player's address is answered, whatever it was (a wrong password
            # is answered to the registered address of the power it claimed)
            assert row["status"] == "done"
            if incoming.message_id:
                assert incoming.message_id in answered


def assert_clean(figures, mails: int) -> None:
    assert figures.mails == mails, figures.line()
    assert figures.clean and figures.quarantined == 0, f"{figures.line()}\n" + "\n".join(figures.notes)
    assert figures.answered and figures.ignored  # both fates are exercised, not one by accident


def test_a_slice_of_the_fuzz_run_on_maildir(tmp_path):
    """A slice of benchmarks/fuzz_intake.py: every mail stored, then answered or deliberately
    ignored; no traceback, no injected header, and a clean mail after each run still answered."""
    mails = drawn(message(), 150, seed=17) + mutants(150, seed=17)
    assert_clean(push(fuzz_table(tmp_path), mails, batch=150), 300)


def test_a_slice_of_the_fuzz_run_through_dovecot(tmp_path, mail_server, mailboxes):
    mails = drawn(message(), 50, seed=18) + mutants(50, seed=18)
    figures = push(fuzz_table(tmp_path, mail_server, mailboxes), mails, batch=100)
    assert figures.refused <= 10, figures.line()  # what Dovecot refuses never reaches pbem
    assert_clean(figures, 100)


@pytest.mark.parametrize("name, raw", corpus(), ids=[name for name, _ in corpus()])
def test_every_mail_of_the_corpus_meets_its_fate(tmp_path, name, raw):
    """The unmutated corpus: players' mails from every kind of client are read and answered;
    auto-replies, bounces and list mail are not."""
    table = fuzz_table(tmp_path)
    table.deliver(raw)
    assert table.run().errors == []
    with table.store() as store:
        [row] = store._rows("SELECT status, outcome FROM messages")
    automatic = name.startswith(("bounce", "mailing_list", "outlook_out_of_office", "vacation"))
    assert row["status"] == ("ignored" if automatic else "done"), row["outcome"]
    answers = [mail for mail in table.take() if mail["In-Reply-To"]]  # not the press it sent
    assert len(answers) == (0 if automatic else 1)
    if not automatic:
        assert "0 order lines" not in row["outcome"], row["outcome"]  # its orders were read


@given(text)
def test_reading_any_text_never_raises(body):
    read_mail(strip_reply(body))


def started_rulesets():
    """Every registered ruleset that is installed, with a started game of it."""
    cases = []
    for name in sorted(REGISTRY):
        try:
            ruleset = get_ruleset(name)
        except ImportError:
            continue
        for variant in ruleset.variants()[:1]:
            for powers in (
                ["North", "South", "East", "West"],
                ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
                ["A", "B"],
            ):
                try:
                    state = ruleset.start(variant, powers, {}, 7)
                except Exception:  # noqa: BLE001 - this ruleset wants other seats; try the next
                    continue
                cases.append(pytest.param(ruleset, state, id=f"{name}-{variant}"))
                break
    return cases


@pytest.mark.parametrize("ruleset, state", started_rulesets())
@given(
    body=st.one_of(
        text,
        st.lists(
            st.sampled_from(
                [
                    "A PAR - BUR",
                    "F LON - NTH S",
                    "build",
                    "B A",
                    "-",
                    "->",
                    "::",
                    "1",
                    "X",
                    "hold",
                    "ATTACK",
                    "play",
                    "via convoy",
                    "(nc)",
                    "/sc",
                    "Move Left & +1 & Earth",
                    "recruit",
                    "feast",
                    "R",
                    "D",
                    "waive",
                ]
            ),
            max_size=8,
        ).map(" ".join),
    )
)
@settings(max_examples=60, deadline=None)
def test_every_ruleset_reads_any_order_text_without_raising(ruleset, state, body):
    body = normalise(body)  # as intake gives it: "\n" is the only line break
    phase = ruleset.phase(state)
    power = (phase.may_order or phase.acting or ("North",))[0]
    lines = ruleset.parse_orders(state, power, body)
    nonblank = [number for number, line in enumerate(body.split("\n"), 1) if line.strip()]
    assert sorted(line.line for line in lines) == nonblank
    for line in lines:
        assert (line.order is None) != (line.error is None)

"""The big fuzz run of issue 17: thousands of hostile mails through real runs, and what became of them.

    .venv/bin/python benchmarks/fuzz_intake.py                 # 5,000 on Maildir, 200 through Dovecot
    .venv/bin/python benchmarks/fuzz_intake.py --maildir 20000 --dovecot 1000 --seed 7

Half the mails are drawn from the fuzz suite's hypothesis strategies (headers, charsets, MIME
structure, command arguments, loop marks), half are mutants of the corpus of real-looking mails
in tests/data/mail/. They go into a game's inbox in batches, a real ``pbem run`` after each,
first on the embedded Maildir transport, then through the test suite's Dovecot (delivered over
LMTP, fetched over IMAP, answered over SMTP; install Dovecot with scripts/install-test-deps).
After every run a clean mail from a player must still be answered.

It prints, per transport and in all: mails stored (or recognised as copies), answered, ignored
(loops and bounces, deliberately), quarantined (marked failed), unaccounted, tracebacks, injected
headers and stalls. The exit status is 0 when there were no tracebacks, no injected headers, no
stalls and no mail unaccounted for; 1 otherwise. The test suite runs a slice of this
(tests/reliability/test_fuzzed_mail.py).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tests.conftest  # noqa: E402, F401 - registers the tests' tiny "tally" ruleset
from tests.mailserver import Mailboxes, MailServer, find_dovecot  # noqa: E402
from tests.reliability.fuzzmail import drawn, message, mutants  # noqa: E402
from tests.reliability.fuzzrun import Figures, fuzz_table, push  # noqa: E402


def mails(count: int, seed: int) -> list[bytes]:
    """``count`` hostile mails: half drawn from the strategies, half mutants of the corpus."""
    from_strategies = drawn(message(), count // 2, seed)
    return from_strategies + mutants(count - len(from_strategies), seed)


def report(name: str, figures: Figures) -> None:
    print(f"{name}: {figures.line()}")
    for note in figures.notes[:10]:
        print(f"  {note[:300]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maildir", type=int, default=5000, help="mails through Maildir (default 5000)")
    parser.add_argument("--dovecot", type=int, default=200, help="mails through Dovecot (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="which mails (the same seed, the same mails)")
    parser.add_argument("--batch", type=int, default=250, help="mails per run (default 250)")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="pbem-fuzz-", dir="/tmp"))
    total = Figures()
    try:
        if args.maildir:
            figures = push(fuzz_table(base / "maildir"), mails(args.maildir, args.seed), batch=args.batch)
            report("maildir", figures)
            total.add(figures)
        if args.dovecot:
            if find_dovecot() is None:
                print("dovecot: not installed (scripts/install-test-deps); skipped", file=sys.stderr)
                return 1
            base.chmod(0o755)  # Dovecot's own users must reach the mail folders inside
            (base / "mail").mkdir()
            server = MailServer(base / "mail")
            server.start()
            try:
                table = fuzz_table(base / "dovecot", server, Mailboxes(server))
                figures = push(table, mails(args.dovecot, args.seed + 1), batch=args.batch)
            finally:
                server.stop()
            report("dovecot", figures)
            total.add(figures)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"in all: {total.line()}")
    print("verdict:", "clean" if total.clean else "NOT CLEAN")
    return 0 if total.clean else 1


if __name__ == "__main__":
    sys.exit(main())

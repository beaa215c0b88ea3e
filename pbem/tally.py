"""What a run did, counted by its steps (polling, acting, sending) for the log line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Tally:
    """What a run did, for the log line a referee reads in cron mail."""

    fetched: int = 0
    duplicates: int = 0
    handled: int = 0
    sent: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of each step
    #: seconds of the stages inside the steps (pbem.stopwatch): reading mail, drawing maps,
    #: committing to the database (store), recording each mail sent (record); they overlap (a
    #: map drawn while a mail is read counts twice)
    stages: dict[str, float] = field(default_factory=dict)

    def worked(self) -> bool:
        """Whether the run did or met anything a referee reads about: a quiet run logs nothing,
        so cron mails the referee only when there is news."""
        return bool(self.fetched or self.handled or self.sent or self.failed or self.errors)

    def line(self) -> str:
        timing = ", ".join(f"{step} {seconds:.1f} s" for step, seconds in self.seconds.items())
        if self.stages:
            inside = ", ".join(f"{stage} {seconds:.1f} s" for stage, seconds in sorted(self.stages.items()))
            timing += f"; of which {inside}"
        return (
            f"fetched {self.fetched} ({self.duplicates} already stored), acted on {self.handled}, "
            f"sent {self.sent}, send failures {self.failed}" + (f" ({timing})" if timing else "")
        )

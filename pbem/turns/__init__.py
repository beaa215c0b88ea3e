"""What happens to a game's phases, from opening to adjudication, and what moves them along.

- ``lifecycle``: each run's tending of a game (reminders, early end, deadline, grace,
  the mass-NMR guard) and the guard against a cron job that stopped;
- ``adjudication``: adjudicating a phase in one transaction, reports, the end of a game;
- ``schedule``: when a phase ends (deadlines moved past absences);
- ``press``, ``votes``, ``absences``: what players' commands do to a game;
- ``referee``: the referee's commands; ``seats``: who plays which power;
- ``notices``: a notice to every player.

The service calls ``tend`` and ``stale_guard``; intake calls the command modules.
"""

from pbem.turns.lifecycle import stale_guard, tend

__all__ = ["stale_guard", "tend"]

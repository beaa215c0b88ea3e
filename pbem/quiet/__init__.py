"""The quiet run: a ``pbem run`` that proves, with the standard library alone, that it has nothing
to do, and stops there (``check``); the full run leaves the proof's facts behind (``record``,
imported by the service itself, never from here: it needs what the quiet run must not load)."""

from pbem.quiet.check import nothing_to_do

__all__ = ["nothing_to_do"]

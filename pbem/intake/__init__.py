"""Intake: a stored message read, its sender identified, acted on and answered in the same run.

``acting`` takes one message through it all (and sets aside a mail that fails); ``identity``
says who sent it, ``frontdoor`` answers newcomers, ``answering`` a signed-on player or referee,
``strangers`` anyone else; ``commands`` splits a mail into commands and order lines,
``closings`` finds where a mail's orders end, ``hints`` says how to mend a refused line.
"""

from pbem.intake.acting import fail, handle, release_held, tell_referee_of_failures

__all__ = ["fail", "handle", "release_held", "tell_referee_of_failures"]

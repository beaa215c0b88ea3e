"""Invictus, the two-player card game by Souya Naito, played by mail.

Rules: /work/shared/rules/invictus.fr.md (the French rulebook); where it is
silent, RULINGS.md beside this file decides. Cards and variants are data
(cards.yaml, variants.yaml).

Phases and their deadline kinds (``Phase.kind``):

* ``setup``: ``army`` (everyone sends ARMY, skipped when the game's options
  fix every army), ``hand`` (KEEP or MULLIGAN) and ``deploy`` (FRONT,
  RESERVE, CITIZEN). Everyone orders at once; all are acting.
* ``turn``: ``T1``, ``T2``... one player's turn. The active player is acting
  and sends the turn's steps; everyone may order, because the others set
  standing reactions (CANCEL ...) and conscription choices (CONSCRIPT ...).
* The finished game's phase is ``end`` (kind ``turn``, over).

Order keys: a turn's steps share ``turn``, so a later mail replaces the whole
turn; standing reactions share ``reactions``; then ``conscript``, ``army``,
``hand`` and ``deploy``.

How a mail travels through the package: ``words`` and ``orders`` read a line;
``rehearsal`` checks a mail against a copy of the table; ``setup`` and
``turn`` resolve a phase, with ``recruit``, ``attack``, ``support`` (and
``effects``), ``kingdom``, ``reactions``, ``losses``, ``conscription`` and
``victory`` for each rule; ``visibility`` says who sees what, ``catalogue`` what
each card does, ``notation`` how an order is written back in the game's language
(every text is a ``pbem.i18n`` message).
"""

from pbem.rulesets.invictus.ruleset import Invictus, ruleset

__all__ = ["Invictus", "ruleset"]

"""Invincible!: the Mongol khans game, played by mail.

The rulebook is ``/work/shared/rules/invincible.txt``; where it is silent or
contradicts itself, ``RULINGS.md`` beside this file decides, each ruling
with the test that checks it.

How the table game becomes mail:

* Players are khans. Their powers are the names in the game's config; each
  holds a character card (chosen with option ``khans``, or named after the
  power, or dealt). The first Genghis Khan is found by a d6 roll-off.
* A turn is two phases, each with its own deadline **kind**:

  - ``declarations`` (id ``T<n>-declarations``): every khan may mail what he
    intends; all declarations are published, the Genghis Khan's first and
    then clockwise, bluffs included. Answers to offers still open from the
    last turn go in this mail too. Sending nothing is allowed: no khan is
    ``acting`` (none is reminded or counted missing) but all may order, so
    the phase runs to its deadline, or (``early: ready``) until every khan
    has said READY.
  - ``actions`` (id ``T<n>-actions``): every khan mails what he does, in
    order, and his battle plan; the actions happen the Genghis Khan first,
    then clockwise, battles round by round with seeded dice; then the turn's
    results. Every khan in the game is ``acting``; one who sends nothing
    passes (``default_orders``) and defends as his plan's defaults say.

  Option ``declarations: false`` leaves the first phase out; the actions
  phase then also carries the answers.
* Options: ``declarations`` (default true), ``hand_signals`` (default false:
  when true, a mail that uses no hand signal costs its khan one Honor after
  one warning), ``turn_limit`` (default 40 turns, after which the game ends
  undecided), ``khans`` (power -> card name, for players who chose).
* Modules: ``data`` (cards and enemies from ``variants/*.yaml``), ``state``
  (the frozen game), ``phrasings`` (the hand signals' wordings, as rows of
  data), ``grammar`` (their readers) and ``orders`` (the orders they make),
  ``mail`` (a mail's lines, and keys), ``plan`` (battle plans), ``table``
  (the working copy while resolving), ``battle``, ``enemies``,
  ``assistance``, ``privileges``, ``offers``, ``succession``, ``setup``,
  ``turn`` (the order of resolution) and ``visibility`` (who sees what).
"""

from pbem.rulesets.invincible.ruleset import Invincible, ruleset

__all__ = [
    "Invincible",
    "ruleset",
]

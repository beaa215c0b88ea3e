"""Invoke, the card game of mages, played by mail (rulebook: shared/rules/invoke.txt).

2 to 10 mages play in turns. Each turn is one phase: the mage whose turn it is
sends their whole turn (repairs, invocations as card sequences, discards) in one
mail; everyone may meanwhile change their standing REFILL choice and their
standing counters, the by-mail form of out-of-turn play.

Phases: ``SETUP`` first, unless the config gives every mage's starting split (option
``draw``), then ids ``T1``, ``T2``... (one per turn, unique over the game), then ``END``.
Deadline kinds (a game's config gives each a duration):

* ``setup``: the mages whose split the config does not give choose how to draw their
  starting hand (``DRAW 3 Thaumaturgy, 3 Manifest, 1 Focus``); ``acting`` are those mages;

* ``turn``: a mage's turn; ``acting`` is that mage, ``may_order`` every mage
  still in the game (counters and REFILL choices);
* ``over``: the game has ended; nobody orders.

The modules, one concept each: ``cards`` (the card sets, YAML in
``variants/``), ``state`` (the table and its JSON form), ``notation`` (words to
cards), ``reading`` (what a sequence means), ``orders`` (mail lines), and the
resolution of each kind of action: ``strikes``, ``relocation``, ``walls``,
``manifest``, ``alteration``, ``chaos``, ``drawing``; ``casting`` (one
invocation with its counters) and ``turn`` (the order of a turn), ``ending``
(damage, ghosts, the end), ``setup``, ``visibility`` (views and hidden facts).
Every open point of the rulebook is decided in RULINGS.md.
"""

from pbem.rulesets.invoke.ruleset import InvokeRuleset, ruleset

__all__ = [
    "InvokeRuleset",
    "ruleset",
]

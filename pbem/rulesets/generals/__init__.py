"""The Generals: a play-by-mail wargame of generals, defensive orders, battles and fog of war.

The rulebook (shared/rules/generals.txt) was written for a human game master who "takes
care of all the messy stuff"; this package is that game master, behind pbem's Ruleset
interface. Every number is data (``data/``, ``variants/``); every point the rulebook
leaves open is decided in RULINGS.md.

Phases and deadline kinds. A game is a run of turns; each turn is one phase:

* id ``T<n>`` (``T1``, ``T2``, ...), label ``Turn <n> of <last>``, kind ``turn``: every
  power still in the game must send its orders (generals' actions, regions' defensive
  orders, overtaxing, diplomacy), and may send them again until the deadline;
* when the game is over the phase is ``END`` (kind ``turn``, ``over`` set), with the
  result and the winners: the powers with the most victory points.

``turn`` is the only deadline kind: a game's config gives it one duration.

The modules, in the order a turn needs them: ``world`` and ``rule_numbers`` (the data),
``state`` (what changes), ``orders`` (orders as values), ``parse`` (mail to orders: the
wordings of ``phrasings``, read by ``read_actions``, ``read_regions`` and
``read_diplomacy`` with ``reading``), ``turn`` (the order of resolution),
then one module per concern: ``diplomacy``, ``economy``, ``renown``, ``movement``,
``campaign`` and ``battle``, ``victory``, ``scouts``; and ``visibility``, ``wording`` and
``view`` for what each player may see.
"""

from pbem.rulesets.generals.ruleset import Generals, ruleset

__all__ = [
    "Generals",
    "ruleset",
]

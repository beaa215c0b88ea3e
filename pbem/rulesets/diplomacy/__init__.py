"""Diplomacy: a map-agnostic rules engine, the standard map, and the pbem ruleset around them.

How it is cut (after godip):

* ``core`` holds the shared types: units, locations, turns, the board, orders.
* ``maps`` reads a variant's YAML map and checks it; ``variants/*.yaml`` are
  the maps; ``variant`` adds the rules a variant may change, as hooks.
* ``orders/`` has one module per order kind (hold, move, support, convoy,
  retreat, build, disband) and the canonical notation they are stored in.
* ``resolver`` alone knows the guess-and-check algorithm for movement.
* ``movement``, ``retreats`` and ``adjustments`` decide one phase each, with
  ``results`` for how each order line fared; ``phases`` runs a phase and skips
  the empty ones after it; ``state`` is the game between phases.
* ``parser`` reads what players write in mail; ``positions`` reads and
  writes one position in the JSON form of the DATC cases (``pbem adjudicate``).
* ``views`` shapes what the report templates (``templates/diplomacy/``) show.
* ``randomplay`` plays random orders, for property tests and the benchmark
  (``benchmarks/adjudicate.py``); never used in play.
* ``mandate/`` is the Mandate of Heaven variant's own rules (its map is
  ``variants/mandate_of_heaven.yaml``), on the seams below.

Rulings where the rulebooks leave a choice are in ``RULINGS.md`` (and
``mandate/RULINGS.md`` for Mandate of Heaven).

Seams for variants such as Mandate of Heaven (issue 5), which should be a map
file plus a ``Variant`` subclass registered in ``variant.RULES``, not a copy of
the engine:

* builds in any owned centre: ``builds: any`` in the map file, or override
  ``Variant.build_sites`` (e.g. the Hsiung-Nu placement area) and
  ``Variant.adjustment`` (their 2-centres-per-army schedule and melting away);
* non-player powers whose units still move: a power with ``player: false``
  in the map file; any number of them, each its own power, so a neutral can be
  "activated" by handing it to a player. Their orders reach ``adjudicate``
  like anyone's (a majority vote of the players is the variant's business);
  units without orders hold as usual;
* defence strength: ``Variant.defence_bonus(movement, unit)`` is added to
  hold and defend strengths (rule 4: a power's last units with no retreat);
* river convoys: ``convoys: true`` on a province lets fleets there convoy, and
  ``Variant.convoy_holds(movement, province)`` decides when a convoy is
  disrupted (a fleet's attack always, an army's only if it dislodges);
* victory: ``victory: {centres: 14, ignore: [CSN, PCS, TYU]}`` in the map file,
  or override ``Variant.winner``;
* calendar: ``start.phase`` may be a winter (placement) phase;
  ``Variant.year_name``/``phase_id``/``parse_phase_id``/``phase_label`` write
  years any way (369 B.C., counting down, with the zodiac), ``next_turn`` may
  add phases and ``centres_change`` says when centres change hands;
* the game around the board: ``Variant.for_game(state)`` binds the rules to a
  state (the year, who plays), ``neutrals``/``voters`` say whose units players
  may vote on and who votes, ``orders_in_effect`` counts the votes,
  ``centres_changed`` may seat a new player, and ``view_extras``,
  ``hidden_facts`` and ``notices`` add what viewers and the referee see.
  Mandate of Heaven (``mandate/``) is built on these.
"""

from pbem.rulesets.diplomacy.core import GameState
from pbem.rulesets.diplomacy.ruleset import DiplomacyRuleset, ruleset
from pbem.rulesets.diplomacy.variant import RULES, Variant

__all__ = [
    "DiplomacyRuleset",
    "GameState",
    "RULES",
    "Variant",
    "ruleset",
]

"""Mandate of Heaven (David Cohen): the variant's rules on the Diplomacy engine's hooks.

The map, the powers, the start and the variant's numbers are data, in
``variants/mandate_of_heaven.yaml``; this package is only the rules the
standard engine does not have. Rule by rule (the rulebook's numbering; the
rulings where it is unclear are in RULINGS.md):

1. builds in any owned centre: ``builds: any`` in the map file;
2. the Hsiung-Nu: ``nomads`` (their allowance, placement area and melting
   away), through ``adjustment``, ``build_sites`` and ``centres_changed``;
3. neutral votes: ``votes``, through ``neutrals``, ``voters``,
   ``orders_in_effect``, ``view_extras`` and ``hidden_facts``; a neutral grown
   to three centres becomes a player power in ``centres_changed``, and the
   referee is told (``notices``);
4. a player's cornered last units defend at +1: ``cornered``, through
   ``defence_bonus``;
5. victory at 14 centres, not counting the three non-Chinese ones: ``victory``
   in the map file; victory by concession is the service's CONCEDE;
6. river convoys: the ``rivers`` of the map file, whose provinces have
   ``convoys: true``, and ``convoy_holds`` here;

and the calendar, B.C. and with the zodiac: ``calendar``.

Some of these rules depend on the game, not only the board (the year, who
plays, how many nomad armies have melted), so the engine asks for the rules
``for_game(state)``: a copy of the variant that knows the state.
"""

from pbem.rulesets.diplomacy.mandate.variant import MandateOfHeaven

__all__ = [
    "MandateOfHeaven",
]

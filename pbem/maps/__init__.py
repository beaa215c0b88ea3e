"""Map pictures: one SVG per phase, drawn from one viewer's view.

``picture(ruleset, view)`` is a pure function of a view, the dict a ruleset's
``view(state, events, viewer)`` returns, so a picture shows exactly what that
viewer may see: fog of war holds by construction. The map's shape (province
positions, borders) comes from the game's own map data, which is public.

Each game with a map has a drawer module here (``diplomacy``, ...) named in
``DRAWERS`` (``drawers``); games without one (the card games) have no picture. ``svg`` writes
the SVG text, ``layout`` turns province points into areas, ``colours.yaml``
holds the colours (``palette`` reads them).
"""

from pbem.maps.drawers import DRAWERS, has_picture, picture
from pbem.maps.palette import COLOURS_FILE, MapDataError, colours, power_colours

__all__ = ["COLOURS_FILE", "DRAWERS", "MapDataError", "colours", "has_picture", "picture", "power_colours"]

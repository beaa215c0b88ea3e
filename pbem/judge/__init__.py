"""The judge's front door: games opened, joined and mustered by mail (``forming``), power
preferences (``preferences``), observers, standbys and takeovers (``watchers``), and the list of
games open to newcomers (``listing``)."""

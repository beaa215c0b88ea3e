"""The static archive site: a browsable record of games, for players, referees and readers.

``pbem archive site GAME OUT_DIR [--as VIEWER]`` is a thin layer over ``build``.
The work is cut in three:

* ``record`` reads the store and decides what the viewer may see (the one
  place for the site's visibility rules);
* ``pages`` renders the record into files with the ``templates/site/``
  templates, as a pure function;
* ``build`` (``publish``) writes them: a game's folder is written beside the old one
  and renamed into place, and the front page lists every game in the folder.

Several games can share one OUT_DIR: each has its folder, and ``site.json``
remembers them for the front page.
"""

from pbem.site.publish import build
from pbem.site.record import GameRecord, SiteError

__all__ = ["GameRecord", "SiteError", "build"]

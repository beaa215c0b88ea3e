"""One package per game, each exposing a ``ruleset`` (see pbem.ruleset)."""

"""Sub-commands of ``pbem``, one module each; see pbem.cli."""

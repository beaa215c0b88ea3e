"""Sub-commands of ``pbem``, one module each: what each does. Their command lines (names, help,
arguments) are in ``pbem.cli.parsers``, which imports a module here only when its command runs."""

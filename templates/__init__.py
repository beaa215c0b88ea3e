"""The shipped templates, installed as ``pbem.templates`` (see setup.py and pbem.reports)."""

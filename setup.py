"""The one thing pyproject.toml cannot say: the top-level ``templates/`` folder is installed as
the package ``pbem.templates``, so a wheel carries the templates and pbem finds them with
``importlib.resources`` wherever it is installed."""

from setuptools import find_namespace_packages, setup

# Namespace packages, so data-only folders (a ruleset's variants/) are packages whose YAML ships.
packages = find_namespace_packages(include=["pbem", "pbem.*"], exclude=["*.__pycache__"])

setup(
    packages=[*packages, "pbem.templates"],
    package_dir={"pbem.templates": "templates"},
)

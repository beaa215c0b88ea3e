"""The house's shape, checked rather than remembered: no import circles among pbem's modules, no
module over 600 lines, and package faces (``__init__.py``) that only hand names on.

The import graph is read with ``ast``, not by importing: every ``import`` and ``from ... import``
counts, at module level and inside functions (a late import still ties two modules), and a
package's ``__init__.py`` is a module that imports like any other. A module importing from its own
package's face is no circle: the package is being imported already when its modules are.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PBEM = TESTS.parent / "pbem"
MAX_LINES = 600
#: faces another change empties (the lead moves intake's code out of its __init__.py)
FACES_STILL_HOLDING_CODE: set[str] = set()
#: test modules still lending helpers, in areas other changes are editing now (to be moved there)
STILL_BORROWING: set[str] = set()


def modules(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by its dotted name; a package's is its ``__init__.py``."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_names(module: str, path: Path) -> Iterator[str]:
    """The dotted names ``module`` imports anywhere in its file, relative imports made absolute;
    ``from p import n`` names both ``p`` and ``p.n`` (``n`` may be a module or a name in ``p``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, node.module] if node.module else anchor)
            else:
                base = node.module or ""
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(package: Path) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports (each name cut to the longest module)."""
    known = modules(package)
    graph: dict[str, set[str]] = {module: set() for module in known}
    for module, path in known.items():
        for name in imported_names(module, path):
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                graph[module].add(name)
    return graph


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round about (Kosaraju's two passes)."""
    order: list[str] = []
    seen: set[str] = set()
    for start in sorted(graph):  # first pass: modules by when their walk finished
        if start in seen:
            continue
        seen.add(start)
        stack = [(start, iter(sorted(graph[start])))]
        while stack:
            module, targets = stack[-1]
            target = next(targets, None)
            if target is None:
                order.append(module)
                stack.pop()
            elif target not in seen:
                seen.add(target)
                stack.append((target, iter(sorted(graph[target]))))
    importers: dict[str, set[str]] = {module: set() for module in graph}
    for module, targets in graph.items():
        for target in targets:
            importers[target].add(module)
    found: list[list[str]] = []
    placed: set[str] = set()
    for start in reversed(order):  # second pass: walk back along the arrows
        if start in placed:
            continue
        group, todo = [], [start]
        placed.add(start)
        while todo:
            module = todo.pop()
            group.append(module)
            for importer in importers[module] - placed:
                placed.add(importer)
                todo.append(importer)
        if len(group) > 1:
            found.append(sorted(group))
    return found


def write(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_pbem_has_no_import_circle():
    found = circles(import_graph(PBEM))
    assert found == [], (
        "modules that import each other (cut one import, or move what both need): "
        + "; ".join(f"a circle of {len(group)}: {', '.join(group)}" for group in found)
    )


def test_no_module_of_pbem_is_over_600_lines():
    long = {
        str(path.relative_to(PBEM.parent)): lines
        for path in modules(PBEM).values()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"modules over {MAX_LINES} lines: cut each into modules of one job"


def test_every_package_face_holds_only_names_and_a_docstring():
    holding = {}
    for module, path in modules(PBEM).items():
        if path.name != "__init__.py" or module in FACES_STILL_HOLDING_CODE:
            continue
        body = ast.parse(path.read_text(encoding="utf-8")).body
        code = [
            node.lineno
            for n, node in enumerate(body)
            if not (n == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
            and not isinstance(node, ast.Import | ast.ImportFrom)
            and not (
                isinstance(node, ast.Assign)
                and all(isinstance(t, ast.Name) and t.id in ("__all__", "__version__") for t in node.targets)
            )
        ]
        if code:
            holding[str(path.relative_to(PBEM.parent))] = code
    assert holding == {}, "__init__.py files with code (at these lines): move it into a module named for it"


def test_no_test_module_borrows_from_another():
    """Shared helpers live in helper modules (``tests/<area>/helpers.py``) or fixtures, so that a test
    module is read as the tests it holds and runs alone."""
    borrowed = set()
    known = modules(TESTS)
    for module, path in known.items():
        for name in imported_names(module, path):
            if name.rpartition(".")[2].startswith("test_") and name.partition(".")[0] == "tests":
                owner = name if name in known else name.rpartition(".")[0]
                if owner.rpartition(".")[2].startswith("test_") and owner != module:
                    borrowed.add(f"{module} <- {owner}")
    assert borrowed - STILL_BORROWING == set(), "move what is shared into the area's helpers.py"


@pytest.mark.parametrize(
    "files, circle",
    [
        (  # at module level, relative and absolute
            {"pkg/__init__.py": "", "pkg/a.py": "from .b import x\n", "pkg/b.py": "import pkg.a\nx = 1\n"},
            ["pkg.a", "pkg.b"],
        ),
        (  # inside a function: a late import ties the two modules all the same
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "import pkg.b\n",
                "pkg/b.py": "def f():\n    from pkg import a\n",
            },
            ["pkg.a", "pkg.b"],
        ),
        (  # a package's face importing a module that imports another package's face back
            {
                "pkg/__init__.py": "",
                "pkg/one/__init__.py": "from pkg.two.deep import y\n",
                "pkg/two/__init__.py": "",
                "pkg/two/deep.py": "from ..one import z\ny = 2\n",
            },
            ["pkg.one", "pkg.two.deep"],
        ),
        (  # round about, through three modules
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "from pkg import b\n",
                "pkg/b.py": "from pkg.c import f\n",
                "pkg/c.py": "from . import a\ndef f(): pass\n",
            },
            ["pkg.a", "pkg.b", "pkg.c"],
        ),
    ],
)
def test_a_circle_is_found_however_the_imports_are_written(tmp_path, files, circle):
    assert circles(import_graph(write(tmp_path, files))) == [circle]


def test_a_module_importing_its_own_package_face_or_a_third_module_is_no_circle(tmp_path):
    package = write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import x\n",
            "pkg/a.py": "from pkg import c\nx = 1\n",
            "pkg/b.py": "from pkg import a, c\n",
            "pkg/c.py": "import json\n",
        },
    )
    graph = import_graph(package)
    assert graph["pkg"] == {"pkg.a"} and graph["pkg.b"] == {"pkg.a", "pkg.c"}
    assert circles(graph) == []

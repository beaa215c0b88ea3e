"""pbem as a plain wheel: every file it reads at run time is in the wheel, and the demo plays from
the wheel's files alone, outside the checkout (scripts/wheel-demo does the same with a fresh
virtual environment and the dependencies from the package index, before the tests in CI)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout's files (tracked and new, not ignored)."""
    work = tmp_path_factory.mktemp("wheel")
    listed = (
        subprocess.run(
            ["git", "-C", str(CHECKOUT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=True,
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    source = work / "src"
    for name in filter(None, listed):
        if (CHECKOUT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((CHECKOUT / name).read_bytes())
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "-w",
            str(work / "dist"),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = (work / "dist").glob("pbem-*.whl")
    return built


def test_the_wheel_carries_every_template_and_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = [p for p in (CHECKOUT / "templates").rglob("*") if p.is_file() and p.suffix != ".pyc"]
    data = [p for p in (CHECKOUT / "pbem").rglob("*") if p.suffix in {".yaml", ".json"}]
    assert templates and data
    missing = [f"pbem/templates/{p.relative_to(CHECKOUT / 'templates')}" for p in templates]
    missing += [str(p.relative_to(CHECKOUT)) for p in data]
    assert [name for name in missing if name not in names] == []


def test_the_demo_plays_from_the_unpacked_wheel_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    play = (
        "import sys, pbem; from pbem.cli import main\n"
        f"assert pbem.__file__.startswith({str(site)!r}), pbem.__file__\n"
        "sys.exit(main(['demo', '--dir', 'demo']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", play],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    outbox = tmp_path / "demo" / "mail" / "outbox"
    results = [p for p in outbox.rglob("*") if p.is_file() and b"results" in p.read_bytes()]
    assert len(results) >= 7

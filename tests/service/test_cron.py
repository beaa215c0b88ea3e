"""The README's cron line and systemd unit, run as cron and systemd would run them: the secrets
the config names with {env: NAME} come from /etc/pbem/secrets.env, and the run succeeds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

README = Path(__file__).resolve().parents[2] / "README.md"
PBEM = str(Path(sys.executable).parent / "pbem")


def block(language: str) -> str:
    (text,) = re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    return "\n".join(line.strip() for line in text.splitlines())


@pytest.fixture
def setup(tmp_path: Path) -> dict[str, str]:
    """A config whose referee password is {env: PBEM_REFEREE_PASSWORD}, and the secrets file."""
    config = tmp_path / "pbem.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "service": {
                    "address": "judge@pbem.test",
                    "data_dir": "var",
                    "referee": {"address": "ref@pbem.test", "password": {"env": "PBEM_REFEREE_PASSWORD"}},
                },
                "games": [],
            }
        )
    )
    secrets = tmp_path / "secrets.env"
    secrets.write_text("PBEM_REFEREE_PASSWORD=s3cret-from-file\n")
    secrets.chmod(0o600)
    return {
        "/etc/pbem/pbem.yaml": str(config),
        "/etc/pbem/secrets.env": str(secrets),
        "/srv/pbem/bin/pbem": PBEM,
    }


def local(text: str, paths: dict[str, str]) -> str:
    for where, here in paths.items():
        text = text.replace(where, here)
    return text


def test_the_readme_cron_line_passes_env_secrets(setup: dict[str, str]) -> None:
    line = local(block("cron"), setup).strip()
    command = line.split(None, 5)[5]  # after the five schedule fields
    cron_env = {"PATH": "/usr/bin:/bin", "HOME": str(Path(setup["/etc/pbem/pbem.yaml"]).parent)}
    done = subprocess.run(
        ["/bin/sh", "-c", command], env=cron_env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    bare = subprocess.run(
        ["/bin/sh", "-c", command.split("&& ")[-1]], env=cron_env, capture_output=True, text=True, timeout=120
    )
    assert bare.returncode == 2 and "PBEM_REFEREE_PASSWORD" in bare.stderr


def test_the_readme_systemd_unit_passes_env_secrets(setup: dict[str, str]) -> None:
    unit = local(block("ini"), setup)
    env = {"PATH": "/usr/bin:/bin"}
    for name, value in re.findall(r"^Environment=(\w+)=(.*)$", unit, re.MULTILINE):
        env[name] = value
    (env_file,) = re.findall(r"^EnvironmentFile=(.*)$", unit, re.MULTILINE)
    for line in Path(env_file).read_text().splitlines():
        name, _, value = line.partition("=")
        env[name] = value
    (start,) = re.findall(r"^ExecStart=(.*)$", unit, re.MULTILINE)
    done = subprocess.run(start.split(), env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

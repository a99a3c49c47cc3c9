"""The `dama` command that `pip install dama-draughts` puts on the PATH plays pydraughts games.

CI builds the wheel (`maturin build --release --zig`), installs it into a fresh virtual
environment and runs, with that environment's `bin/` first on the PATH:

    python -m pytest -q tests/interop/test_installed_command.py

The engine is started as a user would, `HubEngine([shutil.which("dama"), "hub"])`: pydraughts
0.6.7 turns a command name into a path under the working directory (`os.path.realpath`), so a
bare `HubEngine(["dama", "hub"])` finds the PATH's `dama` only when run from its directory. The
command found is checked to be the installed one (in the environment's scripts directory).
The games are those of test_pydraughts.py (`play_game`: every move legal for pydraughts, every
game ended by its rules), and the installed command reads `dama.ini` from its working directory.
"""

import os
import shutil
import subprocess
import sysconfig

import pytest

from test_pydraughts import play_game

import test_pydraughts


@pytest.fixture(autouse=True)
def installed_command(monkeypatch):
    """Every engine of these tests is started as the command `dama` found on the PATH."""
    monkeypatch.setattr(test_pydraughts, "DAMA", shutil.which("dama"))


def test_dama_on_the_path_is_the_installed_one():
    found = shutil.which("dama")
    assert found is not None, "no `dama` on the PATH"
    scripts = sysconfig.get_path("scripts")
    assert os.path.dirname(os.path.realpath(found)) == os.path.realpath(scripts), (found, scripts)


@pytest.mark.parametrize(
    "variant,skills", [("russian", (5, 5)), ("standard", (5, 3)), ("english", (3, 5))]
)
def test_installed_dama_plays_a_game(variant, skills):
    reason, plies, slowest = play_game(variant, None, skills)
    print(f"\n{variant} (installed dama): {reason} after {plies} plies; slowest {slowest:.2f} s")
    assert reason is not None


def test_installed_dama_reads_dama_ini(tmp_path):
    (tmp_path / "dama.ini").write_text("variant = russian\nhash = 16\n")
    out = subprocess.run(
        ["dama", "hub"], input="hub\nquit\n", capture_output=True, text=True, cwd=tmp_path,
        timeout=30,
    ).stdout
    assert "param name=variant value=russian " in out, out
    assert "param name=hash value=16 " in out, out

    (tmp_path / "dama.ini").write_text("hash = lots\n")
    run = subprocess.run(
        ["dama", "hub"], input="hub\nquit\n", capture_output=True, text=True, cwd=tmp_path,
        timeout=30,
    )
    assert run.returncode != 0
    assert "dama.ini: line 1: hash" in run.stderr, (run.stdout, run.stderr)

"""``scripts/play`` once set up: it runs no installer and needs no network, and sets up again,
saying why in one line, only when something the set-up installs is missing or pyproject.toml
or scripts/setup changed.

Each test runs the real scripts in a copy of the repository whose ``.venv`` holds two
recorders instead of a real environment: a ``python`` that writes down every pip command it is
given (pip itself would need the package index) and a ``rated-play`` that writes down its
arguments. The worktree's own ``.venv`` is never touched. The package index is unreachable
throughout, as on a machine without network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.engine
"""Every test here runs a real engine (or a tool scripts/setup --test installs)."""

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120.0
"""Seconds a launch may take here: file tests and dpkg queries, on a loaded machine."""

# A stand-in for a virtual environment's Python: pip is written down (and fails while a file
# FAIL is beside the copy), everything else is the Python running the tests. Its stderr line
# plays setuptools' banner that ``pip install -e`` prints.
FAKE_PYTHON = """#!/bin/sh
if [ "$1" = -m ] && [ "$2" = pip ]; then
  echo "$*" >>"{calls}"
  echo "Editable installation. Please be careful" >&2
  [ ! -e "{fail}" ]
  exit
fi
exec "{python}" "$@"
"""
FAKE_APP = """#!/bin/sh
echo "rated-play $* (in $PWD)"
"""
# Given as PYTHON to scripts/setup: makes the environment above where ``-m venv`` would.
MAKE_VENV = """#!/bin/sh
echo "$*" >>"{calls}"
case " $* " in *" --clear "*) rm -rf .venv ;; esac
site=.venv/lib/python3.11/site-packages
mkdir -p .venv/bin "$site/chess-1.11.2.dist-info" "$site/chess"
touch "$site/chess/__init__.py"
printf 'chess/__init__.py,sha256=x,1\nchess-1.11.2.dist-info/RECORD,,\n' \
  >"$site/chess-1.11.2.dist-info/RECORD"
cp "{fakes}/python" "{fakes}/rated-play" .venv/bin/
"""
SETTING_UP = "Setting up rated-play: "
DETAILS = " (log: .venv/setup.log)"


class Copy:
    """A copy of the repository's scripts and pyproject.toml, with a recorded .venv."""

    def __init__(self, root: Path) -> None:
        self.root = root / "repo"
        self.calls = root / "calls"
        self.fail = root / "FAIL"
        self.elsewhere = root / "elsewhere"
        fakes = root / "fakes"
        for directory in (self.root / "scripts", fakes, self.elsewhere):
            directory.mkdir(parents=True)
        for name in ("scripts/play", "scripts/setup", "pyproject.toml"):
            shutil.copy2(ROOT / name, self.root / name)
        self.calls.touch()
        fills = {"calls": self.calls, "fail": self.fail, "python": sys.executable, "fakes": fakes}
        for name, text in (
            ("python", FAKE_PYTHON),
            ("rated-play", FAKE_APP),
            ("make-venv", MAKE_VENV),
        ):
            (fakes / name).write_text(text.format(**fills))
            (fakes / name).chmod(0o755)
        self.environment = {
            key: value
            for key, value in os.environ.items()
            if not key.lower().endswith("_proxy") and not key.startswith("PIP_")
        }
        self.environment |= {
            "PIP_INDEX_URL": "http://127.0.0.1:9/",
            "PIP_CONFIG_FILE": os.devnull,
            "PYTHON": str(fakes / "make-venv"),
        }

    def play(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        """scripts/play, run from another directory; :meth:`calls_made` then lists the calls
        to pip and venv it made."""
        return self.run("scripts/play", *arguments)

    def run(self, script: str, *arguments: str) -> subprocess.CompletedProcess[str]:
        self.calls.write_text("")
        return subprocess.run(
            [str(self.root / script), *arguments],
            cwd=self.elsewhere,
            env=self.environment,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )

    def calls_made(self) -> list[str]:
        return self.calls.read_text().splitlines()


@pytest.fixture
def copy(tmp_path: Path) -> Copy:
    return Copy(tmp_path)


@pytest.fixture
def set_up(copy: Copy) -> Copy:
    """A copy launched once, so set up."""
    first = copy.play("--help")
    assert first.returncode == 0, first.stderr
    return copy


def app_line(copy: Copy, *arguments: str) -> str:
    return f"rated-play {' '.join(arguments)} (in {copy.elsewhere})\n"


def assert_set_up_saying(result: subprocess.CompletedProcess[str], copy: Copy, why: str) -> None:
    """One line says why, the app follows, and nothing of the set-up's own output is left."""
    assert result.returncode == 0, result.stderr
    # The line on stderr: the app's output (an export, a PGN) may be going to a file.
    assert result.stderr == f"{SETTING_UP}{why}{DETAILS}\n"
    assert result.stdout == app_line(copy, "--help")
    assert "-m pip install --quiet -e ." in copy.calls_made()
    assert "Editable installation" in (copy.root / ".venv/setup.log").read_text()


def test_first_launch_sets_up_with_one_line_then_launches(copy: Copy) -> None:
    result = copy.play("--help")
    assert_set_up_saying(result, copy, "first launch, a minute or two")
    assert copy.calls_made()[0] == "-m venv .venv"


def test_once_set_up_a_launch_runs_no_installer_and_prints_only_the_app(set_up: Copy) -> None:
    result = set_up.play("--help", "--data-dir", "relative")
    assert result.returncode == 0, result.stderr
    # Arguments reach the app unchanged, and it runs where it was launched from, so a
    # relative --data-dir means what the player meant.
    assert result.stdout == app_line(set_up, "--help", "--data-dir", "relative")
    assert result.stderr == ""
    assert set_up.calls_made() == []


def test_a_changed_pyproject_sets_up_again_saying_so_once(set_up: Copy) -> None:
    pyproject = set_up.root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# a new dependency, say\n")
    assert_set_up_saying(set_up.play("--help"), set_up, "pyproject.toml changed")
    again = set_up.play("--help")
    assert again.stdout == app_line(set_up, "--help")
    assert set_up.calls_made() == []


def test_a_changed_setup_script_sets_up_again(set_up: Copy) -> None:
    script = set_up.root / "scripts/setup"
    script.write_text(script.read_text() + "\n# installs one more thing\n")
    assert_set_up_saying(set_up.play("--help"), set_up, "scripts/setup changed")


def test_a_removed_dependency_sets_up_again_naming_it(set_up: Copy) -> None:
    shutil.rmtree(set_up.root / ".venv/lib/python3.11/site-packages/chess-1.11.2.dist-info")
    assert_set_up_saying(set_up.play("--help"), set_up, "chess is missing")


def test_a_dependency_whose_files_are_gone_but_its_record_kept_sets_up_again(set_up: Copy) -> None:
    """A half-deleted .venv: the package's folder gone, its dist-info still there."""
    shutil.rmtree(set_up.root / ".venv/lib/python3.11/site-packages/chess")
    assert_set_up_saying(set_up.play("--help"), set_up, "chess is missing")


def test_a_launcher_whose_python_is_gone_sets_up_again(set_up: Copy) -> None:
    """As when the folder is moved: the launcher names the Python of the old place."""
    launcher = set_up.root / ".venv/bin/rated-play"
    launcher.write_text("#!/gone/.venv/bin/python\n" + launcher.read_text())
    result = set_up.play("--help")
    assert result.stderr.startswith(f"{SETTING_UP}the Python of rated-play is gone{DETAILS}\n")
    # pip would write the launcher afresh; the recorder does not, so that launch fails.
    assert "-m pip install --quiet -e ." in set_up.calls_made()


def test_a_venv_whose_python_is_gone_is_made_afresh(set_up: Copy) -> None:
    (set_up.root / ".venv/bin/python").unlink()
    assert (set_up.root / ".venv/rated-play-setup").exists()
    assert_set_up_saying(set_up.play("--help"), set_up, ".venv has no Python")
    assert set_up.calls_made()[0] == "-m venv --clear .venv"


def test_the_set_up_records_the_engines_it_installs(set_up: Copy) -> None:
    """Losing an engine sets up again: the stamp holds each engine's program."""
    needed = {
        line.removeprefix("needs ")
        for line in (set_up.root / ".venv/rated-play-setup").read_text().splitlines()
    }
    for engine in ("stockfish", "fairy-stockfish"):
        found = shutil.which(engine, path=f"{os.environ['PATH']}:/usr/games")
        assert found in needed


def test_a_failed_set_up_says_so_launches_nothing_and_is_tried_again(set_up: Copy) -> None:
    (set_up.root / "pyproject.toml").write_text(
        (set_up.root / "pyproject.toml").read_text() + "\n# changed\n"
    )
    set_up.fail.touch()
    failed = set_up.play("--help")
    assert failed.returncode != 0
    # The one line, and no app.
    assert failed.stdout == ""
    assert failed.stderr.startswith(f"{SETTING_UP}pyproject.toml changed{DETAILS}\n")
    assert failed.stderr.endswith(
        "rated-play: the set-up failed; the end of .venv/setup.log is above.\n"
    )
    set_up.fail.unlink()
    assert_set_up_saying(set_up.play("--help"), set_up, "no finished set-up recorded")


def test_the_test_tools_are_set_up_when_asked_for_and_serve_the_app(set_up: Copy) -> None:
    """An environment set up for the app is not one for the tests; one set up for the tests
    serves the app."""
    tests = set_up.run("scripts/setup", "--if-needed", "--test")
    assert tests.returncode == 0, tests.stderr
    assert (tests.stdout, tests.stderr) == ("", f"{SETTING_UP}test tools not installed{DETAILS}\n")
    assert "-m pip install --quiet -e .[test]" in set_up.calls_made()
    again = set_up.run("scripts/setup", "--if-needed", "--test")
    assert (again.stdout, again.stderr) == ("", "")
    assert set_up.play("--help").stdout == app_line(set_up, "--help")
    assert set_up.calls_made() == []


def stamp_of(copy: Copy) -> Path:
    return copy.root / ".venv/rated-play-setup"


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: "",
        lambda text: "extras app\n",
        lambda text: "input\n" + text,
        lambda text: text.replace("done\n", ""),
        lambda text: "\n".join(line for line in text.splitlines() if "scripts/setup" not in line),
        lambda text: text + "something else\n",
    ],
    ids=[
        "empty",
        "extras alone",
        "input without a file",
        "never finished",
        "an input left out",
        "an unknown line",
    ],
)
def test_a_set_up_record_edited_or_cut_short_is_not_believed(
    set_up: Copy, damage: Callable[[str], str]
) -> None:
    """A record that does not say all it should is no record: set up again, never trust it
    and miss a changed pyproject.toml ever after."""
    stamp = stamp_of(set_up)
    stamp.write_text(damage(stamp.read_text()))
    assert_set_up_saying(set_up.play("--help"), set_up, "set-up record unreadable")


def test_a_set_up_record_with_a_line_of_megabytes_is_refused_without_reading_it(
    set_up: Copy,
) -> None:
    """Read line by line, a 5 MB line took bash minutes; the record is refused unread."""
    stamp = stamp_of(set_up)
    stamp.write_text(stamp.read_text() + "needs " + "x" * 5_000_000 + "\n")
    assert_set_up_saying(set_up.play("--help"), set_up, "set-up record unreadable")


def test_a_set_up_record_with_other_line_endings_or_spaces_in_paths_is_read(set_up: Copy) -> None:
    """Windows line endings, and an engine in a folder with a space in its name: read as
    written, without a set-up at every launch and without an error on the terminal."""
    engine = set_up.root / "my tools" / "sf"
    engine.parent.mkdir()
    engine.touch()
    stamp = stamp_of(set_up)
    text = stamp.read_text().replace("done\n", f"needs {engine}\ndone\n")
    stamp.write_text(text.replace("\n", "\r\n"))
    result = set_up.play("--help")
    assert (result.stdout, result.stderr) == (app_line(set_up, "--help"), "")
    assert set_up.calls_made() == []
    engine.unlink()
    assert_set_up_saying(set_up.play("--help"), set_up, "sf is missing")

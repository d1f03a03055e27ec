"""Under a locale without UTF-8 and without Python's UTF-8 coercion (``LC_ALL=C
PYTHONUTF8=0``), the terminal's encoding is read, not assumed: the app says in one line how to
run it instead of drawing every glyph as an escape, and a name on the command line is judged by
its bytes, not by the locale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger

ROOT = Path(__file__).parents[1]


def in_c_locale(*words: str) -> subprocess.CompletedProcess[bytes]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("LC_")}
    env.update(LC_ALL="C", LANG="C", PYTHONUTF8="0", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "rated_play", *words],
        env=env,
        cwd=ROOT,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def test_the_app_says_in_one_line_how_to_run_it_where_the_terminal_is_not_utf8(
    tmp_path: Path,
) -> None:
    for options in ([], ["--ascii"]):
        done = in_c_locale(*options, "--data-dir", str(tmp_path / "data"))
        assert done.returncode == 2
        [line] = done.stderr.decode("ascii").splitlines()
        assert line.startswith("rated-play: the terminal's encoding is ascii, not UTF-8")
        assert "LC_ALL=C.UTF-8 rated-play" in line
        assert done.stdout == b"", "nothing drawn"


def test_a_name_is_judged_by_its_bytes_not_the_locale(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    ledger.create_profile("Zoë")
    ledger.close()
    done = in_c_locale("profile", "Zoë", "--data-dir", str(data))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"Zo"), "her card, the e shown as the terminal can"
    made = in_c_locale("profile", "Zoë", "--data-dir", str(tmp_path / "other"))
    assert b"bytes" not in made.stderr

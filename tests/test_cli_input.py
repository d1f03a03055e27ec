"""What a person types, pipes or points the command line at, through ``main()`` (and through a
real process where the terminal's encoding matters): one sentence for what cannot be used,
plain output for what can, on any terminal."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from textual.widgets import DataTable

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.player.seasons import game_season
from rated_play.ui.screens.leaderboard import LeaderboardScreen
from tests.builders import CLI_PLAYER, ROOT, Run, analysed_game, assert_refused, record_game, run
from tests.ui.driving import Host


@pytest.mark.parametrize(
    "argv",
    [["engines"], ["engines", "--json"], ["engines", "check"], ["profile", CLI_PLAYER],
     ["leaderboard"], ["games", CLI_PLAYER], []],
)  # fmt: skip
@pytest.mark.parametrize("where", ["long-name", "long-path", "no-such-user", "a-file"])
def test_a_data_directory_that_cannot_be_one(argv: list[str], where: str, tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    directory = {
        "long-name": str(tmp_path / ("d" * 300)),
        "long-path": str(tmp_path.joinpath(*["d" * 200] * 21)),
        "no-such-user": "~no-such-user-of-rated-play/x",
        "a-file": str(a_file),
    }[where]
    result = run([*argv, "--data-dir", directory])
    assert_refused(result)
    assert {
        "long-name": "too long a path",
        "long-path": "too long a path",
        "no-such-user": "no user 'no-such-user-of-rated-play'",
        "a-file": "is a file, not a directory",
    }[where] in result.err
    assert a_file.read_text() == "mine"


@pytest.mark.parametrize("argv", [["engines"], ["profile", CLI_PLAYER], ["leaderboard"]])
def test_a_home_of_no_user(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATED_PLAY_HOME", "~no-such-user-of-rated-play/x")
    result = run(argv)
    assert_refused(result)
    assert "RATED_PLAY_HOME" in result.err


@pytest.mark.parametrize(
    "option", [["--volatility", "1e-170"], ["--volatility", "5e-324"], ["--rd", "1e-170"]]
)
def test_glicko2_starting_values_too_small_to_compute(option: list[str], tmp_path: Path) -> None:
    results = tmp_path / "results.txt"
    results.write_text("1500 1\n1600 0.5 80\n")
    for period in ([], ["--period"]):
        result = run(["rate", "--system", "glicko2", *option, "--results", str(results), *period])
        assert_refused(result)
        assert f"{option[0]} must be a number from" in result.err


# -- reads bounded to what such a file can hold ------------------------------------------------


def sparse(path: Path, size: int) -> str:
    """A file of ``size`` bytes that takes next to no room on the disk: a PGN by its first 64
    KiB (a calibration writes its games only over a PGN), nothing after them."""
    with path.open("wb") as file:
        file.write(b'[Event "rated-play calibration"]\n'.ljust(2**16, b"\n"))
        file.truncate(size)
    return str(path)


@pytest.mark.parametrize(
    ("argv", "bound"),
    [
        (["rate", "--results", "/dev/zero"], "device"),
        (["rate", "--results", "{big:64}"], "more than 64 MiB"),
        (["engines", "fit", "/dev/zero", "--anchor", "A=1500"], "device"),
        (["engines", "fit", "{big:256}", "--anchor", "A=1500"], "more than 256 MiB"),
        # calibrate and check read the file before they look for their engines
        (["engines", "calibrate", "--pgn", "/dev/zero"], "device"),
        (["engines", "calibrate", "--pgn", "{big:256}"], "more than 256 MiB"),
        (["engines", "check", "--pgn", "/dev/zero"], "device"),
    ],
)
def test_reads_are_bounded(argv: list[str], bound: str, tmp_path: Path) -> None:
    for size in (64, 256):
        argv = [
            sparse(tmp_path / "big", size * 2**20 + 1) if a == f"{{big:{size}}}" else a
            for a in argv
        ]
    result = run([*argv, "--data-dir", str(tmp_path / "data")])
    assert_refused(result)
    assert bound in result.err
    assert not (tmp_path / "data").exists()


def test_standard_input_is_bounded_too() -> None:
    result = run(["rate", "--results", "-"], stdin=b"1500 1\n" * (64 * 2**20 // 7 + 1))
    assert_refused(result)
    assert "standard input holds more than 64 MiB" in result.err


def test_results_from_a_named_pipe(tmp_path: Path) -> None:
    """The shell's <(command) is a named pipe: read, not refused as a device."""
    fifo = tmp_path / "results"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=("1500 1\n",))
    writer.start()
    result = run(["rate", "--system", "elo", "--results", str(fifo), "--json"])
    writer.join()
    assert result.status == 0, result.err
    assert json.loads(result.out)["games"] == 1


# -- results files as editors and crosstables write them ---------------------------------------


def test_results_with_a_byte_order_mark_and_any_spelling_of_a_score() -> None:
    written = "\ufeff1500 1.0\n1500 0.50\n1500 .5\n1500 1/2\n1500 ½\n1500 0.00\n1500 1e0\n"
    plain = "1500 1\n1500 0.5\n1500 0.5\n1500 0.5\n1500 0.5\n1500 0\n1500 1\n"
    argv = ["rate", "--system", "elo", "--results", "-", "--json"]
    spelled, usual = run(argv, written.encode()), run(argv, plain.encode())
    assert spelled.status == 0, spelled.err
    assert json.loads(spelled.out) == json.loads(usual.out)


@pytest.mark.parametrize("score", ["2", "0.25", "nan", "inf", "win", "1/3", "½½"])
def test_a_score_that_is_not_one_says_what_is(score: str) -> None:
    result = run(["rate", "--results", "-"], f"1500 {score}\n".encode())
    assert_refused(result)
    assert "1, 0.5 or 0" in result.err and "0.50" in result.err and "1/2" in result.err


# -- options checked before anything is played -------------------------------------------------


@pytest.mark.engine
@pytest.mark.parametrize(
    ("option", "said"),
    [
        (["--output", "{dir}"], "is a directory"),
        (["--output", "{file}/calibration.json"], "Not a directory"),
        (["--tc", "60+"], "no increment"),
        (["--anchor", "stockfish-elo-1800=-5"], "from 0 to 4000"),
        (["--anchor", "stockfish-elo-1800=4500"], "from 0 to 4000"),
    ],
)
def test_calibrate_checks_every_option_before_the_first_game(
    option: list[str], said: str, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("mine")
    option = [a.format(dir=tmp_path, file=tmp_path / "file") for a in option]
    data = tmp_path / "data"
    argv = ["engines", "calibrate", "--data-dir", str(data), "--games", "2", "--max-games", "1"]
    result = run([*argv, "--workers", "1", *option])
    assert_refused(result)
    assert said in result.err
    assert not data.exists(), "a game was played"
    assert (tmp_path / "file").read_text() == "mine"


@pytest.mark.parametrize("value", ["-inf", "-Infinity", "-nan", "-1e3", "-5"])
@pytest.mark.parametrize("command", ["calc", "rate"])
def test_a_negative_number_is_a_value_to_check(value: str, command: str) -> None:
    argv = {
        "calc": ["calc", "--opponent", "1500", "--result", "win", "--rating", value],
        "rate": ["rate", "--results", "-", "--rating", value],
    }[command]
    result = run(argv, b"1500 1\n")
    assert_refused(result)
    assert "must be a number from 0 to 4000" in result.err


# -- terminals that cannot show every character ------------------------------------------------

FIT_PGN = "".join(
    f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{result}\n\n'
    for white, black, result in [("A", "B", "1-0"), ("B", "A", "1/2-1/2"), ("A", "B", "0-1")] * 3
)


@pytest.fixture(scope="module")
def shown_everywhere(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory whose every command prints characters beyond ASCII: a ± and a name."""
    directory = tmp_path_factory.mktemp("plain")
    ledger = Ledger.open(DataDirectory(directory))
    record_game(ledger, ledger.create_profile("Hou Yifán"), 1.0, title="Stockfish — ½")
    ledger.close()
    (directory / "games.pgn").write_text(FIT_PGN)
    (directory / "results.txt").write_text("1500 1\n1600 0.5 80\n")
    return directory


@pytest.mark.parametrize(
    "environment",
    [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"},
     {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}],
)  # fmt: skip
@pytest.mark.parametrize(
    "argv",
    [["profile", "Hou Yifán"], ["engines"], ["leaderboard"], ["games", "Hou Yifán"],
     ["engines", "fit", "{dir}/games.pgn", "--anchor", "A=1500"],
     ["rate", "--system", "glicko2", "--results", "{dir}/results.txt"],
     ["profile", "Hou Yifán", "--system", "nonsuch"]],
)  # fmt: skip
def test_a_terminal_that_is_not_utf8_gets_plain_text(
    argv: list[str], environment: dict[str, str], shown_everywhere: Path
) -> None:
    argv = [a.format(dir=shown_everywhere) for a in argv]
    child = subprocess.run(
        [sys.executable, "-m", "rated_play", *argv, "--data-dir", str(shown_everywhere)],
        capture_output=True,
        env={**os.environ, **environment},
        cwd=ROOT,
        check=False,
    )
    assert b"Traceback" not in child.stderr, child.stderr.decode("ascii", "replace")
    # In the C locale too a name is judged by its bytes, UTF-8, not by the locale's encoding.
    if "nonsuch" in argv:
        assert_refused(Run(child.returncode, "", child.stderr.decode("latin-1")))
        return
    assert child.returncode == 0, child.stderr
    shown = child.stdout.decode("latin-1" if "latin-1" in str(environment) else "ascii")
    if "latin-1" not in str(environment) and argv[0] != "leaderboard":
        assert "+/-" in shown or "Yif\\xe1n" in shown


# -- names shown, never acted on by the terminal -----------------------------------------------

HOSTILE = {
    "clear": "\x1b[2J\x1b[31mEVIL",
    "title": "\x1b]0;pwned\x07x",
    "reversed": "\u202eLIVE",
}
RAW = ("\x1b", "\x07", "\u202e")


def shown_plainly(text: str) -> None:
    assert not any(raw in text for raw in RAW), repr(text)


def test_fit_shows_player_names_escaped(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        "".join(
            f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{result}\n\n'
            for white, black in (("A", HOSTILE["clear"]), (HOSTILE["title"], HOSTILE["reversed"]),
                                 (HOSTILE["reversed"], "A"), (HOSTILE["clear"], HOSTILE["title"]))
            for result in ("1-0", "0-1", "1/2-1/2")
        )
    )  # fmt: skip
    result = run(["engines", "fit", str(pgn), "--anchor", "A=1500"])
    assert result.status == 0, result.err
    shown_plainly(result.out)
    assert "\\x1b[2J\\x1b[31mEVIL" in result.out and "\\u202eLIVE" in result.out
    # JSON escapes every character beyond ASCII itself: the name is data, kept whole.
    document = run(["engines", "fit", str(pgn), "--anchor", "A=1500", "--json"])
    shown_plainly(document.out)
    names = {player["name"] for player in json.loads(document.out)["players"]}
    assert set(HOSTILE.values()) <= names


def named_by_another_program(directory: Path) -> Path:
    """A ledger whose profile name holds what rated-play never lets a name hold."""
    ledger = Ledger.open(DataDirectory(directory))
    record_game(ledger, ledger.create_profile(CLI_PLAYER), 1.0)
    ledger.close()
    db = sqlite3.connect(directory / "ledger.sqlite3")
    db.execute("UPDATE profiles SET name = ?", (HOSTILE["clear"] + HOSTILE["reversed"],))
    db.commit()
    db.close()
    return directory


def test_export_and_analyse_show_a_stored_pgns_escapes(tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path))
    game_id = analysed_game(ledger, ledger.create_profile(CLI_PLAYER))
    ledger.close()
    db = sqlite3.connect(tmp_path / "ledger.sqlite3")
    hostile = f"al{HOSTILE['clear']}{HOSTILE['title']}ice"
    db.execute("UPDATE games SET pgn = ?", (f'[White "{hostile}"]\n[Black "b"]\n\n1. e4 e5 1-0\n',))
    db.execute("UPDATE analyses SET engine = ?", (hostile,))
    db.commit()
    db.close()
    for argv in (
        ["export", CLI_PLAYER],
        ["analyse", str(game_id), "--pgn"],
        ["analyse", str(game_id)],
    ):
        result = run([*argv, "--data-dir", str(tmp_path)])
        assert result.status == 0, result.err
        shown_plainly(result.out)
        assert "al\\x1b[2J" in result.out, result.out
        assert result.out.count("\n") > 2, "the lines stay lines"


def test_leaderboard_shows_profile_names_escaped(tmp_path: Path) -> None:
    result = run(["leaderboard", "--data-dir", str(named_by_another_program(tmp_path))])
    assert result.status == 0, result.err
    shown_plainly(result.out)
    assert "\\x1b[2J" in result.out


def test_engines_shows_opponent_names_escaped(tmp_path: Path) -> None:
    engines = tmp_path / "config" / "engines"
    engines.mkdir(parents=True)
    (engines / "mine.toml").write_text(
        "[[opponent]]\n"
        f"name = {json.dumps('mine' + HOSTILE['title'])}\n"
        f"title = {json.dumps(HOSTILE['clear'] + HOSTILE['reversed'])}\n"
        'command = "stockfish"\npackage = "stockfish"\nsearch = { depth = 1 }\nrating = 1500\n'
    )
    result = run(["engines", "--data-dir", str(tmp_path)])
    assert result.status == 0, result.err
    shown_plainly(result.out)
    assert "mine\\x1b]0;pwned\\x07x" in result.out and "\\u202eLIVE" in result.out


async def test_the_app_shows_profile_names_escaped(tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(named_by_another_program(tmp_path)), readonly=True)
    try:
        app = Host(LeaderboardScreen(ledger, game_season(ledger.games()[0])))
        async with app.run_test() as pilot:
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            shown = table.get_row_at(0)[1]
            shown_plainly(shown)
            assert shown == "\\x1b[2J\\x1b[31mEVIL\\u202eLIVE"
    finally:
        ledger.close()

"""The ``engines`` subcommand driven through ``main()`` with hostile arguments and files, as
``tests/test_hostile_input.py`` drives the others: no traceback, a non-zero exit with one line
on stderr for bad input, and nothing written (no games file, no calibration) when it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.calibration.stored import SHIPPED_CALIBRATION
from tests.builders import ARGV_TEXT, BAD_NUMBERS, FUZZ, HOSTILE_NAMES, assert_refused, run

CALIBRATE_NUMBERS = ["--games", "--span", "--movetime", "--workers", "--max-games"]


@FUZZ
@given(option=st.sampled_from(CALIBRATE_NUMBERS), value=BAD_NUMBERS)
def test_calibrate_refuses_every_impossible_number_before_a_game(
    option: str, value: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data_dir = tmp_path_factory.mktemp("calibrate")
    result = run(["engines", "calibrate", "--data-dir", str(data_dir), option, value])
    assert_refused(result)
    assert list(data_dir.iterdir()) == []


@FUZZ
@given(
    option=st.sampled_from(["--tc", "--anchor"]),
    value=st.one_of(BAD_NUMBERS, ARGV_TEXT).map(lambda text: f"x{text}"),
)
def test_calibrate_refuses_clocks_and_anchors_it_cannot_use(
    option: str, value: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data_dir = tmp_path_factory.mktemp("calibrate")
    if option == "--tc":
        value = f"{value}+1"
    result = run(["engines", "calibrate", "--data-dir", str(data_dir), option, value])
    assert_refused(result)
    assert not (data_dir / "calibration-games.pgn").exists()


@FUZZ
@given(name=HOSTILE_NAMES)
def test_unknown_or_impossible_opponent_names(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data_dir = tmp_path_factory.mktemp("names")
    for argv in (["engines", "uci", name], ["engines", "calibrate", "--only", name]):
        assert_refused(run([*argv, "--data-dir", str(data_dir)]))
    assert list(data_dir.iterdir()) == []


@FUZZ
@given(content=st.binary(min_size=1, max_size=300))
def test_fit_reads_any_bytes_without_a_traceback(
    content: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    pgn = tmp_path_factory.mktemp("fit") / "games.pgn"
    pgn.write_bytes(content)
    result = run(["engines", "fit", str(pgn), "--anchor", "A=1500"])
    if result.status != 0:
        assert_refused(result)


@pytest.mark.parametrize(
    "where",
    ["a-directory", "missing", "utf-16", "anchor-twice", "anchor-nan"],
)
def test_fit_refuses_files_and_anchors_it_cannot_use(where: str, tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    anchors = ["--anchor", "A=1500"]
    text = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    if where == "a-directory":
        pgn.mkdir()
    elif where == "utf-16":
        pgn.write_text(text, encoding="utf-16")
    elif where != "missing":
        pgn.write_text(text, encoding="utf-8")
        anchors = ["--anchor", "A=1500", "--anchor", "A=1900"]
        if where == "anchor-nan":
            anchors = ["--anchor", "A=nan"]
    result = run(["engines", "fit", str(pgn), *anchors])
    assert_refused(result)
    if where in ("a-directory", "missing"):
        assert "give the path of a PGN file" in result.err


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["ratings"]["stockfish-elo-1500"].update(rating=float("nan")),
        lambda d: d["ratings"]["stockfish-elo-1500"].update(rating=1e308),
        lambda d: d["ratings"]["stockfish-elo-1500"].update(error="wide"),
        lambda d: d.pop("provenance"),
        lambda d: d.update(held_out=[{"first": "a"}]),
    ],
)
def test_a_damaged_calibration_file_is_named_with_what_to_do(
    damage: object, tmp_path: Path
) -> None:
    document = json.loads(SHIPPED_CALIBRATION.read_text(encoding="utf-8"))
    damage(document)  # type: ignore[operator]
    # json.dumps writes nan as NaN, which Python's reader takes back: the check is ours.
    (tmp_path / "calibration.json").write_text(json.dumps(document), encoding="utf-8")
    before = (tmp_path / "calibration.json").read_bytes()
    for argv in (["engines"], ["engines", "--json"], ["engines", "check"]):
        result = run([*argv, "--data-dir", str(tmp_path)])
        assert_refused(result)
        assert "calibration" in result.err
    assert (tmp_path / "calibration.json").read_bytes() == before


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"[1, 2]", b""])
def test_a_calibration_file_that_is_not_one(content: bytes, tmp_path: Path) -> None:
    (tmp_path / "calibration.json").write_bytes(content)
    assert_refused(run(["engines", "--data-dir", str(tmp_path)]))
    assert (tmp_path / "calibration.json").read_bytes() == content


@pytest.mark.parametrize(
    "entry",
    [
        'name = "x"\ncommand = "stockfish"\nrating = nan\n',
        'name = "x"\ncommand = "stockfish"\nrating = inf\n',
        'name = "x"\ncommand = "stockfish"\nrating = 1e300\n',
        'name = "x"\ncommand = "stockfish"\nrating = 1500\nsearch = { nodes = -1 }\n',
    ],
)
def test_an_opponent_file_with_impossible_numbers(entry: str, tmp_path: Path) -> None:
    engines = tmp_path / "config" / "engines"
    engines.mkdir(parents=True)
    (engines / "mine.toml").write_text(f"[[opponent]]\n{entry}", encoding="utf-8")
    result = run(["engines", "--data-dir", str(tmp_path)])
    assert_refused(result)
    assert "mine.toml" in result.err


def test_an_opponent_file_that_is_not_text(tmp_path: Path) -> None:
    engines = tmp_path / "config" / "engines"
    engines.mkdir(parents=True)
    (engines / "mine.toml").write_bytes(b"\xff\xfe[[opponent]]\x00")
    assert_refused(run(["engines", "--data-dir", str(tmp_path)]))


@pytest.mark.parametrize(
    "games",
    [
        b"\xff\xfe\x00\x01",
        b"not a chess game, and not ended by a blank line",
        b'[Event "?"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 1-0\n\n',  # no Round
        "a directory",
    ],
)
def test_a_games_file_that_cannot_be_resumed_is_left_alone(games: object, tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    if isinstance(games, bytes):
        pgn.write_bytes(games)
    else:
        pgn.mkdir()
    result = run(["engines", "calibrate", "--data-dir", str(tmp_path), "--pgn", str(pgn)])
    assert_refused(result)
    if isinstance(games, bytes):
        assert pgn.read_bytes() == games

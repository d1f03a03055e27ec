"""What a person types, pipes or points the command line at, through ``main()`` (and through a
real process where the terminal's encoding matters): one sentence for what cannot be used,
plain output for what can, on any terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_hostile_input import PLAYER, assert_refused, run


@pytest.mark.parametrize(
    "argv",
    [["engines"], ["engines", "--json"], ["engines", "check"], ["profile", PLAYER],
     ["leaderboard"], ["games", PLAYER], []],
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


@pytest.mark.parametrize("argv", [["engines"], ["profile", PLAYER], ["leaderboard"]])
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

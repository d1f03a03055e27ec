"""The rating commands through ``rated_play.cli.main``, reading their JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rated_play.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    document: dict[str, object] = json.loads(capsys.readouterr().out)
    return document


def run_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def results(tmp_path: Path, text: str) -> str:
    path = tmp_path / "results.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_calc_sudoku_corner_example_4(capsys: pytest.CaptureFixture[str]) -> None:
    """Sudoku Corner's rating rules, Example 4: Grace 1200 (K 40) beats Henry 1350: +28 → 1228."""
    document = run_json(
        capsys, "calc", "--rating", "1200", "--opponent", "1350", "--result", "win", "--k", "40"
    )
    assert document["change"] == 28
    assert document["new_rating"] == 1228
    assert document["expected"] == pytest.approx(1 / (1 + 10 ** (150 / 400)))


def test_calc_default_k_is_32(capsys: pytest.CaptureFixture[str]) -> None:
    """ChessTrophies' Elo calculator: K 32 by default; equal players, a loss: 32·(0 − 0.5) = −16."""
    document = run_json(
        capsys, "calc", "--rating", "1500", "--opponent", "1500", "--result", "loss"
    )
    assert (document["change"], document["new_rating"]) == (-16, 1484)


def test_calc_says_it_computes_plain_elo(capsys: pytest.CaptureFixture[str]) -> None:
    """It gives −32 where the app, K 40 and a 400-point cap, gives −36: it says which it is."""
    argv = ["calc", "--rating", "1500", "--opponent", "166", "--result", "loss"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Plain Elo, K 32, no cap on the gap"
    assert lines[2] == "Rating change   -32"
    assert run_json(capsys, *argv)["computes"] == "Plain Elo, K 32"


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Sudoku Corner's rating rules's 400-point row (91 %) and FIDE's table 8.1(b) (FIDE Handbook
    B.02) edge (> 735 → 1.0 at 750)."""
    rows = {row["difference"]: row for row in run_json(capsys, "table")["rows"]}  # type: ignore[attr-defined]
    assert rows[0]["expected"] == 0.5 and rows[0]["fide_table"] == 0.5
    assert round(rows[400]["expected"], 2) == 0.91 and rows[400]["fide_table"] == 0.92
    assert rows[750]["fide_table"] == 1.0 and rows[-750]["fide_table"] == 0.0


def test_rate_kasparov_short_period(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE's rating regulations: Kasparov 2838, 6 points from 10 games against Short 2675, K 10 →
    2826."""
    file = results(tmp_path, "# Kasparov - Short\n" + "2675 1\n" * 6 + "2675 0 # lost\n" * 4)
    document = run_json(
        capsys, "rate", "--system", "fide-classic", "--rating", "2838", "--period",
        "--results", file,
    )  # fmt: skip
    assert document["rating"] == 2826
    assert document["provisional"] is False


def test_rate_uscf_first_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ChessBase Workshop (Lopez, 2006): Fred Patzer's first four games, 1200 → 1463 → 1490 →
    1257."""
    file = results(tmp_path, "1600 0\n1326 1\n1544 1/2\n956 0\n")
    document = run_json(capsys, "rate", "--system", "uscf-classic", "--results", file)
    assert document["history"] == [1200, 1463, 1490, 1257]
    assert (document["rating"], document["games"], document["provisional"]) == (1257, 4, True)


def test_rate_glicko2_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Glickman's example (τ 0.5), its three games one rating period: 1464.06 / 151.52 /
    0.05999."""
    file = results(tmp_path, "1400 1 30\n1550 0 100\n1700 0 300\n")
    document = run_json(
        capsys, "rate", "--system", "glicko2", "--rating", "1500", "--rd", "200",
        "--volatility", "0.06", "--tau", "0.5", "--period", "--results", file,
    )  # fmt: skip
    assert document["rating"] == pytest.approx(1464.06, abs=0.01)
    assert document["rd"] == pytest.approx(151.52, abs=0.01)
    assert document["volatility"] == pytest.approx(0.05999, abs=0.00001)


def test_rate_every_system_rates_a_new_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = results(tmp_path, "1500 1\n1600 0.5\n1400 0\n" * 7)
    for system in ("elo", "club", "fide-classic", "fide", "uscf-classic", "chess-scotland",
                   "glicko2", "performance"):  # fmt: skip
        document = run_json(capsys, "rate", "--system", system, "--results", file)
        assert set(document) >= {"rating", "history", "games", "provisional"}
        assert 1000 < document["rating"] < 2000  # type: ignore[operator]


def test_rate_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sudoku Corner's rating rules, Example 1 at K 20: 1200 beats 1200 → 1210."""
    # Standard input as a process has it: text over bytes, which the command reads.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"1200 1\n"), encoding="utf-8"))
    document = run_json(capsys, "rate", "--system", "elo", "--k", "20", "--rating", "1200",
                        "--results", "-")  # fmt: skip
    assert document["rating"] == 1210


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1500 1\n1500 win\n", "line 2: the score must be 1, 0.5 or 0"),
        ("1500\n", "line 1: write OPPONENT_RATING SCORE"),
        ("# header\nabc 1\n", "line 2: the opponent's rating must be a number"),
        ("1500 1 -5\n", "line 1: the opponent's RD must be a number from 0 to 500"),
    ],
)
def test_rate_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    error = run_error(capsys, "rate", "--system", "fide", "--results", results(tmp_path, text))
    assert message in error


def test_rate_bad_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = results(tmp_path, "1500 1\n")
    assert "choose one of fide, elo" in run_error(capsys, "rate", "--system", "nope",
                                                  "--results", file)  # fmt: skip
    assert "--k applies to --system elo" in run_error(
        capsys, "rate", "--system", "fide", "--k", "10", "--results", file
    )
    assert "--rd applies to --system glicko2" in run_error(
        capsys, "rate", "--system", "fide", "--rd", "50", "--results", file
    )
    assert "--period applies to the Elo systems" in run_error(
        capsys, "rate", "--system", "uscf-classic", "--period", "--results", file
    )
    assert "needs the rating at its start" in run_error(
        capsys, "rate", "--system", "fide", "--period", "--results", file
    )
    assert "cannot read the results file" in run_error(
        capsys, "rate", "--results", str(tmp_path / "missing.txt")
    )
    assert "give at least one" in run_error(
        capsys, "rate", "--system", "fide", "--results", results(tmp_path, "# nothing\n")
    )


@pytest.mark.parametrize("output", [[], ["--json"]])
@pytest.mark.parametrize("where", ["empty", "missing"])
def test_leaderboard_without_a_ledger(
    where: str, output: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Said as every reading command says it, not as an empty month."""
    directory = tmp_path / "data"
    if where == "empty":
        directory.mkdir()
    error = run_error(capsys, "leaderboard", "--data-dir", str(directory), *output)
    assert error.startswith("rated-play: there is no ledger in ") and error.count("\n") == 1
    assert not (directory / "ledger.sqlite3").exists()
    assert "YYYY-MM" in run_error(capsys, "leaderboard", "--data-dir", str(tmp_path),
                                  "--month", "March")  # fmt: skip

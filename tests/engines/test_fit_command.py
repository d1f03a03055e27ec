"""``rated-play engines fit`` on PGNs whose maximum-likelihood answer is known in closed form.

Where the games form a tree (no cycle of pairings), the fit decouples: each pairing's rating
difference is the logit of its score fraction, ``400·log10(s / (1 − s))``, and its variance is
the inverse Fisher information ``1 / (n·p·(1 − p)·c²)`` with ``c = ln 10 / 400``; variances add
along the path from the anchor. These are the expected values below.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from rated_play.cli import main

C = math.log(10) / 400


def _pgn(path: Path, games: list[tuple[str, str, str]]) -> Path:
    text = "".join(
        f'[Event "test"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n'
        f"1. e4 e5 {result}\n\n"
        for white, black, result in games
    )
    path.write_text(text, encoding="utf-8")
    return path


def _fit(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, float]]:
    assert main(["engines", "fit", *args, "--json"]) == 0
    return {player["name"]: player for player in json.loads(capsys.readouterr().out)["players"]}


def _se(games: int, p: float) -> float:
    return 1 / math.sqrt(games * p * (1 - p) * C * C)


def test_a_chain_of_pairings_fits_to_the_logit_of_each_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # B: 1 win, 2 draws, 1 loss against the anchor A (2/4). C: 1/4 against B, colours mixed.
    games = [("A", "B", "1-0"), ("B", "A", "1/2-1/2"), ("A", "B", "1/2-1/2"), ("B", "A", "1-0")]
    games += [("B", "C", "1-0"), ("C", "B", "0-1"), ("B", "C", "0-1"), ("C", "B", "0-1")]
    players = _fit(capsys, str(_pgn(tmp_path / "chain.pgn", games)), "--anchor", "A=1500")
    assert players["A"] == {
        "name": "A", "rating": 1500.0, "error": 0.0, "games": 4, "score": 2.0, "anchor": True,
    }  # fmt: skip
    assert players["B"]["rating"] == pytest.approx(1500.0, abs=0.1)
    assert players["B"]["error"] == pytest.approx(_se(4, 0.5), abs=0.1)  # 173.7
    assert (players["B"]["games"], players["B"]["score"]) == (8, 5.0)
    assert players["C"]["rating"] == pytest.approx(1500 - 400 * math.log10(3), abs=0.1)  # 1309.1
    expected = math.hypot(_se(4, 0.5), _se(4, 0.75))  # 265.4
    assert players["C"]["error"] == pytest.approx(expected, abs=0.1)
    assert (players["C"]["games"], players["C"]["score"]) == (4, 1.0)
    assert list(players) == ["A", "B", "C"]  # strongest first


def test_a_long_chain_fits_to_the_closed_form_at_every_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """300 players, each meeting the next four times (as many as the fit on arrays is used
    for): the errors grow along the chain as the root of the sum of the links' variances."""
    players = 300
    games: list[tuple[str, str, str]] = []
    expected_rating, expected_variance = [1500.0], [0.0]
    for k in range(players - 1):
        wins = 1 + k % 3  # the later player scores 1, 2 or 3 of 4
        games += [(f"P{k + 1}", f"P{k}", "1-0")] * wins + [(f"P{k}", f"P{k + 1}", "1-0")] * (
            4 - wins
        )
        s = wins / 4
        expected_rating.append(expected_rating[-1] + 400 * math.log10(s / (1 - s)))
        expected_variance.append(expected_variance[-1] + _se(4, s) ** 2)
    fitted = _fit(capsys, str(_pgn(tmp_path / "long.pgn", games)), "--anchor", "P0=1500")
    for k in range(players):
        assert fitted[f"P{k}"]["rating"] == pytest.approx(expected_rating[k], abs=0.06)
        assert fitted[f"P{k}"]["error"] == pytest.approx(math.sqrt(expected_variance[k]), abs=0.06)
    assert fitted[f"P{players - 1}"]["error"] > 15 * _se(4, 0.5)


def test_a_player_with_every_point_gets_a_finite_rating_above_a_near_perfect_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [("W", "A", "1-0"), ("A", "W", "0-1")] * 2 + [("N", "A", "1-0")] * 3
    games += [("N", "A", "1/2-1/2")]
    players = _fit(capsys, str(_pgn(tmp_path / "wins.pgn", games)), "--anchor", "A=1500")
    # 3½ of 4 fits exactly at the logit of 7/8; 4 of 4 has no finite maximum.
    assert players["N"]["rating"] == pytest.approx(1500 + 400 * math.log10(7), abs=0.1)
    wins = players["W"]
    assert (wins["games"], wins["score"]) == (4, 4.0)
    assert math.isfinite(wins["rating"]) and math.isfinite(wins["error"])
    assert players["N"]["rating"] < wins["rating"] < 2200


def test_a_disconnected_pool_is_refused_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pgn = _pgn(tmp_path / "split.pgn", [("A", "B", "1-0"), ("C", "D", "0-1")])
    assert main(["engines", "fit", str(pgn), "--anchor", "A=1500"]) == 2
    error = capsys.readouterr().err
    assert "'C'" in error and "'D'" in error and "anchor" in error


def test_an_unknown_anchor_lists_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pgn = _pgn(tmp_path / "games.pgn", [("A", "B", "1-0"), ("B", "A", "1/2-1/2")])
    assert main(["engines", "fit", str(pgn), "--anchor", "Z=1500"]) == 2
    error = capsys.readouterr().err
    assert "Z" in error and "A, B" in error


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n',
            "game 1: illegal san",
        ),
        ("this is not a chess game", "game 1: the White tag names no player"),
        ('[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n', "no finished game"),
        ('[White "A"]\n[Black "B"]\n[Result "2-0"]\n\n1. e4 2-0\n', "Result '2-0'"),
    ],
)
def test_a_bad_pgn_says_which_game_and_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    pgn = tmp_path / "bad.pgn"
    pgn.write_text(text, encoding="utf-8")
    assert main(["engines", "fit", str(pgn), "--anchor", "A=1500"]) == 2
    error = capsys.readouterr().err
    assert expected in error and str(pgn) in error


def test_a_malformed_anchor_shows_the_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["engines", "fit", "x.pgn", "--anchor", "A:1500"]) == 2
    assert "NAME=RATING" in capsys.readouterr().err


def test_the_text_table_ranks_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pgn = _pgn(tmp_path / "games.pgn", [("A", "B", "1-0"), ("B", "A", "1/2-1/2")])
    assert main(["engines", "fit", str(pgn), "--anchor", "B=1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].endswith("A") and "anchor" in lines[2]


def test_the_fit_says_how_well_it_fits_and_names_the_worst_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A rock-paper-scissors pool: each beats the next 9 times in 10; no rating list fits.
    games = []
    for winner, loser in (("A", "B"), ("B", "C"), ("C", "A")):
        games += [(winner, loser, "1-0")] * 9 + [(winner, loser, "0-1")]
    pgn = _pgn(tmp_path / "cycle.pgn", games)
    assert main(["engines", "fit", str(pgn), "--anchor", "A=1500", "--json"]) == 0
    goodness = json.loads(capsys.readouterr().out)["goodness_of_fit"]
    assert goodness["degrees_of_freedom"] == 3 - 2
    assert goodness["p_value"] < 0.001
    assert len(goodness["worst"]) == 3
    assert abs(goodness["worst"][0]["z"]) > 2.5
    assert main(["engines", "fit", str(pgn), "--anchor", "A=1500"]) == 0
    text = capsys.readouterr().out
    assert "goodness of fit: deviance" in text and "on 1 degrees of freedom" in text


def test_an_anchor_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["engines", "fit", "x.pgn", "--anchor", "A=1500", "--anchor", "A=1900"]) == 2
    assert "given twice" in capsys.readouterr().err


def test_an_entry_whose_results_against_families_disagree_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # UCI_Elo 1500 scores evenly against UCI_Elo 1650, but crushes the node-limited entry that
    # holds 1650 level, and loses to the Skill Level entry that loses to 1650: one rating
    # cannot say all that. Names of the shipped pool, so their families are known.
    elo, peer, nodes, fairy = (
        "stockfish-elo-1500", "stockfish-elo-1650", "stockfish-nodes-1",
        "fairy-stockfish-skill-minus1",
    )  # fmt: skip
    games = (
        [(elo, peer, "1-0"), (elo, peer, "0-1")] * 30
        + [(nodes, peer, "1-0"), (nodes, peer, "0-1")] * 30
        + [(fairy, peer, "1-0"), (fairy, peer, "0-1")] * 30
        + [(elo, nodes, "1-0")] * 50 + [(elo, nodes, "0-1")] * 10
        + [(elo, fairy, "0-1")] * 50 + [(elo, fairy, "1-0")] * 10
    )  # fmt: skip
    pgn = _pgn(tmp_path / "families.pgn", games)
    assert main(["engines", "fit", str(pgn), "--anchor", f"{peer}=1650", "--json"]) == 0
    families = json.loads(capsys.readouterr().out)["families"]
    worst = families[0]
    assert worst["name"] == elo and worst["p_value"] < 0.001
    against = {group["family"]: group for group in worst["against"]}
    assert against["stockfish nodes"]["z"] > 0 > against["fairy-stockfish Skill Level"]["z"]
    assert against["stockfish nodes"]["games"] == 60
    assert main(["engines", "fit", str(pgn), "--anchor", f"{peer}=1650"]) == 0
    assert f"  {elo}: χ²" in capsys.readouterr().out

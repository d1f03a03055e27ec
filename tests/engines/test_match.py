"""One calibration game: the clock's rules, the time-control syntax, and each side's turn taken
as in a rated game (a resignation instead of a move, a draw offered with one)."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest

from engines.calibration.engine_game import match_clock, play_match_game
from engines.calibration.openings import Opening, load_openings
from profiles.laws.endings import Termination, engine_game_ending, time_forfeit
from profiles.laws.time_control import TimeControl
from rated_play.cli import main
from tests.builders import DEAD_DRAW_LINE, HOPELESS_LINE, HOPELESS_LOST_FROM, scripted_opponent

START = Opening("initial position", ())
WHITE_PLAYS_ON_BLACK_RESIGNS = 15
"""A seed whose first two draws make White one to play on (0.97) and Black one to resign
(0.01), at 1500 (resigning share 0.94), and whose later draws have Black resign within the
line."""


def test_time_controls_parse_and_print_as_pgn() -> None:
    assert match_clock("20+0.2") == TimeControl(20.0, 0.2)
    assert match_clock("20+0.2").pgn == "20+0.2"
    assert match_clock("60").pgn == "60+0"
    for bad in ("fast", "0+1", "10+-1", "nan+0", "inf+0", "10+nan", "1e308+0", "-inf+1", "-"):
        with pytest.raises(ValueError, match=r"time control|base time"):
            match_clock(bad)


def test_running_out_of_time_loses_unless_the_opponent_cannot_mate() -> None:
    assert time_forfeit(chess.Board(), chess.WHITE).result() == "0-1"
    assert time_forfeit(chess.Board(), chess.BLACK).result() == "1-0"
    lone_knight = chess.Board("8/8/8/4k3/8/8/3NK3/8 b - - 0 1")
    assert time_forfeit(lone_knight, chess.BLACK).result() == "1/2-1/2"
    assert time_forfeit(lone_knight, chess.BLACK).termination.pgn == "time forfeit"


def test_the_shipped_openings_are_legal_and_distinct() -> None:
    openings = load_openings()
    assert len(openings) >= 40
    positions = {opening.board().fen() for opening in openings}
    assert len(positions) == len(openings)


@pytest.mark.parametrize(
    "args",
    [
        ["--tc", "nan+0"],
        ["--tc", "inf+0"],
        ["--games", "nan"],
        ["--span", "inf"],
        ["--movetime", "-1"],
        ["--workers", "0"],
        ["--anchor", "stockfish-elo-1800=nan"],
        ["--anchor", "stockfish-elo-1800=1800", "--anchor", "stockfish-elo-1800=1900"],
    ],
)
def test_every_number_of_a_calibration_is_checked_before_a_game_is_played(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["engines", "calibrate", "--data-dir", str(tmp_path), *args])
    except SystemExit as exit_:  # argparse refuses a bad number itself
        status = int(exit_.code or 0)
    assert status == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert args[0] in error or "anchor" in error
    assert not (tmp_path / "calibration-games.pgn").exists()


def test_an_engine_game_ends_on_a_repetition_that_happened_not_one_that_could() -> None:
    board = chess.Board()
    for san in ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"):
        board.push_san(san)
    # Black could repeat the start position a third time with Ng8: python-chess's
    # claim_draw=True would end the game here, and a side winning on the board plays on.
    assert board.outcome(claim_draw=True) is not None
    assert engine_game_ending(board) is None
    board.push_san("Ng8")
    outcome = engine_game_ending(board)
    assert outcome is not None
    assert outcome.termination is Termination.THREEFOLD_REPETITION
    assert outcome.result() == "1/2-1/2"


@pytest.mark.engine
async def test_a_calibration_game_is_resigned_as_a_rated_game_would_be() -> None:
    """Both sides play the line in which Black gives its pieces away, each with the real judge
    beside it: Black, one to resign (White plays on, by the seed), resigns on one of its lost
    turns instead of moving, as against a player (tests/session/test_opponent_conduct.py)."""
    line = scripted_opponent(HOPELESS_LINE)
    game = await play_match_game(
        line, line, START, None, rng=random.Random(WHITE_PLAYS_ON_BLACK_RESIGNS)
    )
    assert (game.headers["Result"], game.headers["EndReason"]) == ("1-0", "resignation")
    board = game.end().board()
    assert board.turn == chess.BLACK
    assert HOPELESS_LOST_FROM <= board.fullmove_number <= len(HOPELESS_LINE) // 2
    played = [move.uci() for move in board.move_stack]
    assert played == list(HOPELESS_LINE[: len(played)])


@pytest.mark.engine
async def test_a_calibration_game_ends_in_a_draw_offered_with_a_move_and_accepted() -> None:
    """Both sides play the line that leaves a rook each, dead level to the judge: Black offers a
    draw with its 49th move, as in a rated game (tests/session/test_opponent_conduct.py), and
    White's judge accepts it; the moves after it are never played."""
    line = scripted_opponent(DEAD_DRAW_LINE)
    game = await play_match_game(line, line, START, None, rng=random.Random(2))
    assert (game.headers["Result"], game.headers["EndReason"]) == ("1/2-1/2", "draw agreed")
    played = [move.uci() for move in game.mainline_moves()]
    assert played == list(DEAD_DRAW_LINE[:98]) and played[-1] == "f4e3"

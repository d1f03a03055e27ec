"""One calibration game: the clock's rules, the time-control syntax, and each side's turn taken
as in a rated game (a resignation or a draw claimed instead of a move, a draw offered with
one)."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest

from engines.calibration.engine_game import match_clock, play_match_game
from engines.calibration.openings import Opening, load_openings
from engines.opponents import draw_offer
from profiles.laws.endings import Termination, claimable_draw, time_forfeit
from profiles.laws.time_control import TimeControl
from rated_play.cli import main
from tests.builders import (
    DEAD_DRAW_LINE,
    HOPELESS_LINE,
    HOPELESS_LOST_FROM,
    Draws,
    scripted_opponent,
    uci_line,
)

START = Opening("initial position", ())
WHITE_PLAYS_ON_BLACK_RESIGNS = 478
"""A seed whose first draws make White one to play on (0.964, its willingness to draw 0.837)
and Black one to resign (0.115), at 1500 (resigning share 0.94), and whose later draws have
Black resign within the line."""


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


KNIGHTS_LINE = uci_line("g1f3 g8f6 f3g1 f6g8 " * 3)
"""The knights out and back: the starting position a third time after eight plies, White to
move, level."""
QUEEN_UP_LINE = uci_line("e2e4 e7e5 g1f3 d8h4 f3h4 d7d6 " + "b1c3 g8f6 c3b1 f6g8 " * 3)
"""White takes Black's queen and the knights shuffle: the position after 3...d6 a third time
after fourteen plies, White (a queen up) to move; the one after 4.Nc3 a third time a ply later,
Black to move."""
BLACK_PLAYS_ON = 72
"""A seed whose third draw (0.989, after White's two) makes Black, at 1500, one to play on: a
queen down, it does not resign."""


@pytest.mark.engine
@pytest.mark.parametrize(
    ("line", "plies", "claimant"),
    [(KNIGHTS_LINE, 8, chess.WHITE), (QUEEN_UP_LINE, 15, chess.BLACK)],
    ids=["level", "a queen up"],
)
async def test_a_calibration_game_is_drawn_by_the_claim_of_a_side_that_is_not_better(
    line: tuple[str, ...], plies: int, claimant: chess.Color
) -> None:
    """Each side claims on its own turn as in a rated game (its judge the real one): level, the
    side to move at the third occurrence claims; a queen up, it plays on, and the other side
    claims at the next position's third. The game is tagged as the calibration's games were
    before sides judged their claims: a draw, "normal", no EndReason, the grounds on the
    board."""
    scripted = scripted_opponent(line)
    game = await play_match_game(scripted, scripted, START, None, rng=random.Random(BLACK_PLAYS_ON))
    assert (game.headers["Result"], game.headers["Termination"]) == ("1/2-1/2", "normal")
    assert "EndReason" not in game.headers
    board = game.end().board()
    assert [move.uci() for move in board.move_stack] == list(line[:plies])
    assert board.turn == claimant
    assert claimable_draw(board) is Termination.THREEFOLD_REPETITION


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
    """Both sides play the line that leaves a rook each, neither one to resign and each as
    willing to draw as can be, every later draw 0: the first side to move from move 20 that its
    judge does not see more than a pawn up offers a draw with its move, as in a rated game
    (tests/session/test_opponent_conduct.py), and the other side's judge accepts it; the moves
    after it are never played. Every draw 0.99: neither offers, and the line is played out."""
    line = scripted_opponent(DEAD_DRAW_LINE)
    willing = Draws(0.99, 0.0, 0.99, 0.0, then=0.0)
    game = await play_match_game(line, line, START, None, rng=willing)
    assert (game.headers["Result"], game.headers["EndReason"]) == ("1/2-1/2", "draw agreed")
    board = game.end().board()
    played = [move.uci() for move in board.move_stack]
    assert played == list(DEAD_DRAW_LINE[: len(played)]) and len(played) < len(DEAD_DRAW_LINE)
    offered_on = len(played) - 1  # the ply of the offering move
    assert offered_on // 2 + 1 >= draw_offer.FROM_MOVE
    unwilling = await play_match_game(line, line, START, None, rng=Draws(then=0.99))
    assert "EndReason" not in unwilling.headers
    assert len(list(unwilling.mainline_moves())) == len(DEAD_DRAW_LINE)

"""A calibration game played before opponents resigned or offered draws, ended again as its
sides' conduct would have ended it: cut where the side lost resigns, with the
result and tags a game the conduct ended has, and left whole where the conduct does nothing.
Against the real judge."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.pgn
import pytest

from engines.calibration.conduct_replay import (
    REPLAYED,
    conduct_ending,
    ended_at,
    replay_file,
    stored_games,
)
from engines.launch import close_engine, open_engine
from engines.opponents.judge import JUDGE
from profiles.laws.endings import Termination
from tests.builders import Draws

pytestmark = pytest.mark.engine


def hopeless(white: str = "strong", black: str = "weak") -> str:
    """Black a queen, a rook and seven pawns down from the start (the judge sees more than 30
    pawns); the result as stored is not the board's."""
    return (
        f'[White "{white}"]\n[Black "{black}"]\n[Result "1/2-1/2"]\n'
        '[FEN "4k3/p7/8/8/8/8/PPPPPPPP/R2QK3 w - - 0 1"]\n[SetUp "1"]\n\n'
        "1. Rb1 a6 2. Ra1 a5 3. Rb1 a4 4. Ra1 Kd8 1/2-1/2\n"
    )


RATINGS = {"strong": 2500.0, "weak": 2500.0}


def stored(text: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    return game


async def test_the_side_lost_resigns_on_its_first_lost_turn_when_every_draw_says_so() -> None:
    """Every draw 0: one to resign, and resigning on the first turn the judge sees it lost."""
    judge = await open_engine(JUDGE)
    try:
        game = stored(hopeless())
        ended = await conduct_ending(game, RATINGS, judge, Draws(then=0.0))
        assert ended is not None
        assert ended.ending.termination is Termination.RESIGNATION
        assert ended.ending.winner == chess.WHITE
        assert ended.plies == 1, "Black's first turn, before its first move"
        cut = ended_at(game, ended)
        assert cut.headers["Result"] == "1-0" and cut.headers["EndReason"] == "resignation"
        assert cut.headers["White"] == "strong" and cut.headers["FEN"] == game.headers["FEN"]
        assert len(list(cut.mainline_moves())) == 1
        # One that plays every lost game to mate changes nothing.
        assert await conduct_ending(stored(hopeless()), RATINGS, judge, Draws(then=0.99)) is None
    finally:
        await close_engine(judge)


async def test_a_level_game_is_left_as_it_was() -> None:
    judge = await open_engine(JUDGE)
    try:
        level = stored(
            '[White "strong"]\n[Black "weak"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'
        )
        assert await conduct_ending(level, RATINGS, judge, Draws(then=0.0)) is None
    finally:
        await close_engine(judge)


async def test_a_file_is_written_whole_and_a_game_replayed_once(tmp_path: Path) -> None:
    """Every game is copied; the one played before the conduct is replayed and tagged, so a
    second run changes nothing. The names are shipped entries: the ratings are the pool's."""
    white, black = "stockfish-elo-2050", "stockfish-elo-2000"
    with_conduct = (
        f'[White "{white}"]\n[Black "{black}"]\n[Result "1-0"]\n[EndReason "resignation"]\n\n'
        "1. e4 e5 1-0\n"
    )
    games = tmp_path / "games.pgn"
    games.write_text(f"{hopeless(white, black)}\n{with_conduct}\n", "utf-8")
    once = tmp_path / "once.pgn"
    with once.open("w", encoding="utf-8") as out:
        replayed, _ = await replay_file(games, out, frozenset(), seed=1)
    assert replayed == 1, "the game played with the conduct keeps its ending"
    written = list(stored_games(once))
    assert len(written) == 2 and written[0].headers[REPLAYED] == "replayed"
    assert REPLAYED not in written[1].headers and written[1].headers["EndReason"] == "resignation"
    twice = tmp_path / "twice.pgn"
    with twice.open("w", encoding="utf-8") as out:
        assert (await replay_file(once, out, frozenset(), seed=1))[0] == 0
    assert twice.read_text("utf-8") == once.read_text("utf-8")

"""The PGN of a rated game names its opening in the tags lichess writes (``ECO``, ``Opening``),
from lichess's table (profiles/openings)."""

from __future__ import annotations

import datetime as dt
import io

import chess
import chess.pgn

from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from profiles.openings.names import opening_of
from rated_play.session.pgn import GameRecordHeaders, PlayedMove, game_pgn

BERLIN = "e4 e5 Nf3 Nc6 Bb5 Nf6"
HEADERS = GameRecordHeaders(
    player="Magnus",
    player_color=chess.WHITE,
    player_rating=None,
    opponent="Stockfish",
    opponent_title="Stockfish at full strength",
    opponent_rating=1500,
    time_control=TimeControl.parse("5+3"),
    started_at=dt.datetime(2025, 1, 1, tzinfo=dt.UTC),
    number=1,
)


def tags_of(pgn: str) -> chess.pgn.Headers:
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None and not game.errors
    return game.headers


def test_the_pgn_names_the_opening_the_game_reached() -> None:
    board = chess.Board()
    moves = [PlayedMove(board.push_san(san), None) for san in BERLIN.split()]
    headers = tags_of(game_pgn(HEADERS, moves, None))
    assert headers["ECO"] == "C65"
    assert headers["Opening"] == "Ruy Lopez: Berlin Defense"


def test_a_game_without_a_move_has_no_opening_tags() -> None:
    headers = tags_of(game_pgn(HEADERS, [], None))
    assert "ECO" not in headers and "Opening" not in headers


def test_every_played_game_is_archived_with_its_opening(played: Ledger) -> None:
    """Real games against Stockfish, closed by the session: each one's PGN in the ledger names
    the opening its moves reached."""
    named = 0
    for record in played.games(played.profile("Magnus").id):
        if record.status is GameStatus.PENDING:
            continue
        opening = opening_of(played.played_moves(record.id))
        headers = tags_of(record.pgn)
        if opening is None:
            assert "ECO" not in headers
            continue
        assert (headers["ECO"], headers["Opening"]) == (opening.eco, opening.name)
        named += 1
    assert named > 10

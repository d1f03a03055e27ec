"""The ledger's rows are declared once, on their dataclasses: every declaration matches the
columns the migrations made at each schema version, and a game's result is one value from the
session's end of a game to the row it closes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import chess
import pytest

from profiles.accuracy import AnalysedMove
from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import (
    DRAW_CLAIMED_BY,
    DRAW_OFFERED_BY,
    MIGRATIONS,
    SCHEMA_VERSION,
)
from profiles.ledger.records import GameRecord, GameStatus, Setup
from profiles.ledger.rows import select_list
from rated_play.session.outcome import GameOutcome
from tests.builders import back_to_version, open_game, record_game

ROWS = {"games": GameRecord, "setups": Setup, "analysed_moves": AnalysedMove}
"""Each table a dataclass is read from."""

NOT_READ = {
    "games": {"abandonment_told", "player_pid", "player_started"},
    "setups": {"profile_id"},
    "analysed_moves": {"game_id"},
}
"""Columns no field reads: asked in a WHERE clause, never kept in the row."""


def columns_at(version: int) -> dict[str, list[str]]:
    """The columns of each table in a ledger brought to ``version`` by the frozen migrations."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript("".join(MIGRATIONS[:version]))
        return {
            table: [row[1] for row in db.execute(f"PRAGMA table_info({table})")] for table in ROWS
        }
    finally:
        db.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_each_row_reads_the_columns_its_schema_version_has(version: int) -> None:
    found = columns_at(version)
    newest = columns_at(SCHEMA_VERSION)
    for table, row_type in ROWS.items():
        read = [part.split(" AS ")[-1] for part in select_list(row_type, version).split(", ")]
        assert set(read) == set(newest[table]) - NOT_READ[table], f"{table} declares its columns"
        if not found[table]:
            continue  # a table a later migration made: never read at this version
        taken = [part for part in select_list(row_type, version).split(", ") if " AS " not in part]
        # Every column read as itself is in the file; every other one is not there yet.
        assert set(taken) == set(found[table]) - NOT_READ[table], f"{table} at {version}"


def test_the_pending_loss_is_the_abandonment_the_session_closes_with(tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path))
    profile = ledger.create_profile("Hou")
    for color in (chess.WHITE, chess.BLACK):
        pending = open_game(ledger, profile)
        assert pending.player_color == color
        left = GameOutcome.abandonment(color)
        assert (pending.result, pending.player_score, pending.termination) == (
            left.result,
            left.player_score,
            left.termination.value,
        )
        closed = ledger.close_game(pending.id, left, pgn="", rating_after=None)
        assert (closed.status, closed.result, closed.player_score) == (
            GameStatus.ABANDONED,
            pending.result,
            0.0,
        )
    ledger.close()


W, B = chess.WHITE, chess.BLACK
CLOSINGS = [
    (GameResult(Ending(Termination.CHECKMATE, B), B), GameStatus.FINISHED, "0-1", 1.0),
    (GameResult(Ending(Termination.DRAW_AGREED, None), W), GameStatus.FINISHED, "1/2-1/2", 0.5),
    (GameResult(Ending(Termination.ABANDONED, W), B), GameStatus.ABANDONED, "1-0", 0.0),
    (GameResult(Ending(Termination.ENGINE_FAILURE, None), W), GameStatus.VOID, "*", None),
]
"""A result, and the status, PGN result and score the row it closes holds."""


@pytest.mark.parametrize(("result", "status", "pgn_result", "score"), CLOSINGS)
def test_a_game_is_closed_with_what_its_result_says(
    tmp_path: Path, result: GameResult, status: GameStatus, pgn_result: str, score: float | None
) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path))
    profile = ledger.create_profile("Ju")
    game = open_game(ledger, profile)
    if game.player_color != result.player_color:
        left = GameResult.abandonment(game.player_color)
        ledger.close_game(game.id, left, pgn="", rating_after=None)
        game = open_game(ledger, profile)
    closed = ledger.close_game(game.id, result, pgn="", rating_after=None)
    assert (closed.status, closed.result, closed.player_score, closed.termination) == (
        status,
        pgn_result,
        score,
        result.termination.value,
    )
    ledger.close()


def test_agreed_draws_before_the_opponent_offered_any_were_the_players_offers() -> None:
    """The migration that keeps who offered an agreed draw fills it for the draws before it,
    when only the player could offer one."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript("".join(MIGRATIONS[: DRAW_OFFERED_BY - 1]))
        db.execute("INSERT INTO profiles(id, name, created_at) VALUES (1, 'p', '2026-01-01')")
        for game_id, color, termination in (
            (1, "black", "draw agreed"),
            (2, "white", "resignation"),
        ):
            db.execute(
                "INSERT INTO games(id, profile_id, status, player_color, opponent_name, "
                "opponent_title, opponent_rating, time_control, time_class, result, "
                "player_score, termination, started_at) VALUES (?, 1, 'finished', ?, 'sf', "
                "'Stockfish', 1500, '300+3', 'blitz', '1/2-1/2', 0.5, ?, '2026-01-01')",
                (game_id, color, termination),
            )
        db.executescript(MIGRATIONS[DRAW_OFFERED_BY - 1])
        offered = db.execute("SELECT id, draw_offered_by FROM games ORDER BY id").fetchall()
    finally:
        db.close()
    assert offered == [(1, "black"), (2, None)]


def test_claimed_draws_before_the_opponent_claimed_any_were_the_players_claims(
    tmp_path: Path,
) -> None:
    """A ledger of the version before the claimant was kept, with a threefold repetition the
    player claimed as White, fifty moves claimed as Black and an agreed draw: read as it is,
    and once migrated, each claim is the player's, and no other game is a claim."""
    data = DataDirectory(tmp_path)
    ledger = Ledger.open(data)
    profile = ledger.create_profile("Ju")
    threefold = record_game(
        ledger, profile, 0.5, player=W, termination=Termination.THREEFOLD_REPETITION
    )
    fifty = record_game(ledger, profile, 0.5, player=B, termination=Termination.FIFTY_MOVES)
    agreed = record_game(ledger, profile, 0.5, termination=Termination.DRAW_AGREED)
    ledger.close()
    db = sqlite3.connect(ledger.path, isolation_level=None)
    db.executescript(f"BEGIN; {back_to_version(DRAW_CLAIMED_BY - 1)} COMMIT;")
    db.close()
    for readonly in (True, False):  # read as the older ledger, then migrated by opening it
        opened = Ledger.open(data, readonly=readonly)
        try:
            claimed = {game.id: game.draw_claimed_by for game in opened.games()}
        finally:
            opened.close()
        assert claimed == {threefold: W, fifty: B, agreed: None}
    db = sqlite3.connect(ledger.path)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        kept = db.execute(
            "SELECT draw_claimed_by FROM games WHERE id IN (?, ?) ORDER BY id", (threefold, fifty)
        )
        assert kept.fetchall() == [("white",), ("black",)]
    finally:
        db.close()

"""Exported PGN is valid PGN whatever the names hold: pgn-extract reads every game without an
error, and python-chess reads back the same moves, result and clocks as the ledger has."""

from __future__ import annotations

import datetime as dt
import io
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest

from profiles.data_directory import archive_name, archive_name_before_numbers
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from profiles.opponent_kind import OpponentKind
from rated_play.cli import main
from rated_play.session import RatedGame
from tests.builders import fast_opponent, pgn_extract
from tests.scripted_opponent import ScriptedOpponent, greedy_move

HOSTILE_NAMES = ['Dr "Quote" Smith', "Back\\slash\\", '\\"', "Ünïcödé 象棋 ♞"]
HOSTILE_TITLE = 'Stockfish "2000 nodes" \\ fast ]'
PLIES = 12


async def play_some_moves(ledger: Ledger, name: str) -> int:
    """A game of :data:`PLIES` plies against a scripted opponent, then resigned."""
    opponent = replace(fast_opponent(), title=HOSTILE_TITLE)
    game = await RatedGame.start(
        ledger, ledger.profile(name), opponent, TimeControl.parse("3+2"), seated=ScriptedOpponent()
    )
    while not game.is_over and len(game.san_moves()) < PLIES:
        if game.is_player_turn:
            await game.play(greedy_move(game.board))
        else:
            await game.opponent_turn()
    if not game.is_over:
        if not game.is_player_turn:
            await game.opponent_turn()
        game.resign()
    await game.close()
    return game.game_id


@pytest.mark.engine  # pgn-extract, which scripts/setup --test installs
async def test_exports_with_hostile_names_pass_pgn_extract_and_read_back(
    ledger: Ledger, tmp_path: Path
) -> None:
    tool = pgn_extract()
    for name in HOSTILE_NAMES:
        ledger.create_profile(name)
        for _ in range(2):
            await play_some_moves(ledger, name)
    data_dir = str(ledger.path.parent)
    for name in HOSTILE_NAMES:
        exported = tmp_path / "export.pgn"
        assert main(["export", name, "--out", str(exported), "--data-dir", data_dir]) == 0
        out, log = tmp_path / "out.pgn", tmp_path / "errors.log"
        subprocess.run([tool, "-s", str(exported), "-o", str(out), "-l", str(log)], check=True)
        assert log.read_text() == "", f"pgn-extract found errors for {name!r}"
        assert out.read_text().count("[Event ") == 2, "games in = games out"

        profile = ledger.profile(name)
        records = [g for g in ledger.games(profile.id) if g.status is not GameStatus.PENDING]
        stream = io.StringIO(exported.read_text(encoding="utf-8"))
        for record in records:
            game = chess.pgn.read_game(stream)
            assert game is not None and game.errors == []
            assert game.headers["Result"] == record.result
            nodes = list(game.mainline())
            recorded = ledger.moves(record.id)
            assert [node.move.uci() for node in nodes] == [m.uci for m in recorded]
            # Whole seconds, as lichess and ChessBase write them: never 0:01:24.96.
            assert [node.clock() for node in nodes] == [
                pytest.approx(m.clock_ms / 1000, abs=1) for m in recorded if m.clock_ms
            ]
            assert "." not in "".join(re.findall(r"%clk ([^\]]*)", exported.read_text()))
        assert chess.pgn.read_game(stream) is None


@pytest.mark.parametrize("name", [".", "..", "../..", "a/../b", "/", ".hidden"])
def test_a_profile_name_that_is_a_path_trick_is_archived_inside_the_archive(name: str) -> None:
    archive = Path("/data/archive")
    started = dt.datetime(2024, 5, 1, tzinfo=dt.UTC)
    for path in (
        archive / archive_name(name, 7, started, lambda _: False),
        archive / archive_name_before_numbers(name, 7, started),
    ):
        folder = path.parent
        assert folder.parent == archive and not folder.name.startswith("."), folder
        assert ".." not in path.parts


async def test_the_pgn_names_a_person_like_opponent_by_its_short_name(ledger: Ledger) -> None:
    """[Black "A person-like opponent, about 1800: Maia-1 of lichess players 1100–1199,
    choosing again where its move is a blunder"]: any GUI, and lichess's import, showed that
    as the player's name. Now the name is the short one, the whole one in a tag of its own."""
    provenance = "Maia-1 of lichess players 1100–1199, choosing again where its move is a blunder"
    opponent = replace(
        fast_opponent(rating=1803.0), kind=OpponentKind.PERSON_LIKE, provenance=provenance
    )
    profile = ledger.create_profile("Judit")
    game = await RatedGame.start(
        ledger, profile, opponent, TimeControl.parse("3+2"), seated=ScriptedOpponent()
    )
    game.resign()
    await game.close()
    [record] = ledger.games(profile.id)
    pgn = chess.pgn.read_game(io.StringIO(record.pgn))
    assert pgn is not None
    side = "Black" if record.player_color == chess.WHITE else "White"
    assert pgn.headers[side] == "Person-like ≈1800"
    assert pgn.headers["Opponent"] == f"A person-like opponent, about 1800: {provenance}"

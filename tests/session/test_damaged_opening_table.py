"""A damaged opening table (a file of ``profiles/openings/data`` removed, emptied, cut or
garbled) names no opening, and stands between no game and its row: the result is written, the
PGN goes without its opening tags, and the damage is said once and logged."""

from __future__ import annotations

import io
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import chess
import chess.pgn
import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, Termination
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from profiles.openings import names
from profiles.openings.names import OpeningTableError, named_positions
from rated_play.session import close_abandoned_games, decoration
from rated_play.session.outcome import GameOutcome
from rated_play.session.pgn import PlayedMove
from rated_play.session.record import close_game
from tests.builders import open_game, run_cli


def _second_line(path: Path, change: Callable[[bytes], bytes]) -> None:
    lines = path.read_bytes().split(b"\n")
    lines[1] = change(lines[1])
    path.write_bytes(b"\n".join(lines))


DAMAGES: dict[str, Callable[[Path], None]] = {
    "removed": lambda path: path.unlink(),
    "emptied": lambda path: path.write_bytes(b""),
    "cut to two fields": lambda path: _second_line(path, lambda line: line.rsplit(b"\t", 1)[0]),
    "a bad SAN": lambda path: _second_line(path, lambda line: line.replace(b"e6", b"Ke7")),
    "a 0xFF byte": lambda path: _second_line(path, lambda line: line + b"\xff"),
}


@pytest.fixture(params=list(DAMAGES))
def damaged_table(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """The installed table copied, its ``c.tsv`` damaged, and the copy read in its place."""
    table = tmp_path / "openings"
    shutil.copytree(names.TABLE_DIR, table)
    DAMAGES[request.param](table / "c.tsv")
    monkeypatch.setattr(names, "TABLE_DIR", table)
    monkeypatch.setattr(decoration, "_told", set())
    named_positions.cache_clear()
    yield request.param
    named_positions.cache_clear()


def test_a_damaged_table_is_one_error_naming_its_file(damaged_table: str) -> None:
    with pytest.raises(OpeningTableError, match=r"c\.tsv"):
        named_positions()


MOVES = [chess.Move.from_uci(uci) for uci in ("e2e4", "e7e6", "d2d4", "d7d5")]


def test_a_resignation_is_recorded_whatever_the_table(damaged_table: str, tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path / "data"))
    profile = ledger.create_profile("Judit")
    reports = []
    for _ in range(2):
        record = open_game(ledger, profile)
        resigned = GameOutcome(Ending(Termination.RESIGNATION, record.player_color), True)
        reports.append(
            close_game(
                ledger,
                record=record,
                profile=profile,
                outcome=resigned,
                moves=[PlayedMove(move, None) for move in MOVES],
            )
        )
    first, second = reports
    game = ledger.game(first.game_id)
    assert game.status is GameStatus.FINISHED and game.termination == Termination.RESIGNATION
    pgn = chess.pgn.read_game(io.StringIO(game.pgn))
    assert pgn is not None and "Opening" not in pgn.headers
    assert [move.uci() for move in pgn.mainline_moves()] == [move.uci() for move in MOVES]
    assert first.pgn_path is not None and first.pgn_path.read_text() == game.pgn
    [note] = first.notes
    assert "opening table is damaged (c.tsv" in note
    assert second.notes == (), "said once"
    assert "OpeningTableError" in ledger.directory.errors_log.read_text()
    ledger.close()


def test_a_game_left_by_a_dead_process_is_closed_and_exported_whatever_the_table(
    damaged_table: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    profile = ledger.create_profile("Judit")
    record = open_game(ledger, profile)
    board = chess.Board()
    for ply, move in enumerate(MOVES, start=1):
        ledger.record_move(record.id, ply, move.uci(), None)
        board.push(move)
    ledger.let_go(record.id)  # as a process that died leaves it
    ledger.close()

    status, out, err = run_cli(capsys, "export", "Judit", "--data-dir", str(data))
    assert status == 0 and '[Result "0-1"]' in out
    assert "opening table is damaged" in err

    ledger = Ledger.open(DataDirectory(data))
    [report] = close_abandoned_games(ledger)
    assert ledger.game(report.game_id).status is GameStatus.ABANDONED
    ledger.close()

"""The result screen's line about the archive says where the PGN went, or plainly that it went
nowhere (an archive folder full or read-only at the game's end) and where it is found."""

from __future__ import annotations

from pathlib import Path

import chess

from profiles.laws.endings import Termination
from profiles.laws.time_control import TimeClass
from rated_play.session import GameReport
from rated_play.session.outcome import GameOutcome
from rated_play.ui.screens.result import archive_text


def report(pgn_path: Path | None) -> GameReport:
    outcome = GameOutcome(chess.BLACK, Termination.RESIGNATION, chess.WHITE)
    return GameReport(1, outcome, TimeClass.BLITZ, None, None, 19, pgn_path)


def test_a_pgn_the_archive_could_not_take_is_said_not_archived_and_where_to_find_it() -> None:
    text = archive_text(report(None), "Magnus")
    assert "archived at" not in text
    assert text.startswith("PGN not archived") and "rated-play export Magnus" in text


def test_an_archived_pgn_is_named_by_its_path() -> None:
    path = Path("/data/archive/Magnus/2024-05-01-game-1.pgn")
    assert archive_text(report(path), "Magnus") == f"PGN archived at {path}"

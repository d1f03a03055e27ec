"""Closing the games that were left: the process died (quit, kill, crash, power loss) while a
rated game was on, so the game stands as the loss it was written as."""

from __future__ import annotations

from pathlib import Path

import chess

from profiles.ledger import Ledger, LedgerError
from rated_play.session.game import GameReport, close_game
from rated_play.session.outcome import GameOutcome, Termination
from rated_play.session.pgn import PlayedMove


def close_abandoned_games(ledger: Ledger, archive_dir: Path | None = None) -> list[GameReport]:
    """Close every pending game no running process is playing, as a loss by abandonment.

    Safe to run from two copies of the app at once: a game is closed by whichever gets there
    first, and the other leaves it alone.
    """
    profiles = {profile.id: profile for profile in ledger.profiles()}
    reports = []
    for record in ledger.stale_games():
        moves = [
            PlayedMove(
                chess.Move.from_uci(recorded.uci),
                None if recorded.clock_ms is None else recorded.clock_ms / 1000,
            )
            for recorded in ledger.moves(record.id)
        ]
        outcome = GameOutcome(not record.player_color, Termination.ABANDONED, record.player_color)
        try:
            reports.append(
                close_game(
                    ledger,
                    record=record,
                    profile=profiles[record.profile_id],
                    outcome=outcome,
                    moves=moves,
                    archive_dir=archive_dir or ledger.path.parent / "archive",
                )
            )
        except LedgerError:
            continue  # another copy of the app closed it a moment ago
        ledger.release_orphan(record.id)
    return reports

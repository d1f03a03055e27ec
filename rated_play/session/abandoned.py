"""Closing the games that were left: the process died (quit, kill, crash, power loss) while a
rated game was on, so the game stands as the loss it was written as."""

from __future__ import annotations

import chess

from profiles.laws.endings import PGN_RESULTS, Ending, Termination
from profiles.ledger.ledger import GameClosedError, Ledger
from profiles.ledger.records import GameRecord, Profile
from rated_play.session.decoration import Decorating
from rated_play.session.outcome import GameOutcome
from rated_play.session.pgn import PlayedMove
from rated_play.session.record import GameReport, close_game, closing


def _played(ledger: Ledger, record: GameRecord) -> list[PlayedMove]:
    return [
        PlayedMove(
            chess.Move.from_uci(recorded.uci),
            None if recorded.clock_ms is None else recorded.clock_ms / 1000,
        )
        for recorded in ledger.moves(record.id)
    ]


def _abandonment(ledger: Ledger, record: GameRecord) -> tuple[GameOutcome, list[PlayedMove]]:
    """The loss by abandonment of a game nobody plays, with the moves it had."""
    return GameOutcome.abandonment(record.player_color), _played(ledger, record)


def recorded_pgn(
    ledger: Ledger, record: GameRecord, profile: Profile, decorating: Decorating | None = None
) -> str:
    """The PGN of a closed game whose row has none (its process died between writing the
    result and the PGN), from its moves and the ending its row keeps."""
    winners = {result: winner for winner, result in PGN_RESULTS.items()}
    ending = Ending(
        Termination(record.termination),
        winners.get(record.result),
        record.draw_offered_by,
        record.draw_claimed_by,
    )
    outcome = GameOutcome(ending, record.player_color)
    moves = _played(ledger, record)
    return closing(
        ledger, record=record, profile=profile, outcome=outcome, moves=moves, decorating=decorating
    ).pgn


def abandoned_pgn(
    ledger: Ledger, record: GameRecord, profile: Profile, decorating: Decorating | None = None
) -> str:
    """The PGN a stale game will be closed with, for a reader that may not close it."""
    outcome, moves = _abandonment(ledger, record)
    return closing(
        ledger, record=record, profile=profile, outcome=outcome, moves=moves, decorating=decorating
    ).pgn


def close_abandoned_games(ledger: Ledger) -> list[GameReport]:
    """Close every pending game no running process is playing, as a loss by abandonment.

    Safe to run from two copies of the app at once: a game is closed by whichever gets there
    first, and the other leaves it alone.
    """
    profiles = {profile.id: profile for profile in ledger.profiles()}
    reports = []
    for record in ledger.stale_games():
        outcome, moves = _abandonment(ledger, record)
        try:
            reports.append(
                close_game(
                    ledger,
                    record=record,
                    profile=profiles[record.profile_id],
                    outcome=outcome,
                    moves=moves,
                )
            )
        except GameClosedError:
            continue  # another copy of the app closed it a moment ago
        ledger.release_orphan(record.id)
    return reports

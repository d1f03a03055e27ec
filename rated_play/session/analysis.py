"""Analysis of a finished rated game: the one gate between the engine's eyes and a game.

A rated game allows no evaluation while it is on, as over the board; analysis exists only for
games that are over. Every way in — the command line, the result screen, the game viewer —
comes through :func:`analyse_game`, which refuses a game a running process still plays, and
every game of a profile that has a game on, before any engine starts. A game's analysis is
made once and stored in the ledger; the second look reads it.
"""

from __future__ import annotations

import chess

from engines.analysis import AnalysisLimit, Progress, evaluate_game
from profiles.analysis import GameAnalysis, build_analysis
from profiles.errors import UserError
from profiles.ledger import GameRecord, Ledger
from profiles.past_games import past_game


class AnalysisRefusedError(UserError):
    """A game that cannot be analysed (now); the message says why."""


def analysable_game(ledger: Ledger, game_id: int) -> tuple[GameRecord, list[chess.Move]]:
    """The game and its moves, when the rules allow it to be analysed: it is over, and its
    profile has no other game on (:func:`profiles.past_games.after_the_game`)."""
    # A pending game nobody plays any more is the loss by abandonment every reader sees: it
    # is over, and its moves can be analysed like any other finished game's.
    game = past_game(ledger, game_id)
    if not game.moves:
        raise AnalysisRefusedError(
            f"game {game_id} ended before any move: there is nothing to analyse"
        )
    return game.record, list(game.moves)


async def analyse_game(
    ledger: Ledger,
    game_id: int,
    *,
    limit: AnalysisLimit | None = None,
    on_progress: Progress | None = None,
) -> GameAnalysis:
    """The game's analysis: the stored one, or a new one made now and stored."""
    record, moves = analysable_game(ledger, game_id)
    stored = ledger.analysis(game_id)
    if stored is not None:
        return stored
    chosen = limit or AnalysisLimit()
    evaluations = await evaluate_game(moves, limit=chosen, on_progress=on_progress)
    analysis = build_analysis(
        game_id,
        record.player_color,
        moves,
        evaluations.positions,
        engine=evaluations.engine,
        depth=chosen.depth,
    )
    return ledger.store_analysis(analysis)

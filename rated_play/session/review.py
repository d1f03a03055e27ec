"""The review of a finished rated game: the one gate between the engine's eyes and a game.

A rated game allows no evaluation while it is on, as over the board; analysis exists only for
games that are over. Every way in — the command line, the result screen, the game viewer —
comes through :func:`analyse_game`, which refuses a game a running process still plays, and
every game of a profile that has a game on, before any engine starts. A game's analysis is
made once and stored in the ledger; the second look reads it.

Analyses stored before the engine's lines were kept (before the ledger's ``ENGINE_LINES``
migration) are kept as they are and shown without lines (the better move is still there): an
analysis is derived data that could be made again, but making it again would spend an engine's
run on every old game the player opens and could change marks and accuracy the player has
already seen.
"""

from __future__ import annotations

from pathlib import Path

import chess

from engines.evaluation import AnalysisLimit, Progress, evaluate_game
from profiles.accuracy import GameAnalysis, build_analysis
from profiles.errors import UserError, printable
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, Profile
from profiles.player.past_games import past_game
from profiles.written_file import PGN, check_writable, write_durably
from rated_play.session.annotated_pgn import annotated_pgn
from rated_play.session.export import archived_pgn
from rated_play.session.pgn import archive_path


class AnalysisRefusedError(UserError):
    """A game that cannot be analysed (now); the message says why."""


def analysable_game(ledger: Ledger, game_id: int) -> tuple[GameRecord, list[chess.Move]]:
    """The game and its moves, when the rules allow it to be analysed: it is over, and its
    profile has no other game on (:func:`profiles.player.past_games.after_the_game`)."""
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


class AnnotationNotSavedError(UserError):
    """The annotated PGN could not be written; the message says why and what to do."""


def _annotated(ledger: Ledger, analysis: GameAnalysis) -> tuple[GameRecord, Profile, str]:
    """The game, its player and its archived PGN annotated with ``analysis``."""
    record, _ = analysable_game(ledger, analysis.game_id)
    profile = ledger.player_of(record)
    return record, profile, annotated_pgn(archived_pgn(ledger, record, profile), analysis)


def annotated_game(ledger: Ledger, analysis: GameAnalysis) -> str:
    """The game's PGN as the archive keeps it, annotated with ``analysis`` (see
    :mod:`rated_play.session.annotated_pgn`); refused as the analysis itself is."""
    return _annotated(ledger, analysis)[2]


def save_annotated_pgn(ledger: Ledger, analysis: GameAnalysis) -> Path:
    """Write the annotated PGN beside the game's archived PGN (``…-game-12.pgn`` is annotated
    in ``…-game-12-annotated.pgn``) and return where.

    Written whole or not at all (:func:`profiles.written_file.write_durably`); an earlier
    annotated PGN of the game is replaced, a file there that is not a PGN file never is.
    """
    record, profile, text = _annotated(ledger, analysis)
    archived = archive_path(ledger.directory.archive, profile.name, record)
    path = archived.with_name(f"{archived.stem}-annotated{archived.suffix}")
    check_writable(path, PGN, data_dir=ledger.directory.root, option="the annotated PGN file")
    try:
        write_durably(path, text)
    except OSError as error:
        raise AnnotationNotSavedError(
            f"cannot write {printable(path)}: {error.strerror or error}; "
            "make room there or give it write permission, then save again"
        ) from error
    return path

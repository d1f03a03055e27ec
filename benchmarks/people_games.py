"""People's games for the benchmarks that compare our opponents with people: reading them, the
rating bands they are counted in (four from beginner to expert, and four finer ones of
beginners), how a decisive game ended, and the 95% interval a share
is given with.

The games are not shipped (``docs/engine-pool.md`` names the public samples measured and where
to get them): a PGN with ``WhiteElo``/``BlackElo`` headers, lichess exports or over-the-board
tournament files. ``benchmarks/maia.py``, ``benchmarks/resignation_people.py`` and
``benchmarks/beginner_errors.py`` read it here.
"""

from __future__ import annotations

import argparse
import logging
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import chess
import chess.pgn

from profiles.ratings import goodness

Band = tuple[int, int]
BANDS: tuple[Band, ...] = ((0, 1200), (1200, 1600), (1600, 2000), (2000, 4000))
"""Under 1200, 1200–1600, 1600–2000, 2000 and over: a beginner, a club player, a strong club
player, an expert and up."""
BEGINNER_BANDS: tuple[Band, ...] = ((0, 600), (600, 800), (800, 1000), (1000, 1200))
"""The first of :data:`BANDS` cut finer, for the opponents below the networks' own strength
(``benchmarks/beginner_errors.py``); a rating of 1200 or more is in none of them."""


def band_of(rating: int) -> Band:
    """The one of :data:`BANDS` that ``rating`` is in (every rating is in one)."""
    found = band_among(rating, BANDS)
    assert found is not None
    return found


def band_among(rating: int, bands: tuple[Band, ...]) -> Band | None:
    """The one of ``bands`` that ``rating`` is in; None when it is in none."""
    return next((band for band in bands if band[0] <= rating < band[1]), None)


def band_name(band: Band) -> str:
    low, high = band
    if low == 0:
        return f"<{high}"
    if high >= 4000:
        return f"{low}+"
    return f"{low}–{high}"


def rating(game: chess.pgn.Game, color: chess.Color) -> int | None:
    """The player's rating from the game's headers, or None where it is missing ("?", "")."""
    value = game.headers.get("WhiteElo" if color == chess.WHITE else "BlackElo", "?")
    return int(value) if value.isdigit() and int(value) > 0 else None


def player(game: chess.pgn.Game, color: chess.Color) -> str:
    return game.headers.get("White" if color == chess.WHITE else "Black", "?")


def read_games(paths: Iterable[Path]) -> Iterator[chess.pgn.Game]:
    """Every game of standard chess from the start position that python-chess reads cleanly:
    Chess960 and games set up from a position (a lichess export holds a few) are left out, and
    so are the few whose moves python-chess cannot read (it would log each one)."""
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    for path in paths:
        with path.open(encoding="utf-8", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                if game.errors or "FEN" in game.headers:
                    continue
                if game.headers.get("Variant", "Standard").lower() not in ("standard", ""):
                    continue
                yield game


class Ending(StrEnum):
    """How a decisive game ended, from its last position and lichess's ``Termination`` tag."""

    MATE = "mate"
    RESIGNATION = "resignation"
    TIME = "time"
    OTHER = "other"
    """Abandoned, a rules infraction, or a tag this reading does not know."""


@dataclass(frozen=True)
class Decisive:
    game: chess.pgn.Game
    board: chess.Board
    """The last position, with the game's moves on its stack."""
    loser: chess.Color
    ending: Ending


def decisive(game: chess.pgn.Game) -> Decisive | None:
    """The game if someone won it, with how it ended; None for a draw or an unfinished game.

    Lichess writes ``Termination "Normal"`` for a mate, a resignation and a draw alike, so a
    decisive "Normal" game whose last position is not mate was resigned (lichess
    ``modules/game/src/main/PgnDump.scala``, the termination tag). An over-the-board file has no
    such tag: a decisive game not mated on the board counts as resigned there (a loss on time
    cannot be told apart, and is rare in the FIDE-rated games of a tournament file). A
    chess.com export says it in words: ``"X won by resignation"``, ``"X won on time"`` (and
    ``"X won - game abandoned"``, which is neither).
    """
    result = game.headers.get("Result", "*")
    if result not in ("1-0", "0-1"):
        return None
    board = game.end().board()
    loser = chess.BLACK if result == "1-0" else chess.WHITE
    termination = game.headers.get("Termination", "Normal")
    if board.is_checkmate():
        ending = Ending.MATE
    elif termination == "Time forfeit" or termination.endswith(" won on time"):
        ending = Ending.TIME
    elif termination == "Normal" or termination.endswith(" won by resignation"):
        ending = Ending.RESIGNATION
    else:
        ending = Ending.OTHER
    return Decisive(game, board, loser, ending)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` of ``trials``
    (:func:`profiles.ratings.goodness.wilson`)."""
    return goodness.wilson(successes / trials, trials)


def share_text(successes: int, trials: int, *, interval: bool = True) -> str:
    """``52% [49–56]``; ``—`` for no trials."""
    if trials == 0:
        return "—"
    share = successes / trials
    if not interval:
        return f"{share:.0%}"
    low, high = wilson(successes, trials)
    return f"{share:.0%} [{low * 100:.0f}–{high * 100:.0f}]"


class Phase(StrEnum):
    """A position's phase by the tests lichess divides a game with (scalachess
    ``Divider.scala``), applied to the position alone: the middlegame once at most 10 majors
    and minors are left, or a side's back rank has thinned (fewer than 4 of its own pieces
    there); the ending once at most 6 are left. Divider's third test (how mixed the pieces
    stand) is left out: a position past move :data:`OPENING_MOVES` is out of the opening
    whatever the pieces say."""

    OPENING = "opening"
    MIDDLEGAME = "middlegame"
    ENDING = "ending"


OPENING_MOVES = 15
"""The last move of the opening at the latest, standing in for Divider's mixedness test."""


def phase_of(board: chess.Board) -> Phase:
    pieces = chess.popcount(board.occupied & ~board.pawns & ~board.kings)
    if pieces <= 6:
        return Phase.ENDING
    white_rank = chess.popcount(board.occupied_co[chess.WHITE] & chess.BB_RANK_1)
    black_rank = chess.popcount(board.occupied_co[chess.BLACK] & chess.BB_RANK_8)
    if pieces <= 10 or min(white_rank, black_rank) < 4 or board.fullmove_number > OPENING_MOVES:
        return Phase.MIDDLEGAME
    return Phase.OPENING


FIRST_PLY, LAST_PLY = 11, 80
"""The plies positions are drawn from (1: White's first move): past the opening book a person
plays from memory, and before the long endings where a few games would weigh too much."""


@dataclass(frozen=True)
class Position:
    board: chess.Board
    """With the game's moves before it on its stack, so a network sees the game's history."""
    played: chess.Move
    rating: int
    """The mover's rating."""


def sample_positions(
    games: Iterable[chess.pgn.Game],
    per_band: int,
    rng: random.Random,
    skipped: Iterable[str] = (),
    lowest: float = 0.0,
    *,
    bands: tuple[Band, ...] = BANDS,
    last_ply: int | None = LAST_PLY,
) -> dict[Band, list[Position]]:
    """Up to ``per_band`` positions in each of ``bands``, at most one a game, each at a random
    ply from ``FIRST_PLY`` to ``last_ply`` (None: to the game's last move) whose mover is rated
    in one of ``bands``, at least ``lowest``, and not ``skipped``.

    The games are taken in a random order; a game whose two players are in different bands
    gives its position to one of the bands still short (chosen at random), so a scarce band is
    filled from every game that can fill it."""
    left_out = set(skipped)
    chosen: dict[Band, list[Position]] = {band: [] for band in bands}
    shuffled = list(games)
    rng.shuffle(shuffled)
    for game in shuffled:
        moves = list(game.mainline_moves())
        by_band: dict[Band, list[int]] = {}
        last = len(moves) if last_ply is None else min(last_ply, len(moves))
        for ply in range(FIRST_PLY, last + 1):
            mover = chess.WHITE if ply % 2 else chess.BLACK
            mover_rating = rating(game, mover)
            if mover_rating is None or mover_rating < lowest or player(game, mover) in left_out:
                continue
            band = band_among(mover_rating, bands)
            if band is not None and len(chosen[band]) < per_band:
                by_band.setdefault(band, []).append(ply)
        if not by_band:
            wanted = (positions for band, positions in chosen.items() if band[1] > lowest)
            if all(len(positions) >= per_band for positions in wanted):
                break
            continue
        band = rng.choice(sorted(by_band))
        ply = rng.choice(by_band[band])
        board = game.board()
        for move in moves[: ply - 1]:
            board.push(move)
        mover_rating = rating(game, board.turn)
        assert mover_rating is not None
        chosen[band].append(Position(board, moves[ply - 1], mover_rating))
    return chosen


def people_arguments(parser: argparse.ArgumentParser, leaves_out: str = "moves") -> None:
    """The two arguments of every benchmark on people's games: the PGN files, and the players
    to leave out (a sample that is one person's export leaves that person's own ``leaves_out``
    out)."""
    parser.add_argument("--games", type=Path, nargs="+", required=True, help="people's games")
    parser.add_argument(
        "--skip-player",
        action="append",
        default=[],
        metavar="NAME",
        help=f"leave out this player's {leaves_out} (the owner of an export); repeatable",
    )

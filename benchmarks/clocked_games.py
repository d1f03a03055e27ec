"""People's clocked games for the think-time fit and benchmark: each move a person made, the
time it took, and what the person knew then (:class:`~rated_play.session.think_model.Turn`).

A move's time is the drop of the mover's clock plus the increment: the ``[%clk]`` after their
previous move less the one after this move, plus the increment (lichess and chess.com write
the clock after the increment is added). A side's first move has no reading before it and is
not timed (neither server runs the clock before each side's first move). The clocks are
written to the second (lichess) or to the tenth (chess.com): :attr:`ClockedMove.resolution`
says which, so a model's times can be read as coarsely as people's were.

The games are not shipped (``docs/engine-pool.md`` names the public samples and their
licences); one person's export leaves its owner out (``skipped``), and so are the bots lichess
marks with ``[WhiteTitle "BOT"]``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.pgn

from benchmarks.people_games import band_of, player, rating
from profiles.laws.time_control import TimeControl, TimeControlError
from rated_play.session.think_model import Turn, features, sureness


@dataclass(frozen=True)
class ClockedMove:
    """One person's move on a clock."""

    game: int
    """The game's place in the files read, from 0: the fit holds out every fifth game."""
    time_control: TimeControl
    rating: int
    band: tuple[int, int]
    left: float
    """The mover's clock before the move."""
    seconds: float
    """The time the move took, as the clocks say."""
    resolution: float
    """The clocks' precision in this game: 1 or 0.1 seconds."""
    features: list[float]
    """:func:`~rated_play.session.think_model.features` of the turn."""


def resolution(game: chess.pgn.Game) -> float:
    """0.1 when any clock of the game has tenths, else 1."""
    for node in game.mainline():
        clock = node.clock()
        if clock is not None and clock != int(clock):
            return 0.1
    return 1.0


def time_control(headers: chess.pgn.Headers) -> TimeControl | None:
    """The game's clock from its ``TimeControl`` tag; None for none, a correspondence game
    (``1/86400``) or a tag that is not seconds+increment."""
    try:
        control = TimeControl.from_pgn(headers.get("TimeControl", "-"))
    except TimeControlError:
        return None
    return None if control.untimed else control


def clocked_moves(
    games: Iterable[chess.pgn.Game],
    skipped: Iterable[str] = (),
    chosen: Callable[[int, chess.pgn.Game], bool] = lambda number, game: True,
) -> Iterator[ClockedMove]:
    """Every timed move of a rated person in ``games``, game by game; only the games
    ``chosen`` by their place and headers are read move by move (the network's view of each
    position is what costs)."""
    left_out = set(skipped)
    for number, game in enumerate(games):
        control = time_control(game.headers)
        if control is None or not chosen(number, game):
            continue
        yield from _game_moves(number, game, control, left_out)


def _game_moves(
    number: int, game: chess.pgn.Game, control: TimeControl, left_out: set[str]
) -> list[ClockedMove]:
    precision = resolution(game)
    board = game.board()
    clocks: dict[chess.Color, float | None] = {chess.WHITE: None, chess.BLACK: None}
    thinks: dict[chess.Color, float | None] = {chess.WHITE: None, chess.BLACK: None}
    timed: list[tuple[Turn, float]] = []
    for node in game.mainline():
        after = node.clock()
        if after is None:
            break
        mover = board.turn
        before = clocks[mover]
        seconds = None if before is None else max(0.0, before - after + control.increment_seconds)
        mover_rating = rating(game, mover)
        if seconds is not None and mover_rating is not None and _person(game, mover, left_out):
            assert before is not None
            other = clocks[not mover]
            turn = Turn(
                board=board.copy(),
                move=node.move,
                left=before,
                opponent_left=before if other is None else other,
                time_control=control,
                rating=mover_rating,
                own_last=thinks[mover],
                opponent_last=thinks[not mover],
            )
            timed.append((turn, seconds))
        clocks[mover] = after
        thinks[mover] = seconds
        board.push(node.move)
    views = sureness([(turn.board, turn.move) for turn, _ in timed])
    return [
        ClockedMove(
            game=number,
            time_control=control,
            rating=int(turn.rating),
            band=band_of(int(turn.rating)),
            left=turn.left,
            seconds=seconds,
            resolution=precision,
            features=features(turn, view),
        )
        for (turn, seconds), view in zip(timed, views, strict=True)
    ]


def _person(game: chess.pgn.Game, color: chess.Color, left_out: set[str]) -> bool:
    title = game.headers.get("WhiteTitle" if color == chess.WHITE else "BlackTitle", "")
    return title != "BOT" and player(game, color) not in left_out


def held_out(move: ClockedMove) -> bool:
    """Whether ``move`` is of a game the fit holds out (:func:`held_out_game`)."""
    return held_out_game(move.game)


def held_out_game(number: int) -> bool:
    """Every fifth game (the first, the sixth, …) is kept from the fit to measure it on."""
    return number % 5 == 0


GameKey = Callable[[chess.pgn.Headers], Hashable]


def count_games(paths: Iterable[Path], by: GameKey) -> Counter[Hashable]:
    """The games of the files by ``by`` of their headers, read without their moves."""
    counts: Counter[Hashable] = Counter()
    for path in paths:
        with path.open(encoding="utf-8", errors="replace") as handle:
            while (headers := chess.pgn.read_headers(handle)) is not None:
                counts[by(headers)] += 1
    return counts


def sampled(
    counts: Counter[Hashable], by: GameKey, most: int, seed: int
) -> Callable[[int, chess.pgn.Game], bool]:
    """Choose games at random, each group of ``by`` thinned to about ``most`` games: a game
    is chosen with the chance ``most`` in its group's count (always, in a smaller group),
    drawn from its place in the files, so the same seed chooses the same games."""

    def chosen(number: int, game: chess.pgn.Game) -> bool:
        group = counts[by(game.headers)] or 1
        return random.Random(f"{seed}:{number}").random() < most / group

    return chosen

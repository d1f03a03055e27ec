"""Draws agreed as people agree them: the model of ``engines/opponents/draw_offer.py`` fitted to
people's games, checked on games the fit did not see, and ours beside people's on our own games.

- ``--games``: people's games with the judge's evaluation of every move (``[%eval]``, as a
  lichess export of analysed games has it). Every turn from ``draw_offer.FROM_MOVE`` on (the
  position after a move, the offer made with it) is one observation of the model; the last turn
  of a game drawn by agreement (``benchmarks/draws_people.py``'s reading of a draw's kind) is an
  agreement, every other turn none. Every fifth game is held out; the model is fitted by maximum
  likelihood (Newton's method, halving a step that does not raise the likelihood) on the rest,
  and its coefficients printed as ``draw_offer.AGREEMENT`` takes them. On the held-out games,
  people's agreements beside the model's expected count (the sum of its chance over the turns
  the games reached), by band, by the move, by the evaluation's size: a right model matches
  the counts, as a hazard model's summed hazard matches its events.
- ``--ours N``: N shipped calibration games, the judge's view of every turn from
  ``draw_offer.FROM_MOVE`` (at its turn limit, as a game asks it), each game's conduct replayed
  ``--replays`` times with :class:`engines.opponents.conduct.Conduct` (a side's offer answered
  by the other's :meth:`Conduct.accepts_draw` on the view of the next turn, where a game asks
  the judge once more at its judgement limit): the share of games ending agreed, by the band of
  the players' mean rating, beside people's share of all their games.

It prints figures; it asserts nothing.

Run: nice .venv/bin/python benchmarks/draw_agreements.py --games A.pgn ... [--skip-player NAME ...]
     [--ours 400] [--replays 200] [--seed 1] [--coefficients c0,c1,...]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.clocked_games import held_out_game
from benchmarks.draws_people import DrawKind, draw_kind
from benchmarks.people_games import BANDS, band_name, band_of, player, rating, read_games, wilson
from benchmarks.shipped_sample import rated_sample
from engines.calibration.conduct_replay import judge_view
from engines.launch import close_engine, open_engine
from engines.opponents import draw_offer
from engines.opponents.conduct import Act, Conduct
from engines.opponents.draw_offer import AgreementTurn, features
from engines.opponents.judge import JUDGE, TURN_LIMIT
from profiles.accuracy import MATE_SCORE

Matrix = npt.NDArray[np.float64]

MOVE_BINS = ((20, 30), (30, 40), (40, 60), (60, 1000))
SIZE_BINS = ((0, 26), (26, 101), (101, 301), (301, 100_000))
"""Centipawns of the evaluation's size, from either side."""


@dataclass
class Turns:
    """People's turns, a row each: the model's features, and what the check is cut by."""

    x: Matrix
    agreed: npt.NDArray[np.bool_]
    held_out: npt.NDArray[np.bool_]
    band: npt.NDArray[np.int64]
    """The index of the players' mean rating's band in :data:`BANDS`."""
    move: npt.NDArray[np.int64]
    size: npt.NDArray[np.int64]
    games: dict[tuple[bool, int], int]
    """Games by (held out, band)."""
    agreements: dict[tuple[bool, int], int]
    """Games drawn by agreement, at any move, by (held out, band)."""


def game_turns(
    game: chess.pgn.Game, mean: float
) -> tuple[list[tuple[float, ...]], list[int], bool]:
    """The turns of ``game`` from ``FROM_MOVE`` with an evaluation: their features, each one's
    move and evaluation size, and whether the last of them is the game's last position."""
    rows: list[tuple[float, ...]] = []
    cut: list[int] = []
    board = game.board()
    last = False
    for node in game.mainline():
        board.push(node.move)
        score = node.eval()
        last = board.fullmove_number >= draw_offer.FROM_MOVE and score is not None
        if not last:
            continue
        assert score is not None
        centipawns = score.white().score(mate_score=MATE_SCORE)
        assert centipawns is not None
        rows.append(features(AgreementTurn.of(board, centipawns, mean)))
        cut.extend((board.fullmove_number, abs(centipawns)))
    return rows, cut, last


def read_share(paths: Sequence[Path], skipped: frozenset[str], share: int, shares: int) -> Turns:
    """The turns of every ``shares``-th game from the ``share``-th (one worker's part)."""
    xs: list[tuple[float, ...]] = []
    agreed: list[bool] = []
    held: list[bool] = []
    bands: list[int] = []
    cuts: list[int] = []
    games: dict[tuple[bool, int], int] = {}
    agreements: dict[tuple[bool, int], int] = {}
    for number, game in enumerate(read_games(paths)):
        if number % shares != share:
            continue
        white, black = rating(game, chess.WHITE), rating(game, chess.BLACK)
        if white is None or black is None or game.headers.get("Termination") == "Abandoned":
            continue
        if player(game, chess.WHITE) in skipped or player(game, chess.BLACK) in skipped:
            continue
        mean = (white + black) / 2
        band = BANDS.index(band_of(round(mean)))
        out = held_out_game(number)
        games[out, band] = games.get((out, band), 0) + 1
        agreement = draw_kind(game) is DrawKind.AGREEMENT
        agreements[out, band] = agreements.get((out, band), 0) + agreement
        rows, cut, last = game_turns(game, mean)
        if not rows:
            continue
        xs.extend(rows)
        agreed.extend([False] * (len(rows) - 1))
        agreed.append(agreement and last)
        held.extend([out] * len(rows))
        bands.extend([band] * len(rows))
        cuts.extend(cut)
    pairs = np.array(cuts, dtype=np.int64).reshape(-1, 2)
    return Turns(
        np.array(xs, dtype=np.float64),
        np.array(agreed, dtype=bool),
        np.array(held, dtype=bool),
        np.array(bands, dtype=np.int64),
        pairs[:, 0],
        pairs[:, 1],
        games,
        agreements,
    )


def people_turns(paths: Sequence[Path], skipped: frozenset[str], workers: int) -> Turns:
    with ProcessPoolExecutor(workers) as pool:
        each = [paths] * workers, [skipped] * workers, range(workers), [workers] * workers
        parts = list(pool.map(read_share, *each))
    games: dict[tuple[bool, int], int] = {}
    agreements: dict[tuple[bool, int], int] = {}
    for part in parts:
        for key, count in part.games.items():
            games[key] = games.get(key, 0) + count
        for key, count in part.agreements.items():
            agreements[key] = agreements.get(key, 0) + count
    return Turns(
        np.concatenate([part.x for part in parts if len(part.x)]),
        np.concatenate([part.agreed for part in parts]),
        np.concatenate([part.held_out for part in parts]),
        np.concatenate([part.band for part in parts]),
        np.concatenate([part.move for part in parts]),
        np.concatenate([part.size for part in parts]),
        games,
        agreements,
    )


def log_likelihood(x: Matrix, y: npt.NDArray[np.bool_], beta: Matrix) -> float:
    logit = x @ beta
    return float(np.sum(np.where(y, -np.logaddexp(0, -logit), -np.logaddexp(0, logit))))


def fit(x: Matrix, y: npt.NDArray[np.bool_], iterations: int = 50) -> Matrix:
    """Maximum likelihood by Newton's method from the constant alone (the events are rare, so a
    start at zero overshoots), a step that does not raise the likelihood halved."""
    beta = np.zeros(x.shape[1])
    rate = y.mean()
    beta[0] = math.log(rate / (1 - rate))
    best = log_likelihood(x, y, beta)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (y - p)
        hessian = (x * (p * (1 - p))[:, None]).T @ x
        step = np.linalg.solve(hessian, gradient)
        for _halving in range(30):
            trial = beta + step
            value = log_likelihood(x, y, trial)
            if value > best:
                break
            step /= 2
        else:
            return beta
        beta, gain, best = trial, value - best, value
        if gain < 1e-6:
            break
    return beta


def count_text(count: int, games: int) -> str:
    low, high = wilson(count, games) if games else (0.0, 0.0)
    return f"{count:5d} [{low * games:.0f}–{high * games:.0f}]"


def check(turns: Turns, beta: Matrix) -> None:
    """People's agreements on the held-out games beside the model's expected count."""
    out = turns.held_out
    p = 1.0 / (1.0 + np.exp(-(turns.x[out] @ beta)))
    agreed = turns.agreed[out]
    band, move, size = turns.band[out], turns.move[out], turns.size[out]
    print("\nheld-out games: agreements, people's [95%] beside the model's expected count")
    print(f"{'band':10}{'games':>7}{'turns':>9}{'people':>16}{'model':>9}")
    for index, each in enumerate(BANDS):
        chosen = band == index
        games = turns.games.get((True, index), 0)
        print(
            f"{band_name(each):10}{games:7d}{int(chosen.sum()):9d}"
            f"{count_text(int(agreed[chosen].sum()), games):>16}{p[chosen].sum():9.1f}"
        )
    for name, values, bins in (("move", move, MOVE_BINS), ("|cp|", size, SIZE_BINS)):
        print(f"\nby the {name} (all bands): turns, people's agreements, the model's")
        for low, high in bins:
            chosen = (values >= low) & (values < high)
            label = f"{low}+" if high >= 1000 else f"{low}–{high - 1}"
            print(
                f"  {label:12}{int(chosen.sum()):9d}{int(agreed[chosen].sum()):7d}"
                f"{p[chosen].sum():9.1f}"
            )


async def judged_views(
    judge: chess.engine.Protocol, game: chess.pgn.Game
) -> list[chess.engine.PovScore | None]:
    """The judge's view of each turn of ``game`` from ``FROM_MOVE`` (None before)."""
    views: list[chess.engine.PovScore | None] = []
    board = game.board()
    for move in [*game.mainline_moves(), None]:
        views.append(
            await judge_view(judge, board, TURN_LIMIT) if draw_offer.may_offer(board) else None
        )
        if move is None or board.is_game_over():
            break
        board.push(move)
    return views


def agreed_in_replay(
    game: chess.pgn.Game,
    views: Sequence[chess.engine.PovScore | None],
    ratings: tuple[float, float],
    rng: random.Random,
) -> bool:
    """Whether one replay of ``game``'s conduct, on ``views``, ends in an agreement."""
    conduct = {chess.WHITE: Conduct(ratings[0], rng), chess.BLACK: Conduct(ratings[1], rng)}
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        side = board.turn
        act = conduct[side].act(board, views[ply])
        if act in (Act.RESIGN, Act.CLAIM_DRAW):
            return False
        board.push(move)
        answer = views[ply + 1] if ply + 1 < len(views) else None
        offered = act is Act.OFFER_DRAW and answer is not None and board.outcome() is None
        if offered and conduct[not side].accepts_draw(board, answer.pov(not side)):
            return True
    return False


async def ours(sample: int, replays: int, seed: int) -> dict[int, list[float]]:
    """By band, each sampled game's share of replays ending agreed."""
    rng = random.Random(seed)
    shares: dict[int, list[float]] = {index: [] for index in range(len(BANDS))}
    judge = await open_engine(JUDGE)
    try:
        for done, (game, pair) in enumerate(rated_sample(sample, rng)):
            views = await judged_views(judge, game)
            agreed = sum(agreed_in_replay(game, views, pair, rng) for _ in range(replays))
            shares[BANDS.index(band_of(round(sum(pair) / 2)))].append(agreed / replays)
            if (done + 1) % 25 == 0:
                print(f"{done + 1} games judged", file=sys.stderr, flush=True)
    finally:
        await close_engine(judge)
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=Path, nargs="+", required=True, help="people's games")
    parser.add_argument("--skip-player", action="append", default=[], metavar="NAME")
    parser.add_argument("--ours", type=int, default=0, help="calibration games to replay")
    parser.add_argument("--replays", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()
    turns = people_turns(arguments.games, frozenset(arguments.skip_player), arguments.workers)
    fitting = ~turns.held_out
    print(
        f"fitted on {int(fitting.sum())} turns of "
        f"{sum(n for (out, _), n in turns.games.items() if not out)} games, "
        f"{int(turns.agreed[fitting].sum())} agreements"
    )
    beta = fit(turns.x[fitting], turns.agreed[fitting])
    print("AGREEMENT = (" + ", ".join(f"{value:.2f}" for value in beta) + ")")
    check(turns, np.round(beta, 2))
    if arguments.ours:
        shares = asyncio.run(ours(arguments.ours, arguments.replays, arguments.seed))
        print("\nagreed draws of all games, by the band of the players' mean rating [95%]")
        print(f"{'band':10}{'people':>22}{'ours':>26}")
        for index, each in enumerate(BANDS):
            games = turns.games.get((True, index), 0) + turns.games.get((False, index), 0)
            agreed = sum(turns.agreements.get((out, index), 0) for out in (True, False))
            low, high = wilson(agreed, games) if games else (0.0, 0.0)
            mine = shares[index]
            mean = statistics.fmean(mine) if mine else 0.0
            spread = 1.96 * statistics.stdev(mine) / math.sqrt(len(mine)) if len(mine) > 1 else 0
            print(
                f"{band_name(each):10}{agreed / max(games, 1):>8.1%} [{low:.1%}–{high:.1%}]"
                f" n={games:<6}{mean:>8.1%} [{max(0, mean - spread):.1%}–{mean + spread:.1%}]"
                f" n={len(mine)}"
            )


if __name__ == "__main__":
    main()

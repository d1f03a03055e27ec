"""A person's clock: people's think times beside ours, on the same moves.

For every timed move of a person in the games (``benchmarks/clocked_games.py``), ours is the
time the opponent's pace gives the same move in the same position, with the same clocks, at
the mover's rating (``rated_play.session.thinking``): a random draw for the distribution, the
median for the order. By time control, and by the mover's rating band within it:

- people's and our median and 90th percentile, and the share of moves under 2 s;
- the Kolmogorov–Smirnov distance between the two distributions (the largest gap between their
  cumulative shares; 0 is the same distribution);
- Spearman's rank correlation between our median time for each move and the person's time on
  it: whether the moves we think long over are those people do; and (``--json`` only,
  ``spearman_own``) the same against our own draws, read as people's are: what the ties of
  whole-second readings leave of it even to a model that were exactly right.

With ``--by-phase``, each time control's opening (the first eight moves, played from memory),
middlegame (to move 38) and ending as well (``--json`` gives them always).

People's clocks are read to the second (lichess) or the tenth (chess.com), so ours are read as
coarsely before they are compared: a time ``t`` on a clock whose reading falls anywhere within
a tick shows as ``r · ceil(t / r − u)``, ``u`` uniform (``r`` the game's resolution).

Run: nice .venv/bin/python benchmarks/think_times.py --games A.pgn [B.pgn ...]
     [--skip-player NAME ...] [--held-out] [--most-games N] [--least-moves 500] [--seed 1]
     [--by-phase] [--json]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

import engines.maia  # noqa: F401 - before numpy: it sets numpy's one BLAS thread

# isort: split

import chess.pgn
import numpy as np
import numpy.typing as npt

from benchmarks.clocked_games import (
    ClockedMove,
    clocked_moves,
    count_games,
    held_out_game,
    sampled,
)
from benchmarks.people_games import BANDS, band_name, band_of, people_arguments, read_games
from rated_play.session.think_model import FEATURES, shipped_model
from rated_play.session.thinking import DEVIATION_LIMIT, within_clock

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Compared:
    """One move: the person's time, ours drawn, and our median."""

    people: float
    ours: float
    median: float


def read_like_people(seconds: float, resolution: float, rng: random.Random) -> float:
    """``seconds`` as a clock read to ``resolution`` times it: the tick the two readings fall
    in is anywhere, so the reading is ``r · ceil(t / r − u)``."""
    return resolution * max(0, math.ceil(seconds / resolution - rng.random()))


def compare(
    moves: Iterable[ClockedMove], rng: random.Random
) -> Iterable[tuple[ClockedMove, Compared]]:
    model = shipped_model()
    for move in moves:
        deviation = min(max(rng.gauss(0.0, 1.0), -DEVIATION_LIMIT), DEVIATION_LIMIT)
        drawn = within_clock(
            model.seconds_of(move.features, move.time_control, deviation), move.left
        )
        median = within_clock(model.seconds_of(move.features, move.time_control), move.left)
        yield move, Compared(move.seconds, read_like_people(drawn, move.resolution, rng), median)


def ks_distance(first: Sequence[float], second: Sequence[float]) -> float:
    """The two-sample Kolmogorov–Smirnov statistic: the largest difference between the two
    empirical cumulative distributions, over every value either takes."""
    a, b = np.sort(np.asarray(first, float)), np.sort(np.asarray(second, float))
    points = np.concatenate([a, b])
    gaps = np.searchsorted(a, points, side="right") / len(a) - np.searchsorted(
        b, points, side="right"
    ) / len(b)
    return float(np.max(np.abs(gaps)))


def average_ranks(values: Sequence[float]) -> Array:
    """Ranks from 1, tied values sharing the mean of the ranks they span (as Spearman's
    coefficient takes them)."""
    data = np.asarray(values, float)
    order = np.argsort(data, kind="stable")
    _, first, counts = np.unique(data[order], return_index=True, return_counts=True)
    ranks = np.empty(len(data))
    ranks[order] = np.repeat(first + (counts + 1) / 2, counts)
    return ranks


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the average ranks; nan when
    either side has a single value throughout."""
    a, b = average_ranks(first), average_ranks(second)
    if a.std() == 0 or b.std() == 0:
        return math.nan
    return float(np.corrcoef(a, b)[0, 1])


def figures(compared: Sequence[Compared]) -> dict[str, float]:
    people = np.array([c.people for c in compared])
    ours = np.array([c.ours for c in compared])
    return {
        "moves": len(compared),
        "people_median": float(np.median(people)),
        "ours_median": float(np.median(ours)),
        "people_p90": float(np.percentile(people, 90)),
        "ours_p90": float(np.percentile(ours, 90)),
        "people_under_2s": float(np.mean(people < 2)),
        "ours_under_2s": float(np.mean(ours < 2)),
        "ks": ks_distance(people, ours),
        "spearman": spearman([c.median for c in compared], people),
        # Our medians against our own draws, read as coarsely: the Spearman a model would
        # reach were people's times its draws, which the ties of a coarse reading cap.
        "spearman_own": spearman([c.median for c in compared], ours),
    }


PHASES = ("opening", "middlegame", "ending")
"""The stages of a game as the model's features count them: the first
:data:`~rated_play.session.think_model.OPENING_MOVES` moves, then up to move 38, then on."""
_PAST_OPENING = FEATURES.index("moves past the opening")
_PAST_38 = FEATURES.index("moves past 38")


def phase_of(move: ClockedMove) -> str:
    """The one of :data:`PHASES` that ``move`` is in, read from its features."""
    if move.features[_PAST_38] > 0:
        return "ending"
    return "middlegame" if move.features[_PAST_OPENING] > 0 else "opening"


def report(
    by_control: dict[str, list[tuple[ClockedMove, Compared]]], least_moves: int
) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for control, moves in sorted(by_control.items(), key=lambda item: -len(item[1])):
        if len(moves) < least_moves:
            continue
        bands = []
        for band in BANDS:
            in_band = [compared for move, compared in moves if move.band == band]
            if in_band:
                bands.append({"band": band_name(band), **figures(in_band)})
        phases = []
        for phase in PHASES:
            in_phase = [compared for move, compared in moves if phase_of(move) == phase]
            if in_phase:
                phases.append({"phase": phase, **figures(in_phase)})
        rows.append(
            {
                "time_control": control,
                **figures([c for _, c in moves]),
                "bands": bands,
                "phases": phases,
            }
        )
    return rows


def _line(label: str, row: dict[str, object]) -> str:
    def pair(people: str, ours: str) -> str:
        return f"{row[people]:6.1f} {row[ours]:6.1f}"

    return (
        f"{label:14}{row['moves']:>8}  {pair('people_median', 'ours_median')}  "
        f"{pair('people_p90', 'ours_p90')}  "
        f"{row['people_under_2s']:5.0%} {row['ours_under_2s']:5.0%}  "
        f"{row['ks']:5.2f} {row['spearman']:6.2f}"
    )


def _control_and_band(headers: chess.pgn.Headers) -> tuple[str, int]:
    """A game's ``TimeControl`` tag and the band of its players' mean rating."""
    ratings = [
        int(value)
        for value in (headers.get("WhiteElo", ""), headers.get("BlackElo", ""))
        if value.isdigit()
    ]
    mean = sum(ratings) // len(ratings) if ratings else 0
    return headers.get("TimeControl", "-"), band_of(mean)[0]


def _chooser(
    paths: Sequence[Path], only_held_out: bool, most_games: int, seed: int
) -> Callable[[int, chess.pgn.Game], bool]:
    """The games to compare on: the held-out ones or all, thinned when ``most_games`` is
    given to about that many of each time control and band of the players' mean rating (so
    the few games of a band are all kept)."""
    thinned = None
    if most_games:
        # The held-out games are a fifth of each group's.
        most = most_games * (5 if only_held_out else 1)
        counts = count_games(paths, _control_and_band)
        thinned = sampled(counts, _control_and_band, most, seed)

    def chosen(number: int, game: chess.pgn.Game) -> bool:
        if only_held_out and not held_out_game(number):
            return False
        return thinned is None or thinned(number, game)

    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    people_arguments(parser)
    parser.add_argument(
        "--held-out", action="store_true", help="only the games the fit held out (every fifth)"
    )
    parser.add_argument(
        "--least-moves", type=int, default=500, help="smaller time controls left out"
    )
    parser.add_argument(
        "--most-games",
        type=int,
        default=0,
        help="about this many games a time control and band, chosen at random (0: every game)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--by-phase", action="store_true", help="each time control's opening, middlegame, ending"
    )
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    arguments = parser.parse_args()
    chosen = _chooser(arguments.games, arguments.held_out, arguments.most_games, arguments.seed)
    moves = clocked_moves(read_games(arguments.games), arguments.skip_player, chosen)
    by_control: dict[str, list[tuple[ClockedMove, Compared]]] = defaultdict(list)
    for move, compared in compare(moves, random.Random(arguments.seed)):
        by_control[move.time_control.pgn].append((move, compared))
    rows = report(by_control, arguments.least_moves)
    if arguments.json:
        print(json.dumps(rows, indent=1))
        return
    print("think times in seconds, people's beside ours (ours read to the clocks' precision)")
    print(
        f"{'clock / band':14}{'moves':>8}  {'median':>13}  {'90th pct':>13}  "
        f"{'under 2 s':>11}  {'KS':>5} {'Spearman':>6}"
    )
    for row in rows:
        print(_line(str(row["time_control"]), row))
        for band in row["bands"]:  # type: ignore[attr-defined]
            print(_line(f"  {band['band']}", band))
        if arguments.by_phase:
            for phase in row["phases"]:  # type: ignore[attr-defined]
                print(_line(f"  {phase['phase']}", phase))


if __name__ == "__main__":
    main()

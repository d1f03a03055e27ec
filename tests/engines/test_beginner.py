"""The beginner's errors (engines/opponents/beginner.py) on given weights and scores: it errs at
its configured rate, among the moves the network gives weight to, drawn by their weight, and
asks the judge only for the moves that are to be an error."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import chess
import chess.engine
import pytest

from engines.opponents import beginner
from engines.opponents.beginner import (
    ERROR_LOSS,
    WEIGHT_FLOOR,
    Kind,
    loss,
    mates_in_one,
    plan,
    settle,
)
from engines.opponents.beginner_bands import (
    BANDS,
    BELOW_THE_DATA,
    BeginnerBand,
    BeginnerErrors,
    errors_for,
)
from tests.builders import real_positions

Cp, Mate = chess.engine.Cp, chess.engine.Mate


def _near(hits: int, trials: int, rate: float) -> bool:
    """Whether ``hits`` of ``trials`` is within four standard deviations of ``rate`` (a wrong
    rate of a few points is far outside at these sizes; chance is about 1 in 16,000)."""
    spread = 4 * math.sqrt(rate * (1 - rate) / trials)
    return abs(hits / trials - rate) <= spread


def _errors(rate: float, mate_miss: float = 0.0, mistake: float = 0.0) -> BeginnerErrors:
    return BeginnerErrors(
        (0, 600), blunder_rate=rate, mistake_rate=mistake, mate_miss_rate=mate_miss
    )


def _board(moves: str = "e2e4 e7e5 g1f3 b8c6") -> chess.Board:
    board = chess.Board()
    for move in moves.split():
        board.push_uci(move)
    return board


LIKELIEST, BLUNDER, SOUND, RARE_BLUNDER, SMALL_BLUNDER, MISTAKE = (
    chess.Move.from_uci(uci) for uci in ("f1b5", "f3g5", "d2d4", "f3h4", "a2a4", "h2h4")
)


def _weights(board: chess.Board) -> dict[chess.Move, float]:
    """The network's weights in a made-up position: a likeliest move, a blunder of weight, a
    smaller one, a mistake, a sound move, and a blunder below the floor; the rest share what
    is left."""
    given = {LIKELIEST: 0.45, BLUNDER: 0.2, SMALL_BLUNDER: 0.05, MISTAKE: 0.05, SOUND: 0.15}
    given[RARE_BLUNDER] = 0.005
    rest = [m for m in board.legal_moves if m not in given]
    left = (1 - sum(given.values())) / len(rest)
    assert left < WEIGHT_FLOOR
    return given | dict.fromkeys(rest, left)


BEST = Cp(60)
SCORES = {
    LIKELIEST: Cp(50),
    BLUNDER: Cp(-400),
    SMALL_BLUNDER: Cp(-250),
    MISTAKE: Cp(-100),
    SOUND: Cp(30),
    RARE_BLUNDER: Cp(-900),
}


class Scripted:
    """A judge that answers from :data:`SCORES` and counts its searches."""

    def __init__(self) -> None:
        self.searches = 0

    async def lines(
        self,
        board: chess.Board,
        limit: chess.engine.Limit,
        count: int,
        moves: Sequence[chess.Move] = (),
    ) -> list[tuple[chess.Move, chess.engine.Score]]:
        self.searches += 1
        if not moves:
            return [(LIKELIEST, BEST)]
        scored = [(m, SCORES.get(m, Cp(0))) for m in moves]
        return sorted(scored, key=lambda line: -(line[1].score() or 0))[:count]


@pytest.mark.parametrize("rate", [0.08, 0.3])
async def test_it_errs_at_its_rate_among_weighted_moves_and_asks_only_then(rate: float) -> None:
    board, rng, judge = _board(), random.Random(7), Scripted()
    weights = _weights(board)
    kinds: Counter[Kind] = Counter()
    moves: Counter[chess.Move] = Counter()
    for _ in range(4000):
        choice = await beginner.choose(board, weights, judge, _errors(rate), rng)
        kinds[choice.kind] += 1
        moves[choice.move] += 1
    assert _near(kinds[Kind.BLUNDER], 4000, rate)
    assert set(moves) <= {LIKELIEST, BLUNDER, SMALL_BLUNDER}  # never the rare or a sound one
    assert moves[LIKELIEST] == kinds[Kind.LIKELIEST]
    # Only -250 and worse than the best's +60 lose 300: the -250 move (310) and -400 (460).
    assert _near(moves[BLUNDER], kinds[Kind.BLUNDER], 0.2 / 0.25)
    assert judge.searches == 2 * kinds[Kind.BLUNDER]


@pytest.mark.parametrize(("blunders", "mistakes"), [(0.0, 0.2), (0.15, 0.35)])
async def test_it_makes_mistakes_at_their_rate_where_no_blunder_was_drawn(
    blunders: float, mistakes: float
) -> None:
    board, rng, judge = _board(), random.Random(5), Scripted()
    weights = _weights(board)
    kinds: Counter[Kind] = Counter()
    moves: Counter[tuple[Kind, chess.Move]] = Counter()
    for _ in range(4000):
        choice = await beginner.choose(board, weights, judge, _errors(blunders, 0, mistakes), rng)
        kinds[choice.kind] += 1
        moves[choice.kind, choice.move] += 1
    assert _near(kinds[Kind.BLUNDER], 4000, blunders)
    assert _near(kinds[Kind.MISTAKE], 4000, (1 - blunders) * mistakes)
    # Only h4 (-100 against the best's +60: 160) loses 100 to 299; d4 (30) loses too little,
    # a4 (310) is a blunder, and so is every move below the floor.
    assert {m for k, m in moves if k is Kind.MISTAKE} == {MISTAKE}
    assert {m for k, m in moves if k is Kind.BLUNDER} <= {BLUNDER, SMALL_BLUNDER}
    assert judge.searches == 2 * (kinds[Kind.BLUNDER] + kinds[Kind.MISTAKE])


def test_a_mistake_is_neither_a_blunder_nor_a_move_that_loses_little() -> None:
    assert [beginner.loses_as(Kind.MISTAKE, lost) for lost in (99, 100, 299, 300)] == [
        False,
        True,
        True,
        False,
    ]
    assert [beginner.loses_as(Kind.BLUNDER, lost) for lost in (299, 300, 1000)] == [
        False,
        True,
        True,
    ]


def test_where_the_likeliest_move_is_a_mistake_itself_it_adds_no_other() -> None:
    board, rng = _board(), random.Random(1)
    planned = plan(board, _weights(board), _errors(0.0, 0.0, 1.0), rng)
    assert planned.kind is Kind.MISTAKE and planned.move == LIKELIEST
    assert settle(planned, _weights(board), BEST, SCORES, rng) == (MISTAKE, Kind.MISTAKE)
    scores = SCORES | {LIKELIEST: Cp(-60)}  # it loses 120 on its own
    assert settle(planned, _weights(board), BEST, scores, rng) == (LIKELIEST, Kind.LIKELIEST)


def test_a_planned_blunder_where_none_loses_enough_is_the_likeliest_move() -> None:
    board, rng = _board(), random.Random(1)
    planned = plan(board, _weights(board), _errors(1.0), rng)
    assert planned.kind is Kind.BLUNDER and planned.move == LIKELIEST
    assert RARE_BLUNDER not in planned.to_score and LIKELIEST not in planned.to_score
    sound = dict.fromkeys(planned.to_score, Cp(0)) | {LIKELIEST: Cp(50)}
    assert settle(planned, _weights(board), BEST, sound, rng) == (LIKELIEST, Kind.LIKELIEST)


def test_where_the_likeliest_move_blunders_itself_it_adds_no_other() -> None:
    board, rng = _board(), random.Random(1)
    planned = plan(board, _weights(board), _errors(1.0), rng)
    scores = SCORES | {LIKELIEST: Cp(-500)}
    assert settle(planned, _weights(board), BEST, scores, rng) == (LIKELIEST, Kind.LIKELIEST)


FOOLS_MATE = "f2f3 e7e5 g2g4"
QUEEN_MATES = chess.Move.from_uci("d8h4")


def test_a_mate_in_one_is_missed_at_the_rate_and_else_played() -> None:
    board, rng = _board(FOOLS_MATE), random.Random(3)
    assert mates_in_one(board) == [QUEEN_MATES]
    others = [chess.Move.from_uci(uci) for uci in ("b8c6", "d7d5")]
    weights = dict.fromkeys(board.legal_moves, 0.0) | {QUEEN_MATES: 0.3, others[0]: 0.45}
    weights[others[1]] = 0.25
    played = Counter(plan(board, weights, _errors(0.0, 0.35), rng) for _ in range(3000))
    missed = sum(n for p, n in played.items() if p.kind is Kind.MISSED_MATE)
    assert _near(missed, 3000, 0.35)
    assert {p.move for p in played if p.kind is Kind.MISSED_MATE} == set(others)
    assert {p.move for p in played if p.kind is not Kind.MISSED_MATE} == {QUEEN_MATES}
    assert all(not p.to_score for p in played)  # a mate in one needs no judge


@pytest.mark.parametrize("errors", BANDS, ids=lambda e: f"{e.band[0]}-{e.band[1]}")
def test_each_shipped_band_plans_its_errors_and_misses_its_mates_at_its_rates(
    errors: BeginnerErrors,
) -> None:
    board, mate, rng = _board(), _board(FOOLS_MATE), random.Random(11)
    assert 0 < errors.blunder_rate < 1 and 0 < errors.mate_miss_rate < 1
    assert 0 < errors.mistake_rate < 1
    weights = dict.fromkeys(board.legal_moves, 1 / board.legal_moves.count())
    planned = [plan(board, weights, errors, rng) for _ in range(2000)]
    assert _near(sum(p.kind is Kind.BLUNDER for p in planned), 2000, errors.blunder_rate)
    mistakes = (1 - errors.blunder_rate) * errors.mistake_rate
    assert _near(sum(p.kind is Kind.MISTAKE for p in planned), 2000, mistakes)
    mate_weights = dict.fromkeys(mate.legal_moves, 1 / mate.legal_moves.count())
    planned = [plan(mate, mate_weights, errors, rng) for _ in range(2000)]
    assert _near(sum(p.kind is Kind.MISSED_MATE for p in planned), 2000, errors.mate_miss_rate)


def test_the_shipped_bands_follow_each_other_and_a_rating_finds_its_own() -> None:
    assert [e.band for e in BANDS] == sorted(e.band for e in BANDS)
    assert all(a.band[1] == b.band[0] for a, b in itertools.pairwise(BANDS))
    assert errors_for(700).band == (600, 800)
    assert errors_for(1150).band == (1000, 1200)
    assert errors_for(450).band == BANDS[0].band  # below the data, the weakest measured
    assert errors_for(1400).band == BANDS[-1].band


def test_a_pool_entry_names_every_band_and_the_one_below_the_data_errs_most() -> None:
    """The names a pool entry declares (``beginner = "600-800"``) are the measured bands and
    the one carried below them, whose rates go on rising as the measured ones rise."""
    named = [band.errors for band in BeginnerBand]
    assert named == [BELOW_THE_DATA, *BANDS]
    assert [band.value for band in BeginnerBand] == ["400-600", "600-800", "800-1000", "1000-1200"]
    assert [e.measured for e in named] == [False, True, True, True]
    assert all(a.band[1] == b.band[0] for a, b in itertools.pairwise(named))
    for rate in ("blunder_rate", "mate_miss_rate"):
        rates = [getattr(e, rate) for e in named]
        assert rates == sorted(rates, reverse=True), rate
    assert BANDS[0].players == "lichess players 600–799"


def test_losses_are_read_on_lichesss_ceiling() -> None:
    assert loss(Mate(1), Cp(900)) == 100  # a mate missed for a won position is no blunder
    assert loss(Cp(0), Mate(-2)) == 1000  # a mate let in is the ceiling
    assert loss(Cp(1500), Cp(1100)) == 0  # both won beyond the ceiling
    assert loss(Cp(0), Cp(40)) == 0  # a separate search that scores higher loses nothing
    assert loss(Cp(100), Cp(100 - ERROR_LOSS)) == ERROR_LOSS


def _every_mate(board: chess.Board) -> list[chess.Move]:
    """The slow, obvious reference: every legal move played out."""
    mates = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            mates.append(move)
        board.pop()
    return mates


MATES = (
    "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1",  # castling mates
    "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",  # promoting mates, to a queen or a rook
    "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",  # the back rank, along a rank
    "6bk/7p/8/8/8/8/1N6/B3K3 w - - 0 1",  # discovered: any knight move opens the diagonal
    "k7/8/1K6/8/8/8/8/2R5 w - - 0 1",  # a rook mates, and its other moves do not
    "8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1",  # en passant, which mates nothing here
)


def test_the_mates_in_one_are_those_of_every_move_played_out() -> None:
    boards = [chess.Board(fen) for fen in MATES]
    boards += list(real_positions(300, every=1))
    found = 0
    for board in boards:
        mates = mates_in_one(board)
        assert sorted(mates, key=chess.Move.uci) == sorted(_every_mate(board), key=chess.Move.uci)
        found += bool(mates)
    assert found >= 5


def test_with_no_other_move_of_weight_no_blunder_is_planned() -> None:
    board = _board()
    weights = dict.fromkeys(board.legal_moves, 0.001) | {LIKELIEST: 1.0}
    planned = plan(board, weights, _errors(1.0), random.Random(2))
    assert planned == beginner.Plan(LIKELIEST, Kind.LIKELIEST)
    # Settled against any scores, a plan of no error stands as it is.
    assert settle(planned, weights, BEST, SCORES, random.Random(2)) == (LIKELIEST, Kind.LIKELIEST)

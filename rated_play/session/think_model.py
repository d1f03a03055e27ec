"""A person's think time over a move, as people's clocked online games show it.

The time a move takes is drawn from a log-normal distribution: its logarithm is a linear model
of what makes people think (:data:`FEATURES`: the clock left, the time control, the stage of
the game, the position's captures, checks and only moves, a recapture, the material, the
mover's rating) plus a normal deviation of a fitted scale. Each class of time control (bullet,
blitz, rapid; classical games take rapid's) has its own coefficients and scale, fitted to
people's games by ``benchmarks/fit_think_times.py`` and shipped in ``think_times.json`` beside
this module, with where the games came from and how the fit was made.

The shape follows what is measured of people's move times: long-tailed, roughly log-normal
(Sigman, Etchemendy, Fernández Slezak and Cecchi, "Response time distributions in rapid chess:
a large-scale decision making experiment", Frontiers in Neuroscience 4:60, 2010), and
predictable from the position and the clock (Zhang, Jiang, Kuo and others, "Human-aligned
chess with a bit of search", ICLR 2025: Allie predicts a person's think time from the game so
far). This model is the small, linear cousin of Allie's: the same inputs a person has, no
network.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import chess
import numpy as np

from engines import schema
from engines.maia.choice import move_probabilities
from engines.maia.network import evaluate_batch
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.weights import NetworkWeights, load_network
from engines.schema import ListOf, Record, TableOf, key, number, text, whole
from profiles.input_file import read_text
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.material import PIECE_POINTS

SHIPPED_FIT = Path(__file__).with_name("think_times.json")

FITTED_CLASSES = (TimeClass.BULLET, TimeClass.BLITZ, TimeClass.RAPID)
"""The classes people's games were fitted in; a classical game takes rapid's coefficients
(the public samples hold too few classical games to fit)."""

_ALL_MATERIAL = 78
"""Both sides' material at the start, in pawns."""
OPENING_MOVES = 8
"""Moves whose pace is fitted one by one: the first moves are played from memory."""


@dataclass(frozen=True)
class Turn:
    """A move about to be made, and what its mover knows of the game and the clock."""

    board: chess.Board
    """The position before the move, with the game's moves on its stack."""
    move: chess.Move
    left: float
    """The mover's clock before the move, in seconds."""
    opponent_left: float
    """The other side's clock, in seconds."""
    time_control: TimeControl
    rating: float
    """The mover's rating."""
    own_last: float | None = None
    """The mover's time over their previous move; None before it (or not known)."""
    opponent_last: float | None = None
    """The opponent's time over the move just made; None before it."""

    @property
    def move_number(self) -> int:
        return self.board.fullmove_number

    @property
    def game_seconds(self) -> float:
        """The estimated game duration by which servers class a time control: the base and
        forty increments."""
        control = self.time_control
        return control.base_seconds + 40 * control.increment_seconds


def _budget(turn: Turn) -> float:
    """The clock left spread over the moves to come, with most of the increment: the time a
    player managing the clock would give an ordinary move."""
    to_go = max(20, 40 - turn.move_number)
    return turn.left / to_go + 0.8 * turn.time_control.increment_seconds


def _share_left(turn: Turn) -> float:
    """The logarithm of the clock left as a share of the game's estimated duration: near 0 at
    the start, very negative in time trouble."""
    return math.log(max(turn.left, 0.1) / turn.game_seconds)


def _material(board: chess.Board, color: chess.Color) -> int:
    pieces = board.piece_map().values()
    return sum(PIECE_POINTS[piece.piece_type] for piece in pieces if piece.color == color)


def _last_was_capture(board: chess.Board) -> bool:
    if not board.move_stack:
        return False
    before = board.copy(stack=1)
    return before.is_capture(before.pop())


def _is_recapture(turn: Turn) -> bool:
    """Taking back on the square where the opponent has just captured."""
    board = turn.board
    return (
        bool(board.move_stack)
        and board.is_capture(turn.move)
        and board.peek().to_square == turn.move.to_square
        and _last_was_capture(board)
    )


FEATURES: tuple[str, ...] = (
    "constant",
    "log budget",
    "log share of the game's time left",
    "its square",
    "log game duration",
    "increment over budget",
    "log clock over the opponent's",
    *(f"move {number}" for number in range(2, OPENING_MOVES + 1)),
    "moves past the opening",
    "moves past 38",
    "log legal moves",
    "only move",
    "in check",
    "captures",
    "gives check",
    "recaptures",
    "after a capture",
    "log captures there",
    "log checks there",
    "material left",
    "material ahead",
    "rating",
    "policy entropy",
    "log likeliest move's share",
    "log the move's share",
    "value",
    "value's size",
    "log own last think",
    "no own last think",
    "log opponent's last think",
    "no opponent's last think",
)
"""What a move's think time depends on, each a number the fit weighs, as the fit file names
them; :func:`features` reads them from a turn, in this order."""

SURENESS_NETWORK = "maia-1500"
"""The network whose policy says how sure a person would be of a move: the middle of the nine
Maia networks, the same for every opponent (its rating is a feature of its own)."""


@dataclass(frozen=True)
class Sureness:
    """What a network trained on people's games says of a position and a move: how sure a
    person would be."""

    entropy: float
    """Of the policy over the legal moves, in nats: 0 when one move is all people play."""
    likeliest: float
    """The share of the likeliest move."""
    played: float
    """The share of the move made."""
    value: float
    """The expected score for the side to move, from -1 (lost) to 1 (won)."""


@cache
def _network() -> NetworkWeights:
    return load_network(network_path(SURENESS_NETWORK))


def sureness(turns: Sequence[tuple[chess.Board, chess.Move]]) -> list[Sureness]:
    """:class:`Sureness` of each position and move, in one pass of the network."""
    if not turns:
        return []
    planes = np.stack([input_planes(board) for board, _ in turns])
    found = []
    for (board, move), evaluation in zip(turns, evaluate_batch(_network(), planes), strict=True):
        shares = move_probabilities(board, evaluation)
        found.append(
            Sureness(
                entropy=-math.fsum(p * math.log(p) for p in shares.values() if p > 0),
                likeliest=max(shares.values()),
                played=shares.get(move, 0.0),
                value=evaluation.win - evaluation.loss,
            )
        )
    return found


def features(turn: Turn, sure: Sureness | None = None) -> list[float]:
    """:data:`FEATURES` of ``turn``, in order; ``sure`` is its :class:`Sureness`, found here
    when not given."""
    if sure is None:
        (sure,) = sureness([(turn.board, turn.move)])
    board, move = turn.board, turn.move
    legal = list(board.legal_moves)
    budget = max(_budget(turn), 0.05)
    share = _share_left(turn)
    number = max(turn.move_number, 2)  # people's first moves are not timed
    mover, other = board.turn, not board.turn
    own, theirs = _material(board, mover), _material(board, other)
    return [
        1.0,
        math.log(budget),
        share,
        share**2,
        math.log(turn.game_seconds),
        turn.time_control.increment_seconds / budget,
        math.log(max(turn.left, 0.1) / max(turn.opponent_left, 0.1)),
        *(float(number == stage) for stage in range(2, OPENING_MOVES + 1)),
        min(max(number - OPENING_MOVES, 0), 30) / 30,
        min(max(number - 38, 0), 60) / 60,
        math.log(max(len(legal), 1)),
        float(len(legal) == 1),
        float(board.is_check()),
        float(board.is_capture(move)),
        float(board.gives_check(move)),
        float(_is_recapture(turn)),
        float(_last_was_capture(board)),
        math.log1p(sum(map(board.is_capture, legal))),
        math.log1p(sum(map(board.gives_check, legal))),
        (own + theirs) / _ALL_MATERIAL,
        (own - theirs) / 10,
        (turn.rating - 1500) / 400,
        sure.entropy,
        math.log(max(sure.likeliest, 1e-4)),
        math.log(max(sure.played, 1e-4)),
        sure.value,
        abs(sure.value),
        *_last_think(turn.own_last),
        *_last_think(turn.opponent_last),
    ]


def _last_think(seconds: float | None) -> tuple[float, float]:
    """A previous think as two features: its logarithm, and whether there is none."""
    if seconds is None:
        return 0.0, 1.0
    return math.log(max(seconds, 0.0) + 0.5), 0.0


@dataclass(frozen=True)
class ClassFit:
    """One time-control class's fit: the log-normal's location and scale."""

    location: tuple[float, ...] = field(metadata=key(ListOf(number(), "a list of numbers")))
    """The coefficients of :data:`FEATURES`: the logarithm of the median seconds is their sum
    weighted by the features."""
    scale: float = field(metadata=key(number(0.0)))
    """The standard deviation of the logarithm of the seconds around that median."""
    moves: int = field(metadata=key(whole()))
    """People's moves of this class the fit saw."""


@dataclass(frozen=True)
class ThinkTimeFit:
    """The shipped fit (``think_times.json``): coefficients and where they come from."""

    source: str = field(metadata=key(text()))
    """The games fitted: repositories, files, licences, sizes."""
    method: str = field(metadata=key(text()))
    """How the fit was made, and with which command."""
    features: tuple[str, ...] = field(metadata=key(ListOf(text(), "a list of names")))
    classes: Mapping[str, ClassFit] = field(
        metadata=key(TableOf(Record(ClassFit), "a table of time-control classes"))
    )


class ThinkModelError(ValueError):
    """A fit file that does not fit this code: its features are not :data:`FEATURES`."""


@dataclass(frozen=True)
class ThinkModel:
    """Think times drawn as people's: the fit of each class of time control."""

    fit: ThinkTimeFit

    def __post_init__(self) -> None:
        if self.fit.features != tuple(FEATURES):
            raise ThinkModelError(
                "the think-time fit was made with other features than this code reads: refit "
                "it with benchmarks/fit_think_times.py"
            )
        for name in FITTED_CLASSES:
            fitted = self.fit.classes.get(name.value)
            if fitted is None or len(fitted.location) != len(FEATURES):
                raise ThinkModelError(f"the think-time fit has no {name.value} coefficients")

    def class_fit(self, time_control: TimeControl) -> ClassFit:
        return self.fit.classes[fitted_class(time_control).value]

    def seconds(self, turn: Turn, deviation: float = 0.0) -> float:
        """The think time over ``turn``'s move ``deviation`` standard deviations from its
        median (0: the median), before any limit of the clock."""
        return self.seconds_of(features(turn), turn.time_control, deviation)

    def seconds_of(
        self, values: list[float], time_control: TimeControl, deviation: float = 0.0
    ) -> float:
        """:meth:`seconds` from features already read."""
        fitted = self.class_fit(time_control)
        location = math.fsum(c * x for c, x in zip(fitted.location, values, strict=True))
        return math.exp(location + fitted.scale * deviation)


def fitted_class(time_control: TimeControl) -> TimeClass:
    """The class whose coefficients a clock takes: its own, or rapid's for a classical one."""
    time_class = time_control.time_class
    return time_class if time_class in FITTED_CLASSES else TimeClass.RAPID


def read_fit(path: Path) -> ThinkTimeFit:
    import json  # noqa: PLC0415 — read once, when the first game on a clock starts

    return schema.read(ThinkTimeFit, json.loads(read_text(path)))


@cache
def shipped_model() -> ThinkModel:
    """The model of ``think_times.json``, read once."""
    return ThinkModel(read_fit(SHIPPED_FIT))

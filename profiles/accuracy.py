"""A finished game's marks and accuracy from its evaluations, by the method lichess publishes.

Pure values and math, no engine and no I/O: :mod:`engines.evaluation` produces the evaluations,
the ledger stores the result, and both read these types. Every rule below follows a lila source
file (https://github.com/lichess-org/lila), named beside it:

- Winning chances and win percent: ``modules/analyse/src/main/WinPercent.scala`` (the
  multiplier -0.00368208 was fitted in lila pull request 11148) and scalachess's ``Eval.Cp``
  (evaluations are capped at ±1000 centipawns; a mate counts as the cap with its sign).
- Marks: ``modules/tree/src/main/Advice.scala``. ``CpAdvice`` marks a move by the drop in the
  mover's winning chances (on the -1..+1 scale): 0.1 an inaccuracy, 0.2 a mistake, 0.3 a
  blunder — 5, 10 and 15 win-percent points. ``MateAdvice`` marks the moves that walk into a
  forced mate or let one slip, where centipawns say nothing.
- Accuracy: ``modules/analyse/src/main/AccuracyPercent.scala``. Each move's accuracy comes from
  the mover's win-percent drop, ``103.1668·exp(-0.04354·drop) - 3.1669 + 1``; the game's is the
  mean of a volatility-weighted mean (weights: the standard deviation of the win percents in a
  window around the move, clamped to 0.5..12) and a harmonic mean, with lila's
  ``common/Maths.scala`` definitions (population deviation; harmonic mean over max(1, value)).

- No accuracy for a game of fewer than five plies: ``modules/game/src/main/Game.scala``,
  ``analysable`` (``playedTurns > 4``): lichess analyses no shorter game, so shows no accuracy
  for one (:data:`ACCURACY_FROM_PLIES`).

One departure, said here: lila starts the accuracy series from a constant (``Cp.initial``, +15);
this analysis starts it from the engine's evaluation of the starting position, the same number
the first move's mark is judged from.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import chess

from profiles.ledger.ledger_file import ENGINE_LINES
from profiles.ledger.rows import Table, Written, column, optional
from profiles.marks import JUDGEMENTS, Mark

MATE_SCORE = 100_000
"""A mate in *n* moves is ``±(MATE_SCORE - n)`` centipawns from White's view; a position
already mated is ``±MATE_SCORE``."""
_MATE_THRESHOLD = MATE_SCORE - 1_000
ACCURACY_FROM_PLIES = 5
"""The fewest plies a game has for an accuracy (lila ``Game.scala``, ``playedTurns > 4``): one
book move scored 84%, which says nothing of the player."""
CEILING = 1_000
"""scalachess ``Cp.CEILING``: evaluations beyond ±1000 centipawns count as ±1000."""
_MULTIPLIER = -0.00368208


def _line(cell: object) -> tuple[str, ...]:
    return () if cell is None else tuple(str(cell).split())


@dataclass(frozen=True)
class AnalysedMove:
    """One ply of the game with what the engine thought of it."""

    ply: int = field(metadata=column(int))
    """1 for White's first move."""
    san: str = field(metadata=column(str))
    eval_cp: int = field(metadata=column(int))
    """The evaluation after the move, from White's view; mates as ``±(MATE_SCORE - n)``."""
    best: str | None = field(metadata=column(optional(str)))
    """The engine's choice (SAN) in the position before the move."""
    mark: Mark | None = field(metadata=column(optional(Mark)))
    """As stored: both sides' marks, where analyses stored before held the player's only
    (and marked the engine's own choice); what is shown is :attr:`GameAnalysis.judgements`."""
    by_player: bool
    # Stored as its SANs, space apart (a SAN holds no space); its migration added it, and the
    # analyses made before read without a line.
    line: tuple[str, ...] = field(
        default=(), metadata=column(_line, since=ENGINE_LINES, nullable=True)
    )
    """The engine's line (SAN) from the position before the move, ``best`` first; empty when
    none was kept."""


ANALYSED_MOVES = Table.of("analysed_moves", Written("game_id"), AnalysedMove)
"""An analysed game's plies, by game; :attr:`AnalysedMove.by_player` follows from the ply and
the player's colour, and is no column."""


@dataclass(frozen=True)
class GameAnalysis:
    game_id: int
    player_color: chess.Color
    start_eval_cp: int
    """The starting position's evaluation, from White's view."""
    moves: tuple[AnalysedMove, ...]
    accuracy: float | None
    """The player's accuracy, 0–100; None when the player made no move, or the game has fewer
    than :data:`ACCURACY_FROM_PLIES` plies."""
    engine: str
    """The engine as it named itself, e.g. ``"Stockfish 15.1"``."""
    depth: int
    """The depth every position was searched to (or as far as the time cap allowed)."""

    @property
    def marks(self) -> list[AnalysedMove]:
        """Both sides' marked moves, in the order played."""
        return [move for move, mark in zip(self.moves, self.judgements, strict=True) if mark]

    @property
    def evals(self) -> list[int]:
        """The starting position's evaluation and the one after every ply (White's view)."""
        return [self.start_eval_cp, *(move.eval_cp for move in self.moves)]

    @property
    def judgements(self) -> list[Mark | None]:
        """Every ply's mark, both sides' moves, judged from the stored evaluations: lichess
        marks both sides. The one reading of the marks, for an analysis stored by any
        version."""
        evals = self.evals
        return [
            move_mark(evals[i], move, chess.WHITE if i % 2 == 0 else chess.BLACK)
            for i, move in enumerate(self.moves)
        ]

    def summary(self, color: chess.Color) -> SideSummary:
        """One side's game as lichess sums it up beside its analysis."""
        first = 0 if color == chess.WHITE else 1
        marks = self.judgements[first::2]
        return SideSummary(
            accuracy=shown_accuracy(self.evals, color),
            acpl=average_centipawn_loss(self.evals, color),
            inaccuracies=marks.count(Mark.INACCURACY),
            mistakes=marks.count(Mark.MISTAKE),
            blunders=marks.count(Mark.BLUNDER),
        )


@dataclass(frozen=True)
class SideSummary:
    accuracy: float | None
    """0–100; None when the side made no move, or the game has fewer than
    :data:`ACCURACY_FROM_PLIES` plies."""
    acpl: int | None
    """Average centipawn loss; None when the side made no move."""
    inaccuracies: int
    mistakes: int
    blunders: int

    @property
    def clean(self) -> bool:
        """No inaccuracy, mistake or blunder."""
        return not (self.inaccuracies or self.mistakes or self.blunders)

    def figures_words(self, digits: int = 0) -> str:
        """``84% accuracy, 12 ACPL``; the ACPL alone in a game too short for an accuracy."""
        if self.acpl is None:
            return "no move played"
        if self.accuracy is None:
            return f"{self.acpl} ACPL, no accuracy: too short a game"
        return f"{self.accuracy:.{digits}f}% accuracy, {self.acpl} ACPL"

    @property
    def marks_words(self) -> str:
        """``2 inaccuracies, 1 blunder``: the marks there are, each counted in its number."""
        counts = (
            (self.inaccuracies, Mark.INACCURACY, "inaccuracies"),
            (self.mistakes, Mark.MISTAKE, "mistakes"),
            (self.blunders, Mark.BLUNDER, "blunders"),
        )
        words = ", ".join(f"{n} {mark.value if n == 1 else many}" for n, mark, many in counts if n)
        return words or "no inaccuracy, mistake or blunder"


def is_mate(eval_cp: int) -> bool:
    return abs(eval_cp) > _MATE_THRESHOLD


def _ceiled(eval_cp: int) -> int:
    # A mate is the ceiling with its sign (scalachess ``Cp.ceilingWithSignum``).
    return max(-CEILING, min(CEILING, eval_cp))


def winning_chances(eval_cp: int) -> float:
    """-1..+1 for White (WinPercent.scala ``winningChances``, on the capped evaluation)."""
    chances = 2 / (1 + math.exp(_MULTIPLIER * _ceiled(eval_cp))) - 1
    return max(-1.0, min(1.0, chances))


def centipawns_at(chances: float) -> float:
    """The evaluation (White's view) at which White's winning chances are ``chances``
    (strictly between -1 and +1): the inverse of :func:`winning_chances` inside the ceiling."""
    return math.log(2 / (1 + chances) - 1) / _MULTIPLIER


def win_percent(eval_cp: int) -> float:
    """0..100 for White (WinPercent.scala ``fromCentiPawns``)."""
    return 50 + 50 * winning_chances(eval_cp)


def judge(before: int, after: int, mover: chess.Color) -> Mark | None:
    """The mark of a move that took the game from ``before`` to ``after`` (White's view)."""
    sign = 1 if mover == chess.WHITE else -1
    if not is_mate(before) and not is_mate(after):
        drop = sign * (winning_chances(before) - winning_chances(after))
        return next((mark for limit, mark in JUDGEMENTS if drop >= limit), None)
    return _mate_judgement(sign * before, sign * after)


def move_mark(before: int, move: AnalysedMove, mover: chess.Color) -> Mark | None:
    """The mark of ``move``, played from a position evaluated ``before``: none for the move
    the engine chose there itself, whatever the evaluations after it say (the next position
    searched to the same depth may see further, and an engine's own best move is never an
    inaccuracy)."""
    if move.best is not None and move.best == move.san:
        return None
    return judge(before, move.eval_cp, mover)


def _mate_judgement(before: int, after: int) -> Mark | None:
    """Advice.scala ``MateAdvice``, with both evaluations from the mover's view. A side that
    is a mate has no centipawns there, which lila reads as 0."""
    mated_after = is_mate(after) and after < 0
    if not is_mate(before) and mated_after:  # MateCreated: the mover can now be mated
        if before < -999:
            return Mark.INACCURACY
        return Mark.MISTAKE if before < -700 else Mark.BLUNDER
    if is_mate(before) and before > 0 and (not is_mate(after) or mated_after):  # MateLost
        after_cp = 0 if mated_after else after
        if after_cp > 999:
            return Mark.INACCURACY
        return Mark.MISTAKE if after_cp > 700 else Mark.BLUNDER
    return None  # lila marks no other mate sequence (a slower mate, MateDelayed, included)


def move_accuracy(before: float, after: float) -> float:
    """AccuracyPercent.scala ``fromWinPercents``: win percents from the mover's view."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))  # lila's +1: "uncertainty bonus"


def _deviation(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def shown_accuracy(evals: Sequence[int], color: chess.Color) -> float | None:
    """The accuracy the analysis gives: :func:`game_accuracy`, except for a game too short for
    lichess to analyse (fewer than :data:`ACCURACY_FROM_PLIES` plies), which has none."""
    if len(evals) - 1 < ACCURACY_FROM_PLIES:
        return None
    return game_accuracy(evals, color)


def game_accuracy(evals: Sequence[int], color: chess.Color) -> float | None:
    """AccuracyPercent.scala ``gameAccuracy`` for one side, White moving first.

    ``evals`` are the evaluations (White's view) of the starting position and after every
    ply. None when ``color`` made no move.
    """
    percents = [win_percent(e) for e in evals]
    plies = len(percents) - 1
    if plies < 1:
        return None
    size = max(2, min(8, plies // 10))
    windows = [percents[:size]] * max(0, min(size, len(percents)) - 2) + [
        percents[i : i + size] for i in range(max(1, len(percents) - size + 1))
    ]
    weights = [max(0.5, min(12.0, _deviation(w))) for w in windows]
    scored: list[tuple[float, float]] = []
    for i in range(plies):
        mover = chess.WHITE if i % 2 == 0 else chess.BLACK
        if mover != color:
            continue
        prev, nxt = percents[i], percents[i + 1]
        if mover == chess.BLACK:
            prev, nxt = 100 - prev, 100 - nxt
        scored.append((move_accuracy(prev, nxt), weights[i]))
    if not scored:
        return None
    weighted = sum(a * w for a, w in scored) / sum(w for _, w in scored)
    harmonic = len(scored) / sum(1 / max(1.0, a) for a, _ in scored)
    return (weighted + harmonic) / 2


def average_centipawn_loss(evals: Sequence[int], color: chess.Color) -> int | None:
    """AccuracyCP.scala ``mean``: the mean, rounded, of what each of ``color``'s moves lost,
    on evaluations ceiled at ±1000 (a mate counts as the ceiling) and never below 0. None when
    ``color`` made no move."""
    sign = 1 if color == chess.WHITE else -1
    first = 0 if color == chess.WHITE else 1
    losses = [
        max(0, sign * (_ceiled(evals[i]) - _ceiled(evals[i + 1])))
        for i in range(first, len(evals) - 1, 2)
    ]
    if not losses:
        return None
    return math.floor(sum(losses) / len(losses) + 0.5)  # Math.round: halves go up


@dataclass(frozen=True)
class PositionEvaluation:
    """What the engine said about one position of the game."""

    eval_cp: int
    """White's view; mates as ``±(MATE_SCORE - n)``."""
    best: chess.Move | None
    """None in a position where the game is over."""
    line: tuple[chess.Move, ...] = ()
    """The engine's line from this position, ``best`` first; empty when none was kept."""


def build_analysis(
    game_id: int,
    player_color: chess.Color,
    moves: Sequence[chess.Move],
    positions: Sequence[PositionEvaluation],
    *,
    engine: str,
    depth: int,
) -> GameAnalysis:
    """The analysis from the evaluation of the starting position and of the position after
    every move (``len(moves) + 1`` of them)."""
    if len(positions) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} evaluated positions")
    board = chess.Board()
    analysed = []
    for ply, (move, before, after) in enumerate(
        zip(moves, positions, positions[1:], strict=False), start=1
    ):
        mover = board.turn
        by_player = mover == player_color
        best = None if before.best is None else board.san(before.best)
        line = san_line(board, before.line)
        san = board.san(move)
        board.push(move)
        unmarked = AnalysedMove(ply, san, after.eval_cp, best, None, by_player, line)
        mark = move_mark(before.eval_cp, unmarked, mover)
        analysed.append(replace(unmarked, mark=mark))
    return GameAnalysis(
        game_id=game_id,
        player_color=player_color,
        start_eval_cp=positions[0].eval_cp,
        moves=tuple(analysed),
        accuracy=shown_accuracy([p.eval_cp for p in positions], player_color),
        engine=engine,
        depth=depth,
    )


def san_line(board: chess.Board, moves: Sequence[chess.Move]) -> tuple[str, ...]:
    """``moves``, played one after another from ``board``, in SAN (``board`` is left as it
    was)."""
    position = board.copy(stack=False)
    sans = []
    for move in moves:
        sans.append(position.san(move))
        position.push(move)
    return tuple(sans)


def _mate_in(eval_cp: int) -> int:
    """The moves to mate of a mate evaluation, negative when Black mates; 0 once mated."""
    distance = MATE_SCORE - abs(eval_cp)
    return distance if eval_cp > 0 else -distance


def mate_in(eval_cp: int) -> int | None:
    """The moves to a mate, White's view (negative when Black mates, 0 once mated), as
    lichess's API gives ``mate``; None for an evaluation in centipawns."""
    return _mate_in(eval_cp) if is_mate(eval_cp) else None


def eval_text(eval_cp: int) -> str:
    """An evaluation as players write it, from White's view: ``+0.35``, ``#3`` (White mates
    in 3), ``#-2`` (Black mates in 2), ``#`` once the game is mated."""
    if not is_mate(eval_cp):
        return f"{eval_cp / 100:+.2f}"
    return f"#{_mate_in(eval_cp)}" if _mate_in(eval_cp) else "#"


def pgn_eval(eval_cp: int) -> str:
    """An evaluation as the ``[%eval]`` command of a PGN comment holds it, White's view:
    pawns (``0.35``, ``-1.20``), ``#3`` or ``#-2`` for a mate, ``#0`` in a mated position.

    The form lichess exports (lila ``modules/analyse/src/main/Info.scala`` ``pgnComment``,
    scalachess ``WhiteScore.exportMate``: 0 means the side to move is mated), and that
    python-chess reads and writes (``GameNode.eval``/``set_eval``), with its two decimals
    where lila prints a float as Scala does (``0.3``): every reader takes both alike.
    """
    if not is_mate(eval_cp):
        return f"{eval_cp / 100:.2f}"
    return f"#{_mate_in(eval_cp)}"

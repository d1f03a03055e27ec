"""``rated-play-maia``: a Maia network as a UCI engine, playing at one node as lichess's Maia
bots do: the move the network finds most likely for a person of its rating.

It speaks the UCI protocol (Stefan-Meyer Kahlen's "Description of the universal chess interface
(UCI)", April 2006) so that the pool plays, calibrates and serves it like every other engine:

- ``setoption name WeightsFile value maia-1500`` chooses the network: a shipped one by name
  (``engines/maia/nets``) or an lc0 weights file by path (lc0's own option name);
- ``position`` keeps the game's moves: the network sees the last eight positions;
- ``go`` answers at once, whatever limits it carries (one node is always within them), with one
  ``info`` line (depth 1, one node, the score from the network's value, the move) and an
  ``info string`` saying what the move's probability was; ``go infinite`` and ``go ponder``
  answer when ``stop`` (or ``ponderhit``) comes, as the protocol asks; ``searchmoves`` limits
  the choice;
- through move :data:`~engines.opponents.variation.VARIED_MOVES` it picks among the moves the
  network gives real weight (:data:`~engines.maia.choice.REAL_WEIGHT`), each as often as the
  network's probability says, so that its openings vary as people's do; the option
  ``VariedMoves`` sets how long (0: always the most likely move);
- ``Temperature`` (lc0's name) above 0 draws every move at that temperature, all game long: a
  weaker player of the network's kind (:mod:`engines.maia.choice`);
- ``Nodes`` above 1 plays, after the varied opening, the move of a little search of about that
  many positions, guided by the network's policy and value and sized by the position: a
  stronger player of the network's kind (:mod:`engines.maia.search`). ``go nodes`` caps it;
  ``go movetime`` and the clock stop it early (:func:`_deadline`), and so do ``stop`` and
  ``quit``: the input is read while it searches, and ``isready`` answered then;
- ``BeginnerErrors`` (a combo: ``none``, or a band of lichess ratings such as ``600-800``)
  plays the network's likeliest move with the errors of beginners of that band, each judged by
  a full-strength Stockfish this engine starts (:mod:`engines.maia.beginner_play`); through the
  varied moves the move that is no error is drawn as the network's own is. It chooses every
  move then: ``Temperature`` and ``Nodes`` play no part. A judge that cannot be had ends the
  engine with a line on its standard error, at ``isready`` or at the move that needed it;
- a value it does not take (none, not of the option's kind, outside the range advertised) is
  refused in an ``info string``, and the last value kept.
"""

from __future__ import annotations

import logging
import math
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TextIO

import chess

from engines.maia.beginner_play import BeginnerPlay
from engines.maia.choice import MoveChoice, choose_move, move_probabilities
from engines.maia.network import Evaluation, evaluate
from engines.maia.networks import WEIGHTS_OPTION, network_path
from engines.maia.planes import input_planes
from engines.maia.search import SearchResult, nodes_for, search
from engines.maia.weights import NetworkFileError, NetworkWeights, load_network
from engines.opponents.beginner import Kind
from engines.opponents.beginner_bands import BeginnerBand, BeginnerErrors
from engines.opponents.judge import JudgeError
from engines.opponents.opponent import BEGINNER_OPTION, NETWORK_ENGINE
from engines.opponents.variation import VARIED_MOVES
from engines.uci.position import parse_position

NAME = NETWORK_ENGINE
NO_NETWORK = "<none>"
"""The ``WeightsFile`` advertised as the default: no network chosen."""
VARIED_OPTION = "VariedMoves"
MOST_VARIED = 200
TEMPERATURE_OPTION = "Temperature"
HOTTEST = 10.0
"""The highest temperature taken: at 10 every legal move is drawn almost alike already."""
NODES_OPTION = "Nodes"
MOST_NODES = 100_000
NO_ERRORS = "none"
"""The ``BeginnerErrors`` advertised as the default: the network's own choice, no errors."""
OPTIONS = (WEIGHTS_OPTION, VARIED_OPTION, TEMPERATURE_OPTION, NODES_OPTION, BEGINNER_OPTION)
CLOCK_SHARE = 20
"""On a clock, a search stops once it has spent this fraction of the time left (plus most of
the increment): the entry's strength lives in its node count, and the clock only guards it."""


@dataclass
class MaiaEngine:
    """The engine's state between commands: the network, the position, a pending answer."""

    write: Callable[[str], None]
    weights: str = ""
    varied_moves: int = VARIED_MOVES
    temperature: float = 0.0
    nodes: int = 1
    beginner: BeginnerErrors | None = None
    """The errors it plays, where ``BeginnerErrors`` names a band; None: the network's own."""
    judged: BeginnerPlay = field(default_factory=BeginnerPlay)
    """The judge of its errors, started only for a beginner."""
    network: NetworkWeights | None = None
    board: chess.Board | None = field(default_factory=chess.Board)
    """None after a refused ``position``: no move is chosen until another is set."""
    pending: str | None = None
    """The ``bestmove`` line of a ``go infinite`` or ``go ponder``, sent on ``stop``."""
    rng: random.Random = field(default_factory=random.Random)
    searching: threading.Event = field(default_factory=threading.Event)
    """Set while a ``go`` is worked on: the input is then read beside it (:func:`run`)."""
    stopping: threading.Event = field(default_factory=threading.Event)
    """Set by a ``stop`` or ``quit`` read during a ``go``: its search ends with the move it has."""

    def handle(self, line: str) -> bool:
        """Act on one command; False once it is ``quit``."""
        words = line.split()
        if not words:
            return True
        command, arguments = words[0], words[1:]
        if command == "quit":
            return False
        if command == "uci":
            self.write(f"id name {NAME}")
            self.write("id author the rated-play authors, with the Maia networks of CSSLab")
            self.write(f"option name {WEIGHTS_OPTION} type string default {NO_NETWORK}")
            self.write(
                f"option name {VARIED_OPTION} type spin default {VARIED_MOVES} "
                f"min 0 max {MOST_VARIED}"
            )
            self.write(f"option name {TEMPERATURE_OPTION} type string default 0")
            self.write(f"option name {NODES_OPTION} type spin default 1 min 1 max {MOST_NODES}")
            bands = "".join(f" var {band.value}" for band in BeginnerBand)
            self.write(
                f"option name {BEGINNER_OPTION} type combo default {NO_ERRORS} "
                f"var {NO_ERRORS}{bands}"
            )
            self.write("uciok")
        elif command == "isready":
            if self.weights:  # a network chosen is loaded now; none chosen is no fault yet
                self._load()
            if self.beginner is not None:  # and the judge its errors need, or the end
                self.judged.start()
            self.write("readyok")
        elif command == "setoption":
            self._set_option(line.split(maxsplit=1)[1] if arguments else "")
        elif command == "ucinewgame":
            self.board = chess.Board()
        elif command == "position":
            self._set_position(arguments)
        elif command == "go":
            self._go(arguments)
        elif command in ("stop", "ponderhit") and self.pending is not None:
            self.write(self.pending)
            self.pending = None
        return True

    def _set_option(self, text: str) -> None:
        """``name N value V`` as typed: a path with two spaces in it keeps them. A value that
        is missing, not of the option's kind or outside the range advertised is refused in an
        ``info string``, the last value kept: an engine that took it silently would play other
        than its entry says."""
        name, has_value, value = _named_value(text)
        known = {option.lower(): option for option in OPTIONS}
        option = known.get(name.lower())
        if option is None:
            self.write(f"info string no option is called {name!r}; nothing changed")
            return
        if not has_value or not value.strip():
            self.write(f"info string {option} needs a value; kept the last")
            return
        value = value.strip()
        if option == WEIGHTS_OPTION:
            # The advertised default sent back (as a GUI sends every option) chooses none.
            self.weights, self.network = ("" if value == NO_NETWORK else value), None
        elif option == VARIED_OPTION:
            varied = self._whole(option, value, 0, MOST_VARIED)
            self.varied_moves = self.varied_moves if varied is None else varied
        elif option == NODES_OPTION:
            nodes = self._whole(option, value, 1, MOST_NODES)
            self.nodes = self.nodes if nodes is None else nodes
        elif option == BEGINNER_OPTION:
            self._set_beginner(value)
        else:
            try:
                temperature = float(value)
            except ValueError:
                temperature = math.nan
            if not 0 <= temperature <= HOTTEST:  # NaN included
                self.write(
                    f"info string {TEMPERATURE_OPTION} takes a number from 0 to {HOTTEST:g}; "
                    "kept the last"
                )
            else:
                self.temperature = temperature

    def _set_beginner(self, value: str) -> None:
        if value.lower() == NO_ERRORS:
            self.beginner = None
            return
        try:
            self.beginner = BeginnerBand(value).errors
        except ValueError:
            bands = ", ".join(band.value for band in BeginnerBand)
            self.write(
                f"info string {BEGINNER_OPTION} takes {NO_ERRORS} or a band: {bands}; kept the last"
            )

    def _whole(self, option: str, value: str, least: int, most: int) -> int | None:
        """``value`` as a whole number within the advertised range; None, said, otherwise."""
        try:
            number = int(value)
        except ValueError:
            self.write(f"info string {option} takes a whole number; kept the last")
            return None
        if not least <= number <= most:
            self.write(f"info string {option} takes {least} to {most}; kept the last")
            return None
        return number

    def _set_position(self, arguments: list[str]) -> None:
        # Refused as the UCI server refuses it (engines.uci.position), and forgotten: a move
        # chosen in the last position would be read as chosen in this one.
        board = parse_position(arguments)
        if isinstance(board, str):
            self.write(f"info string refused the position: {board}; no move until another")
            self.board = None
        else:
            self.board = board

    def _go(self, arguments: list[str]) -> None:
        self.stopping.clear()
        self.searching.set()
        try:
            self._answer_go(arguments)
        finally:
            self.searching.clear()

    def _answer_go(self, arguments: list[str]) -> None:
        if self.board is None or not self.weights:
            why = (
                "no position to play from: the last one was refused"
                if self.board is None
                else f"no network chosen; send 'setoption name {WEIGHTS_OPTION} value maia-1500'"
            )
            self.write(f"info string {why}")
            self.write("bestmove 0000")  # every go has its bestmove, even one with no move
            return
        started = time.perf_counter()
        network = self._load()
        allowed = _searchmoves(self.board, arguments)
        evaluation = evaluate(network, input_planes(self.board))
        varied = self.board.fullmove_number <= self.varied_moves
        if self.beginner is not None:
            chosen = self._beginner_move(self.board, self.beginner, evaluation, allowed, varied)
        else:
            chosen = choose_move(
                self.board, evaluation, allowed, varied, self.rng, temperature=self.temperature
            )
        searched = None
        if (
            chosen is not None
            and chosen.drawn_among == 1
            and self.nodes > 1
            and self.beginner is None
        ):
            priors = move_probabilities(self.board, evaluation, allowed)
            nodes = min(nodes_for(self.nodes, priors), _go_number(arguments, "nodes") or MOST_NODES)
            deadline = _deadline(self.board.turn, arguments)
            searched = search(
                network,
                self.board,
                evaluation,
                nodes,
                allowed,
                out_of_time=lambda: (
                    self.stopping.is_set() or time.perf_counter() - started >= deadline
                ),
            )
        elapsed = round((time.perf_counter() - started) * 1000)
        answer = _answer(chosen, evaluation, elapsed, searched)
        for line in answer[:-1]:
            self.write(line)
        if "infinite" in arguments or "ponder" in arguments:
            self.pending = answer[-1]
        else:
            self.write(answer[-1])

    def _beginner_move(
        self,
        board: chess.Board,
        errors: BeginnerErrors,
        evaluation: Evaluation,
        allowed: set[chess.Move],
        varied: bool,
    ) -> MoveChoice | None:
        """The move of a beginner of the band of ``errors``
        (:func:`engines.opponents.beginner.choose`), judged by this engine's own judge."""
        weights = move_probabilities(board, evaluation, allowed)
        if not weights:
            return None
        chosen = self.judged.choose(board, weights, errors, self.rng)
        if chosen.kind is Kind.LIKELIEST:
            # No error here: the network's own move, drawn through the varied moves as its
            # own is, so that a beginner's openings vary too and no game is replayed.
            return choose_move(board, evaluation, allowed, varied, self.rng)
        return MoveChoice(chosen.move, chosen.weight, 1, error=chosen.kind.value)

    def close(self) -> None:
        """End what it started: the judge of a beginner's errors."""
        self.judged.close()

    def _load(self) -> NetworkWeights:
        if self.network is None:
            if not self.weights:
                raise NetworkFileError(
                    f"no network chosen; send 'setoption name {WEIGHTS_OPTION} value maia-1500'"
                )
            self.network = load_network(network_path(self.weights))
        return self.network


def _named_value(text: str) -> tuple[str, bool, str]:
    """``name N value V`` read as the name, whether a ``value`` word came, and the value as
    typed (its inner spaces kept); a name may have spaces (UCI's "Clear Hash")."""
    text = text.strip().removeprefix("name").strip()
    if text.endswith(" value") or text == "value":
        return text.removesuffix("value").strip(), True, ""
    name, found, value = text.partition(" value ")
    return name.strip(), bool(found), value


def _searchmoves(board: chess.Board, arguments: list[str]) -> set[chess.Move]:
    """The moves ``go searchmoves`` allows, all legal moves when it names none."""
    legal = set(board.legal_moves)
    if "searchmoves" not in arguments:
        return legal
    named = set()
    for text in arguments[arguments.index("searchmoves") + 1 :]:
        try:
            named.add(chess.Move.from_uci(text))
        except ValueError:
            break  # the next keyword of the go command
    return (named & legal) or legal


def _go_number(arguments: list[str], word: str) -> int | None:
    """The whole number after ``word`` in a ``go`` command; None when there is none."""
    if word not in arguments:
        return None
    index = arguments.index(word) + 1
    try:
        return max(int(arguments[index]), 1) if index < len(arguments) else None
    except ValueError:
        return None


def _deadline(turn: chess.Color, arguments: list[str]) -> float:
    """Seconds a search may take: ``movetime``, or on a clock :data:`CLOCK_SHARE` of the time
    left plus most of the increment; unbounded without either (its nodes bound it)."""
    limits = [math.inf]
    movetime = _go_number(arguments, "movetime")
    if movetime is not None:
        limits.append(movetime / 1000)
    left = _go_number(arguments, "wtime" if turn == chess.WHITE else "btime")
    if left is not None:
        increment = _go_number(arguments, "winc" if turn == chess.WHITE else "binc") or 0
        limits.append((left / CLOCK_SHARE + increment * 0.75) / 1000)
    return min(limits)


def _answer(
    chosen: MoveChoice | None,
    evaluation: Evaluation,
    elapsed: int,
    searched: SearchResult | None = None,
) -> list[str]:
    if chosen is None:
        return ["info string no legal move", "bestmove 0000"]
    if searched is not None:
        nps = round(searched.nodes * 1000 / max(elapsed, 1))
        return [
            f"info depth {searched.depth} seldepth {searched.depth} nodes {searched.nodes} "
            f"nps {nps} time {elapsed} score cp {_centipawns(searched.value)} "
            f"pv {searched.move.uci()}",
            f"info string network-guided search of {searched.nodes} positions, this move "
            f"visited {searched.visits} times, the network's probability {searched.prior:.0%}",
            f"bestmove {searched.move.uci()}",
        ]
    permille = [round(p * 1000) for p in (evaluation.win, evaluation.draw, evaluation.loss)]
    return [
        f"info depth 1 seldepth 1 nodes 1 time {elapsed} "
        f"score cp {_centipawns(evaluation.win - evaluation.loss)} "
        f"wdl {permille[0]} {permille[1]} {permille[2]} pv {chosen.move.uci()}",
        f"info string {chosen.describe()}",
        f"bestmove {chosen.move.uci()}",
    ]


def _centipawns(value: float) -> int:
    """A value from -1 to 1 as centipawns, by lc0's formula for its UCI score,
    ``90 × tan(1.5637541897 × q)``."""
    q = max(-0.99, min(0.99, value))
    return round(90 * math.tan(1.5637541897 * q))


def run(lines: Iterable[str], out: TextIO) -> int:
    """Serve UCI commands from ``lines``; the exit status. The lines are read in a thread of
    their own, so that a long search (``Nodes`` up to 100,000 takes minutes) hears ``stop`` and
    ``quit`` at once, and answers ``isready`` while it thinks, as the protocol asks."""
    lock = threading.Lock()

    def write(text: str) -> None:
        with lock:  # the reader answers isready while the search writes its lines
            out.write(text + "\n")
            out.flush()

    engine = MaiaEngine(write)
    commands: queue.SimpleQueue[str | BaseException | None] = queue.SimpleQueue()
    threading.Thread(target=_read, args=(lines, engine, commands), daemon=True).start()
    try:
        while (line := commands.get()) is not None:
            if isinstance(line, BaseException):
                raise line
            if not engine.handle(line.strip()):
                return 0
        if engine.pending is not None:  # the input ended during go infinite: its bestmove
            write(engine.pending)
    except NetworkFileError as error:
        print(f"{NAME}: {error}", file=sys.stderr)
        return 1
    except JudgeError as error:
        # No move it cannot check: to whatever drives it, this is a crashed engine.
        print(
            f"{NAME}: the judge of its beginner's errors could not be had ({error})",
            file=sys.stderr,
        )
        return 1
    finally:
        engine.close()
    return 0


def _read(
    lines: Iterable[str],
    engine: MaiaEngine,
    commands: queue.SimpleQueue[str | BaseException | None],
) -> None:
    """Pass each line on to :func:`run`; during a ``go``, answer ``isready`` here and have
    ``stop`` and ``quit`` end the search (they are passed on too, to be acted on after it).
    The end of the input is None; a failure to read it is passed on, to be raised."""
    try:
        for line in lines:
            if engine.searching.is_set():
                command = line.split()[:1]
                if command == ["isready"]:
                    engine.write("readyok")
                    continue
                if command in (["stop"], ["quit"]):
                    engine.stopping.set()
            commands.put(line)
    except BaseException as error:  # raised in the main thread, as if it had read the line
        commands.put(error)
        return
    commands.put(None)


def main() -> None:
    # The judge warns the app's errors log when it gives up; here its failure ends the engine
    # with a line of its own (run), so the warning is not printed before it.
    logging.getLogger("engines").addHandler(logging.NullHandler())
    try:
        sys.exit(run(sys.stdin, sys.stdout))
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(1)

"""``rated-play engines uci NAME``: one opponent as a UCI engine on standard input and output.

It plays through the same :class:`~engines.opponents.engine_player.EnginePlayer` as a rated
game — the entry's engine, options, limits, technique and variation — so anyone can play our
opponents, or check their ratings, with their own UCI tools. ``go wtime/btime/winc/binc`` is
the clock, as in a rated game; ``depth``, ``nodes``, ``movetime`` and ``searchmoves`` only ever
shorten the entry's own search (:class:`~engines.opponents.engine_player.Bounds`), so its
strength stays its label.

It keeps the rules of the UCI protocol (Stefan Meyer-Kahlen, April 2006, the
``engine-interface.txt`` shipped with Stockfish): "the engine must always be able to process
input from stdin, even while thinking"; ``isready`` "must always be answered with readyok and can
be sent also when the engine is calculating"; ``stop`` means "stop calculating as soon as
possible, don't forget the bestmove", for "every go command a bestmove command is needed";
``go infinite`` is "search until the stop command. Do not exit the search without being told so
in this mode!", and ``go ponder`` the same until ``ponderhit`` or ``stop``; ``movetime`` is
"search exactly x mseconds"; before the ``bestmove`` "the engine should send a final info
command with the final search information"; "a nullmove from the Engine to the GUI should be
sent as 0000" (only where there is no legal move: the GUI, not the engine, adjudicates a draw);
an unknown command is ignored. ``quit`` ends it at once with its engine processes, the end of
input once the move it was asked for is given. Input it cannot use (a refused position, a clock
that is not a number, a line over :data:`~engines.uci.input_lines.MAX_LINE_BYTES`) is answered
with an ``info string`` that says so, never by ending the server; an engine that fails every
restart ends it at once, with a line on stderr.
"""

from __future__ import annotations

import asyncio
import io
import math
import sys
from dataclasses import dataclass
from typing import IO, Any, TextIO

import chess

from engines.cancelling import cancel_and_wait
from engines.errors import EngineUnavailableError
from engines.opponents.engine_player import (
    Bounds,
    Choice,
    EngineCrashError,
    EnginePlayer,
    engine_clock,
)
from engines.opponents.opponent import Opponent
from engines.opponents.turn import ClockReading
from engines.uci.input_lines import MAX_LINE_BYTES, CommandLines, SkippedLine
from engines.uci.position import parse_position, shown
from profiles.errors import printable

RESTARTS = 3
"""Restarts of a crashed engine for one search before the server gives up."""
RETRY_WINDOW = 10.0
"""Seconds after a ``go`` past which a failed engine is not restarted again: an engine that
hangs on every search costs a hang window each time, and the GUI waits."""
MOVETIME_MARGIN = 0.03
"""Seconds of a ``go movetime`` kept for passing the move on (to the GUI, and from an adapter
such as polyglot): the search is told the rest, and stopped at its end."""
TIME_KEYS = frozenset(("wtime", "btime", "winc", "binc", "movetime"))
"""The words of ``go`` followed by milliseconds."""
GO_KEYS = TIME_KEYS | frozenset(
    ("searchmoves", "ponder", "movestogo", "depth", "nodes", "mate", "infinite")
)
"""The words of a ``go`` command; ``searchmoves`` takes the moves up to the next of them."""


@dataclass(frozen=True)
class Go:
    """What a ``go`` command asks for."""

    clock: ClockReading | None
    bounds: Bounds
    ponder: bool = False
    """``go ponder``: nothing is given until ``ponderhit`` (then a search on the clock) or
    ``stop``."""
    notes: tuple[str, ...] = ()
    """A sentence for each value that is not used as it was sent."""

    @property
    def holds(self) -> bool:
        """Whether its ``bestmove`` waits for ``stop`` however soon the search ends."""
        return self.bounds.until_stopped or self.ponder


def parse_go(tokens: list[str], board: chess.Board) -> Go:
    """The ``go`` command (without the word ``go``) for ``board``: its clock, the limits it
    puts on the search, and what it asks that is not used as sent. An unknown word is skipped,
    as the protocol asks ("ignore it and try to parse the rest of the string")."""
    values: dict[str, float] = {}
    notes: list[str] = []
    searchmoves: list[str] = []
    index = 0
    while index < len(tokens):
        word, index = tokens[index], index + 1
        if word == "searchmoves":
            while index < len(tokens) and tokens[index] not in GO_KEYS:
                searchmoves.append(tokens[index])
                index += 1
        elif word in ("infinite", "ponder"):
            values[word] = 1.0
        elif word in GO_KEYS:
            value, index = (tokens[index] if index < len(tokens) else ""), index + 1
            number = _number(value)
            if word in TIME_KEYS and math.isnan(number):
                notes.append(f"ignored {word} {shown(value)}: not a number of milliseconds")
            elif word in TIME_KEYS:
                values[word] = number / 1000.0
                if engine_clock(number / 1000.0) != number / 1000.0:  # as clocked_limit does
                    told = round(engine_clock(number / 1000.0) * 1000)
                    notes.append(
                        f"{word} {shown(value)} is told to the engine as {told}, its nearest"
                    )
            elif not number >= 1:  # depth, nodes, mate, movestogo; NaN too
                notes.append(f"ignored {word} {shown(value)}: not a positive number")
            else:
                values[word] = number
    for key in ("mate", "movestogo"):
        if key in values:
            notes.append(f"{key} is not used: the opponent plays as in a rated game")
    clock = None
    if "wtime" in values or "btime" in values:
        increment = values.get("winc" if board.turn == chess.WHITE else "binc", 0.0)
        clock = ClockReading(values.get("wtime", 0.0), values.get("btime", 0.0), increment)
    movetime = values.get("movetime")
    if movetime is not None:
        movetime = max(engine_clock(movetime) - MOVETIME_MARGIN, 0.0)
    bounds = Bounds(
        depth=_whole(values.get("depth")),
        nodes=_whole(values.get("nodes")),
        movetime=movetime,
        moves=_legal_moves(searchmoves, board, notes),
        until_stopped="infinite" in values,
    )
    return Go(clock, bounds, "ponder" in values, tuple(notes))


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return math.nan


def _whole(number: float | None) -> int | None:
    """A count of plies or nodes; None (no bound) for one too large to mean anything."""
    return None if number is None or not math.isfinite(number) else int(number)


def _legal_moves(words: list[str], board: chess.Board, notes: list[str]) -> tuple[chess.Move, ...]:
    """The legal moves named by ``searchmoves``; a note for each word that is not one."""
    moves = []
    for word in words:
        try:
            move = chess.Move.from_uci(word)
        except ValueError:
            move = None
        if move is None or move not in board.legal_moves:
            notes.append(f"ignored searchmoves {shown(word)}: not a legal move here")
        elif move not in moves:
            moves.append(move)
    if words and not moves:
        notes.append("searchmoves named no legal move: every move is searched")
    return tuple(moves)


def info_line(search: chess.engine.InfoDict) -> str | None:
    """An engine's report of its search as the ``info`` line a UCI engine sends (the score
    from the side to move's point of view, times in milliseconds); None when it has none."""
    numbers = {key: search.get(key) for key in ("depth", "seldepth", "nodes", "nps")}
    words: list[str] = []
    for key in ("depth", "seldepth"):
        if numbers[key] is not None:
            words += [key, str(numbers[key])]
    score = search.get("score")
    if score is not None:
        relative = score.relative
        mate = relative.mate()
        words += (
            ["score", "cp", str(relative.score())] if mate is None else ["score", "mate", str(mate)]
        )
    for key in ("nodes", "nps"):
        if numbers[key] is not None:
            words += [key, str(numbers[key])]
    if "time" in search:
        words += ["time", str(round(search["time"] * 1000))]
    if search.get("pv"):
        words += ["pv", *(move.uci() for move in search["pv"])]
    return "info " + " ".join(words) if words else None


class UciServer:
    def __init__(self, opponent: Opponent, output: TextIO) -> None:
        self.opponent = opponent
        self.player = EnginePlayer(opponent)
        self.output = output
        self.board: chess.Board | None = chess.Board()
        """None after a refused ``position``: nothing is played until one is set."""
        self.search: asyncio.Task[None] | None = None
        self.holding = False
        """Whether the search's ``bestmove`` waits for ``stop`` (``go infinite``, ``go ponder``)."""
        self.stop = asyncio.Event()
        self.ponderhit = asyncio.Event()

    def send(self, line: str) -> None:
        self.output.write(line + "\n")
        self.output.flush()

    async def handle(self, line: str) -> bool:
        """Act on one command; False once the server should stop."""
        tokens = line.split()
        command, arguments = (tokens[0], tokens[1:]) if tokens else ("", [])
        if command == "uci":
            # The opponent first: polyglot keeps 24 characters of an engine's name.
            self.send(f"id name {self.opponent.name} (rated-play)")
            self.send("id author rated-play (the opponent as it plays a rated game)")
            self.send("uciok")
        elif command == "isready":
            self.send("readyok")
        elif command == "ucinewgame":
            await self.stop_search()
            self.board = chess.Board()
            self.player.new_game()
        elif command == "position":
            await self.stop_search()
            board = parse_position(arguments)
            if isinstance(board, str):
                self.send(f"info string refused the position: {board}; no move until another")
                self.board = None
            else:
                self.board = board
        elif command == "go":
            await self.stop_search()
            self.go(arguments)
        elif command == "stop":
            await self.stop_search()
        elif command == "ponderhit":
            self.ponderhit.set()
        elif command == "quit":
            return False
        return True

    def go(self, arguments: list[str]) -> None:
        if self.board is None:
            self.send("info string no position to play from: the last one was refused")
            self.send("bestmove 0000")
            return
        go = parse_go(arguments, self.board)
        for note in go.notes:
            self.send(f"info string {note}")
        self.stop, self.ponderhit = asyncio.Event(), asyncio.Event()
        self.holding = go.holds
        self.search = asyncio.create_task(
            self.think(self.board.copy(), go, self.stop, self.ponderhit)
        )

    async def think(
        self, board: chess.Board, go: Go, stop: asyncio.Event, ponderhit: asyncio.Event
    ) -> None:
        """Search as ``go`` asks and send the move, with the search behind it, once it is due."""
        if go.ponder:
            # Ponder is not offered in ``uci``, so nothing is searched on the GUI's guess: the
            # search starts on ``ponderhit``, "switch from pondering to normal search", with the
            # clock given ("stop" first: the engine moves at once, as stopped).
            await _first_of(stop, ponderhit)
            self.holding = False
        choice = None
        if any(board.legal_moves):  # "a nullmove from the Engine to the GUI should be sent as 0000"
            choice = await self.choose(board, go, stop)
        if go.bounds.until_stopped:
            # "infinite: search until the stop command. Do not exit the search without being
            # told so in this mode!" An entry's own limits may end its search sooner.
            await stop.wait()
        if choice is None:
            self.send("bestmove 0000")
            return
        if choice.chosen_by is not None:
            # printable: a pool file's text could hold a line break, and a false bestmove.
            self.send(f"info string {choice.move.uci()} is {printable(choice.chosen_by)}")
        line = info_line(choice.search)
        if line is not None:
            self.send(line)  # the protocol: a final info directly before the bestmove
        self.send(f"bestmove {choice.move.uci()}")

    async def choose(self, board: chess.Board, go: Go, stop: asyncio.Event) -> Choice:
        """The opponent's move, restarting a failed engine while that may still help."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = None
        if go.bounds.movetime is not None:
            deadline = loop.call_later(go.bounds.movetime, stop.set)  # the judge's steps too
        failures = 0
        try:
            while True:
                try:
                    return await self.player.choose(board, go.clock, stop, go.bounds)
                except EngineCrashError as error:
                    failures += 1
                    if failures > RESTARTS or loop.time() - started > RETRY_WINDOW:
                        failed = f"{error}; it failed {failures} times, so the server ends"
                        self.send(f"info string {printable(failed)}")
                        raise EngineUnavailableError(failed) from error
                await self.player.restart()
        finally:
            if deadline is not None:
                deadline.cancel()

    async def stop_search(self) -> None:
        """End the search at once: its engine gives the best move it has (``stop``, and a
        ``position`` or ``go`` sent while it thinks, which the protocol does not foresee)."""
        self.stop.set()
        await self.finish_search()

    async def finish_search(self) -> None:
        """Wait for the move being thought about; one that waits for ``stop`` is given now, as
        no ``stop`` can come after the end of input."""
        if self.holding:
            self.stop.set()
        if self.search is not None:
            search, self.search = self.search, None
            await search

    def raise_failed_search(self) -> None:
        """Raise what a finished search raised (its engine could not be restarted)."""
        if self.search is not None and self.search.done():
            search, self.search = self.search, None
            search.result()


async def _first_of(*events: asyncio.Event) -> None:
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


async def serve_uci(
    opponent: Opponent, input_stream: IO[Any] | None = None, output: TextIO | None = None
) -> None:
    """Serve until ``quit`` or the end of input. Raises :class:`EngineUnavailableError` once
    its engine cannot be started, or has failed a search :data:`RESTARTS` times: at once, not
    at the next command, so a GUI waiting for a ``bestmove`` sees the engine end."""
    output = output or sys.stdout
    if isinstance(output, io.TextIOWrapper):
        # Echoed input may hold any character; a terminal that cannot show one gets an escape.
        output.reconfigure(errors="backslashreplace")
    server = UciServer(opponent, output)
    lines = CommandLines(input_stream or sys.stdin)
    await server.player.start()
    # Its judge too, before the first command is read: "isready" then means every engine is
    # up, and the first move is not one a Stockfish starts on.
    await server.player.ready()
    lines.start()
    reading = asyncio.ensure_future(lines.next())
    try:
        while True:
            waits: set[asyncio.Future[Any]] = {reading}
            if server.search is not None:
                waits.add(server.search)
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            server.raise_failed_search()
            if not reading.done():
                continue
            line = reading.result()
            if line is None:
                # The end of input, as from a pipe or a file: the move asked for is still given.
                await server.finish_search()
                break
            if isinstance(line, SkippedLine):
                server.send(
                    f"info string skipped a line of {line.length} bytes: a command has at most "
                    f"{MAX_LINE_BYTES}"
                )
            elif not await server.handle(line.strip()):
                break
            reading = asyncio.ensure_future(lines.next())
    finally:
        try:
            reading.cancel()
            if server.search is not None:
                await cancel_and_wait(server.search)
        finally:
            await server.player.close()

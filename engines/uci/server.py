"""``rated-play engines uci NAME``: one opponent as a UCI engine on standard input and output.

It plays through the same :class:`~engines.opponents.player.EnginePlayer` as a rated game — the
entry's engine, options, limits, technique and variation — so anyone can play our opponents, or
check their ratings, with their own UCI tools. It honours ``go wtime/btime/winc/binc`` (the clock it
is told, as in a rated game) and ``go`` with no limits (its own limits alone); other limits in
``go`` (depth, nodes, movetime) are ignored, because the entry's own limits are its strength.

It keeps the rules of the UCI protocol (Stefan Meyer-Kahlen, April 2006): "the engine must
always be able to process input from stdin, even while thinking"; ``isready`` "must always be
answered with readyok and can be sent also when the engine is calculating"; ``stop`` means "stop
calculating as soon as possible, don't forget the bestmove", for "every go command a bestmove
command is needed"; "a nullmove from the Engine to the GUI should be sent as 0000"; an unknown
command is ignored. ``quit`` ends it at once with its engine processes, the end of input once
the move it was asked for is given. Input it cannot use (a refused position, a clock that is not
a number, a line over :data:`~engines.uci.input_lines.MAX_LINE_BYTES`) is answered with an
``info string`` that says so, never by ending the server.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import math
import sys
from typing import IO, Any, TextIO

import chess

from engines.cancelling import cancel_and_wait
from engines.errors import EngineUnavailableError
from engines.opponents.opponent import Opponent
from engines.opponents.player import ClockReading, EngineCrashError, EnginePlayer, engine_clock
from engines.uci.input_lines import MAX_LINE_BYTES, CommandLines, SkippedLine
from profiles.errors import printable

RESTARTS = 3
"""Restarts of a crashed engine for one search before the server gives up."""
SHOWN_CHARACTERS = 80
"""Of a piece of input repeated back in an ``info string``: enough to recognise it."""
CLOCK_KEYS = ("wtime", "btime", "winc", "binc")


def parse_position(tokens: list[str]) -> chess.Board | str:
    """``position startpos|fen FEN [moves …]`` (without the word ``position``), or why it
    cannot be played from."""
    if tokens[:1] == ["startpos"]:
        board, rest = chess.Board(), tokens[1:]
    elif tokens[:1] == ["fen"]:
        end = tokens.index("moves") if "moves" in tokens else len(tokens)
        try:
            board = chess.Board(" ".join(tokens[1:end]))
        except ValueError as error:
            return f"not a FEN ({shown(str(error))})"
        if not board.is_valid():
            # python-chess takes a FEN without a king, which crashes Stockfish: refuse what
            # the rules could not reach (python-chess's Board.status names each fault).
            status = board.status()
            faults = [str(f.name).lower().replace("_", " ") for f in chess.Status if f & status]
            return f"not a legal position ({', '.join(faults)})"
        rest = tokens[end:]
    else:
        return "it says neither 'startpos' nor 'fen'"
    for uci in rest[1:] if rest[:1] == ["moves"] else []:
        try:
            board.push_uci(uci)
        except ValueError:
            return f"the move {shown(uci)} cannot be played in {board.fen()}"
    return board


def parse_clock(tokens: list[str], board: chess.Board) -> tuple[ClockReading | None, list[str]]:
    """The clock of ``go wtime … btime … winc … binc …`` (milliseconds; None without one), and
    a sentence for each value that is not used as it was sent."""
    values: dict[str, float] = {}
    notes = []
    for key, value in itertools.pairwise(tokens):
        if key not in CLOCK_KEYS:
            continue
        try:
            seconds = float(value) / 1000.0
        except ValueError:
            seconds = math.nan
        if math.isnan(seconds):
            notes.append(f"ignored {key} {shown(value)}: not a number of milliseconds")
            continue
        values[key] = seconds
        if engine_clock(seconds) != seconds:  # an engine is told it clamped (clocked_limit)
            told = round(engine_clock(seconds) * 1000)
            notes.append(f"{key} {shown(value)} is told to the engine as {told}, its nearest")
    if "wtime" not in values and "btime" not in values:
        return None, notes
    increment = values.get("winc" if board.turn == chess.WHITE else "binc", 0.0)
    return ClockReading(values.get("wtime", 0.0), values.get("btime", 0.0), increment), notes


def shown(text: str) -> str:
    """A piece of input as an ``info string`` repeats it: short, and with no character a
    terminal or a GUI would act on (a carriage return could start a false ``bestmove``)."""
    if len(text) > SHOWN_CHARACTERS:
        text = text[:SHOWN_CHARACTERS] + "..."
    return printable(text)


class UciServer:
    def __init__(self, opponent: Opponent, output: TextIO) -> None:
        self.opponent = opponent
        self.player = EnginePlayer(opponent)
        self.output = output
        self.board: chess.Board | None = chess.Board()
        """None after a refused ``position``: nothing is played until one is set."""
        self.search: asyncio.Task[None] | None = None
        self.stop = asyncio.Event()

    def send(self, line: str) -> None:
        self.output.write(line + "\n")
        self.output.flush()

    async def handle(self, line: str) -> bool:
        """Act on one command; False once the server should stop."""
        tokens = line.split()
        command, arguments = (tokens[0], tokens[1:]) if tokens else ("", [])
        if command == "uci":
            self.send(f"id name rated-play {self.opponent.name}")
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
        elif command == "quit":
            return False
        return True

    def go(self, arguments: list[str]) -> None:
        if self.board is None:
            self.send("info string no position to play from: the last one was refused")
            self.send("bestmove 0000")
            return
        clock, notes = parse_clock(arguments, self.board)
        for note in notes:
            self.send(f"info string {note}")
        self.stop = asyncio.Event()
        self.search = asyncio.create_task(self.think(self.board.copy(), clock, self.stop))

    async def think(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event
    ) -> None:
        if board.is_game_over():
            self.send("bestmove 0000")
            return
        for _ in range(RESTARTS + 1):
            try:
                move = await self.player.play(board, clock, stop)
            except EngineCrashError:
                await self.player.restart()
                continue
            self.send(f"bestmove {move.uci()}")
            return
        raise EngineUnavailableError(f"{self.opponent.title} failed {RESTARTS + 1} times")

    async def stop_search(self) -> None:
        """End the search at once: its engine gives the best move it has (``stop``, and a
        ``position`` or ``go`` sent while it thinks, which the protocol does not foresee)."""
        self.stop.set()
        await self.finish_search()

    async def finish_search(self) -> None:
        """Wait for the move being thought about."""
        if self.search is not None:
            search, self.search = self.search, None
            await search

    def raise_failed_search(self) -> None:
        """Raise what a finished search raised (its engine could not be restarted)."""
        if self.search is not None and self.search.done():
            search, self.search = self.search, None
            search.result()


async def serve_uci(
    opponent: Opponent, input_stream: IO[Any] | None = None, output: TextIO | None = None
) -> None:
    output = output or sys.stdout
    if isinstance(output, io.TextIOWrapper):
        # Echoed input may hold any character; a terminal that cannot show one gets an escape.
        output.reconfigure(errors="backslashreplace")
    server = UciServer(opponent, output)
    lines = CommandLines(input_stream or sys.stdin)
    await server.player.start()
    lines.start()
    try:
        while (line := await lines.next()) is not None:
            if isinstance(line, SkippedLine):
                server.send(
                    f"info string skipped a line of {line.length} bytes: a command has at most "
                    f"{MAX_LINE_BYTES}"
                )
            elif not await server.handle(line.strip()):
                break
            server.raise_failed_search()
        else:
            # The end of input, as from a pipe or a file: the move asked for is still given.
            await server.finish_search()
    finally:
        try:
            if server.search is not None:
                await cancel_and_wait(server.search)
        finally:
            await server.player.close()

"""``rated-play engines uci NAME``: one opponent as a UCI engine on standard input and output.

It plays through the same :class:`~engines.player.EnginePlayer` as a rated game — the entry's
engine, options, limits, technique and variation — so anyone can play our opponents, or check
their ratings, with their own UCI tools. It honours ``go wtime/btime/winc/binc`` (the clock it
is told, as in a rated game) and ``go`` with no limits (its own limits alone); other limits in
``go`` (depth, nodes, movetime) are ignored, because the entry's own limits are its strength.
``isready`` is answered at once, even while it thinks; ``quit`` ends it at once with its
engine processes, the end of input once the move it was asked for is given.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sys
from typing import TextIO

import chess

from engines.errors import EngineUnavailableError
from engines.opponent import Opponent
from engines.player import ClockReading, EngineCrashError, EnginePlayer

RESTARTS = 3
"""Restarts of a crashed engine for one search before the server gives up."""


def parse_position(tokens: list[str]) -> chess.Board | None:
    """``position startpos|fen FEN [moves …]`` (without the word ``position``); None when it
    cannot be read."""
    try:
        if tokens[:1] == ["startpos"]:
            board, rest = chess.Board(), tokens[1:]
        elif tokens[:1] == ["fen"]:
            end = tokens.index("moves") if "moves" in tokens else len(tokens)
            board, rest = chess.Board(" ".join(tokens[1:end])), tokens[end:]
        else:
            return None
        for uci in rest[1:] if rest[:1] == ["moves"] else []:
            board.push_uci(uci)
    except ValueError:
        return None
    return board


def parse_clock(tokens: list[str], board: chess.Board) -> ClockReading | None:
    """The clock of ``go wtime … btime … winc … binc …`` (milliseconds), or None without one."""
    values: dict[str, float] = {}
    for key, value in itertools.pairwise(tokens):
        if key in ("wtime", "btime", "winc", "binc"):
            with contextlib.suppress(ValueError):
                values[key] = float(value) / 1000.0
    if "wtime" not in values and "btime" not in values:
        return None
    increment = values.get("winc" if board.turn == chess.WHITE else "binc", 0.0)
    return ClockReading(values.get("wtime", 0.0), values.get("btime", 0.0), increment)


class UciServer:
    def __init__(self, opponent: Opponent, output: TextIO) -> None:
        self.opponent = opponent
        self.player = EnginePlayer(opponent)
        self.output = output
        self.board = chess.Board()
        self.search: asyncio.Task[None] | None = None

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
            await self.finish_search()
            self.board = chess.Board()
        elif command == "position":
            await self.finish_search()
            board = parse_position(arguments)
            if board is None:
                self.send(f"info string cannot read the position: {' '.join(arguments)}")
            else:
                self.board = board
        elif command == "go":
            await self.finish_search()
            clock = parse_clock(arguments, self.board)
            self.search = asyncio.create_task(self.think(self.board.copy(), clock))
        elif command == "stop":
            await self.finish_search()
        elif command == "quit":
            return False
        return True

    async def think(self, board: chess.Board, clock: ClockReading | None) -> None:
        if board.is_game_over():
            self.send("bestmove 0000")
            return
        for _ in range(RESTARTS + 1):
            try:
                move = await self.player.play(board, clock)
            except EngineCrashError:
                await self.player.restart()
                continue
            self.send(f"bestmove {move.uci()}")
            return
        raise EngineUnavailableError(f"{self.opponent.title} failed {RESTARTS + 1} times")

    async def finish_search(self) -> None:
        """Wait for the move being thought about: every entry's search ends by itself."""
        if self.search is not None:
            search, self.search = self.search, None
            await search


async def serve_uci(
    opponent: Opponent, input_stream: TextIO | None = None, output: TextIO | None = None
) -> None:
    server = UciServer(opponent, output or sys.stdout)
    await server.player.start()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    source = input_stream or sys.stdin
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), source
    )
    try:
        while line := await reader.readline():
            if not await server.handle(line.decode("utf-8", errors="replace").strip()):
                break
            if server.search is not None and server.search.done():
                search, server.search = server.search, None
                search.result()
        else:
            # The end of input, as from a pipe: the move asked for is still given.
            await server.finish_search()
    finally:
        transport.close()
        if server.search is not None:
            server.search.cancel()
            with contextlib.suppress(BaseException):
                await server.search
        await server.player.close()

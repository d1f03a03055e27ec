"""The lines a UCI engine is sent, read from whatever its standard input is: a pipe, a terminal,
a file of commands (``< cmds.txt``), ``/dev/null``, or none at all (``<&-``).

asyncio can only watch pipes, sockets and terminals (a regular file or ``/dev/null`` is refused,
"Pipe transport is for pipes/sockets only"), and its line reader fails on a line over 64 KiB. So
one daemon thread reads the file descriptor with plain ``os.read``, which works on every kind of
file, and hands the event loop one line at a time, bounded in length and in number.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from dataclasses import dataclass
from typing import IO, Any

MAX_LINE_BYTES = 1 << 20
"""The longest line read; a longer one is skipped. The longest possible game (17,697 plies under
the 75-move rule) is about 106 KB as ``position startpos moves …``, well under a mebibyte."""
_CHUNK_BYTES = 1 << 16
_WAITING_LINES = 64
"""Lines read ahead of the server at most: a flood of input waits in the pipe, not in memory."""


@dataclass(frozen=True)
class SkippedLine:
    """A line longer than :data:`MAX_LINE_BYTES`, read to its end and thrown away."""

    length: int


Line = str | SkippedLine


class CommandLines:
    """The lines of ``stream`` (a binary or text file object), in order; :meth:`next` gives
    None at the end of input. Bytes that are not UTF-8 become U+FFFD, as they cannot be a
    command. Start it with :meth:`start` inside the running event loop."""

    def __init__(self, stream: IO[Any] | None) -> None:
        self._stream = stream
        self._queue: asyncio.Queue[Line | None] = asyncio.Queue()
        self._room = threading.Semaphore(_WAITING_LINES)
        self._ended = False

    def start(self) -> None:
        fd = _descriptor(self._stream)
        if fd is None:  # stdin closed (``<&-``): Python gives no sys.stdin, and fd 0 may be
            self._queue.put_nowait(None)  # an engine's pipe by now, so it is never read
            return
        loop = asyncio.get_running_loop()
        # A daemon: at ``quit`` it may still be blocked in read(), which nothing can interrupt.
        threading.Thread(target=self._read, args=(fd, loop), daemon=True).start()

    async def next(self) -> Line | None:
        if self._ended:
            return None
        line = await self._queue.get()
        self._room.release()
        self._ended = line is None
        return line

    def _read(self, fd: int, loop: asyncio.AbstractEventLoop) -> None:
        pending = bytearray()
        skipped = 0  # bytes of an over-long line thrown away so far
        while True:
            try:
                chunk = os.read(fd, _CHUNK_BYTES)
            except OSError:  # a terminal hung up (EIO), a descriptor gone: the end of input
                chunk = b""
            if not chunk:
                if pending or skipped:
                    self._hand(loop, _line(pending, skipped))
                self._hand(loop, None)
                return
            start = 0
            while (end := chunk.find(b"\n", start)) != -1:
                piece = chunk[start:end]
                if skipped or len(pending) + len(piece) > MAX_LINE_BYTES:
                    skipped += len(pending) + len(piece)
                else:
                    pending += piece
                if not self._hand(loop, _line(pending, skipped)):
                    return
                pending.clear()
                skipped, start = 0, end + 1
            rest = chunk[start:]
            if skipped or len(pending) + len(rest) > MAX_LINE_BYTES:
                skipped += len(pending) + len(rest)
                pending.clear()
            else:
                pending += rest

    def _hand(self, loop: asyncio.AbstractEventLoop, line: Line | None) -> bool:
        """Give the loop one line once it has room for it; False once the loop is gone."""
        self._room.acquire()
        try:
            loop.call_soon_threadsafe(self._queue.put_nowait, line)
        except RuntimeError:  # the loop is closed: the server has ended
            return False
        return True


def _line(data: bytearray, skipped: int) -> Line:
    if skipped:
        return SkippedLine(skipped)
    return data.decode("utf-8", errors="replace")


def _descriptor(stream: IO[Any] | None) -> int | None:
    if stream is None:
        return None
    with contextlib.suppress(OSError, ValueError):
        return stream.fileno()
    return None

"""``rated-play engines uci`` in a child process, driven as a GUI drives it: lines in, lines out
with the time they came, and every process it left behind found by a mark in its environment."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import IO

MARK = "RATED_PLAY_UCI_TEST"
"""An environment variable set for the server, which every engine it starts inherits."""


def server_argv(name: str, data_dir: Path, hang_window: float | None = None) -> list[str]:
    """The server's command line; with ``hang_window``, the server tells a hang after that
    many seconds instead of the shipped ``engines.hang.HANG_WINDOW``, as the tests in one
    process do (``tests.builders.shorten_the_hang_window``)."""
    start = ["-m", "rated_play"]
    if hang_window is not None:
        start = [
            "-c",
            f"import sys; from engines import hang; hang.HANG_WINDOW = {hang_window!r}; "
            "from rated_play.cli import main; sys.exit(main())",
        ]
    return [sys.executable, *start, "engines", "uci", name, "--data-dir", str(data_dir)]


def marked_env(mark: str) -> dict[str, str]:
    return {**os.environ, MARK: mark}


def new_mark() -> str:
    return uuid.uuid4().hex


def marked_processes(mark: str) -> list[int]:
    """Live processes started with ``mark`` (the server and its engines); a zombie has no
    environment left and is not counted."""
    needle = f"{MARK}={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes()
            except OSError:
                continue
            if needle in environ.split(b"\0"):
                found.append(int(entry.name))
    return found


def none_left(mark: str, within: float = 10.0) -> bool:
    """Whether every process of ``mark`` is gone within ``within`` seconds (a killed engine takes
    a moment to be reaped)."""
    deadline = time.monotonic() + within
    while marked_processes(mark):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


class UciProcess:
    """The server with pipes on all three streams; its output is read by a thread, so a test
    can wait for a line with a deadline instead of blocking for ever."""

    def __init__(
        self,
        name: str,
        data_dir: Path,
        env: dict[str, str] | None = None,
        hang_window: float | None = None,
    ) -> None:
        self.mark = new_mark()
        self.process = subprocess.Popen(
            server_argv(name, data_dir, hang_window),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**marked_env(self.mark), **(env or {})},
        )  # fmt: skip
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._errors: list[bytes] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        threading.Thread(target=self._read_lines, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._read_errors, args=(self.process.stderr,), daemon=True).start()
        self.seen: list[str] = []

    def _read_lines(self, stream: IO[bytes]) -> None:
        for raw in stream:
            self._lines.put(raw.decode("utf-8", errors="replace").rstrip("\n"))
        self._lines.put(None)

    def _read_errors(self, stream: IO[bytes]) -> None:
        self._errors.extend(stream)

    @property
    def stderr(self) -> str:
        return b"".join(self._errors).decode("utf-8", errors="replace")

    def send(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else line.encode()
        assert self.process.stdin is not None
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def end_input(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()

    def expect(self, word: str, within: float) -> str:
        """The next line that starts with ``word``; fails after ``within`` seconds or at the
        end of output."""
        started = time.monotonic()
        while True:
            left = within - (time.monotonic() - started)
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                raise AssertionError(
                    f"no {word!r} within {within} s; saw {self.seen[-5:]}"
                ) from None
            if line is None:
                raise AssertionError(f"output ended before {word!r}; stderr: {self.stderr}")
            self.seen.append(line)
            if line.split()[:1] == [word]:
                return line

    def silent(self, word: str, within: float) -> None:
        """Fails if a line that starts with ``word`` comes within ``within`` seconds, or the
        server ends."""
        try:
            line = self.expect(word, within)
        except AssertionError:
            assert self.process.poll() is None, f"the server ended; stderr: {self.stderr}"
            return
        raise AssertionError(f"{line!r} came within {within} s")

    def rest(self) -> list[str]:
        """Every line still to come (added to :attr:`seen`); call once the server has exited."""
        lines = []
        while (line := self._lines.get(timeout=10)) is not None:
            lines.append(line)
        self.seen.extend(lines)
        return lines

    def wait(self, within: float) -> int:
        return self.process.wait(timeout=within)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def run_server(
    name: str,
    data_dir: Path,
    stdin: int | IO[bytes] | None = None,
    *,
    input: str | bytes | None = None,
    argv_prefix: Sequence[str] = (),
    env: dict[str, str] | None = None,
) -> tuple[subprocess.CompletedProcess[bytes], str]:
    """The server run to its end, with ``stdin`` as it is given (a file, DEVNULL) or ``input``
    piped in; its output and its mark."""
    mark = new_mark()
    result = subprocess.run(
        [*argv_prefix, *server_argv(name, data_dir)],
        stdin=stdin, input=input.encode() if isinstance(input, str) else input,
        capture_output=True, timeout=60, check=False, env={**marked_env(mark), **(env or {})},
    )  # fmt: skip
    return result, mark

"""Starting an opponent's engine process and applying its strength settings."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

import chess.engine

from engines.cancelling import own_cancellation
from engines.discovery import find_engine
from engines.errors import EngineUnavailableError
from engines.opponents.opponent import Opponent, Protocol

STARTUP_TIMEOUT = 20.0
"""Seconds an engine may take to answer its protocol handshake before it counts as broken."""
REAP_TIMEOUT = 2.0
"""Seconds to wait for a killed engine's exit to be seen."""
PROTOCOL_NAMES = {Protocol.UCI: "UCI", Protocol.XBOARD: "the xboard protocol"}
HANDSHAKES = {
    Protocol.UCI: "UCI handshake (uci, uciok)",
    Protocol.XBOARD: "xboard handshake (xboard, protover 2, feature done=1)",
}


class _UciEngine(chess.engine.UciProtocol):
    """A UCI engine whose standard error is kept (:func:`last_words`)."""

    last_words: str | None = None

    def error_line_received(self, line: str) -> None:
        self.last_words = line.strip() or self.last_words


class _XBoardEngine(chess.engine.XBoardProtocol):
    """An xboard engine whose standard error is kept (:func:`last_words`)."""

    last_words: str | None = None

    def error_line_received(self, line: str) -> None:
        self.last_words = line.strip() or self.last_words


def last_words(engine: chess.engine.Protocol) -> str | None:
    """The last line the engine wrote on its standard error: an engine that ends says why
    there (``rated-play-maia: … is cut short or damaged``), and the player reads it in the
    engine's own words. Taken from a pipe, not left on the app's terminal, where it would be
    written over the screen."""
    said = getattr(engine, "last_words", None)
    return said if isinstance(said, str) else None


def resolve_command(opponent: Opponent) -> Path:
    path = find_engine(opponent.command)
    if path is None:
        hint = f" (install the Debian package '{opponent.package}')" if opponent.package else ""
        raise EngineUnavailableError(
            f"the engine '{opponent.command}' for {opponent.title} is not installed{hint}"
        )
    return path


async def open_engine(opponent: Opponent) -> chess.engine.Protocol:
    """Start the engine with the opponent's options applied; it is ready to play.

    A failed start kills the process and every process it started (a wrapper script's engine)
    before raising, so nothing is left running.
    """
    path = resolve_command(opponent)
    kind: type[chess.engine.Protocol]
    kind = _UciEngine if opponent.protocol is Protocol.UCI else _XBoardEngine
    failed = f"{opponent.title} could not be started from {path}"
    try:
        _, engine = await kind.popen([str(path), *opponent.args], stderr=asyncio.subprocess.PIPE)
    except OSError as error:
        raise EngineUnavailableError(f"{failed}: {error.strerror or error}") from error
    try:
        await asyncio.wait_for(engine.initialize(), timeout=STARTUP_TIMEOUT)
    except (chess.engine.EngineError, TimeoutError) as error:
        await kill_and_reap(engine)
        why = _why_not_started(opponent, error)
        raise EngineUnavailableError(f"{failed}: {with_last_words(why, engine)}") from error
    except BaseException:  # cancelled, or a bug: the process goes with it
        kill_engine(engine)
        raise
    settings = dict(opponent.engine_options)
    try:
        if settings:
            await engine.configure(settings)
            if opponent.protocol is Protocol.UCI:
                # UCI's setoption has no answer, so an engine applies its settings (Stockfish
                # allocates and clears its hash table, up to a fifth of a second for 64 MB)
                # during whatever is sent next: the first move's search, on its clock.
                # isready "can take some time to complete" and waits for them here.
                await asyncio.wait_for(engine.ping(), timeout=STARTUP_TIMEOUT)
    except TimeoutError as error:
        await kill_and_reap(engine)
        raise EngineUnavailableError(
            f"{opponent.title} did not answer isready within {STARTUP_TIMEOUT:.0f} s of being "
            f"given its settings {settings}"
        ) from error
    except chess.engine.EngineError as error:
        if isinstance(error, chess.engine.EngineTerminatedError):
            await heard_out(engine)  # an engine that ends on its settings says why first
        why = with_last_words(str(error), engine)
        await close_engine(engine)
        raise EngineUnavailableError(
            f"{opponent.title} rejected its settings {settings}: {why}"
        ) from error
    except BaseException:  # cancelled while it applies them: the process goes with it
        kill_engine(engine)
        raise
    return engine


async def heard_out(engine: chess.engine.Protocol) -> None:
    """Let an engine that ended finish saying why: its exit can be seen before the last of
    its standard error is read from the pipe."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(engine.returncode), timeout=REAP_TIMEOUT)
    transport = getattr(engine, "transport", None)
    pipe = None if transport is None else transport.get_pipe_transport(2)
    for _ in range(20):  # each turn of the loop reads what the pipe holds
        if pipe is None or pipe.is_closing():
            return
        await asyncio.sleep(0.005)


def with_last_words(what: str, engine: chess.engine.Protocol) -> str:
    """``what`` happened, followed by what the engine said last on its standard error."""
    said = last_words(engine)
    return what if said is None else f"{what}; it said: {said}"


def _why_not_started(opponent: Opponent, error: Exception) -> str:
    """Why an engine's handshake failed, as the end of a sentence."""
    if isinstance(error, TimeoutError):
        handshake = HANDSHAKES[opponent.protocol]
        return (
            f"it did not answer the {handshake} within {STARTUP_TIMEOUT:.0f} s; check that it is "
            f"a chess engine that speaks {PROTOCOL_NAMES[opponent.protocol]}"
        )
    if isinstance(error, chess.engine.EngineTerminatedError):
        return f"it exited during the {HANDSHAKES[opponent.protocol]} ({error})"
    return str(error) or type(error).__name__


async def kill_and_reap(engine: chess.engine.Protocol) -> None:
    """Kill the engine (:func:`kill_engine`) and wait briefly until its exit is seen, so that
    no watcher of its process outlives the event loop: ``asyncio.run`` closing the loop first
    printed "Loop … that handles pid … is closed" and a traceback on stderr."""
    kill_engine(engine)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(engine.returncode), timeout=REAP_TIMEOUT)


async def close_engine(engine: chess.engine.Protocol) -> None:
    """Quit politely, and kill the process if it does not go. A caller cancelled while it
    waits has the process killed and its cancellation raised: no engine outlives its closing,
    and no caller told to stop goes on (:mod:`engines.cancelling`)."""
    try:
        await asyncio.wait_for(engine.quit(), timeout=2.0)
    except (chess.engine.EngineError, TimeoutError, OSError):
        await kill_and_reap(engine)
    except asyncio.CancelledError:
        kill_engine(engine)
        if own_cancellation():
            raise


def kill_engine(engine: chess.engine.Protocol) -> None:
    """Kill the engine's process and every process under it: a wrapper script that starts the
    engine without ``exec`` leaves it running, re-parented to init, when only the script dies."""
    transport = getattr(engine, "transport", None)
    if transport is None:
        return
    pid = transport.get_pid()
    if transport.get_returncode() is None:  # not reaped: the pid is still the engine's
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGSTOP)  # no new child while its children are found
        for descendant in _descendants(pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(descendant, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError, OSError):
        transport.kill()


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid``, from /proc (the kernel's ``children`` lists of each of its
    threads, Linux 3.5 and later); none where /proc cannot tell."""
    found: list[int] = []
    parents = [pid]
    while parents:
        parent = parents.pop()
        try:
            tasks = list(Path(f"/proc/{parent}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(child) for child in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            found.extend(children)
            parents.extend(children)
    return found

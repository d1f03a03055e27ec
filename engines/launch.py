"""Starting an opponent's engine process and applying its strength settings."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import chess.engine

from engines.cancelling import own_cancellation
from engines.discovery import find_engine
from engines.errors import EngineUnavailableError
from engines.opponents.opponent import Opponent, Protocol

STARTUP_TIMEOUT = 20.0
"""Seconds an engine may take to answer its protocol handshake before it counts as broken."""


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

    A failed start closes the process before raising, so nothing is left running.
    """
    path = resolve_command(opponent)
    command = [str(path), *opponent.args]
    try:
        engine: chess.engine.Protocol
        if opponent.protocol is Protocol.UCI:
            _, engine = await asyncio.wait_for(
                chess.engine.popen_uci(command), timeout=STARTUP_TIMEOUT
            )
        else:
            _, engine = await asyncio.wait_for(
                chess.engine.popen_xboard(command), timeout=STARTUP_TIMEOUT
            )
    except (OSError, chess.engine.EngineError, TimeoutError) as error:
        raise EngineUnavailableError(
            f"{opponent.title} could not be started from {path}: {error or type(error).__name__}"
        ) from error
    try:
        if opponent.options:
            await engine.configure(dict(opponent.options))
    except (chess.engine.EngineError, TimeoutError) as error:
        await close_engine(engine)
        raise EngineUnavailableError(
            f"{opponent.title} rejected its settings {dict(opponent.options)}: {error}"
        ) from error
    return engine


async def close_engine(engine: chess.engine.Protocol) -> None:
    """Quit politely, and kill the process if it does not go. A caller cancelled while it
    waits has the process killed and its cancellation raised: no engine outlives its closing,
    and no caller told to stop goes on (:mod:`engines.cancelling`)."""
    try:
        await asyncio.wait_for(engine.quit(), timeout=2.0)
    except (chess.engine.EngineError, TimeoutError, OSError):
        kill_engine(engine)
    except asyncio.CancelledError:
        kill_engine(engine)
        if own_cancellation():
            raise


def kill_engine(engine: chess.engine.Protocol) -> None:
    transport = getattr(engine, "transport", None)
    if transport is not None:
        with contextlib.suppress(ProcessLookupError, OSError):
            transport.kill()

"""Stopping a task of our own, and closing what we opened, without losing the caller's
cancellation."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any


async def cancel_and_wait(task: asyncio.Future[Any]) -> None:
    """Cancel ``task`` and wait until it has ended, whatever it ends with: its answer is
    thrown away, and so is any error it raises on the way out (an engine that died while its
    search was being stopped).

    The cancellation of the caller itself passes through, as do KeyboardInterrupt and
    SystemExit. Both cancellations arrive as the same :class:`asyncio.CancelledError`; the
    caller's is the one its own task counts (:meth:`asyncio.Task.cancelling`, Python 3.11,
    https://docs.python.org/3/library/asyncio-task.html#asyncio.Task.cancelling). Swallowing
    it, as ``suppress(BaseException)`` did, left a caller running that had been told to stop.
    """
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        if own_cancellation():
            raise
    except Exception:  # the answer of a task we stopped is not wanted
        pass


def own_cancellation() -> bool:
    """Whether the running task has been told to stop: a :class:`asyncio.CancelledError` caught
    now is its own, to be raised, not that of a task it stopped."""
    current = asyncio.current_task()
    return current is not None and current.cancelling() > 0


async def close_all(*closes: Callable[[], Awaitable[None]]) -> None:
    """Run every close in turn, even when the caller is cancelled during one: each still runs
    (an engine left open would outlive the program), and the cancellation is raised once they
    all have."""
    cancelled: asyncio.CancelledError | None = None
    for close in closes:
        try:
            await close()
        except asyncio.CancelledError as error:
            cancelled = error
    if cancelled is not None:
        raise cancelled

"""Stopping a task of our own without losing the caller's cancellation."""

from __future__ import annotations

import asyncio
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
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise
    except Exception:  # the answer of a task we stopped is not wanted
        pass

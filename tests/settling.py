"""Waiting for the app to have handled what it was sent, by its messages rather than the clock.

Textual's pilot waits after each key it presses (twice) and at ``pilot.pause()`` with
``textual._wait.wait_for_idle``: it sleeps in slices of 20 ms until one passes in which the
process used under 1 ms of CPU. So every key cost at least 40 ms asleep whatever it did, and
more while a clock ticked on the screen: in the fast tier that was about a third of the time
the UI tests took (``test_a_whole_game_played_with_the_keyboard_cursor``: 18 s, 3 s of it CPU).

:func:`settled` waits for what that sleep stands for, and no longer: until the app and every
widget of its screen have handled each message they were sent, and the messages those sent in
turn, and the screen is up to date. A widget is busy while its queue holds a message, while it
is handling one (:func:`counting_dispatch` keeps that count on it, since Textual's queue does
not count what it handed out), or while a callback waits to run after one; the wait is for the
widgets that are busy, without a message sent to the others. What the app does off its queues
(an opponent's move, a ledger write in a thread) was never promised by the pilot's sleep
either: a test waits for it by its condition (``tests.ui.driving.wait_until``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from textual._context import active_app
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump

SETTLE_TIMEOUT = 30.0
"""Seconds the app may take to handle its messages before a test is told it never did: the
pilot's own limit for a screen (``Pilot._wait_for_screen``)."""

HANDLING_LOOK = 0.001
"""Seconds between looks at the widgets that were busy: a millisecond is nothing beside the
20 ms slices of the pilot's own wait, and few looks are made in it."""

DRIVER_TURNS = 3
"""Turns of the event loop a key sent through the headless driver takes to reach the app's
queue: the driver hands it over with ``asyncio.run_coroutine_threadsafe``, whose callback runs
in the next turn and starts the task that posts it in the one after."""


def _leaving(app: App[object]) -> bool:
    """Whether the app is going down: asked to exit, or failed with an error for run_test to
    raise."""
    return app._exit or app._exception_event.is_set() or not app.is_running


HANDLING = "_settling_handling"
"""The attribute :func:`counting_dispatch` keeps on each widget: how many messages it is
handling now (one, or more while handling one dispatches another, as mounting does)."""


def counting_dispatch(
    dispatch: Callable[[MessagePump, Message], Awaitable[None]],
) -> Callable[[MessagePump, Message], Awaitable[None]]:
    """``MessagePump._dispatch_message`` that keeps count, on the widget, of the messages it is
    handling: a widget whose queue is empty may still be in the middle of one."""

    async def dispatch_counted(pump: MessagePump, message: Message) -> None:
        setattr(pump, HANDLING, getattr(pump, HANDLING, 0) + 1)
        try:
            await dispatch(pump, message)
        finally:
            setattr(pump, HANDLING, getattr(pump, HANDLING) - 1)

    return dispatch_counted


def _resizing(app: App[object]) -> bool:
    """Whether the app has a new terminal size still to give its screen: Textual waits 1/120 s
    (``App._on_resize``'s timer) so that a burst of sizes is laid out once."""
    return app._resize_timer is not None or app._resize_event is not None


def _busy(pump: MessagePump) -> bool:
    """Whether ``pump`` has a message to handle, is handling one, or has a callback to run
    after it; or, the app, a new terminal size still to lay out."""
    if isinstance(pump, App) and _resizing(pump):
        return True
    return bool(
        not pump._message_queue.empty() or getattr(pump, HANDLING, 0) or pump._next_callbacks
    )


def _pumps(app: App[object]) -> list[MessagePump]:
    """The app and every widget of its current screen."""
    try:
        screen = app.screen
    except Exception:  # the app has closed its screens: nothing is left to handle
        return []
    return [app, *screen.walk_children(with_self=True)]


def _update_due(app: App[object]) -> bool:
    """Whether the screen has an update its 60 Hz timer is due to do: a layout, a repaint, a
    recompose, or a callback asked for after the refresh."""
    try:
        screen = app.screen
    except Exception:
        return False
    if screen._layout_required or screen._repaint_required or screen._recompose_required:
        return True
    return bool(screen._dirty_widgets or screen._callbacks or screen._scroll_required)


async def _handled(app: App[object], pumps: list[MessagePump], deadline: float) -> None:
    """Until none of ``pumps`` is busy, or the app is leaving: looked at every loop turn that
    gives the others time, since a widget handling a message may wait on a thread."""
    while any(_busy(pump) for pump in pumps) and not _leaving(app):
        if time.monotonic() > deadline:
            raise AssertionError(f"the app had not handled its messages after {SETTLE_TIMEOUT} s")
        await asyncio.sleep(HANDLING_LOOK)


async def settled(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Until the running app has handled every message it and its screen's widgets were sent,
    and has brought its screen up to date; or until it is leaving.

    It takes ``wait_for_idle``'s arguments so that it can stand in for it; neither is a sleep
    here, since nothing is measured by the clock.
    """
    del min_sleep, max_sleep
    app = active_app.get()
    for _ in range(DRIVER_TURNS):
        await asyncio.sleep(0)
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while not _leaving(app):
        busy = [pump for pump in _pumps(app) if _busy(pump)]
        if busy:
            await _handled(app, busy, deadline)
        elif _update_due(app):
            # The screen's update now rather than at its timer's next tick, as the pilot's own
            # pause does: what it lays out, repaints and calls back is then handled in turn.
            app.screen._on_timer_update()
            await asyncio.sleep(0)
        else:
            return

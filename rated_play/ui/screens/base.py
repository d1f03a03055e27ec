"""What the screens share: a screen closes itself once (:func:`close`), and a screen with
workers tells the app of a failed one, which shows it."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from rated_play.ui.messages import WorkerFailed


def close(screen: Screen[Any]) -> None:
    """Take ``screen`` off the top, if it is still there.

    Keys reach a screen through its queue: two queued before it handles the first (typed fast,
    or on a busy machine) each closed "it", and Textual's pop takes whatever is on top, so the
    second closed the screen below (a game, which was then left and lost)."""
    if screen.app.screen is screen:
        screen.dismiss()


class WorkingScreen(Screen[None]):
    """A screen whose workers (engine start, engine moves, draw offers) may fail.

    Workers are declared with ``exit_on_error=False``; this is the one place their failures
    are caught: the app is told (:class:`~rated_play.ui.messages.WorkerFailed`), so the player
    sees a sentence instead of a traceback: a :class:`~profiles.errors.UserError`'s own, or,
    for an error the app did not expect, where its traceback was written.
    """

    # The app's help key, first in the footer of the two screens with the most keys (the
    # setup's and the game's): at the end, after theirs, 80 columns cut it off. The app's
    # own F1 binding does the work.
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f1", "app.help", "Help")]

    @on(Worker.StateChanged)
    def worker_failed(self, event: Worker.StateChanged) -> None:
        if event.state is not WorkerState.ERROR:
            return
        error = event.worker.error
        assert error is not None
        self.app.post_message(WorkerFailed(error))
        self.on_worker_failed()

    def on_worker_failed(self) -> None:
        """Put the screen back in a usable state after a failed worker."""

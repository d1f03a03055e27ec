"""What every screen with workers shares: a failed worker becomes an error dialog."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from profiles.errors import UserError
from rated_play.error_log import log_unexpected


class WorkingScreen(Screen[None]):
    """A screen whose workers (engine start, engine moves, draw offers) may fail.

    Workers are declared with ``exit_on_error=False``; this is the one place their failures
    are caught, so the player sees a sentence instead of a traceback: a
    :class:`~profiles.errors.UserError`'s own, or, for an error the app did not expect, where
    its traceback was written (:func:`rated_play.error_log.log_unexpected`).
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
        # Loaded when needed, as every screen is (docs/architecture.md).
        from rated_play.ui.app import RatedPlayApp  # noqa: PLC0415
        from rated_play.ui.screens.error import ErrorDialog  # noqa: PLC0415

        assert isinstance(self.app, RatedPlayApp) and error is not None
        if isinstance(error, UserError):
            message = str(error) or type(error).__name__
        else:
            message = log_unexpected(self.app.data_dir, error)

        self.app.push_screen(ErrorDialog("Something went wrong", message))
        self.on_worker_failed()

    def on_worker_failed(self) -> None:
        """Put the screen back in a usable state after a failed worker."""

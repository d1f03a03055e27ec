"""The rated-play app, built from its dependencies: the ledger, the engine pool, the options."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from engines.pool import Pool
from profiles.ledger import Ledger
from rated_play.ui.screens.confirm import quit_dialog
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.setup import SetupScreen

LEAVING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the app: a game on is recorded as abandoned before the app exits."""


@dataclass(frozen=True)
class AppOptions:
    ascii_pieces: bool = False
    """Draw pieces as letters, for terminals without the chess glyphs."""
    handle_signals: bool = True
    """Install the SIGTERM/SIGHUP handlers (a test may leave the process's own alone)."""
    on_leaving_signal: Callable[[int], None] | None = None
    """Called with the exit status once a leaving signal's game is recorded."""


class RatedPlayApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "rated-play"
    # The command palette could run actions behind the rules' back (quit without asking).
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # Ctrl+C is the reflex for "get me out": it asks, like the quit key, instead of copying.
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, ledger: Ledger, pool: Pool, options: AppOptions | None = None) -> None:
        super().__init__()
        self.ledger = ledger
        self.pool = pool
        self.options = options or AppOptions()
        self._asking_to_quit = False

    def on_mount(self) -> None:
        if self.options.handle_signals:
            loop = asyncio.get_running_loop()
            for signum in LEAVING_SIGNALS:
                loop.add_signal_handler(signum, self.leave_on_signal, signum)
        self.push_screen(
            SetupScreen(self.ledger, self.pool, ascii_pieces=self.options.ascii_pieces)
        )

    def on_unmount(self) -> None:
        if self.options.handle_signals:
            loop = asyncio.get_running_loop()
            for signum in LEAVING_SIGNALS:
                loop.remove_signal_handler(signum)

    @property
    def game_in_play(self) -> GameScreen | None:
        """The screen of the rated game going on, if any."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.in_play:
                return screen
        return None

    async def action_quit(self) -> None:
        game_screen = self.game_in_play
        if game_screen is None:
            self.exit()
            return
        if self._asking_to_quit:
            return
        self._asking_to_quit = True

        def leave(confirmed: bool | None) -> None:
            self._asking_to_quit = False
            if confirmed and game_screen.in_play:
                game_screen.abandon()
                self.exit()

        self.push_screen(quit_dialog(), leave)

    def leave_on_signal(self, signum: int) -> None:
        """The terminal closed or the process was told to stop: the game is lost, then exit."""
        game_screen = self.game_in_play
        if game_screen is not None:
            game_screen.abandon()
        status = 128 + signum
        if self.options.on_leaving_signal is not None:
            self.options.on_leaving_signal(status)
        self.exit(return_code=status)

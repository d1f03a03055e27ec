"""The rated-play app, built from its dependencies: the ledger, the engine pool, the options."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App
from textual.binding import Binding, BindingType

from engines.opponents.pool import Pool
from engines.opponents.seated import Seating, seat_engine
from profiles.errors import UserError, printable, sentence
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord
from rated_play.error_log import log_unexpected
from rated_play.ui import messages
from rated_play.ui.display import DisplayOptions
from rated_play.ui.screens.setup import PaceFactory, SetupScreen

if TYPE_CHECKING:
    from rated_play.ui.screens.game import GameScreen

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
    on_first_paint: Callable[[], None] | None = None
    """Called once the first screen is painted."""
    seating: Seating = seat_engine
    """Who sits across the board as an opponent of the pool: its engine (a test may seat a
    scripted one)."""
    paces: PaceFactory | None = None
    """The opponent's pace when believable thinking is on: a person's, drawn at random
    (a test may fix its draws); None for :class:`~rated_play.session.ThinkingPace` itself."""


def abandonment_notice(record: GameRecord) -> str:
    """One sentence for a game closed as a loss because its player left it."""
    started = record.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
    return (
        f"Your {record.time_class.label} game against "
        f"{printable(record.against(record.opponent_rating))}, started {started}, was left "
        "before it ended: it is "
        "scored as a loss by abandonment, as a rated game left unfinished always is."
    )


SCREEN_STYLES = sorted((Path(__file__).parent / "screens").glob("*.tcss"))
"""The screens' stylesheets, each named by its screen's CSS_PATH."""


class RatedPlayApp(App[None]):
    """The app: it shows the setup first, and what comes next when a screen posts one of
    :mod:`rated_play.ui.messages` (each screen after the first is imported where it is first
    shown, so the first screen does not wait for it)."""

    # The first screen's styles load with the app's: a screen's own CSS_PATH, read when the
    # screen is pushed, makes Textual parse every stylesheet again before the first paint.
    # The other screens' load together when the first of them is pushed (load_screen_styles).
    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", "screens/setup.tcss"]
    TITLE = "rated-play"
    # The command palette could run actions behind the rules' back (quit without asking):
    # it stays off, and Ctrl+P, the key that opens it elsewhere, shows the help instead.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # Ctrl+C is the reflex for "get me out": it asks, like the quit key, instead of copying.
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        # Priority: a dialog (a modal screen) takes every other key of the app's for itself.
        Binding("f1", "help", "Help", priority=True),
        Binding("ctrl+p", "help", "Help", show=False, priority=True),
        # "?" is a character: where typed text goes, it is text (check_action).
        Binding("question_mark", "help('?')", "Help", show=False, priority=True),
    ]

    def __init__(self, ledger: Ledger, pool: Pool, options: AppOptions | None = None) -> None:
        super().__init__()
        self.ledger = ledger
        self.pool = pool
        self.options = options or AppOptions()
        self.display_options = DisplayOptions(ascii_pieces=self.options.ascii_pieces)
        """What every piece drawn reads (:func:`rated_play.ui.display.display_options`)."""
        self.farewell: str | None = None
        """What the terminal is told once the app is gone: the game left, scored as a loss."""

    @property
    def data_dir(self) -> Path:
        """The data directory: the ledger's."""
        return self.ledger.directory.root

    def get_default_screen(self) -> SetupScreen:
        # The setup screen is the app's first screen, not one pushed over an empty default
        # screen that Textual would compose, style and switch away from first.
        return SetupScreen(self.ledger, self.pool, self.options.seating, self.options.paces)

    def on_mount(self) -> None:
        if self.options.handle_signals:
            loop = asyncio.get_running_loop()
            for signum in LEAVING_SIGNALS:
                loop.add_signal_handler(signum, self.leave_on_signal, signum)
        if self.notice_due():
            # The notice comes with the setup's first paint, before the setup takes a key:
            # a moment after it, an F5 pressed meanwhile met the notice instead of a game.
            self.close_abandoned_games()
        self.call_after_refresh(self.first_screen_painted)

    def notice_due(self) -> bool:
        """Whether a game left unfinished is to be closed or told of: two reads of the
        ledger, where closing one loads the session, which the first paint does not wait for
        when there is nothing to close."""
        try:
            return bool(self.ledger.stale_games() or self.ledger.untold_abandonments())
        except UserError:
            return False  # a damaged ledger: said once the first screen is painted

    def first_screen_painted(self) -> None:
        if self.options.on_first_paint is not None:
            self.options.on_first_paint()
        if not self.settled:
            # Not before: a game left pending meanwhile (by another copy of the app) reads
            # as the loss it is to every reader (the card included).
            self.close_abandoned_games()
        self.tell_of_damaged_rows()

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        self.load_screen_styles()
        return super().push_screen(*args, **kwargs)

    def load_screen_styles(self) -> None:
        """Every screen's stylesheet, in one parse, at the first push of a screen over the
        setup (a parse that push made anyway). Read at each screen's first push instead, every
        sheet was parsed again and every mounted widget restyled at the first game, then again
        at the first help (its clock running), result, review. Each sheet's rules start with
        its screen's name, so loading them early styles nothing else, and the widgets already
        mounted need no restyling; the screens keep their CSS_PATH for a test's host app."""
        unread = [p for p in SCREEN_STYLES if not self.stylesheet.has_source(str(p), "")]
        if unread:
            self.stylesheet.read_all(unread)
            self.stylesheet.reparse()

    settled = False
    """True once the games a dead process left are closed and the player told of them: what
    the app does at its start is done."""

    def close_abandoned_games(self) -> None:
        """Close the games a process left when it died (killed, crashed, power cut) as the
        losses they are, and tell the player, once, of every game scored as a loss by
        abandonment that nobody could tell them about (those too that a closed terminal or a
        signal ended)."""
        from rated_play.session import close_abandoned_games  # noqa: PLC0415

        try:
            closed = close_abandoned_games(self.ledger)
            untold = self.ledger.untold_abandonments()
            for record in untold:
                self.ledger.mark_abandonment_told(record.id)
        except UserError:
            self.settled = True
            return  # a full disk: the games stay pending, read as losses by every reader
        self.settled = True
        if untold:
            lines = [abandonment_notice(record) for record in untold]
            lines += [note for report in closed for note in report.notes]
            self.tell("A rated game was left unfinished", "\n\n".join(lines))

    def tell_of_damaged_rows(self) -> None:
        """Rows the first screen could not read were left out of it: said once, as the
        commands say it, naming each row by its id."""
        damaged = self.ledger.damaged_notice()
        if damaged is not None:
            self.tell("The ledger is damaged", sentence(damaged))

    def tell(self, title: str, message: str) -> None:
        """A problem for the player to read, in a dialog over the screen shown."""
        from rated_play.ui.screens.error import ErrorDialog  # noqa: PLC0415

        self.push_screen(ErrorDialog(title, message))

    # -- the flow: what a screen said happened, and what comes next ---------------------

    @on(messages.GameStarted)
    async def show_game(self, message: messages.GameStarted) -> None:
        # The game's modules load when a game starts, not before the first screen is painted.
        from rated_play.ui.screens.game import GameScreen  # noqa: PLC0415

        await self.push_screen(GameScreen(message.game, message.setup))

    @on(messages.GameEnded)
    def show_result(self, message: messages.GameEnded) -> None:
        from rated_play.ui.screens.result import ResultScreen  # noqa: PLC0415

        game_screen = message.game_screen
        if game_screen not in self.screen_stack:
            return  # the app is closing
        # The result takes the game screen's place, not that of a screen over it (the help,
        # opened since): one left above would bring the ended game back after it.
        while self.screen is not game_screen:
            self.pop_screen()
        self.switch_screen(ResultScreen(message.game, message.report))

    @on(messages.ReviewWanted)
    def show_review(self, message: messages.ReviewWanted) -> None:
        from rated_play.ui.screens.review import ReviewScreen  # noqa: PLC0415

        self.push_screen(ReviewScreen(self.ledger, message.game_id, ply=message.ply))

    @on(messages.PastGameWanted)
    def show_past_game(self, message: messages.PastGameWanted) -> None:
        from rated_play.ui.screens.game_viewer import GameViewerScreen  # noqa: PLC0415

        self.push_screen(GameViewerScreen(self.ledger, message.game_id, message.player))

    @on(messages.GamesWanted)
    def show_games(self, message: messages.GamesWanted) -> None:
        from rated_play.ui.screens.games import GamesScreen  # noqa: PLC0415

        self.push_screen(GamesScreen(self.ledger, message.profile))

    @on(messages.HistoryWanted)
    def show_history(self, message: messages.HistoryWanted) -> None:
        from rated_play.ui.screens.history import HistoryScreen  # noqa: PLC0415

        self.push_screen(HistoryScreen(self.ledger, message.profile, message.time_class))

    @on(messages.CalculatorWanted)
    def show_calculator(self, message: messages.CalculatorWanted) -> None:
        from rated_play.ui.screens.calculator import CalculatorScreen  # noqa: PLC0415

        calculator = CalculatorScreen.for_game(
            message.card, message.time_class, message.opponent_rating
        )
        self.push_screen(calculator)

    @on(messages.RatingTableWanted)
    def show_rating_table(self) -> None:
        from rated_play.ui.screens.rating_table import RatingTableScreen  # noqa: PLC0415

        self.push_screen(RatingTableScreen())

    @on(messages.LeaderboardWanted)
    def show_leaderboard(self) -> None:
        from rated_play.ui.screens.leaderboard import LeaderboardScreen  # noqa: PLC0415

        self.push_screen(LeaderboardScreen(self.ledger))

    @on(messages.WorkerFailed)
    def tell_of_failed_worker(self, message: messages.WorkerFailed) -> None:
        """A player's problem is told in its own sentence; an error the app did not expect is
        written to the errors log, and the dialog says where."""
        error = message.error
        if isinstance(error, UserError):
            said = sentence(error) or type(error).__name__
        else:
            said = log_unexpected(self.data_dir, error)
        self.tell("Something went wrong", said)

    def _handle_exception(self, error: Exception) -> None:
        # Textual's one hook for an exception no handler caught: it prints the traceback and
        # exits with 1. Once a leaving signal is acted on, the app comes down around whatever
        # screen was being put up (the game's after F5, the result's after a resignation),
        # whose mount then finds its widgets gone: the signal's doing, not an error. The
        # ledger is as the signal left it; the exit stays the signal's, the terminal clean.
        if self.leaving_status is not None:
            return
        super()._handle_exception(error)

    def on_unmount(self) -> None:
        if self.options.handle_signals:
            loop = asyncio.get_running_loop()
            for signum in LEAVING_SIGNALS:
                loop.remove_signal_handler(signum)

    @property
    def game_in_play(self) -> GameScreen | None:
        """The screen of the rated game going on, if any."""
        from rated_play.ui.screens.game import GameScreen  # noqa: PLC0415

        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.in_play:
                return screen
        return None

    quit_deferred = False
    """A quit waits once for a game just started whose screen is on its way."""

    async def action_quit(self) -> None:
        game_screen = self.game_in_play
        if game_screen is None and self.ledger.plays_a_game() and not self.quit_deferred:
            # The setup started a game (it is in the ledger) and posted GameStarted, which the
            # app has not handled yet: the quit waits behind it, so the game's screen asks
            # "Leave the rated game?" instead of the app leaving a game nobody was asked about.
            self.quit_deferred = True
            self.call_later(self.run_action, "quit")
            return
        self.quit_deferred = False
        if game_screen is None:
            self.exit()
            return

        def leave() -> None:
            if game_screen.in_play:
                game_screen.abandon()
                # The question said it, and the terminal says it again once the app is gone
                # (not an empty prompt): the next start need not say it a third time.
                with suppress(UserError):
                    game_id = game_screen.game.game_id
                    self.ledger.mark_abandonment_told(game_id)
                    self.farewell = abandonment_notice(self.ledger.game(game_id))
            self.exit()  # a game that ended meanwhile has nothing left to lose

        # The question is asked beside the board, where the game screen puts it in sight.
        await game_screen.ask_to_leave(leave)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "help":
            return self.help_wanted(parameters)
        if action in ("focus_next", "focus_previous"):
            return self.tab_wanted()
        return True

    def tab_wanted(self) -> bool:
        """Whether Tab moves the focus here: not at the board of a game, where ↑ and Escape
        take the keyboard between the board and the move box and a stray Tab should do
        nothing at all (nor be in the help); between a question's answers it does."""
        game_screen = self.game_in_play
        if game_screen is None or game_screen is not self.screen:
            return True
        from rated_play.ui.widgets.decision import DecisionPanel  # noqa: PLC0415

        # Asked by the footer too, of a screen still composing or already torn down.
        panels = game_screen.query(DecisionPanel)
        return any(panel.question is not None for panel in panels)

    def help_wanted(self, parameters: tuple[object, ...]) -> bool:
        """Whether the help key opens the help here. Not over itself; and "?" stays text
        wherever typed text goes: a focused text box, and the game screen, where whatever is
        typed goes to the move box (a move may be annotated, "e4?")."""
        from rated_play.ui.screens.game import GameScreen  # noqa: PLC0415
        from rated_play.ui.screens.help import HelpScreen  # noqa: PLC0415

        if isinstance(self.screen, HelpScreen):
            return False
        if parameters != ("?",):
            return True
        focused = self.focused
        takes_text = focused is not None and focused.check_consume_key("question_mark", "?")
        return not takes_text and not isinstance(self.screen, GameScreen)

    def action_help(self, _key: str = "") -> None:
        """The help over the screen shown: its keys, read now (what is enabled is what the
        screen allows at this moment), and the rules."""
        from rated_play.ui.screens.help import HelpScreen, key_sections  # noqa: PLC0415

        sections = key_sections(self.screen)
        game_screen = self.game_in_play
        # At a game, over the board alone: both clocks, the moves and any question beside the
        # board stay in sight while the clock runs.
        place = game_screen.help_place() if game_screen is self.screen else None
        clocked = game_screen is not None and not game_screen.game.time_control.untimed
        whose_clock = game_screen.whose_clock if game_screen is not None and clocked else None
        self.push_screen(
            HelpScreen(
                sections, during_game=game_screen is not None, whose_clock=whose_clock, place=place
            )
        )

    leaving_status: int | None = None
    """The exit status of the leaving signal being acted on; None until one comes."""

    def leave_on_signal(self, signum: int) -> None:
        """The terminal closed or the process was told to stop: the game is lost, then exit."""
        status = 128 + signum
        self.leaving_status = status
        game_screen = self.game_in_play
        if game_screen is not None:
            game_screen.abandon()
        if self.options.on_leaving_signal is not None:
            self.options.on_leaving_signal(status)
        self.exit(return_code=status)

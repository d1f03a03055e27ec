"""The rated game in progress: board, clocks, moves, and the few actions the rules allow.

There is deliberately no takeback, pause, hint or evaluation here: the session has none to
offer. The engine thinks in a worker so the clocks keep ticking and the screen stays live.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ClassVar

import chess
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from profiles.errors import printable, sentence
from profiles.laws.endings import Termination, occurrences, side_name
from profiles.ledger.ledger import LedgerWriteError
from profiles.player.card import money
from profiles.setup import Setup
from rated_play.session import (
    DrawClaimError,
    MoveInputError,
    RatedGame,
    RatedGameError,
)
from rated_play.ui.collections_held import FullCollectionsHeld
from rated_play.ui.display import display_options
from rated_play.ui.messages import GameEnded
from rated_play.ui.screens.base import WorkingScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.clock import TENTHS_BELOW, ClockView
from rated_play.ui.widgets.decision import Choice, DecisionPanel, Question, confirmation
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.material import side_material
from rated_play.ui.widgets.move_box import MoveBox
from rated_play.ui.widgets.move_list import MoveList
from rated_play.ui.widgets.text_line import show_text

TICK_SECONDS = 0.1
"""How often the clocks are redrawn and the flag is checked (tenths are shown under 20 s)."""
RETRY_TICKS = 10
"""Ticks between offers to the ledger of what it refused (a full disk, an I/O error)."""
ENGINE_WAITS_FOR_BOARD = 0.25
"""Seconds the engine waits for the player's move to be drawn before it is asked anyway (when
nothing draws the board: a screen above it)."""
PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
CLAIM_GROUNDS = {
    Termination.THREEFOLD_REPETITION: "the same position for the {time} time (FIDE Laws, 9.2)",
    Termination.FIFTY_MOVES: "fifty moves by each side without a capture or a pawn move (9.3)",
}
"""What a claim rests on, in the words of the Laws of Chess (FIDE Handbook E.01); ``{time}``
is which time the position occurs ("third", "fourth": a fifth ends the game by itself)."""
TIMES = ("first", "second", "third", "fourth", "fifth")
"""Which time a position occurs, by :func:`~profiles.laws.endings.occurrences`: at most the
fifth, which ends the game."""
ACTIONS_AT_THE_BOARD = (
    "offer_draw",
    "claim_draw",
    "resign",
    "offer_double",
    "focus_board",
    "focus_move_box",
)
"""The screen's keys that wait while a question is asked: one question is answered at a time,
and the keyboard stays with its answers."""


def is_promotion(board: chess.Board, from_square: chess.Square, to_square: chess.Square) -> bool:
    piece = board.piece_at(from_square)
    return (
        piece is not None
        and piece.piece_type == chess.PAWN
        and chess.square_rank(to_square) in (0, 7)
    )


class GameScreen(WorkingScreen):
    """Drives one :class:`RatedGame` until it ends, then shows the result."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = "#move-input"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f6", "offer_draw", "Offer draw"),
        Binding("f7", "claim_draw", "Claim draw"),
        Binding("f8", "resign", "Resign"),
        Binding("f9", "offer_double", "Double"),
        # The move box has no use for up and down: they take the keyboard to the board.
        Binding("up,down", "focus_board", "Board", show=False),
        Binding("escape", "focus_move_box", "Move box", show=False),
    ]

    @property
    def opponent_name(self) -> str:
        """The opponent as the subject of a sentence at the board ("… accepts: the stake is
        $20."): an engine by its short name, a person-like opponent as "Your opponent" (its
        short name is a rating, no name to address). Any control or bidi character escaped."""
        opponent = self.game.opponent
        return "Your opponent" if opponent.person_like else printable(opponent.short_title)

    @property
    def bell(self) -> bool:
        """The terminal's bell on the opponent's move and once when the player's time runs
        low (under TENTHS_BELOW, where the clock turns to tenths)."""
        return self.setup.bell

    @property
    def opponent_holder(self) -> str:
        """The opponent after "may double:", beside "you" and "either side"."""
        opponent = self.game.opponent
        return "your opponent" if opponent.person_like else printable(opponent.short_title)

    def __init__(self, game: RatedGame, setup: Setup | None = None) -> None:
        super().__init__()
        self.game = game
        self.setup = setup or Setup()
        """The setup that started the game: the game holds its clock, doubling and pace, the
        screen reads how it is shown (the bell)."""
        self._low_time_rung = False
        self._ticker: Timer | None = None
        self._finished = False
        self._not_saved = ""
        self._ticks = 0
        self._engine_to_ask = False
        """The player has moved and the engine is to be asked, once the move is drawn."""
        self._leave_question: Question | None = None
        self._focus_before_asking: Widget | None = None
        self._full_collections = FullCollectionsHeld()
        """Held back while the game is on: one stopped the loop for tens of milliseconds."""

    @property
    def in_play(self) -> bool:
        """True while the game is on: leaving now loses it."""
        return not self.game.is_over

    def compose(self) -> ComposeResult:
        game = self.game
        opponent = game.opponent
        you = f"{side_name(game.player_color)} · You"
        # Colour and rating first: a long engine name is cut at its end, not theirs.
        # A person-like opponent's short name is its rating ("Person-like ≈1450"): said once.
        # The line above the clocks names the opponent in full, its rating left to the clock.
        rating = "" if opponent.person_like else f"{opponent.rating:.0f} · "
        engine = f"{side_name(not game.player_color)} · {rating}{printable(opponent.short_title)}"
        with Horizontal(id="game"):
            yield BoardView(
                orientation=game.player_color,
                cursor=True,
                id="board",
            )
            with Vertical(id="side"):
                yield Static(
                    f"Rated game · {game.time_control.label}\n"
                    f"against {printable(opponent.against(rated=False))}",
                    id="rated",
                    markup=False,
                )
                yield ClockView(engine, id="opponent-clock")
                yield MoveList(id="moves")
                yield ClockView(you, id="player-clock")
                yield DecisionPanel(id="decision")
                with Vertical(id="at-the-board"):
                    yield MoveBox(placeholder=move_hint(game.player_color), id="move-input")
                    yield Static("", id="stake", markup=False)
                    # The messages have rows of their own, as many as the longest takes: a
                    # refusal said never moves a clock, the move box or a button.
                    with Vertical(id="messages"):
                        yield Static("", id="move-error", classes="-empty", markup=False)
                        yield Static("", id="status", markup=False)
                    with Horizontal(id="actions"):
                        for label, name in (
                            ("Offer draw", "offer-draw"),
                            ("Claim", "claim-draw"),
                            ("Double", "offer-double"),
                            ("Resign", "resign"),
                        ):
                            button = Button(label, id=name, compact=True)
                            if name == "resign":
                                button.variant = "error"
                            # For the mouse only: a focused button would take the Enter of a
                            # move typed after a stray Tab, and offer a draw with it.
                            button.can_focus = False
                            yield button
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # No key in the footer for a game played without doubling.
        if action == "offer_double" and not self.game.doubling:
            return False
        # Out of the footer while a question is asked: it comes first, and a key pressed for
        # one of these says so (on_key), where a dimmed key said nothing.
        return not (action in ACTIONS_AT_THE_BOARD and self.asking)

    def help_place(self) -> Region:
        """Where the help stands over a game: over the board, beside the side panel, so that
        both clocks, the moves and any question stay in sight while a clock runs (at
        80×24 the side panel has no room for it between the clocks)."""
        return self.query_one(BoardView).region

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help (the board says its own)."""
        if self.asking:
            return (("Click", "an answer: give it"),)
        return (("Click", "Offer draw, Claim, Double, Resign: as their keys, asked first"),)

    @property
    def asking(self) -> bool:
        """A question is shown beside the board and waits for its answer."""
        return self.query_one(DecisionPanel).question is not None

    def on_mount(self) -> None:
        self._full_collections.hold()
        self.query_one("#offer-double", Button).display = self.game.doubling
        self.show_stake()
        self.show_position()
        self.show_clocks()
        # The clock starts at once, but only once the board is on the screen: drawing it the
        # first time costs White nothing.
        self.call_after_refresh(self.begin)

    def begin(self) -> None:
        if self._ticker is not None:
            return  # a move entered before the first frame began the game already
        self.game.start_clock()
        self.tick()
        self._ticker = self.set_interval(TICK_SECONDS, self.tick)
        self.show_position()
        if not self.game.is_over and not self.game.is_player_turn:
            self.think()

    async def on_unmount(self) -> None:
        # However the screen goes (result, quit, signal, crash), the engine process goes too;
        # a game still on is abandoned by close(), as the rules say.
        self._full_collections.release()
        await self.game.close()

    # -- showing the game ------------------------------------------------------------------

    def show_position(self) -> None:
        game = self.game
        # The board first: the move list, which may lay the whole screen out again, follows
        # once the board is drawn (board_drawn).
        self.query_one(BoardView).show(game.board, game.last_move, interactive=game.is_player_turn)
        # The move box keeps the focus throughout (or the board, for a player moving with the
        # cursor, or a question's answers), so a key pressed while the engine thinks lands
        # there (and is answered "wait for the engine's move"), never on a button.
        if not isinstance(self.focused, BoardView) and not self.asking:
            self.query_one("#move-input", Input).focus()
        standing = self.standing()
        if standing is not None:
            self.set_status(standing)

    def standing(self) -> str | None:
        """What the status says while nothing else is news: whose move it is (None once the
        game is over)."""
        game = self.game
        # A warning that moves are not saved stays until the ledger has them all again.
        warning = f" {self._not_saved}" if game.unsaved_moves else ""
        if not game.clock_started:
            return "The clock starts as soon as the board is shown."
        if not game.board.move_stack and not game.time_control.untimed:
            whose = "Your" if game.is_player_turn else f"{side_name(game.board.turn)}'s"
            move = "Your move." if game.is_player_turn else f"{self.opponent_name} is thinking…"
            return f"{whose} clock is running: it started with the game. {move}"
        if game.is_player_turn:
            return "Your move." + warning
        if not game.is_over:
            return f"{self.opponent_name} is thinking…" + warning
        return None

    @on(BoardView.Drawn)
    def board_drawn(self) -> None:
        """The move is on the screen: now the move list, the clocks (whose running one has
        changed: without this it would show at the next tick) and the engine's turn."""
        self.query_one(MoveList).show(self.game.san_moves())
        self.show_clocks()
        self.show_material()
        self.ask_engine()

    def tick(self) -> None:
        """Redraw both clocks; end the game the moment a flag falls."""
        with self.saving():
            flagged = self.game.check_flag()
        if flagged:
            self.finish()
        else:
            self.show_clocks()
            self.ring_at_low_time()
            if self.asking:
                self.query_one(DecisionPanel).show_clock(self.whose_clock())
        self._ticks += 1
        if self._ticks % RETRY_TICKS == 0:
            self.retry_saving()

    def retry_saving(self) -> None:
        """Offer the ledger what it refused, so the game is written whole the moment the
        ledger takes it: the moves, or the result with every move."""
        game = self.game
        if not game.unsaved_moves and not (game.is_over and game.report is None):
            return
        with self.saving():
            game.catch_up()
            if not game.is_over:
                self.show_position()  # without the warning
        if game.is_over:
            self.finish()  # the result, or again why the ledger cannot take it

    @contextmanager
    def saving(self) -> Iterator[None]:
        """A session action that writes to the ledger. When the write fails (a full disk) the
        game goes on as played and the ledger keeps it as the loss it was written as until a
        later write succeeds, so the player is told why and plays on."""
        try:
            yield
        except LedgerWriteError as error:
            self._not_saved = f"Not saved yet: {printable(error)}."
            self.set_status(self._not_saved)

    def show_clocks(self) -> None:
        clock = self.game.clock
        for color, clock_id in (
            (self.game.player_color, "#player-clock"),
            (not self.game.player_color, "#opponent-clock"),
        ):
            self.query_one(clock_id, ClockView).show(
                clock.remaining(color), running=clock.running == color
            )

    def ring_at_low_time(self) -> None:
        """Once a game, when the player's clock falls under the low-time mark."""
        left = self.game.clock.remaining(self.game.player_color)
        if self.bell and not self._low_time_rung and left is not None and left < TENTHS_BELOW:
            self._low_time_rung = True
            self.app.bell()

    def show_material(self) -> None:
        """What each side is up, under its clock: the pieces counted on the board, which any
        player sees (lichess shows it during play), not an evaluation."""
        ascii_pieces = display_options(self).ascii_pieces
        for color, clock_id in (
            (self.game.player_color, "#player-clock"),
            (not self.game.player_color, "#opponent-clock"),
        ):
            self.query_one(clock_id, ClockView).border_subtitle = side_material(
                self.game.board, color, ascii_pieces=ascii_pieces
            )

    def show_stake(self) -> None:
        game = self.game
        stake = f"Stake {money(game.stake)}"
        if game.doubling:
            holder = (
                "either side"
                if game.may_double(game.player_color) and game.may_double(game.opponent_color)
                else "you"
                if game.may_double(game.player_color)
                else self.opponent_holder
            )
            stake += f" · may double: {holder}"
        self.query_one("#stake", Static).update(stake)

    def whose_clock(self) -> str:
        """Whose clock runs while the player decides: a question never stops it."""
        game = self.game
        if game.time_control.untimed:
            return "There is no clock in this game."
        if game.is_player_turn:
            return "Your clock is running."
        return "Your opponent's clock is running: it is thinking."

    def set_status(self, text: str) -> None:
        """Say what happened last: a refused move said before it is no longer the news."""
        self.show_move_error("")
        show_text(self.query_one("#status", Static), text)

    def show_move_error(self, text: str) -> None:
        """Say why a move was refused, above the status, which goes back to whose move it is:
        what it said before (a refused claim) is old news, and the two fit the rows kept for
        them (#messages)."""
        line = self.query_one("#move-error", Static)
        line.set_class(not text, "-empty")  # no blank row above the status
        show_text(line, text)
        standing = self.standing()
        if text and standing is not None:
            show_text(self.query_one("#status", Static), standing)

    # -- questions beside the board -----------------------------------------------------------

    async def ask(self, question: Question) -> None:
        """Ask beside the board: the move box, the messages and the buttons give way to the
        question until it is answered; the board and the clocks stay in sight."""
        self.to_the_front()
        self.show_move_error("")  # a move refused before the question is old news after it
        panel = self.query_one(DecisionPanel)
        if not self.asking:
            self._focus_before_asking = self.focused
        self.query_one("#at-the-board").display = False
        # The answers are the only place for the keyboard to go: not the board's cursor.
        self.query_one(BoardView).can_focus = False
        await panel.ask(question)
        panel.show_clock(self.whose_clock())
        self.refresh_bindings()

    @on(DecisionPanel.Closed)
    def questions_answered(self) -> None:
        if self.asking:
            return  # a question asked since: it keeps the place
        self.query_one("#at-the-board").display = True
        board = self.query_one(BoardView)
        board.can_focus = True
        # Back where the player was: the board, for one moving with the cursor, else the box.
        (board if self._focus_before_asking is board else self.query_one("#move-input")).focus()
        self.refresh_bindings()

    @on(DecisionPanel.Typed)
    def typed_past_a_question(self, event: DecisionPanel.Typed) -> None:
        """The player typed instead of answering: they meant a move, so the question got its
        safe answer and the character goes where moves are typed."""
        if self.asking:
            return  # another question came meanwhile: it is answered first
        box = self.query_one("#move-input", Input)
        box.focus()
        box.insert_text_at_cursor(event.character)

    async def ask_to_leave(self, leave: Callable[[], None]) -> None:
        """Leaving a rated game loses it: asked beside the board like every other such act,
        and once, however often the quit key is pressed."""
        self.to_the_front()  # asked before, it may be under the help since
        if self._leave_question is not None and self.query_one(DecisionPanel).waiting(
            self._leave_question
        ):
            return
        self._leave_question = confirmation(
            "Leave the rated game?",
            "A rated game cannot be paused or saved: if you leave now, this game is scored as "
            "a loss.",
            act="Leave and lose",
            then=leave,
        )
        await self.ask(self._leave_question)

    # -- the player's moves ----------------------------------------------------------------

    @on(Input.Submitted, "#move-input")
    async def move_typed(self, event: Input.Submitted) -> None:
        try:
            move = self.game.parse_move(event.value)
        except (MoveInputError, RatedGameError) as error:
            # A refused move stays in the box, selected: a typo is mended with ← and →, and
            # the next move typed replaces it, never joins it ("e4e4e4").
            event.input.select_all()
            self.show_move_error(sentence(error))
            return
        event.input.clear()
        await self.play(move)

    @on(BoardView.MoveChosen)
    async def move_chosen(self, event: BoardView.MoveChosen) -> None:
        """A move picked on the board, with the mouse or the cursor."""
        start, end = event.from_square, event.to_square
        board = self.game.board
        if self.asking:
            return  # the question beside the board is answered first
        if is_promotion(board, start, end) and chess.Move(start, end, chess.QUEEN) in (
            board.legal_moves
        ):
            await self.ask_promotion(start, end)
            return
        try:
            move = self.game.board_move(chess.Move(start, end))
        except (MoveInputError, RatedGameError) as error:
            self.show_move_error(sentence(error))
            return
        await self.play(move)

    async def ask_promotion(self, start: chess.Square, end: chess.Square) -> None:
        """Which piece the pawn going from ``start`` to ``end`` becomes."""

        async def promote(piece_name: str) -> None:
            if piece_name in chess.PIECE_NAMES:
                piece = chess.PIECE_NAMES.index(piece_name)
                await self.play(chess.Move(start, end, promotion=piece))

        await self.ask(promotion_question(promote))

    @on(BoardView.Refused)
    def pick_refused(self, event: BoardView.Refused) -> None:
        self.show_move_error(sentence(event.reason))

    def action_focus_board(self) -> None:
        self.query_one(BoardView).focus()

    def action_focus_move_box(self) -> None:
        self.query_one("#move-input", Input).focus()

    def to_the_front(self) -> None:
        """Take the place of any screen over this one (the help, a message): a question the
        game asks, or its end, is never left out of sight while a clock runs."""
        while self.app.screen is not self:
            self.app.pop_screen()

    def on_key(self, event: events.Key) -> None:
        """Whatever is typed on the game screen is a move: it goes to the move box, wherever
        the focus was (the board, or nowhere after a click). A question beside the board
        takes its own keys first (DecisionPanel.on_key).

        A character that reaches the screen never went through the box, which keeps every
        one it is sent, even when the box has the focus now: one typed in a burst behind the
        key that answered a question was sent to the answer, and the box had the focus by the
        time it arrived here (it was dropped, and Qb3 read Q)."""
        if self.asking:
            self.say_what_waits(event.key)
        character = event.character
        box = self.query_one("#move-input", Input)
        if not event.is_printable or character is None or self.asking:
            return
        if character == " " and isinstance(self.focused, BoardView):
            return  # the board's own key: pick up, put down
        box.focus()
        box.insert_text_at_cursor(character)
        event.stop()

    def say_what_waits(self, key: str) -> None:
        """A key of the board's (F6, F8, F9…) pressed while a question is asked: said beside
        the question, which is answered first."""
        waiting = [
            binding.description
            for binding in self._bindings.key_to_bindings.get(key, [])
            if binding.action in ACTIONS_AT_THE_BOARD and binding.show
        ]
        if waiting:
            self.query_one(DecisionPanel).note(f"{waiting[0]} waits: answer this first.")

    async def play(self, move: chess.Move) -> None:
        self.begin()  # a move typed before the first frame starts the clock itself
        try:
            with self.saving():
                await self.game.play(move)
        except RatedGameError as error:
            self.show_move_error(sentence(error))
            return
        self.show_move_error("")
        self.after_move()

    def after_move(self) -> None:
        self.show_position()
        if self.game.is_over:
            self.finish()
        elif not self.game.is_player_turn:
            # The engine is asked once the move is on the screen (board_drawn): starting its
            # search first would hold up the frame that shows the move.
            self._engine_to_ask = True
            self.set_timer(ENGINE_WAITS_FOR_BOARD, self.ask_engine)

    def ask_engine(self) -> None:
        """Start the engine's think for the player's last move, once."""
        if self._engine_to_ask and not self.game.is_over and not self.game.is_player_turn:
            self._engine_to_ask = False
            self.think()

    # -- the engine ------------------------------------------------------------------------

    @work(exclusive=True, group="engine", exit_on_error=False)
    async def think(self) -> None:
        with self.saving():
            await self.game.opponent_turn()
        if self.bell:
            self.app.bell()  # the opponent has moved: for a player looking away
        if self.game.double_offered_to_player:
            self.show_position()  # the move the offer comes with, on the board first
            await self.answer_engine_double()
        if self.game.draw_offered_to_player:
            self.show_position()
            await self.ask(draw_offered(self.game, self.answer_engine_draw))
        self.after_move()

    def answer_engine_draw(self, answer: str) -> None:
        """The player's answer to the draw the engine offered with its move; a move played
        declined it already (the question then got its way out and changes nothing)."""
        game = self.game
        if game.is_over or not game.draw_offered_to_player:
            return
        with self.saving():
            game.answer_draw(accept=answer == "accept")
        if game.is_over:
            self.finish()
        elif answer == "decline":
            self.set_status("You declined the draw. Your move.")

    async def answer_engine_double(self) -> None:
        """Ask the player about the double the engine offered with its move (the player's
        clock runs, as it is their turn). Neither answer is safe (accepting raises the stake,
        refusing resigns), so neither has the focus (see :func:`double_offered`)."""
        game = self.game
        answered: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        def answer(value: str) -> None:
            if not answered.done():  # the worker waiting for it may have been cancelled
                answered.set_result(value)

        await self.ask(double_offered(game, answer))
        accept = await answered == "accept"  # the two answers are "accept" and "refuse"
        if game.is_over:
            return
        with self.saving():
            game.answer_double(accept=accept)
        self.show_stake()

    async def action_offer_double(self) -> None:
        try:
            self.game.check_double_offer()
        except RatedGameError as error:
            self.set_status(sentence(error))
            return
        doubled = money(2 * self.game.stake)
        await self.ask(
            confirmation(
                "Offer to double?",
                f"Your opponent answers at once. If it accepts, the stake is {doubled} and the "
                f"right to double next is its; if it refuses, it resigns and you win "
                f"{money(self.game.stake)}.",
                act="Offer double",
                then=self.offer_double,
            )
        )

    @work(exclusive=True, group="draw", exit_on_error=False)
    async def offer_double(self) -> None:
        accepted = False
        try:
            with self.saving():
                accepted = await self.game.offer_double()
        except RatedGameError as error:
            self.set_status(sentence(error))
            return
        self.show_stake()
        if self.game.is_over:
            self.finish()
        elif accepted:
            self.set_status(
                f"{self.opponent_name} accepts: the stake is {money(self.game.stake)}. Your move."
            )

    async def action_offer_draw(self) -> None:
        try:
            self.game.check_draw_offer()
        except RatedGameError as error:
            self.set_status(sentence(error))
            return
        await self.ask(
            confirmation(
                "Offer a draw?",
                "Your opponent answers at once: if it accepts, the game ends drawn; if it "
                "declines, play on (one offer a move).",
                act="Offer draw",
                then=self.offer_draw,
            )
        )

    @work(exclusive=True, group="draw", exit_on_error=False)
    async def offer_draw(self) -> None:
        accepted = False
        try:
            with self.saving():
                accepted = await self.game.offer_draw()
        except RatedGameError as error:
            self.set_status(sentence(error))
            return
        if self.game.is_over:
            self.finish()
        elif not accepted:
            self.set_status(f"{self.opponent_name} declines the draw. Your move.")

    async def action_claim_draw(self) -> None:
        typed = self.query_one("#move-input", Input).value.strip()
        try:
            # A claim may come with the move that brings the repetition about (the Laws, 9.2).
            move = self.game.parse_move(typed) if typed else None
            termination = self.game.claim_grounds(move)
        except (MoveInputError, DrawClaimError, RatedGameError) as error:
            self.set_status(sentence(error))
            return
        position = self.game.board
        if move is not None:
            position.push(move)
        seen = occurrences(position)
        grounds = CLAIM_GROUNDS[termination].format(time=TIMES[min(seen, len(TIMES)) - 1])
        with_move = "" if move is None else f" once you play {self.game.board.san(move)}"
        await self.ask(
            confirmation(
                "Claim a draw?",
                f"The claim rests on {grounds}{with_move}. The game ends drawn.",
                act="Claim draw",
                then=lambda: self.claim_draw(move),
            )
        )

    @work(exclusive=True, group="draw", exit_on_error=False)
    async def claim_draw(self, move: chess.Move | None) -> None:
        try:
            with self.saving():
                await self.game.claim_draw(move)
        except RatedGameError as error:
            self.set_status(sentence(error))
            return
        self.show_position()
        self.finish()

    async def action_resign(self) -> None:
        def resign() -> None:
            if not self.game.is_over:
                with self.saving():
                    self.game.resign()
                self.finish()

        await self.ask(
            confirmation(
                "Resign?",
                "Resigning ends the game now and scores it as a loss: the stake goes to your "
                "opponent.",
                act="Resign",
                then=resign,
            )
        )

    @on(Button.Pressed, "#offer-draw")
    async def offer_draw_pressed(self) -> None:
        await self.action_offer_draw()

    @on(Button.Pressed, "#claim-draw")
    async def claim_draw_pressed(self) -> None:
        await self.action_claim_draw()

    @on(Button.Pressed, "#offer-double")
    async def offer_double_pressed(self) -> None:
        await self.action_offer_double()

    @on(Button.Pressed, "#resign")
    async def resign_pressed(self) -> None:
        await self.action_resign()

    # -- leaving ---------------------------------------------------------------------------

    def abandon(self) -> None:
        """The player leaves (quit, signal): the game is scored as a loss by abandonment."""
        self.workers.cancel_group(self, "engine")
        with self.saving():
            self.game.abandon()

    def finish(self) -> None:
        """The game is over: show the result (once, however many paths lead here)."""
        if self._finished:
            return
        # No clock runs any more: the collector may catch up (while the result is shown).
        self._full_collections.release()
        report = self.game.report
        # What the end brings (the result, or the message that it could not be saved) is put
        # in sight, over any screen above this one (the help, open while the flag fell).
        self.to_the_front()
        if report is None:
            outcome = self.game.outcome
            assert outcome is not None
            # No question is left to answer in a game that is over: the message takes its place.
            self.run_worker(self.query_one(DecisionPanel).clear())
            self.set_status(
                f"{outcome.description}, but the ledger could not take the result yet: "
                f"{self._not_saved.removeprefix('Not saved yet: ')} It is written, with every "
                "move, as soon as the ledger takes it; until then it stands as a loss."
            )
            return
        self._finished = True
        if self._ticker is not None:
            self._ticker.stop()
        self.workers.cancel_group(self, "engine")
        self.workers.cancel_group(self, "draw")
        self.show_clocks()
        self.app.post_message(GameEnded(self, self.game, report))

    def on_worker_failed(self) -> None:
        self.set_status("The game could not go on; leaving it scores it as a loss.")


def promotion_question(answer: Callable[[str], object]) -> Question:
    """Which piece a pawn becomes: answered with its name ("queen"), or "" to choose another
    move."""
    return Question(
        "Promote to",
        "Press Q, R, B or N, or pick a piece; Escape to choose another move.",
        tuple(
            Choice(
                chess.piece_name(piece).capitalize(),
                chess.piece_name(piece),
                # Either case: Shift+Q is as plainly a queen as q.
                keys=chess.piece_symbol(piece) + chess.piece_symbol(piece).upper(),
            )
            for piece in PROMOTIONS
        ),
        answer=answer,
        way_out="",
        default="queen",
    )


def double_offered(game: RatedGame, answer: Callable[[str], object]) -> Question:
    """The engine's offer to double, with the move it came with: "accept" or "refuse"."""
    doubled = money(2 * game.stake)
    return Question(
        "Double offered",
        f"With {last_move_named(game.san_moves())}, your opponent offers to double the stake "
        f"to {doubled}. Accept, and the right to double next is yours; refuse, and you resign "
        f"the game and lose {money(game.stake)}. Tab to an answer, then Enter.",
        (
            Choice(f"Accept ({doubled})", "accept"),
            Choice("Refuse and resign", "refuse", acts=True),
        ),
        answer=answer,
    )


def draw_offered(game: RatedGame, answer: Callable[[str], object]) -> Question:
    """The engine's draw offer, with the move it came with: "decline" (the safe answer, which
    has the focus, as has a move typed instead) or "accept"."""
    return Question(
        "Draw offered",
        f"With {last_move_named(game.san_moves())}, your opponent offers a draw. Accept, and "
        "the game ends drawn; decline, or type a move, and play goes on.",
        (
            Choice("Decline", "decline"),
            Choice("Accept the draw", "accept", acts=True),
        ),
        answer=answer,
        way_out="decline",
    )


def last_move_named(san_moves: list[str]) -> str:
    """The last move as a scoresheet names it: ``9.Qxc1`` for White, ``9…Qxc1`` for Black.
    An offer always comes with a move, so there is one."""
    ply = len(san_moves)
    return f"{(ply + 1) // 2}{'.' if ply % 2 else '…'}{san_moves[-1]}"


def move_hint(player: chess.Color) -> str:
    """The move box's example moves, ones the player's own side could make: Black told "e4"
    is told a move it cannot play."""
    examples = "e4, Nf3, O-O" if player == chess.WHITE else "e5, Nf6, O-O"
    return f"Your move: {examples} · ↑ board"

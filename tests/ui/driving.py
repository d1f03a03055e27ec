"""Driving the app as a player would: keys, clicks, and waiting for the engine."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace

import chess
import chess.engine
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, Input

from engines.opponents.opponent import Opponent
from profiles.laws.time_control import PRESETS, TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.widgets.board import TEXT_PRESENTATION, BoardView
from rated_play.ui.widgets.decision import DecisionPanel, Question
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import fast_opponent

SIZE = (120, 40)
"""The terminal size of the tests: the large board (7×3 squares)."""

HUMAN_DEPTH = 4
"""The "human" searches 4 plies: against the 50-node opponent it wins, and (the game being
deterministic) it reaches a position with a promotion at move 25."""

CLASSICAL = PRESETS.index(TimeControl.parse("90+30"))
"""On this clock a person's quickest move takes several seconds (tests/session/test_thinking)."""


def shown(app: RatedPlayApp, selector: str) -> str:
    """What the widget ``selector`` of the current screen shows, as text."""
    return str(app.screen.query_one(selector).render())


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 20.0
) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting after {timeout} s")
        await pilot.pause(0.02)


async def choose_weakest_opponent(pilot: Pilot[None]) -> None:
    pilot.app.screen.query_one(StrengthSlider).focus()
    await pilot.press("home")


async def start_game(pilot: Pilot[None], *, believable_thinking: bool = False) -> GameScreen:
    """Start the game with F5 from the setup screen and wait for the game screen.

    The opponent answers at once unless ``believable_thinking``: a whole game at a person's
    pace would take minutes (tests/ui/test_thinking.py plays with it on).
    """
    app = pilot.app
    app.screen.query_one("#believable-thinking", Checkbox).value = believable_thinking
    await pilot.press("f5")  # as a player starts: Start takes no focus, so no stray Enter
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await wait_until(pilot, lambda: any(board.size.width for board in screen.query(BoardView)))
    return screen


@asynccontextmanager
async def first_game(
    app: RatedPlayApp, ledger: Ledger, *, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[Pilot[None], GameScreen]]:
    """A new profile's first game, against the weakest opponent, started from the setup as a
    player starts it: the opening of every test that plays a game through the app."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=size) as pilot:
        await choose_weakest_opponent(pilot)
        yield pilot, await start_game(pilot)


async def start_classical_game(pilot: Pilot[None], *, believable_thinking: bool) -> GameScreen:
    """Against the weakest opponent, on the classical clock, the pace as asked."""
    await choose_weakest_opponent(pilot)
    pilot.app.screen.query_one("#preset", Dropdown).value = CLASSICAL
    await pilot.pause()
    return await start_game(pilot, believable_thinking=believable_thinking)


async def wait_for_player_turn(pilot: Pilot[None], screen: GameScreen) -> None:
    await wait_until(pilot, lambda: screen.game.is_over or screen.game.is_player_turn)


async def type_move(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` in the move box and press Enter."""
    box = pilot.app.screen.query_one("#move-input", Input)
    box.focus()
    box.value = text
    await pilot.press("enter")


async def click_square(pilot: Pilot[None], square: chess.Square) -> None:
    board = pilot.app.screen.query_one(BoardView)
    await pilot.click(BoardView, offset=board.square_offset(square))


def on_screen(view: BoardView, square: chess.Square) -> tuple[int, int]:
    """The square's column and row on the screen, counted from the top-left corner."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    return (file, 7 - rank) if view.orientation == chess.WHITE else (7 - file, rank)


async def cursor_to(pilot: Pilot[None], square: chess.Square) -> None:
    """Walk the board's keyboard cursor to ``square`` with the arrow keys."""
    view = pilot.app.screen.query_one(BoardView)
    (column, row), (to_column, to_row) = on_screen(view, view.cursor), on_screen(view, square)
    keys = ["right"] * (to_column - column) + ["left"] * (column - to_column)
    keys += ["down"] * (to_row - row) + ["up"] * (row - to_row)
    await pilot.press(*keys)
    assert view.cursor == square


async def cursor_move(pilot: Pilot[None], move: chess.Move) -> None:
    """Pick the piece up with Enter and put it down with Enter, the cursor walked by arrows."""
    await cursor_to(pilot, move.from_square)
    await pilot.press("enter")
    await cursor_to(pilot, move.to_square)
    await pilot.press("enter")


def board_text(view: Widget) -> list[str]:
    """The board (or another widget) as a monochrome terminal shows it: the characters, no
    colour (a variation selector takes no cell: it only says how the glyph before it is
    drawn)."""
    return [
        strip.text.replace(TEXT_PRESENTATION, "")
        for strip in view.render_lines(Region(0, 0, *view.size))
    ]


async def wait_for_question(pilot: Pilot[None], title: str) -> Question:
    """Wait until the game screen asks the question ``title`` (in part) beside the board."""
    panel = pilot.app.screen.query_one(DecisionPanel)
    await wait_until(pilot, lambda: panel.question is not None and title in panel.question.title)
    await pilot.pause()  # its answers mounted
    assert panel.question is not None
    return panel.question


async def answer(pilot: Pilot[None], title: str, choice: str = "confirm") -> None:
    """Answer the question ``title`` with ``choice`` (a confirmation's act is "confirm"),
    clicked as a player would."""
    await wait_for_question(pilot, title)
    await pilot.click(f"DecisionPanel #{choice}")


async def resign(pilot: Pilot[None]) -> None:
    """Resign with F8, confirmed, and wait for the result screen."""
    app = pilot.app
    await pilot.press("f8")
    await answer(pilot, "Resign")
    # The result screen is up once its buttons are: a busy machine composes it late.
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, ResultScreen) and bool(app.screen.query("#analyse")),
    )


def long_named() -> Opponent:
    """An opponent whose title is longer than the side panel, as Fairy-Stockfish's are."""
    return replace(
        fast_opponent(50, 455.0, rating_error=60.0, calibrated=True),
        title="Fairy-Stockfish 11.1 at Skill Level -9",
    )


def screen_text(app: RatedPlayApp) -> list[str]:
    """The whole screen as a monochrome terminal (or a screen reader) has it: each row's
    characters, no colour and no style."""
    return [
        strip.text.replace(TEXT_PRESENTATION, "")
        for strip in app.screen._compositor.render_strips()
    ]

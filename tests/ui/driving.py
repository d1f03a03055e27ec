"""Driving the app as a player would: keys, clicks, and waiting for the engine."""

from __future__ import annotations

import io
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import chess
import chess.engine
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import actions
from textual.app import App
from textual.binding import Binding
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Footer, Input, Static
from textual.widgets._footer import FooterKey

from engines.opponents.opponent import Opponent
from profiles.laws.endings import Termination
from profiles.laws.time_control import PRESETS, TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.session.rules import RATED_GAME_RULES
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.error import ErrorDialog
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.help import HelpScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.screens.stepping import SteppedGameScreen
from rated_play.ui.widgets.board import (
    CORNERS,
    TEXT_PRESENTATION,
    UNICODE_PIECES,
    BoardView,
    Mark,
    fit_geometry,
)
from rated_play.ui.widgets.decision import DecisionPanel, Question
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.eval_graph import EvalGraph
from rated_play.ui.widgets.move_list import MoveList
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import alive, children_of, fast_opponent, human_move, record_game

SIZE = (120, 40)
"""The terminal size of the tests: the large board (7×3 squares)."""

SMALL = (80, 24)
"""The smallest terminal the app is made for: the board's squares are 3×1 there."""

CLASSICAL = PRESETS.index(TimeControl.parse("90+30"))
"""A long clock: a person's pace thinks there for seconds over most moves."""


def shown(app: RatedPlayApp, selector: str) -> str:
    """What the widget ``selector`` of the current screen shows, as text."""
    return str(app.screen.query_one(selector).render())


async def ask_for(app: RatedPlayApp, strength: float, person_like: bool) -> SetupScreen:
    """At the setup, the slider at ``strength`` and "Plays like a person" as asked."""
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#person-like", Checkbox).value = person_like
    screen.query_one(StrengthSlider).value = strength
    return screen


def opponent_said(app: RatedPlayApp) -> str:
    """The setup's opponent line and its notes, as one line of words."""
    return " ".join(shown(app, "#opponent").split())


def result_shown(app: RatedPlayApp) -> bool:
    """The result screen is up and its mount has run (its first button has the focus): a test
    that leaves the app between the push and the mount has the mount fail as the app closes
    ("No nodes match '#next-game'"), which a loaded machine made happen."""
    focused = app.focused
    return (
        isinstance(app.screen, ResultScreen) and focused is not None and focused.id == "next-game"
    )


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


# Screens shown alone, boards read off the screen, the review and the help.


class Host(App[None]):
    """An app that shows one screen, pushed at its start: a screen tested without the rest."""

    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def corners(view: BoardView, square: chess.Square) -> str:
    """The characters in the corners of ``square`` (its two sides when it is one row high)."""
    geometry = fit_geometry(*view.size)
    x, y = view.square_offset(square)
    lines = board_text(view)
    left = x - geometry.cell_width // 2
    right = left + geometry.cell_width - 1
    if geometry.cell_height == 1:
        return lines[y][left] + lines[y][right]
    top = y - geometry.cell_height // 2
    bottom = top + geometry.cell_height - 1
    return lines[top][left] + lines[top][right] + lines[bottom][left] + lines[bottom][right]


def marked(view: BoardView, mark: Mark) -> set[chess.Square]:
    """The squares drawn with ``mark``'s corners, read off the screen."""
    geometry = fit_geometry(*view.size)
    glyphs = CORNERS[mark][4:] if geometry.cell_height == 1 else CORNERS[mark][:4]
    return {square for square in chess.SQUARES if corners(view, square) == glyphs}


def pieces_shown(view: BoardView) -> list[str]:
    """The pieces drawn on each rank, top to bottom, left to right, as glyphs."""
    lines = board_text(view)
    glyphs = set(UNICODE_PIECES.values())
    return [g for g in ("".join(c for c in line if c in glyphs) for line in lines) if g]


def pieces_of(board: chess.Board) -> list[str]:
    """What :func:`pieces_shown` gives for ``board`` seen from White."""
    ranks = []
    for rank in range(7, -1, -1):
        row = [board.piece_at(chess.square(file, rank)) for file in range(8)]
        ranks.append("".join(UNICODE_PIECES[p.symbol()] for p in row if p is not None))
    return [rank for rank in ranks if rank]


def highlighted(viewer: SteppedGameScreen) -> list[str]:
    """The moves drawn highlighted in the move list of the viewer (or the review)."""
    shown = viewer.query_one(MoveList).query_one(Static).content
    assert isinstance(shown, Text)
    # Every move is a link to its ply (a style of its own): the highlight is the other style.
    links = [span for span in shown.spans if isinstance(span.style, Style) and span.style.meta]
    return [shown.plain[span.start : span.end] for span in shown.spans if span not in links]


async def past_the_notice(pilot: Pilot[None]) -> None:
    """The played ledger holds a game its player left: the app says so once, at its start."""
    app = pilot.app
    assert isinstance(app, RatedPlayApp)
    await wait_until(pilot, lambda: app.settled)
    await pilot.pause()
    if isinstance(app.screen, ErrorDialog):
        await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    app.screen.set_focus(None)


QUIET = ("e4", "e5", "Nf3", "Nc6", "Bb5")
"""Book moves on both sides: nothing to mark."""


def write_game(
    ledger: Ledger,
    sans: tuple[str, ...] | list[str],
    score: float,
    termination: Termination | None = None,
) -> int:
    """The first game of a new profile (so the player has White), closed as ``termination``
    says."""
    profile = ledger.create_profile(f"Player {len(ledger.profiles()) + 1}")
    return record_game(ledger, profile, score, moves=sans, termination=termination)


async def review(pilot: Pilot[None], ledger: Ledger, game_id: int) -> ReviewScreen:
    """The review pushed, its analysis shown (the first look runs the engine)."""
    await past_the_notice(pilot)
    screen = ReviewScreen(ledger, game_id)
    await pilot.app.push_screen(screen)
    await wait_until(pilot, lambda: screen.analysis is not None, timeout=90)
    await pilot.pause()
    return screen


def said(screen: ReviewScreen, selector: str) -> str:
    """What the review's widget ``selector`` says."""
    return str(screen.query_one(selector, Static).render())


def better_squares(view: BoardView) -> set[chess.Square]:
    """The squares drawn with the better move's round corners, read off the screen."""
    lines = board_text(view)
    geometry = fit_geometry(*view.size)
    found = set()
    for square in chess.SQUARES:
        x, y = view.square_offset(square)
        if lines[y - geometry.cell_height // 2][x - geometry.cell_width // 2] == "╭":
            found.add(square)
    return found


def fits(screen: ReviewScreen) -> None:
    """Nothing of the side panel below its bottom or cut: every word is painted."""
    side = screen.query_one("#review-side")
    footer = screen.query_one(Footer)
    assert side.region.bottom <= screen.query_one("#review-bottom").region.y
    assert screen.query_one("#review-bottom").region.bottom <= footer.region.y
    for key in footer.query(FooterKey):
        assert key.region.right <= screen.size.width, f"{key.render()} is cut off"
    for selector in ("#review-status", "#review-move", "#review-facts", "#review-summary"):
        widget = screen.query_one(selector, Static)
        assert widget.region.bottom <= side.region.bottom, selector
        painted = " ".join(
            strip.text for strip in widget.render_lines(Region(0, 0, *widget.size))
        ).split()
        assert painted == str(widget.render()).split(), selector
    assert screen.query_one(EvalGraph).size.height >= 3
    moves = screen.query_one(MoveList)
    line = (screen.ply - 1) // 2 if screen.ply else 0
    assert moves.scroll_y <= line < moves.scroll_y + moves.size.height, "the move in view"


def engines_running() -> set[int]:
    """The processes this test process started that still run: the engines it left."""
    return {pid for pid in children_of(os.getpid()) if alive(pid)}


def described(screen: Screen[Any]) -> list[str]:
    """What the screen's own bindings say they do, those its check_action allows now."""
    return [
        binding.description
        for binding in type(screen).BINDINGS
        if isinstance(binding, Binding)
        and binding.description
        and screen.check_action(*actions.parse(binding.action)[1:]) is not False
    ]


def text_of(widget: Static) -> str:
    """A widget's content as plain text on one line, as wide as it is drawn."""
    console = Console(width=widget.content_size.width, record=True, file=io.StringIO())
    console.print(widget.content)
    return " ".join(" ".join(console.export_text().split()).replace(" • ", "\n").split())


def listed(help_screen: HelpScreen) -> list[tuple[str, str]]:
    """What the help lists: keys and what they do, section after section."""
    return [(line.keys, line.does) for section in help_screen.sections for line in section.lines]


async def open_help(app: RatedPlayApp, pilot: Pilot[None], key: str) -> HelpScreen:
    """Open the help with ``key``; it lists what the screen below binds, the app's keys and
    the rules."""
    below = app.screen
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    does = {what for _keys, what in listed(help_screen)}
    for description in described(below):
        assert description in does, f"{type(below).__name__}: {description!r} is not listed"
    assert "Help" in does and "Quit" in does  # the app's keys, on every screen
    rules = text_of(help_screen.query_one("#rules", Static))
    assert all(rule in rules for rule in RATED_GAME_RULES)
    return help_screen


async def close_help(app: RatedPlayApp, pilot: Pilot[None], below: Screen[Any]) -> None:
    """Close the help: the screen ``below`` it is back."""
    await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is below)


async def type_custom(pilot: Pilot[None], text: str) -> None:
    """Click into the custom field and type ``text`` key by key, without Enter."""
    box = pilot.app.screen.query_one("#custom", Input)
    box.focus()
    box.value = ""
    await pilot.press(*text)
    await pilot.pause()


async def play_out_against(
    app: RatedPlayApp,
    pilot: Pilot[None],
    human: chess.engine.Protocol,
    strength: float,
    *,
    most_plies: int = 300,
) -> GameScreen:
    """A whole rated game from the setup: the person-like opponent nearest ``strength``
    against ``human`` (an engine standing in for the player, its moves typed as a player types
    them), to the result screen."""
    await ask_for(app, strength, person_like=True)
    await pilot.pause()
    screen = await start_game(pilot)
    game = screen.game
    for _ in range(most_plies):
        await wait_for_player_turn(pilot, screen)
        if game.is_over:
            break
        board = game.board
        await type_move(pilot, board.san(await human_move(human, board, 1)))
    await wait_until(pilot, lambda: result_shown(app), timeout=60)
    return screen

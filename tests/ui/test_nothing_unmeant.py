"""Nothing irreversible happens at the board that the player did not mean.

A rated game cannot be taken back: a stray key must never turn a move into a draw offer or a
double, every act that ends the game or raises its stake asks once beside the board with the
safe answer focused, and what the setup shows is what starts. Real games against the real
Stockfish, driven by keys as a player types them.
"""

from __future__ import annotations

import string
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import chess
import chess.engine
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button, Footer, Input

from engines.opponents.pool import Pool
from profiles.data_directory import DataDirectory
from profiles.laws.endings import Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.player.purse import STAKE
from profiles.setup import Setup
from rated_play.session import RatedGame
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.messages import GameStarted
from rated_play.ui.screens.game import GameScreen, double_offered, promotion_question
from rated_play.ui.screens.help import HelpScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import CUSTOM, SetupScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.clock import ClockView
from rated_play.ui.widgets.decision import DecisionPanel
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.move_list import MoveList
from tests.builders import fast_opponent
from tests.scripted_opponent import ScriptedOpponent, ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    long_named,
    shown,
    start_game,
    type_custom,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

SMALL = (80, 24)
BOARD_ENDINGS = {
    Termination.CHECKMATE,
    Termination.STALEMATE,
    Termination.INSUFFICIENT_MATERIAL,
    Termination.FIVEFOLD_REPETITION,
    Termination.SEVENTYFIVE_MOVES,
}
"""The endings no key can bring about but a move."""


async def start_doubling_game(pilot: Pilot[None]) -> GameScreen:
    await choose_weakest_opponent(pilot)
    pilot.app.screen.query_one("#doubling").value = True  # type: ignore[attr-defined]
    return await start_game(pilot)


def nothing_changed(screen: GameScreen) -> None:
    game = screen.game
    assert not game.is_over, game.outcome
    assert (game.stake, game.doublings) == (STAKE, 0)
    assert not screen.asking


@pytest.mark.parametrize(
    "stray", [("tab",), ("tab", "tab"), ("tab", "tab", "tab"), ("shift+tab",) * 3]
)
async def test_a_stray_tab_does_not_turn_the_move_into_an_offer_or_a_double(
    app: RatedPlayApp, ledger: Ledger, stray: tuple[str, ...]
) -> None:
    """Tab used to reach the Offer draw and Double buttons, and the Enter of the move typed
    next pressed them: the move was dropped and a draw offered, or the stake doubled."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        await pilot.press(*stray, "e", "4", "enter")
        await wait_until(pilot, lambda: screen.game.san_moves()[:1] == ["e4"], timeout=5)
        nothing_changed(screen)
        assert "draw" not in shown(app, "#status")


async def test_a_quit_as_a_game_starts_waits_for_the_game_and_asks(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The setup hands the game it started to the app in a message (GameStarted): a quit the
    app takes before it has handled that message waits behind it, so the game's screen asks,
    where the app left at once a game nobody had asked the player about: a loss."""
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        game = await RatedGame.start(
            ledger,
            profile,
            fast_opponent(),
            TimeControl.parse("5+3"),
            start_clock=False,
            seated=ScriptedOpponent(),
        )
        app.post_message(GameStarted(game, Setup()))
        await app.action_quit()  # before the app has handled GameStarted
        assert app.is_running
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), timeout=10)
        await wait_for_question(pilot, "Leave the rated game?")
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)
        assert ledger.in_play(game.game_id)


@pytest.mark.parametrize(
    ("key", "title"),
    [
        ("f6", "Offer a draw?"),
        ("f8", "Resign?"),
        ("f9", "Offer to double?"),
        ("ctrl+q", "Leave the rated game?"),
        ("ctrl+c", "Leave the rated game?"),
    ],
)
async def test_every_act_that_ends_the_game_or_raises_the_stake_asks_first(
    app: RatedPlayApp, ledger: Ledger, key: str, title: str
) -> None:
    """F6 and F9 acted at once (F6 at +6.5 ended the game drawn on the spot). Now each asks,
    and the safe answer is the default: Enter, Escape or a typed move change nothing."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        for safe_answer in (("enter",), ("escape",)):
            await pilot.press(key)
            await wait_for_question(pilot, title)
            assert screen.focused is not None and screen.focused.id == "cancel"
            await pilot.press(*safe_answer)
            await pilot.pause()
            nothing_changed(screen)
        # Asked again, the player types a move instead: that is what they meant.
        await pilot.press(key)
        await wait_for_question(pilot, title)
        await pilot.press("d", "4", "enter")
        await wait_until(pilot, lambda: screen.game.san_moves()[:1] == ["d4"], timeout=5)
        nothing_changed(screen)


async def test_a_claim_with_nothing_to_claim_says_so_at_once_and_asks_nothing(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        await pilot.press("f7")
        await pilot.pause()
        assert "No draw to claim" in shown(app, "#status")
        nothing_changed(screen)


async def test_a_well_founded_claim_asks_names_its_grounds_and_ends_drawn_if_confirmed(
    app: RatedPlayApp, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine will not walk into a threefold repetition on demand, so the position is
    taken as one (the rule itself is tested in tests/session/test_endings.py): the claim asks
    first, names its grounds, and only the confirmed claim ends the game."""
    monkeypatch.setattr(
        "rated_play.session.game.claimable_draw", lambda _: Termination.THREEFOLD_REPETITION
    )
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        screen.query_one("#move-input", Input).value = "Nf3"
        await pilot.press("f7")
        question = await wait_for_question(pilot, "Claim a draw?")
        assert "the same position for the" in question.text
        assert "once you play Nf3" in question.text
        await pilot.press("enter")
        await pilot.pause()
        nothing_changed(screen)
        await pilot.press("f7")
        await answer(pilot, "Claim a draw?")
        await wait_until(pilot, lambda: screen.game.is_over)
        outcome = screen.game.outcome
        assert outcome is not None and outcome.termination is Termination.THREEFOLD_REPETITION
        assert screen.game.san_moves() == ["Nf3"], "the claim came with its move"


async def test_a_claim_at_the_fourth_occurrence_says_so_and_the_result_says_who_claimed(
    app: RatedPlayApp, ledger: Ledger, seating: ScriptedSeating
) -> None:
    """The claim said "the same position for the third time" when it was the fourth, and the
    result "Draw by threefold repetition, claimed", not by whom."""
    knights = ("g1f3", "g8f6", "f3g1", "f6g8")
    seating.told["script"] = knights * 4
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        assert screen.game.player_color == chess.WHITE
        for ply in range(0, 12, 2):
            await wait_until(pilot, lambda ply=ply: len(screen.game.san_moves()) == ply)
            await wait_until(pilot, lambda: screen.game.is_player_turn)
            await type_move(pilot, knights[ply % 4])
        await wait_until(pilot, lambda: len(screen.game.san_moves()) == 12)
        await wait_until(pilot, lambda: screen.game.is_player_turn)
        await pilot.press("f7")
        question = await wait_for_question(pilot, "Claim a draw?")
        assert "the same position for the fourth time" in question.text
        await answer(pilot, "Claim a draw?")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await wait_until(pilot, lambda: bool(app.screen.query("#ending")))
        assert "Draw by threefold repetition, claimed by you" in shown(app, "#ending")
        [game] = ledger.games(ledger.profiles()[0].id)
        assert '[EndReason "Draw by threefold repetition, claimed by White"]' in game.pgn


def inside(outer: Region, inner: Region) -> bool:
    return outer.contains_region(inner)


@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_every_question_stands_beside_the_board_with_both_clocks_in_sight(
    ledger: Ledger, size: tuple[int, int]
) -> None:
    """The engine's double once covered every rank at 80×24 and hid the move it came with,
    while the player's clock ran. Every question now stands beside the board, against an
    opponent whose long name takes three lines of the side panel."""
    ledger.create_profile("Magnus")
    app = RatedPlayApp(
        ledger, Pool([long_named()]), AppOptions(handle_signals=False, seating=ScriptedSeating())
    )
    async with app.run_test(size=size) as pilot:
        screen = await start_doubling_game(pilot)
        game = screen.game
        for _ in range(3):
            await wait_for_player_turn(pilot, screen)
            await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)

        async def engine_double() -> None:
            await screen.ask(double_offered(game, lambda _: None))

        async def promotion() -> None:
            await screen.ask_promotion(chess.E7, chess.E8)

        def pressing(key: str) -> Callable[[], Awaitable[None]]:
            return lambda: pilot.press(key)

        questions = (
            (pressing("f6"), "Offer a draw?"),
            (pressing("f8"), "Resign?"),
            (pressing("f9"), "Offer to double?"),
            (pressing("ctrl+q"), "Leave the rated game?"),
            (engine_double, "Double offered"),
            (promotion, "Promote to"),
        )
        for ask, title in questions:
            await ask()
            await wait_for_question(pilot, title)
            await pilot.pause()
            panel = screen.query_one(DecisionPanel)
            board = screen.query_one(BoardView)
            seen = Region(0, 0, *size).intersection(
                Region(0, 0, size[0], screen.query_one(Footer).region.y)
            )
            assert inside(seen, panel.region), f"{title}: the whole question is on the screen"
            assert not panel.region.overlaps(board.region), f"{title}: beside the board"
            assert board.region.width >= 28 and inside(seen, board.region)
            for clock in screen.query(ClockView):
                assert inside(seen, clock.region) and not clock.region.overlaps(panel.region)
            for button in panel.query(Button):
                assert inside(panel.region, button.region), f"{title}: {button.id} inside"
            assert "Your clock is running" in str(screen.query_one("#decision-clock").render()), (
                title
            )
            if title == "Double offered":
                assert f"With {len(game.san_moves()) // 2}…" in str(
                    screen.query_one("#decision-text").render()
                ), "the offer names the move it came with"
            before = game.clock.remaining(game.player_color)
            await pilot.pause(0.3)
            assert game.clock.remaining(game.player_color) < before, "the clock runs meanwhile"
            moves = screen.query_one(MoveList)
            assert latest_move_in_view(moves, game.san_moves()), title
            if title == "Double offered":  # no way out: an answer is chosen
                await pilot.click("DecisionPanel #accept")
            else:
                await pilot.press("escape")
            await pilot.pause()
            nothing_changed(screen)


def latest_move_in_view(moves: MoveList, san_moves: list[str]) -> bool:
    """The line of the latest move lies within the list's window."""
    if not san_moves:
        return True
    line = (len(san_moves) - 1) // 2
    top = round(moves.scroll_offset.y)
    return top <= line < top + moves.scrollable_content_region.height


async def test_the_move_list_keeps_the_latest_move_in_view_at_80x24(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """At 80×24 the list once ended a move short of the one just played, and after the
    five-line message of F7 it shrank around moves 4 and 5 until the next move."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SMALL) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        game, moves = screen.game, screen.query_one(MoveList)
        for _ in range(14):
            await wait_for_player_turn(pilot, screen)
            if game.is_over:
                break
            await wait_until(pilot, lambda: latest_move_in_view(moves, game.san_moves()), 5)
            await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)
        assert moves.max_scroll_y > 0, "the list is longer than its window"
        await pilot.press("f7")  # nothing to claim: a long message below the list
        await wait_until(pilot, lambda: "No draw to claim" in shown(app, "#status"))
        await wait_until(pilot, lambda: latest_move_in_view(moves, game.san_moves()), 5)


async def test_promotion_takes_the_piece_letter_in_either_case(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The question said "Press Q, R, B or N" but only lowercase worked."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        for letter in ("Q", "r", "B", "n"):
            chosen: list[str] = []
            await screen.ask(promotion_question(chosen.append))
            await wait_for_question(pilot, "Promote to")
            await pilot.press(letter)
            await pilot.pause()
            assert chosen == [chess.piece_name(chess.PIECE_SYMBOLS.index(letter.lower()))]
            assert not screen.asking


async def test_an_answer_pressed_twice_answers_its_own_question_only(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """A double click on Keep playing once popped the question beneath as well: under a
    question to leave, the engine's double was answered "cancel" (read as a refusal, which
    resigns); with nothing beneath, the app crashed, and a crash abandons the game."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        answers: list[str] = []
        await screen.ask(double_offered(screen.game, answers.append))
        await pilot.press("ctrl+q")
        await wait_for_question(pilot, "Leave")
        keep_playing = screen.query_one("DecisionPanel #cancel", Button)
        keep_playing.press()
        keep_playing.press()
        await pilot.pause()
        question = await wait_for_question(pilot, "Double offered")
        assert answers == [] and screen.asking, "the double still waits for its answer"
        await pilot.click("DecisionPanel #accept")
        await pilot.pause()
        assert answers == ["accept"] and question is not None

        await pilot.press("f8")
        await wait_for_question(pilot, "Resign?")
        keep_playing = screen.query_one("DecisionPanel #cancel", Button)
        keep_playing.press()
        keep_playing.press()
        await pilot.pause()
        assert not screen.game.is_over and not screen.asking


async def test_while_a_double_is_offered_keys_stay_with_its_answers(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Escape, or a move typed past a question to leave, sent the keyboard to the hidden move
    box while the double was still asked."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        await screen.ask(double_offered(screen.game, lambda _: None))
        await wait_for_question(pilot, "Double offered")
        box = screen.query_one("#move-input", Input)
        await pilot.press("escape", "d", "4", "enter")
        await pilot.pause()
        assert screen.focused is not box and not box.value
        await pilot.press("ctrl+q")
        await wait_for_question(pilot, "Leave")
        await pilot.press("d", "4")  # past the question to leave: it gets its way out
        await pilot.pause()
        await wait_for_question(pilot, "Double offered")
        assert screen.focused is not box and not box.value
        assert not screen.query_one("#at-the-board").display, "the move box stays hidden"


async def test_a_question_asked_as_another_is_answered_keeps_the_place(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """An answer and a new question overlapping once left the move box shown, and focused,
    under the question still asked."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_doubling_game(pilot)
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        await pilot.press("f8")
        await wait_for_question(pilot, "Resign?")
        keep_playing = screen.query_one("DecisionPanel #cancel", Button)
        keep_playing.press()
        await screen.ask(double_offered(screen.game, lambda _: None))
        await wait_for_question(pilot, "Double offered")
        await pilot.pause()
        assert not screen.query_one("#at-the-board").display
        assert screen.focused is None


# -- the setup ---------------------------------------------------------------------------


async def test_a_custom_clock_typed_is_the_clock_that_starts_without_enter(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """2+0 typed and then F5 without Enter: the setup went on showing the clock chosen before,
    and the game started on it, with the stale 2+0 still in the field."""
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        await type_custom(pilot, "2+0")
        assert "Clock: 2+0 · Rated in Bullet" in shown(app, "#time-control")
        await pilot.press("f5")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # Drawn, so mounted: a test that ends before the screen has mounted tears it down
        # under its own on_mount.
        await wait_until(pilot, lambda: any(b.size.width for b in screen.query(BoardView)))
        assert screen.game.time_control == TimeControl.parse("2+0")
        assert "Rated game · 2+0 · Bullet" in str(screen.query_one("#rated").render())
    assert [game.time_control for game in ledger.games(profile.id)] == ["120+0"]


async def test_f5_refuses_a_custom_clock_that_is_not_one_and_starts_nothing(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await type_custom(pilot, "2+")
        assert "Clock: '2+' is not a time control yet" in shown(app, "#time-control")
        await pilot.press("f5")
        await pilot.pause()
        refusal = shown(app, "#time-control-error")
        assert "Not started" in refusal and "'2+'" in refusal
        assert len(refusal.splitlines()) <= 2

        await type_custom(pilot, "")
        screen.query_one("#preset", Dropdown).value = CUSTOM
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert "Type the custom time control" in shown(app, "#time-control-error")

        # A preset chosen after a custom text clears it: the field never contradicts the line.
        await type_custom(pilot, "2+0")
        screen.query_one("#preset", Dropdown).value = 3
        await pilot.pause()
        assert screen.query_one("#custom", Input).value == ""
        assert "Clock: 15+10" in shown(app, "#time-control")
        assert isinstance(app.screen, SetupScreen)
    assert ledger.games(profile.id) == []


async def test_keys_meant_for_a_text_box_never_start_a_game(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """After a game, Tab Tab and a name typed for the new-profile box started rated game 10:
    the Start button had the focus, and took the Enter. It takes none now; F5 or a click do."""
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "tab", *"Anna Karpova", "enter", "space", "enter")
        await _back_at_the_setup(app, pilot)
        # Then the same keys wherever a Tab can put the focus: each widget of the chain (a
        # Tab at a time, the walk took ninety Tabs to reach them all).
        stops = len(app.screen.focus_chain)
        assert stops >= 10
        for stop in range(stops):
            chain = app.screen.focus_chain
            chain[stop % len(chain)].focus()
            await pilot.press(*"Anna Karpova", "enter", "space", "enter")
            await _back_at_the_setup(app, pilot)
        assert ledger.games(profile.id) == [], "no rated game was started"


async def _back_at_the_setup(app: RatedPlayApp, pilot: Pilot[None]) -> None:
    """Back from what the letters opened (g and h: the games, the history), never a game."""
    await pilot.pause()
    while not isinstance(app.screen, SetupScreen):
        assert not isinstance(app.screen, GameScreen)
        app.pop_screen()
        await pilot.pause()


# -- any keys at all ---------------------------------------------------------------------

KEYS = st.sampled_from(
    [
        *"abcdefghNBRQKOx12345678+#=-?",
        " ",
        *string.punctuation[:6],
        *("tab", "shift+tab", "enter", "escape", "f1", "ctrl+p"),
    ]
)
"""Keys typed with moves, and the help's keys: the help over the board must not change what
the others can do."""


@settings(
    max_examples=12,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(keys=st.lists(KEYS, min_size=1, max_size=40))
async def test_printable_keys_tab_and_enter_change_the_game_only_by_moves(
    keys: list[str],
) -> None:
    """However the keys fall, the outcome, the stake and the clock change only through a
    question answered (and none of these keys can open one), or by a move typed."""
    with tempfile.TemporaryDirectory() as folder:
        ledger = Ledger.open(DataDirectory(Path(folder)))
        ledger.create_profile("Magnus")
        app = RatedPlayApp(
            ledger,
            Pool([fast_opponent(50, 700.0, rating_error=60.0, calibrated=True)]),
            AppOptions(handle_signals=False, seating=ScriptedSeating()),
        )
        asked: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_doubling_game(pilot)
            ask = screen.ask

            async def recorded(question: object) -> None:
                asked.append(question.title)  # type: ignore[attr-defined]
                await ask(question)  # type: ignore[arg-type]

            screen.ask = recorded  # type: ignore[method-assign]
            game = screen.game
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            assert set(asked) <= {"Double offered"}, asked
            # The engine's double is the one question these keys can meet (it comes with the
            # engine's move); Tab then Enter answers it, and only then may the stake change,
            # or the game end by the refusal.
            endings = set(BOARD_ENDINGS)
            if "Double offered" in asked:
                endings.add(Termination.DOUBLE_REFUSED)
            else:
                assert (game.stake, game.doublings) == (STAKE, 0)
            assert game.outcome is None or game.outcome.termination in endings
            assert game.is_over or game.clock.running == game.board.turn, "no key stops a clock"
            assert app.screen is screen or isinstance(app.screen, HelpScreen)
        ledger.close()

"""Rated games through the headless session.

The rules are played against a scripted opponent in the test's own process (it plays given
moves, answers as told, fails on cue), the player's moves chosen by
:func:`~tests.scripted_opponent.greedy_move`. What a real engine process does (it is killed, it
hangs, it cannot come back) is played against the real Stockfish, limited by nodes.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import time
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest

from engines.errors import EngineUnavailableError
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus, Profile
from rated_play.session import (
    AmbiguousMoveError,
    DrawClaimError,
    DrawOfferError,
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    RatedGame,
    RatedGameError,
    Termination,
    UnreadableMoveError,
)
from tests.builders import (
    SHORT_HANG_WINDOW,
    fast_opponent,
    human_move,
    play_out,
    shorten_the_hang_window,
)
from tests.scripted_opponent import ScriptedOpponent, greedy_move

BLITZ = TimeControl.parse("5+3")


async def test_a_whole_game_lands_in_the_ledger_with_its_pgn(
    ledger: Ledger, profile: Profile
) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent())
    pending = ledger.game(game.game_id)
    assert pending.status is GameStatus.PENDING
    assert pending.player_score == 0.0, "a rated game is a loss until it is finished"

    await play_out(game)
    await game.close()

    outcome = game.outcome
    assert outcome is not None
    record = ledger.game(game.game_id)
    assert record.status is GameStatus.FINISHED
    assert record.result == outcome.result
    assert record.player_score == outcome.player_score
    assert record.time_class is TimeClass.BLITZ

    parsed = chess.pgn.read_game(io.StringIO(record.pgn))
    assert parsed is not None
    assert parsed.headers["White"] == "Magnus"
    assert parsed.headers["Black"] == "Stockfish (2000 nodes)"
    assert parsed.headers["TimeControl"] == "300+3"
    assert parsed.headers["Result"] == outcome.result
    assert parsed.headers["BlackElo"] == "1500"
    assert parsed.end().board() == game.board
    clocks = [node.clock() for node in parsed.mainline()]
    assert all(c is not None and 0 < c <= 300 + 3 * len(clocks) for c in clocks)
    assert len(ledger.moves(game.game_id)) == len(game.san_moves())
    report = game.report
    assert report is not None and report.pgn_path is not None
    assert report.pgn_path.read_text() == record.pgn
    assert report.games_until_rated == 19


async def test_colours_alternate_whatever_way_a_game_ends(ledger: Ledger, profile: Profile) -> None:
    colours = []
    for _ in range(3):
        game = await RatedGame.start(
            ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent()
        )
        colours.append(game.player_color)
        await game.close()  # leaving at once: abandoned, and the colour still turns
    assert colours == [chess.WHITE, chess.BLACK, chess.WHITE]
    assert [g.status for g in ledger.games(profile.id)] == [GameStatus.ABANDONED] * 3
    assert [g.player_score for g in ledger.games(profile.id)] == [0.0] * 3


async def test_bad_move_input_explains_itself_and_changes_nothing(
    ledger: Ledger, profile: Profile
) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent())
    try:
        await game.play(game.parse_move("Nf3"))
        await game.opponent_turn()
        before = game.board
        cases = {
            "e5e4": IllegalMoveError,  # no piece there
            "Ke3": IllegalMoveError,
            "h7h6": IllegalMoveError,  # not the player's piece
            "hello": UnreadableMoveError,
            "": UnreadableMoveError,
            "Z9": UnreadableMoveError,
        }
        for text, error in cases.items():
            with pytest.raises(error) as raised:
                game.parse_move(text)
            assert str(raised.value)
        # A move picked on the board has no SAN when it is not legal: it is named as players
        # name one, piece and squares, whichever way it reaches the game.
        queen = chess.Move.from_uci("d1d4")
        with pytest.raises(IllegalMoveError, match=r"^Qd1–d4 is not legal in this position$"):
            game.board_move(queen)
        with pytest.raises(RatedGameError, match=r"^Qd1–d4 is not legal in this position$"):
            await game.play(queen)
        assert game.board_move(chess.Move.from_uci("e2e4")) == chess.Move.from_uci("e2e4")
        assert game.board == before
        assert len(ledger.moves(game.game_id)) == 2
        with pytest.raises(NotYourTurnError):
            await game.opponent_turn()
    finally:
        await game.close()


async def test_an_ambiguous_move_names_the_candidates(ledger: Ledger, profile: Profile) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent())
    try:
        # Knights on b1 and f3 can both reach d2 once d2 is free.
        for text in ("Nf3", "d4"):
            await game.play(game.parse_move(text))
            await game.opponent_turn()
        with pytest.raises(AmbiguousMoveError, match=r"Nbd2 or Nfd2|Nfd2 or Nbd2"):
            game.parse_move("Nd2")
        assert game.parse_move("Nbd2") == chess.Move.from_uci("b1d2")
    finally:
        await game.close()


async def test_resigning_loses_and_ends_everything(ledger: Ledger, profile: Profile) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent())
    await game.play(game.parse_move("e4"))
    game.resign()
    assert game.outcome is not None
    assert game.outcome.termination is Termination.RESIGNATION
    assert game.outcome.description == "White resigned: Black wins"
    with pytest.raises(GameOverError):
        await game.opponent_turn()
    await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.result, record.player_score) == (GameStatus.FINISHED, "0-1", 0.0)


async def test_draw_claims_need_a_reason_and_offers_come_once_a_move(
    ledger: Ledger, profile: Profile
) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=ScriptedOpponent())
    try:
        with pytest.raises(DrawClaimError, match="three times"):
            await game.claim_draw()
        # The opponent declines (when an engine does is its judge's: tests/engines/).
        assert await game.offer_draw() is False
        with pytest.raises(DrawOfferError):
            await game.offer_draw()
        await game.play(game.parse_move("e4"))
        assert not game.is_over
        assert ledger.game(game.game_id).status is GameStatus.PENDING
    finally:
        await game.close()


async def test_a_flag_falls_on_the_real_clock(ledger: Ledger, profile: Profile) -> None:
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), TimeControl(1, 0), seated=ScriptedOpponent()
    )
    assert game.check_flag() is False
    await asyncio.sleep(1.1)
    assert game.check_flag() is True
    assert game.outcome is not None
    assert game.outcome.termination is Termination.TIME_FORFEIT
    assert game.outcome.description == "Black wins on time"
    await game.close()
    assert ledger.game(game.game_id).player_score == 0.0


async def test_an_engine_that_is_missing_costs_the_player_nothing(
    ledger: Ledger, profile: Profile
) -> None:
    with pytest.raises(EngineUnavailableError, match=r"apt|install"):
        await RatedGame.start(ledger, profile, fast_opponent(command="no-such-chess-engine"), BLITZ)
    assert ledger.games(profile.id) == []


@pytest.mark.engine
async def test_a_killed_engine_is_restarted_and_the_game_goes_on(
    ledger: Ledger, profile: Profile, human: chess.engine.Protocol
) -> None:
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    # 6 million nodes, so that the kill lands mid-search even on a fast machine: 2 million took
    # 2.4 s on a loaded one and would be over before the kill on one twice as fast.
    game = await RatedGame.start(ledger, profile, fast_opponent(nodes=6_000_000), BLITZ)
    await game.play(game.parse_move("e4"))
    black_clock = game.clock.remaining(chess.BLACK)
    thinking = asyncio.ensure_future(game.opponent_turn())
    await asyncio.sleep(1.5)
    pid = game._seated.pid  # the process to kill, as a crash would
    assert pid is not None and not thinking.done(), "the engine was to be killed mid-search"
    killed = time.monotonic()
    os.kill(pid, signal.SIGKILL)
    move = await thinking
    rethinking = time.monotonic() - killed
    assert move is not None and not game.is_over
    assert game.opponent_restarts == 1
    # The clock went back to where it was when the engine began to think, 1.5 s before the
    # crash: at most the restart and the second search are charged (timed here, as a loaded
    # machine is slow); without the reset the 1.5 s would be charged too.
    left = game.clock.remaining(chess.BLACK) - BLITZ.increment_seconds  # the move earned it
    assert black_clock - rethinking - 0.5 <= left <= black_clock
    # The game goes on: the player moves, and the game ends as a rated game does.
    await game.play(await human_move(human, game.board))
    game.resign()
    await game.close()
    assert ledger.game(game.game_id).status is GameStatus.FINISHED


@pytest.mark.engine
async def test_an_engine_that_cannot_come_back_voids_the_game(
    ledger: Ledger, profile: Profile, tmp_path: Path
) -> None:
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    from engines.discovery import find_engine  # noqa: PLC0415

    stockfish = find_engine("stockfish")
    assert stockfish is not None
    wrapper = tmp_path / "doomed-engine"
    wrapper.write_text(f'#!/bin/sh\nexec {stockfish} "$@"\n')
    wrapper.chmod(0o755)
    game = await RatedGame.start(
        ledger, profile, fast_opponent(nodes=5_000_000, command=str(wrapper)), BLITZ
    )
    await game.play(game.parse_move("d4"))
    thinking = asyncio.ensure_future(game.opponent_turn())
    await asyncio.sleep(0.3)
    wrapper.unlink()  # the engine is uninstalled under the running game
    pid = game._seated.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert await thinking is None
    assert game.outcome is not None and game.outcome.void
    assert game.outcome.description.startswith(
        "Game void (unrated): the engine failed and could not be restarted ("
    )
    await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.player_score, record.result) == (GameStatus.VOID, None, "*")


@pytest.mark.engine
async def test_a_hung_engine_is_restarted_with_its_clock_put_back(
    ledger: Ledger, profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGSTOP freezes the engine as a deadlock would: alive, silent, using no CPU."""
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    shorten_the_hang_window(monkeypatch)

    # 3 million nodes, so that the stop 0.3 s in lands mid-search on a machine many times as
    # fast as one that took 2.4 s over 2 million; the search is asked again after the restart,
    # and 50 million made that 15 s of a test about a hang.
    game = await RatedGame.start(ledger, profile, fast_opponent(nodes=3_000_000), BLITZ)
    await game.play(game.parse_move("c4"))
    black_clock = game.clock.remaining(chess.BLACK)
    started = time.monotonic()
    thinking = asyncio.ensure_future(game.opponent_turn())
    await asyncio.sleep(0.3)
    pid = game._seated.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        move = await asyncio.wait_for(thinking, timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):  # the restart has killed it already
            os.kill(pid, signal.SIGKILL)
    waited = time.monotonic() - started
    assert move is not None and game.opponent_restarts == 1
    assert black_clock is not None
    charged = black_clock - (game.clock.remaining(chess.BLACK) or 0.0) + 3  # increment added
    assert charged <= waited - SHORT_HANG_WINDOW, "the seconds lost to the hang were given back"
    await game.close()


@pytest.mark.engine
async def test_an_engine_that_keeps_failing_voids_the_game_saying_it_was_restarted(
    ledger: Ledger, profile: Profile
) -> None:
    """Three restarts succeed and the fourth crash voids the game: the message once said the
    engine "could not be restarted" here, after three successful restarts."""
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    from rated_play.session.game import MAX_RESTARTS  # noqa: PLC0415

    game = await RatedGame.start(ledger, profile, fast_opponent(nodes=50_000_000), BLITZ)
    await game.play(game.parse_move("e4"))
    thinking = asyncio.ensure_future(game.opponent_turn())
    for _ in range(MAX_RESTARTS + 1):
        # The engine (first or restarted) is thinking; a busy machine may take a while to
        # start it again.
        deadline = asyncio.get_running_loop().time() + 30
        while game._seated.pid is None and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)
        pid = game._seated.pid
        assert pid is not None and not thinking.done()
        os.kill(pid, signal.SIGKILL)
        while not thinking.done() and game._seated.pid == pid:
            await asyncio.sleep(0.02)
    assert await thinking is None
    assert game.opponent_restarts == MAX_RESTARTS
    assert game.outcome is not None and game.outcome.void
    assert game.outcome.description == (
        "Game void (unrated): the engine failed again after 3 restarts"
    )
    await game.close()
    assert ledger.game(game.game_id).status is GameStatus.VOID


async def test_an_opponent_that_fails_is_started_again_with_its_clock_put_back(
    ledger: Ledger, profile: Profile
) -> None:
    """It fails twice over its first move, half a second into each think: it is started again
    each time, asked again from the same position on the clock it had, and the game goes on.
    Only the think that gave the move is charged."""
    failing = ScriptedOpponent(crashes_at={1}, crashes=2, think=0.5)
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=failing)
    try:
        await game.play(game.parse_move("e4"))
        black_clock = game.clock.remaining(chess.BLACK)
        started = time.monotonic()
        move = await game.opponent_turn()
        waited = time.monotonic() - started
        assert move is not None and not game.is_over
        assert (game.opponent_restarts, failing.restarts, failing.asked.count("turn")) == (2, 2, 3)
        left = game.clock.remaining(chess.BLACK)
        assert black_clock is not None and left is not None
        charged = black_clock + BLITZ.increment_seconds - left
        assert waited >= 1.5 and 0.5 <= charged < 1.0, (waited, charged)
        await game.play(greedy_move(game.board))
    finally:
        await game.close()
    assert ledger.game(game.game_id).status is GameStatus.ABANDONED


@pytest.mark.parametrize(
    ("failing", "said"),
    [
        (
            ScriptedOpponent(crashes_at={1}, crashes=99),
            "Game void (unrated): the engine failed again after 3 restarts; "
            "it said: scripted failure at move 1",
        ),
        (
            ScriptedOpponent(crashes_at={1}, restart_refused="it is not installed"),
            "Game void (unrated): the engine failed and could not be restarted "
            "(it is not installed)",
        ),
    ],
    ids=["keeps failing", "cannot come back"],
)
async def test_an_opponent_that_cannot_go_on_voids_the_game(
    ledger: Ledger, profile: Profile, failing: ScriptedOpponent, said: str
) -> None:
    game = await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=failing)
    await game.play(game.parse_move("d4"))
    assert await game.opponent_turn() is None
    assert game.outcome is not None and game.outcome.void
    assert game.outcome.description == said
    await game.close()
    assert failing.closed
    record = ledger.game(game.game_id)
    assert (record.status, record.player_score, record.result) == (GameStatus.VOID, None, "*")


async def test_an_opponent_that_cannot_start_costs_the_player_nothing(
    ledger: Ledger, profile: Profile
) -> None:
    refused = ScriptedOpponent(unavailable="Stockfish could not be started: no such file")
    with pytest.raises(EngineUnavailableError, match="could not be started"):
        await RatedGame.start(ledger, profile, fast_opponent(), BLITZ, seated=refused)
    assert ledger.games(profile.id) == []

"""The judge (the full-strength Stockfish beside every opponent) is watched as the opponent's
own engine is: hung or killed mid-game, it is started again and asked again; when it cannot
come back, a game whose opponent's strength is its veto is void, never a loss, and the player
loses no time to it.

Everything is real: the opponent is a Maia network run by ``rated-play-maia`` with the veto of
blunders, the judge the installed Stockfish, frozen with SIGSTOP as a deadlock would leave it or
killed with SIGKILL; the Stockfish that crashes is the real one behind a pipe that ends it when
the veto's search comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from dataclasses import replace
from pathlib import Path

import chess
import pytest

from engines import discovery
from engines.discovery import find_engine
from engines.errors import EngineUnavailableError
from engines.opponents.engine_player import EngineCrashError, EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus, Profile
from profiles.marks import Mark
from rated_play.session import RatedGame
from rated_play.session.game import ANSWER_LIMIT
from tests.builders import alive, allows_mate_in_one, blunder_position, shorten_the_hang_window
from tests.scripted_opponent import greedy_move

BLITZ = TimeControl.parse("5+3")
DEADLINE = 90.0


@pytest.fixture(autouse=True)
def _short_hang_window(monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_the_hang_window(monkeypatch)


def _vetoed() -> Opponent:
    """A network that has the judge veto its blunders, as the pool's ``*-no-blunders``."""
    return replace(load_pool().get("maia-1100"), name="maia-1100-vetoed", veto=Mark.BLUNDER)


def _careful_move(board: chess.Board) -> chess.Move:
    """The player's greedy move, unless it lets the opponent mate at once: then the first that
    does not. The network mates greedy pawn pushes (1.e4 Nc6 2.f4 … Qh4, Qxf2#) in some of its
    games, and a game that ends by mate cannot show the judge come back."""
    greedy = greedy_move(board)
    safe = [move for move in [greedy, *board.legal_moves] if not allows_mate_in_one(board, move)]
    return safe[0] if safe else greedy


async def _play_moves(game: RatedGame, count: int) -> list[chess.Move | None]:
    """``count`` of the opponent's moves, each answered by the player's careful one."""
    moves: list[chess.Move | None] = []
    for _ in range(count):
        if game.is_player_turn:
            await game.play(_careful_move(game.board))
        moves.append(await asyncio.wait_for(game.opponent_turn(), DEADLINE))
        if game.is_over:
            break
    return moves


@pytest.mark.engine
@pytest.mark.parametrize("fault", [signal.SIGSTOP, signal.SIGKILL], ids=["hung", "killed"])
async def test_a_judge_hung_or_killed_mid_game_is_started_again_and_the_game_goes_on(
    ledger: Ledger, profile: Profile, fault: signal.Signals
) -> None:
    """On today's code a frozen judge broke python-chess's queue of commands ("AssertionError:
    CommandState.NEW") two turns on, and a killed one was never started again."""
    seated = EnginePlayer(_vetoed())
    game = await RatedGame.start(ledger, profile, seated.opponent, BLITZ, seated=seated)
    try:
        await game.play(game.parse_move("e4"))
        assert await game.opponent_turn() is not None
        judge = seated._judge.pid
        assert judge is not None
        os.kill(judge, fault)
        try:
            moves = await _play_moves(game, 4)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(judge, signal.SIGKILL)
        assert None not in moves and not game.is_over
        assert seated._judge.restarts == 1 and game.opponent_restarts == 0
        again = seated._judge.pid
        assert again is not None and again != judge and alive(again)
    finally:
        await game.close()
    assert ledger.game(game.game_id).status is GameStatus.ABANDONED


@pytest.mark.engine
async def test_a_draw_offered_to_a_hung_judge_is_declined_at_once_on_the_players_time(
    ledger: Ledger, profile: Profile
) -> None:
    """The answer waits no longer than its limit, and the player's clock is put back; on
    today's code it waited the judge's 10 s timeout, charged, and the next offer raised."""
    seated = EnginePlayer(_vetoed())
    game = await RatedGame.start(ledger, profile, seated.opponent, BLITZ, seated=seated)
    try:
        await game.play(game.parse_move("d4"))
        await game.opponent_turn()
        judge = seated._judge.pid
        assert judge is not None
        os.kill(judge, signal.SIGSTOP)
        try:
            before = game.clock.remaining(game.player_color)
            started = time.monotonic()
            assert await game.offer_draw() is False
            assert time.monotonic() - started < ANSWER_LIMIT + 1.0
            left = game.clock.remaining(game.player_color)
            assert before is not None and left is not None and before - left < 0.5
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(judge, signal.SIGKILL)
        await game.play(_careful_move(game.board))
        assert await game.opponent_turn() is not None
        assert await game.offer_draw() is False
        assert not game.is_over
    finally:
        await game.close()


def _stockfish_that_crashes_on(tmp_path: Path, search: str) -> Path:
    """A directory whose ``stockfish`` is the real one behind a pipe that exits when a ``go``
    line has ``search`` in it: it starts, and fails where the veto asks it."""
    real = find_engine("stockfish")
    assert real is not None
    folder = tmp_path / "bin"
    folder.mkdir()
    fake = folder / "stockfish"
    fake.write_text(
        f"#!{sys.executable}\n"
        "import subprocess, sys, threading\n"
        f"engine = subprocess.Popen([{str(real)!r}], stdin=subprocess.PIPE, stdout=sys.stdout,"
        " text=True, bufsize=1)\n"
        "for line in sys.stdin:\n"
        f"    if line.startswith('go') and {search!r} in line:\n"
        "        engine.kill()\n"
        "        sys.exit(1)\n"
        "    engine.stdin.write(line)\n"
        "    engine.stdin.flush()\n"
    )
    fake.chmod(0o755)
    return folder


@pytest.mark.engine
async def test_a_vetoed_entry_whose_judge_keeps_crashing_is_void_never_a_loss(
    ledger: Ledger, profile: Profile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On today's code the network played on without its veto, rated as if it had it."""
    crashing = _stockfish_that_crashes_on(tmp_path, "depth 10")
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(crashing))
    game = await RatedGame.start(ledger, profile, _vetoed(), BLITZ)
    await game.play(game.parse_move("e4"))
    assert await asyncio.wait_for(game.opponent_turn(), DEADLINE) is None
    assert game.outcome is not None and game.outcome.void
    assert game.outcome.description.startswith(
        "Game void (unrated): the engine failed again after 3 restarts; it said: its judge: "
        "Stockfish at full strength failed again after 3 restarts"
    )
    await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.player_score, record.result) == (GameStatus.VOID, None, "*")


@pytest.mark.engine
async def test_a_vetoed_entry_without_stockfish_cannot_start_and_costs_nothing(
    ledger: Ledger, profile: Profile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(EngineUnavailableError, match="stockfish"):
        await RatedGame.start(ledger, profile, _vetoed(), BLITZ)
    assert ledger.games(profile.id) == []


@pytest.mark.engine
async def test_a_crashing_judge_never_lets_a_vetoed_blunder_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The network's likeliest move here (Rxd4) is a blunder the veto refuses; on today's code
    a judge that crashed let it be played without a word."""
    crashing = _stockfish_that_crashes_on(tmp_path, "depth 10")
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(crashing))
    player = EnginePlayer(replace(load_pool().get("maia-1900"), veto=Mark.BLUNDER))
    await player.start()
    try:
        with pytest.raises(EngineCrashError, match="its veto could not be had"):
            await player.choose(blunder_position(), None)
    finally:
        await player.close()

"""Believable thinking: the opponent takes a person's time over its moves on a clock, charged
to its clock; it changes no move, never risks the engine's flag, ends the moment the game
does, and is absent without a clock.

The games are played against a scripted opponent, which answers at once (so any time it takes
is the pace's), the player's moves chosen by :func:`~tests.scripted_opponent.greedy_move`; that
the pace changes no move of the real engine is played against the real Stockfish.
"""

from __future__ import annotations

import asyncio
import random
import time

import chess
import chess.engine
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from profiles.player.move_times import move_times
from rated_play.session import RatedGame, Termination, ThinkingPace
from rated_play.session.thinking import (
    DEVIATION_LIMIT,
    MAX_SHARE_OF_CLOCK,
    MIN_SECONDS,
    think_time,
)
from tests.builders import (
    OWN_SEARCH,
    deliberate_pace,
    fast_opponent,
    human_move,
    least_think,
)
from tests.scripted_opponent import ScriptedOpponent, greedy_move

SHORT = TimeControl.parse("0.5+0")
"""Thirty seconds each: the pace is a second or so a move, the game stays short."""
LONG = TimeControl.parse("90+30")
"""A classical clock: the pace is many seconds even for the quickest move."""
MIDDLEGAME = chess.Board("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8")
"""A Queen's Gambit Declined: thirty-odd moves to choose from, a full think."""


async def play_moves(game: RatedGame, player_moves: int) -> list[tuple[chess.Move, float]]:
    """The player's moves and the engine's replies; returns each engine move with the wall
    time from the player's move being played to the engine's reply being played."""
    replies = []
    for _ in range(player_moves):
        board = game.board
        chosen = greedy_move(board)
        started = time.monotonic()
        await game.play(chosen)
        move = await game.opponent_turn()
        assert move is not None, game.outcome
        replies.append((move, time.monotonic() - started))
    return replies


async def test_on_a_clock_the_engine_takes_a_persons_time_charged_to_its_clock(
    ledger: Ledger, profile: Profile
) -> None:
    pace = ThinkingPace(random.Random(1))
    opponent = fast_opponent()
    game = await RatedGame.start(
        ledger, profile, opponent, SHORT, pace=pace, seated=ScriptedOpponent()
    )
    replies = iter(await play_moves(game, 6))
    recorded = ledger.moves(game.game_id)
    spent = move_times(recorded, SHORT)
    # The same draws again, on the same positions and clocks (as the ledger keeps them, the
    # player's last move and the engine's own before it): the think time each move owed.
    twin = ThinkingPace(random.Random(1))
    board = chess.Board()
    for index, kept in enumerate(recorded):
        move = chess.Move.from_uci(kept.uci)
        if board.turn == game.opponent_color:
            played, waited = next(replies)
            assert played == move
            before = recorded[index - 2].clock_ms if index >= 2 else None
            owed = twin.think_time(
                board,
                move,
                SHORT.base_seconds if before is None else before / 1000,
                SHORT.increment_seconds,
                base=SHORT.base_seconds,
                rating=opponent.rating,
                opponent_left=(recorded[index - 1].clock_ms or 0) / 1000,
                # A side's first move is not timed on the servers people's games come from.
                own_last=spent[index - 2] if index >= 4 else None,
                opponent_last=spent[index - 1] if index >= 3 else None,
            )
            on_clock = spent[index]
            assert on_clock is not None
            assert on_clock >= owed - 0.02, "charged at least a person's think time"
            assert owed >= MIN_SECONDS, "a person's move takes a moment, not milliseconds"
            # Charged as thinking is, and nothing more: no more than the wall time from the
            # player's move to the reply, give or take the ledger's milliseconds. (An equality
            # would also count the ledger's writes of the two moves, which a busy disk
            # stretches.)
            assert on_clock <= waited + 0.002
        board.push(move)
    await game.close()


async def test_without_the_setting_or_without_a_clock_the_engine_answers_at_once(
    ledger: Ledger, profile: Profile
) -> None:
    """The engine without the pace answers within its own search, where on a classical clock
    a person's median think over one of its replies at least is many seconds."""
    off = await RatedGame.start(ledger, profile, fast_opponent(), LONG, seated=ScriptedOpponent())
    replies = await play_moves(off, 4)
    for _, waited in replies:
        assert waited < OWN_SEARCH
    board = chess.Board()
    medians = []
    for played in off.board.move_stack:
        if board.turn == off.opponent_color:
            medians.append(think_time(board, played, 5400.0, 30.0, base=5400.0))
        board.push(played)
    assert max(medians) > 2 * OWN_SEARCH
    await off.close()
    untimed = await RatedGame.start(
        ledger,
        profile,
        fast_opponent(),
        TimeControl.no_clock(),
        pace=ThinkingPace(),
        seated=ScriptedOpponent(),
    )
    if not untimed.is_player_turn:  # colours alternate: the engine has White this time
        await untimed.opponent_turn()
    for _, waited in await play_moves(untimed, 4):
        assert waited < OWN_SEARCH
    await untimed.close()


@pytest.mark.engine
async def test_the_pace_changes_no_move(
    ledger: Ledger, profile: Profile, human: chess.engine.Protocol
) -> None:
    """The same game with and without the pace: the engine's replies are the same (the pace
    draws from its own random generator, not from the one the engine's variety uses)."""
    random.seed(7)
    plain = await RatedGame.start(ledger, profile, fast_opponent(nodes=300), SHORT)
    for _ in range(5):
        await plain.play(await human_move(human, plain.board))
        await plain.opponent_turn()
    await plain.close()
    random.seed(7)
    # Another profile's first game, so that the player has White again.
    paced = await RatedGame.start(
        ledger, ledger.create_profile("Twin"), fast_opponent(nodes=300), SHORT, pace=ThinkingPace()
    )
    for player_move in plain.board.move_stack[::2]:
        await paced.play(player_move)
        await paced.opponent_turn()
    await paced.close()
    assert paced.san_moves() == plain.san_moves()


async def test_resigning_during_the_wait_ends_it_at_once(ledger: Ledger, profile: Profile) -> None:
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), LONG, pace=deliberate_pace(), seated=ScriptedOpponent()
    )
    await game.play(game.parse_move("e4"))
    thinking = asyncio.ensure_future(game.opponent_turn())
    await asyncio.sleep(1.0)  # the search took milliseconds; a long think is seconds
    assert not thinking.done() and game.board.turn == chess.BLACK
    resigned = time.monotonic()
    game.resign()
    assert await asyncio.wait_for(thinking, timeout=1.0) is None
    assert time.monotonic() - resigned < 0.5
    assert game.san_moves() == ["e4"], "no move after the game ended"
    await game.close()


async def test_closing_during_the_wait_abandons_the_game_at_once(
    ledger: Ledger, profile: Profile
) -> None:
    """Quitting the app closes the game: the wait must not hold the exit up."""
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), LONG, pace=deliberate_pace(), seated=ScriptedOpponent()
    )
    await game.play(game.parse_move("d4"))
    thinking = asyncio.ensure_future(game.opponent_turn())
    await asyncio.sleep(1.0)
    bound = least_think(game)
    closing = time.monotonic()
    await game.close()
    assert await asyncio.wait_for(thinking, timeout=bound) is None
    assert time.monotonic() - closing < bound
    assert game.outcome is not None and game.outcome.termination is Termination.ABANDONED


def test_recaptures_and_the_opening_are_quick_and_longer_clocks_think_longer() -> None:
    """As people's are (the fit's coefficients, ``think_times.json``): taking back a piece and
    the first move take a fraction of a middlegame move's time, and the same move is thought
    over longer the longer the clock."""
    left, increment, base = 150.0, 2.0, 180.0
    develop = chess.Move.from_uci("f1d3")
    full = think_time(MIDDLEGAME, develop, left, increment, base=base)
    # A recapture: Black has just taken on d4, White takes back, or plays on.
    recapture = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/8/3pP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5")
    recapture.push_uci("f3d4")
    recapture.push_uci("c6d4")
    taking_back = think_time(recapture, chess.Move.from_uci("d1d4"), left, increment, base=base)
    assert taking_back < think_time(recapture, develop, left, increment, base=base) / 2
    opening = think_time(chess.Board(), chess.Move.from_uci("e2e4"), base, increment, base=base)
    assert opening < full
    clocks = [(60, 0), (180, 2), (600, 0), (900, 10), (5400, 30)]
    thinks = [
        think_time(MIDDLEGAME, develop, 0.8 * clock, plus, base=clock) for clock, plus in clocks
    ]
    assert thinks == sorted(thinks) and thinks[-1] > 5 * thinks[0]


def test_a_pace_draws_within_its_limit() -> None:
    class Wild(random.Random):
        def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
            return 40.0

    assert ThinkingPace(Wild()).deviation() == DEVIATION_LIMIT
    draws = [ThinkingPace(random.Random(seed)).deviation() for seed in range(2000)]
    assert all(abs(draw) <= DEVIATION_LIMIT for draw in draws)
    assert abs(sum(draws) / len(draws)) < 0.1, "centred on the median"


@settings(max_examples=200, deadline=None)
@given(
    plies=st.lists(st.integers(min_value=0, max_value=500), max_size=80),
    left=st.floats(min_value=0.0, max_value=6 * 3600.0),
    base=st.floats(min_value=1.0, max_value=6 * 3600.0),
    increment=st.integers(min_value=0, max_value=600),
    opponent_left=st.floats(min_value=0.0, max_value=6 * 3600.0),
    rating=st.floats(min_value=0.0, max_value=3500.0),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_no_think_time_risks_the_flag(
    *,
    plies: list[int],
    left: float,
    base: float,
    increment: int,
    opponent_left: float,
    rating: float,
    seed: int,
) -> None:
    """Whatever the position, the clocks, the time control and the rating, the pace takes at
    most half the time left: the increment only comes after the move."""
    board = chess.Board()
    for choice in plies:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    moves = list(board.legal_moves)
    if not moves:
        return
    pace = ThinkingPace(random.Random(seed))
    seconds = pace.think_time(
        board,
        moves[seed % len(moves)],
        left,
        increment,
        base=base,
        rating=rating,
        opponent_left=opponent_left,
    )
    assert 0.0 <= seconds <= MAX_SHARE_OF_CLOCK * left
    assert seconds >= min(MIN_SECONDS, MAX_SHARE_OF_CLOCK * left)

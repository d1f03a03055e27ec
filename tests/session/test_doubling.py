"""Doubling the stake: offered and answered from each side, with the stake, the purse and the PGN
as the ledger keeps them. The rules are played against a scripted opponent that answers as it
is told; when the engine doubles, takes or refuses, against the real Stockfish."""

from __future__ import annotations

import random

import chess
import chess.engine
import pytest

from engines.opponents.judge import JUDGEMENT_LIMIT
from profiles.accuracy import MATE_SCORE
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus, Profile
from profiles.player.card import build_card
from profiles.player.purse import STAKE, START_PURSE
from rated_play.session import DoublingError, RatedGame, Termination
from tests.builders import fast_opponent, random_move_short_of_mate
from tests.scripted_opponent import ScriptedOpponent, greedy_move

RAPID = TimeControl.parse("15+10")
MAX_PLIES = 200
REFUSED_CP = 350
"""The player's centipawns from which the opponent refuses a double: its chances there are 22%,
short of the take point's 25% (300 centipawns) by a margin for its own search of the position."""


async def player_eval(judge: chess.engine.Protocol, game: RatedGame) -> int:
    """The player's centipawns in the position now, by the test's own Stockfish searching as
    deep as the opponent does to judge a double (a shallower search may judge it otherwise)."""
    info = await judge.analyse(game.board, JUDGEMENT_LIMIT)
    score = info["score"].pov(game.player_color).score(mate_score=MATE_SCORE)
    assert score is not None
    return score


async def test_a_double_accepted_by_the_engine_doubles_the_stake_and_passes_the_right(
    ledger: Ledger, profile: Profile
) -> None:
    taker = ScriptedOpponent(accepts_doubles=True)
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), RAPID, doubling=True, seated=taker
    )
    try:
        assert (game.stake, game.may_double(chess.WHITE), game.may_double(chess.BLACK)) == (
            STAKE, True, True,
        )  # fmt: skip
        assert await game.offer_double(), "the opponent takes the double"
        assert (game.stake, game.doublings) == (2 * STAKE, 1)
        assert ledger.game(game.game_id).stake == 2 * STAKE, "a game left now costs double"
        assert not game.may_double(game.player_color) and game.may_double(game.opponent_color)
        # The true reason: the engine accepted the player's double (not "you accepted").
        reason = "right to double is your opponent's: it accepted your last double"
        with pytest.raises(DoublingError, match=reason):
            game.check_double_offer()
        with pytest.raises(DoublingError, match=reason):
            await game.offer_double()
        game.resign()
    finally:
        await game.close()
    report = game.report
    assert report is not None
    assert (report.stake, report.purse_before, report.purse_after) == (
        2 * STAKE, START_PURSE, START_PURSE - 2 * STAKE,
    )  # fmt: skip
    record = ledger.game(game.game_id)
    assert (record.stake, record.doublings, record.purse_after) == (20, 1, START_PURSE - 20)
    assert '[Stake "20"]' in record.pgn and '[Doublings "1"]' in record.pgn
    assert build_card(ledger, profile).purse == START_PURSE - 20


async def test_without_doubling_no_double_can_be_offered(ledger: Ledger, profile: Profile) -> None:
    doubler = ScriptedOpponent(doubles_at={1})
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=doubler)
    try:
        with pytest.raises(DoublingError, match="without doubling"):
            await game.offer_double()
        await game.play(greedy_move(game.board))
        await game.opponent_turn()
        assert not doubler.turns[0].may_double and not game.double_offered_to_player
    finally:
        await game.close()


@pytest.mark.engine
async def test_the_engine_refuses_a_double_in_a_lost_position_and_so_resigns(
    ledger: Ledger, profile: Profile, human: chess.engine.Protocol
) -> None:
    """The player (Stockfish at depth 8 against 30 nodes) wins material, then doubles: the
    engine's chances are below the take point and it refuses, which loses it the game.

    The double comes as soon as the opponent is clearly below the take point, as a player
    would double: the judge sees a side lost from the same 25% (engines/opponents/
    resignation.py), and a player who waited for six pawns gave the opponent turns to resign
    first, which it did in about one run in twenty. Even so, a move that takes the game from
    level to lost at once leaves it a turn to resign before the player may double (two seeds
    in twelve): seeded, the game is the same every run."""
    random.seed(1)
    game = await RatedGame.start(ledger, profile, fast_opponent(nodes=30), RAPID, doubling=True)
    try:
        for _ in range(MAX_PLIES):
            assert not game.is_over, f"the game ended before a double: {game.san_moves()}"
            if not game.is_player_turn:
                await game.opponent_turn()
                continue
            if game.board.fullmove_number > 1 and await player_eval(human, game) >= REFUSED_CP:
                break
            result = await human.play(game.board, chess.engine.Limit(depth=8))
            assert result.move is not None
            await game.play(result.move)
        assert not await game.offer_double()
        assert game.outcome is not None
        assert (game.outcome.termination, game.outcome.player_score) == (
            Termination.DOUBLE_REFUSED, 1.0,
        )  # fmt: skip
        assert "refused the double" in game.outcome.description
    finally:
        await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.player_score, record.stake) == (GameStatus.FINISHED, 1.0, STAKE)
    assert record.purse_after == START_PURSE + STAKE


@pytest.mark.engine
async def test_the_engine_doubles_when_winning_and_a_refusal_resigns_for_the_player(
    ledger: Ledger, profile: Profile
) -> None:
    """A player who moves at random (never into a mate in one) is soon lost; the engine
    doubles, with a move, once it is a clear favourite (from move 10), and the player who
    refuses loses the game and the stake. Until the offer is answered the player cannot move."""
    chooser = random.Random(7)
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, doubling=True)
    try:
        offered = False
        for _ in range(MAX_PLIES):
            assert not game.is_over, f"the game ended before a double: {game.san_moves()}"
            if game.is_player_turn:
                await game.play(random_move_short_of_mate(game.board, chooser))
                continue
            await game.opponent_turn()
            if game.double_offered_to_player:
                offered = True
                break
        assert offered and game.is_player_turn
        assert game.board.fullmove_number >= 10
        with pytest.raises(DoublingError, match="answer the offer to double first"):
            await game.play(next(iter(game.board.legal_moves)))
        game.answer_double(accept=False)
        assert game.outcome is not None
        assert (game.outcome.termination, game.outcome.player_score) == (
            Termination.DOUBLE_REFUSED, 0.0,
        )  # fmt: skip
    finally:
        await game.close()
    assert ledger.game(game.game_id).purse_after == START_PURSE - STAKE


async def test_accepting_the_engines_double_gives_the_player_the_right_to_double(
    ledger: Ledger, profile: Profile
) -> None:
    doubler = ScriptedOpponent(doubles_at={10, 11})
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), RAPID, doubling=True, seated=doubler
    )
    try:
        while not game.double_offered_to_player:
            assert not game.is_over, f"the game ended before a double: {game.san_moves()}"
            if game.is_player_turn:
                await game.play(greedy_move(game.board))
            else:
                await game.opponent_turn()
        assert game.board.fullmove_number == 11 and game.is_player_turn
        # Nothing else is offered or claimed before the double is answered.
        for before_the_answer in (game.check_draw_offer, game.claim_grounds):
            with pytest.raises(DoublingError, match="answer the offer to double first"):
                before_the_answer()
        with pytest.raises(DoublingError, match="answer the offer to double first"):
            await game.offer_draw()
        game.answer_double(accept=True)
        assert (game.stake, game.doublings) == (2 * STAKE, 1)
        assert game.may_double(game.player_color) and not game.may_double(game.opponent_color)
        assert ledger.game(game.game_id).stake == 2 * STAKE
        # Its next turn may bring no double: the game tells it so, and offers none it makes.
        await game.play(greedy_move(game.board))
        await game.opponent_turn()
        assert [turn.may_double for turn in doubler.turns[-2:]] == [True, False]
        assert not game.double_offered_to_player and game.stake == 2 * STAKE
        with pytest.raises(DoublingError, match="no double has been offered"):
            game.answer_double(accept=True)
    finally:
        await game.close()
    assert ledger.game(game.game_id).purse_after == START_PURSE - 2 * STAKE, "left: a loss"

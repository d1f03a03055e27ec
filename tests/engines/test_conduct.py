"""An opponent resigns a game lost beyond doubt, when it is one to resign, and never a game it
can hold; it offers a draw only late, in a dead-level position with little material. The rules
on their own, and each opponent's conduct against the real judge."""

from __future__ import annotations

import random
from collections.abc import Sequence

import chess
import chess.engine
import pytest

from engines.opponents import draw_offer, resignation
from engines.opponents.conduct import Act, Conduct
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.turn import Turn, TurnResult
from tests.builders import fast_opponent, human_move

RESIGNS = 1
"""A seed whose first draw (0.13) makes an opponent of any rating one to resign."""
PLAYS_ON = 2
"""A seed whose first draw (0.96) makes one that plays every game to mate."""

LOST = chess.engine.Cp(-2000)
LEVEL = chess.engine.Cp(0)


def test_the_share_that_resigns_is_read_from_one_table_by_rating() -> None:
    for below, share in resignation.RESIGNING_SHARE:
        if below != float("inf"):
            assert resignation.resigning_share(below - 1) == share
    assert resignation.resigning_share(3500) == resignation.RESIGNING_SHARE[-1][1]
    shares = [share for _, share in resignation.RESIGNING_SHARE]
    assert shares == sorted(shares), "the stronger resign more often"


@pytest.mark.parametrize("rating", [600.0, 1500.0, 2600.0])
def test_about_the_tables_share_of_games_against_an_opponent_are_resigned(rating: float) -> None:
    rng = random.Random(11)
    games = 4000
    resigning = sum(resignation.resigns_lost_games(rating, rng) for _ in range(games))
    assert resigning / games == pytest.approx(resignation.resigning_share(rating), abs=0.03)
    assert Conduct(rating, random.Random(RESIGNS)).resigns
    assert not Conduct(rating, random.Random(PLAYS_ON)).resigns


def views(*scores: chess.engine.Score | None) -> Sequence[chess.engine.Score | None]:
    return scores


def test_lost_beyond_doubt_takes_three_turns_and_never_a_game_that_cannot_be_lost() -> None:
    down = chess.Board("4k3/8/8/8/8/8/3Q4/3RK3 b - - 0 30")  # a queen and a rook down
    assert resignation.hopeless(down, views(LOST, LOST, LOST))
    assert not resignation.hopeless(down, views(LOST, LOST))
    assert not resignation.hopeless(down, views(LOST, None, LOST)), "a judge that failed"
    assert not resignation.hopeless(down, views(LOST, LOST, chess.engine.Cp(-500)))
    assert resignation.hopeless(down, views(LOST, LOST, chess.engine.Mate(-3)))
    # A knight cannot mate: the bare king does not resign, whatever a search says.
    knight = chess.Board("4k3/8/8/8/8/8/3N4/4K3 b - - 0 30")
    assert not resignation.hopeless(knight, views(LOST, LOST, LOST))


def test_a_draw_is_offered_late_with_little_material_and_a_level_judge() -> None:
    rooks = chess.Board("8/8/4k3/8/2r5/8/4K3/R7 b - - 0 45")
    assert draw_offer.offers_draw(rooks, views(LEVEL, LEVEL, LEVEL), None)
    assert not draw_offer.offers_draw(rooks, views(LEVEL, LEVEL), None)
    assert not draw_offer.offers_draw(rooks, views(LEVEL, chess.engine.Cp(40), LEVEL), None)
    assert not draw_offer.offers_draw(rooks, views(LEVEL, LEVEL, chess.engine.Mate(9)), None)
    early = rooks.copy()
    early.fullmove_number = draw_offer.OFFER_FROM_MOVE - 1
    assert not draw_offer.offers_draw(early, views(LEVEL, LEVEL, LEVEL), None)
    refused_at = 45 - draw_offer.OFFER_EVERY + 1
    assert not draw_offer.offers_draw(rooks, views(LEVEL, LEVEL, LEVEL), refused_at)
    assert draw_offer.offers_draw(rooks, views(LEVEL, LEVEL, LEVEL), refused_at - 1)
    queens = chess.Board("8/8/4k3/8/2q5/8/4K3/Q7 b - - 0 45")
    assert not draw_offer.offers_draw(queens, views(LEVEL, LEVEL, LEVEL), None)
    assert draw_offer.little_material(chess.Board("8/8/2bnk3/8/8/8/3BNK2/8 b - - 0 45"))
    assert not draw_offer.little_material(chess.Board("8/8/2rnk3/8/8/8/3RNK2/8 b - - 0 45"))


def test_one_offer_then_none_for_ten_moves() -> None:
    conduct = Conduct(1500.0, random.Random(PLAYS_ON))
    board = chess.Board("8/8/4k3/8/2r5/8/4K3/R7 b - - 0 45")
    acts = []
    for move in range(45, 60):
        board.fullmove_number = move
        acts.append(conduct.act(board, chess.engine.PovScore(LEVEL, chess.BLACK)))
    offered = [45 + i for i, act in enumerate(acts) if act is Act.OFFER_DRAW]
    assert offered == [47, 57]


# Against the real judge: an opponent's conduct as a game asks for it, turn after turn, through
# the one call that decides its turn (EnginePlayer.take_turn).


def act_of(result: TurnResult) -> Act:
    if result.resigned:
        return Act.RESIGN
    return Act.OFFER_DRAW if result.draw_offered else Act.MOVE


async def conduct_over(
    fen: str, rating: float, seed: int, human: chess.engine.Protocol, turns: int
) -> list[Act]:
    """The opponent (Black, Stockfish at 2000 nodes, its conduct drawn from ``seed``) takes
    ``turns`` turns from ``fen`` against the "human"; its acts, up to a resignation."""
    board = chess.Board(fen)
    player = EnginePlayer(fast_opponent(rating=rating), rng=random.Random(seed))
    await player.start()
    acts = []
    try:
        for _ in range(turns):
            if board.is_game_over():
                break
            result = await player.take_turn(Turn(board.copy(), None))
            acts.append(act_of(result))
            if result.move is None:
                break
            board.push(result.move)
            if board.is_game_over():
                break
            board.push(await human_move(human, board, 6))
    finally:
        await player.close()
    return acts


QUEEN_AND_ROOKS_DOWN = "1nb1kbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1"
"""Black without its queen and rooks: -12 pawns to the judge at its turn limit (a queen and
one rook down is -9.5, at the edge of lost beyond doubt)."""


@pytest.mark.engine
async def test_a_queen_and_two_rooks_down_the_opponent_resigns_on_its_third_turn(
    human: chess.engine.Protocol,
) -> None:
    acts = await conduct_over(QUEEN_AND_ROOKS_DOWN, 1500.0, RESIGNS, human, 6)
    assert acts == [Act.MOVE, Act.MOVE, Act.RESIGN]


@pytest.mark.engine
async def test_an_opponent_not_one_to_resign_plays_the_lost_game_on(
    human: chess.engine.Protocol,
) -> None:
    acts = await conduct_over(QUEEN_AND_ROOKS_DOWN, 1500.0, PLAYS_ON, human, 6)
    assert acts == [Act.MOVE] * 6


@pytest.mark.engine
@pytest.mark.parametrize(
    "fen",
    [
        "8/8/4k3/8/2r5/8/4K3/R7 b - - 0 30",  # a rook each
        "8/5k2/4b3/4p1p1/4P1P1/2B2P2/5K2/8 b - - 0 30",  # bishops of opposite colours, a pawn down
    ],
)
async def test_a_drawn_ending_is_never_resigned(fen: str, human: chess.engine.Protocol) -> None:
    acts = await conduct_over(fen, 2600.0, RESIGNS, human, 10)
    assert Act.RESIGN not in acts
    assert len(acts) == 10


@pytest.mark.engine
async def test_a_turn_given_again_after_a_failure_is_the_conduct_it_decided(
    human: chess.engine.Protocol,
) -> None:
    """The game gives a turn again once the opponent's engine failed on its way to a move (and
    was started again): its conduct is what it decided the first time, its judge not asked
    again, so three hopeless views stay three turns."""
    board = chess.Board(QUEEN_AND_ROOKS_DOWN)
    player = EnginePlayer(fast_opponent(rating=1500.0), rng=random.Random(RESIGNS))
    await player.start()
    try:
        for _ in range(2):
            for _again in range(3):
                result = await player.take_turn(Turn(board.copy(), None))
            assert result.move is not None
            board.push(result.move)
            board.push(await human_move(human, board, 6))
        third = await player.take_turn(Turn(board.copy(), None))
    finally:
        await player.close()
    assert third.resigned, "on its third turn, however often the first two were given"

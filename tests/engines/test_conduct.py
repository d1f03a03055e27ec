"""An opponent resigns a lost game as people do, when it is one to resign, and never a game it
can hold or one the judge does not see lost; it offers a draw only late, in a dead-level
position with little material. The rules on their own, and each opponent's conduct against the
real judge."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import chess
import chess.engine
import pytest

from engines.opponents import draw_offer, resignation
from engines.opponents.conduct import Act, Conduct
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.resignation import LostTurn
from engines.opponents.turn import Turn, TurnResult
from tests.builders import fast_opponent, human_move

RESIGNS = 1
"""A seed whose first draw (0.13) makes an opponent of any rating one to resign."""
PLAYS_ON = 2
"""A seed whose first draw (0.96) makes one that plays every game to mate."""

LOST = chess.engine.Cp(-2000)
LEVEL = chess.engine.Cp(0)


def test_the_share_that_resigns_is_read_from_one_table_by_band() -> None:
    floors = (0.0, *resignation.BAND_FLOORS)
    for index, floor in enumerate(floors):
        assert resignation.resigning_share(floor) == resignation.RESIGNING_SHARE[index]
        if index:
            assert resignation.resigning_share(floor - 1) == resignation.RESIGNING_SHARE[index - 1]
    assert min(resignation.RESIGNING_SHARE) > 0.134, "the RESIGNS seed makes every one resign"


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


DOWN = chess.Board("4k3/8/8/8/8/8/3Q4/3RK3 b - - 0 30")
"""Black a queen and a rook down."""


def test_a_turn_is_lost_only_where_the_judge_sees_it_lost_and_the_game_can_be_lost() -> None:
    lost = resignation.lost_turn(DOWN, views(LOST, LOST, LOST), 40.0, 1500.0)
    assert lost == LostTurn(-2000, 3, -14, 40.0, 1500.0)
    assert resignation.lost_turn(DOWN, views(LOST, None, LOST), None, 1500.0) == LostTurn(
        -2000, 1, -14, None, 1500.0
    ), "a turn the judge failed on breaks the run"
    assert resignation.lost_turn(DOWN, views(LOST, LOST, chess.engine.Cp(-200)), None, 1500) is None
    assert resignation.lost_turn(DOWN, views(LOST, LOST, None), None, 1500.0) is None
    assert resignation.lost_turn(DOWN, views(), None, 1500.0) is None
    edge = chess.engine.Cp(-300)  # lila's curve gives 24.9% here: lost, just
    assert resignation.lost_turn(DOWN, views(edge), None, 1500.0) is not None
    assert resignation.lost_turn(DOWN, views(chess.engine.Cp(-290)), None, 1500.0) is None
    assert resignation.lost_turn(DOWN, views(chess.engine.Mate(-3)), None, 1500.0) is not None
    # A knight cannot mate: the bare king does not resign, whatever a search says.
    knight = chess.Board("4k3/8/8/8/8/8/3N4/4K3 b - - 0 30")
    assert resignation.lost_turn(knight, views(LOST, LOST, LOST), None, 1500.0) is None


def test_the_hazard_rises_the_more_lost_and_falls_on_a_short_clock() -> None:
    """What the fit found weighs most (docs/engine-pool.md): the judge's chances, and a clock
    short enough to play on for the flag; a clock of :data:`resignation.SHORT_CLOCK` seconds or
    more is as no clock."""
    chance = resignation.resign_chance
    base = LostTurn(-500, 2, -5, None, 1500.0)
    assert (
        chance(LostTurn(-900, 2, -5, None, 1500.0))
        > chance(base)
        > chance(LostTurn(-320, 2, -5, None, 1500.0))
    )
    assert chance(LostTurn(-500, 2, -5, 3.0, 1500.0)) < chance(LostTurn(-500, 2, -5, 60.0, 1500.0))
    assert chance(LostTurn(-500, 2, -5, 60.0, 1500.0)) == chance(base)
    for cp, turns, material, rating in itertools.product(
        (300, 99_999), (1, 50), (0, 40), (400, 3000)
    ):
        assert 0.0 < chance(LostTurn(-cp, turns, -material, None, rating)) < 1.0


def test_one_to_resign_resigns_a_lost_game_at_the_hazards_rate() -> None:
    """Over many games of the same lost turns, the share resigned by each turn is the cure
    model's: the share that resigns at all times one less the chance of no resignation yet
    (the product of one less each turn's hazard), within a binomial 99.9% interval."""
    rating, turns, games = 1500.0, 6, 4000
    rng = random.Random(5)
    resigned_by = [0] * turns
    for _ in range(games):
        conduct = Conduct(rating, rng)
        for turn in range(turns):
            if conduct.act(DOWN, chess.engine.PovScore(LOST, chess.BLACK), 20.0) is Act.RESIGN:
                for later in range(turn, turns):
                    resigned_by[later] += 1
                break
    alive = 1.0
    for turn in range(turns):
        alive *= 1 - resignation.resign_chance(LostTurn(-2000, turn + 1, -14, 20.0, rating))
        expected = resignation.resigning_share(rating) * (1 - alive)
        spread = 3.3 * math.sqrt(expected * (1 - expected) / games)
        assert resigned_by[turn] / games == pytest.approx(expected, abs=spread), turn


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
"""Black without its queen and rooks: -12 pawns to the judge at its turn limit, lost from its
first turn."""

FEW_TURNS = 16
"""The turns the seeded games below give one to resign to resign a hopeless game in."""

PEOPLE_PLAY_ON = 40
"""Turns of a hopeless game after which, by the fitted hazard, fewer than one resigner in twenty
still plays on: people resign a lost game after a median of five to eight lost turns
(docs/engine-pool.md), and a queen and two rooks down (material the fit finds people play on
with a little longer) after more."""


def test_a_hopeless_game_is_resigned_by_almost_every_resigner_within_forty_turns() -> None:
    alive = 1.0
    for turn in range(1, PEOPLE_PLAY_ON + 1):
        alive *= 1 - resignation.resign_chance(LostTurn(-1200, turn, -19, None, 1500.0))
    assert alive < 0.05


@pytest.mark.engine
@pytest.mark.parametrize("seed", [RESIGNS, 3, 4])
async def test_a_queen_and_two_rooks_down_one_to_resign_resigns_within_a_few_turns(
    seed: int, human: chess.engine.Protocol
) -> None:
    assert Conduct(1500.0, random.Random(seed)).resigns
    acts = await conduct_over(QUEEN_AND_ROOKS_DOWN, 1500.0, seed, human, 2 * FEW_TURNS)
    assert acts[-1] is Act.RESIGN and len(acts) <= FEW_TURNS
    assert acts[:-1] == [Act.MOVE] * (len(acts) - 1)


@pytest.mark.engine
async def test_an_opponent_not_one_to_resign_plays_the_lost_game_on(
    human: chess.engine.Protocol,
) -> None:
    acts = await conduct_over(QUEEN_AND_ROOKS_DOWN, 1500.0, PLAYS_ON, human, FEW_TURNS)
    assert acts == [Act.MOVE] * FEW_TURNS


@pytest.mark.engine
@pytest.mark.parametrize(
    "fen",
    [
        "8/8/4k3/8/2r5/8/4K3/R7 b - - 0 30",  # a rook each
        "8/5k2/4b3/4p1p1/4P1P1/2B2P2/5K2/8 b - - 0 30",  # bishops of opposite colours, a pawn down
    ],
)
@pytest.mark.parametrize("seed", [RESIGNS, 3, 4])
async def test_a_drawn_ending_is_never_resigned(
    fen: str, seed: int, human: chess.engine.Protocol
) -> None:
    acts = await conduct_over(fen, 2600.0, seed, human, 10)
    # Up to ten turns: the game may end on the board sooner (the rooks exchanged, a repetition).
    assert acts and Act.RESIGN not in acts


class Counted(random.Random):
    """The first draw 0 (one to resign), every later one 0.999 (no resignation), counted."""

    def __init__(self) -> None:
        super().__init__()
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return 0.0 if self.draws == 1 else 0.999


@pytest.mark.engine
async def test_a_turn_given_again_after_a_failure_is_the_conduct_it_decided(
    human: chess.engine.Protocol,
) -> None:
    """The game gives a turn again once the opponent's engine failed on its way to a move (and
    was started again): its conduct is what it decided the first time, its judge not asked
    again nor a resignation drawn again: one draw a lost turn, however often it was given."""
    board = chess.Board(QUEEN_AND_ROOKS_DOWN)
    rng = Counted()
    player = EnginePlayer(fast_opponent(rating=1500.0), rng=rng)
    await player.start()
    turns = 4
    try:
        for _ in range(turns):
            results = [await player.take_turn(Turn(board.copy(), None)) for _ in range(3)]
            assert {act_of(result) for result in results} == {Act.MOVE}
            assert results[0].move is not None
            board.push(results[0].move)
            board.push(await human_move(human, board, 6))
    finally:
        await player.close()
    assert rng.draws == 1 + turns, "the disposition, then one draw a lost turn"

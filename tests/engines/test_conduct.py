"""An opponent resigns a lost game as people do, when it is one to resign, and never a game it
can hold or one the judge does not see lost; it offers and accepts draws where and as often as
people agree them. The rules on their own, and each opponent's conduct against the real
judge."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import chess
import chess.engine
import pytest

from engines.opponents import draw_offer, rating_bands, resignation
from engines.opponents.conduct import Act, Conduct
from engines.opponents.draw_offer import AgreementTurn
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.resignation import LostTurn
from engines.opponents.turn import Turn, TurnResult
from tests.builders import Draws, fast_opponent, human_move

RESIGNS = 1
"""A seed whose first draw (0.13) makes an opponent of any rating one to resign."""
PLAYS_ON = 2
"""A seed whose first draw (0.96) makes one that plays every game to mate."""

LOST = chess.engine.Cp(-2000)
LEVEL = chess.engine.Cp(0)


def test_the_share_that_resigns_is_read_from_one_table_by_band() -> None:
    floors = (0.0, *rating_bands.BAND_FLOORS)
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


ROOKS = chess.Board("8/8/4k3/8/2r5/8/4K3/R7 b - - 0 45")
"""A rook each and nothing else at move 45: an ending people agree drawn."""
QUEENS_MIDDLEGAME = chess.Board(
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 25"
)
"""Every piece on the board at move 25: a middlegame people play on."""


def turn(board: chess.Board, centipawns: int = 0, rating: float = 1500.0) -> AgreementTurn:
    return AgreementTurn.of(board, centipawns, rating)


def test_people_agree_level_repeating_endings_far_more_than_middlegames() -> None:
    """What the fit found (docs/engine-pool.md, "How games are drawn"): level, little material,
    a repetition under way, a stronger player; and no agreement before move 20."""
    chance = draw_offer.agreement_chance
    assert chance(turn(ROOKS)) > 10 * chance(turn(QUEENS_MIDDLEGAME))
    repeating = ROOKS.copy()
    for uci in ("c4c5", "a1a2", "c5c4", "a2a1"):
        repeating.push_uci(uci)
    assert turn(repeating).repeated and not turn(ROOKS).repeated
    assert chance(turn(repeating)) > 3 * chance(turn(ROOKS))
    assert chance(turn(ROOKS, 0, 2200.0)) > 1.5 * chance(turn(ROOKS, 0, 1000.0))
    assert chance(turn(ROOKS, 0)) > chance(turn(ROOKS, 150)) > chance(turn(ROOKS, 900))
    early = ROOKS.copy()
    early.fullmove_number = draw_offer.FROM_MOVE - 1
    assert chance(turn(early)) == 0.0


@pytest.mark.parametrize("board", [ROOKS, QUEENS_MIDDLEGAME], ids=["rooks", "queens"])
@pytest.mark.parametrize("rating", [1000.0, 1500.0, 1800.0, 2200.0])
def test_an_offer_and_its_acceptance_between_them_agree_at_peoples_rate(
    board: chess.Board, rating: float
) -> None:
    """Level or nearly, each side offers and accepts, the product people's chance on the turn;
    a side more than a pawn behind offers twice as often to one that accepts as the turn's
    chance says, so that, only one side offering, the two agree at people's rate a turn."""
    for centipawns in (0, 60):
        at = turn(board, centipawns, rating)
        product = draw_offer.offer_chance(at, centipawns) * draw_offer.acceptance_chance(
            at, centipawns
        )
        assert product == pytest.approx(draw_offer.agreement_chance(at))
    behind = turn(board, -150, rating)
    offered = draw_offer.offer_chance(behind, -150)
    assert offered * draw_offer.acceptance_chance(behind, 150) == pytest.approx(
        2 * draw_offer.agreement_chance(behind)
    )


def test_a_side_better_never_offers_and_one_behind_accepts_any_offer() -> None:
    for board in (ROOKS, QUEENS_MIDDLEGAME):
        assert draw_offer.offer_chance(turn(board, 150), 150) == 0.0
        assert draw_offer.acceptance_chance(turn(board, -150), -150) == 1.0
    opening = chess.Board()
    opening.push_uci("e2e4")
    assert draw_offer.acceptance_chance(turn(opening), 0) == 0.0, "no draw after 1.e4"
    assert draw_offer.acceptance_chance(turn(opening, -150), -150) == 0.0
    assert draw_offer.acceptance_chance(turn(opening, -400), -400) == 1.0, "a piece down"
    assert 0.0 < draw_offer.acceptance_chance(turn(ROOKS), 0) < 1.0
    assert draw_offer.acceptance_chance(draw_offer.DRAWN_TURN, 0) == pytest.approx(1.0)


def test_an_offer_is_made_from_move_twenty_with_a_view_and_not_again_for_ten_moves() -> None:
    """Every draw 0 offers wherever the chance is above nothing."""
    offers = draw_offer.offers_draw
    assert offers(ROOKS, LEVEL, None, 1500.0, Draws(then=0.0))
    assert not offers(ROOKS, LEVEL, None, 1500.0, Draws(then=0.99))
    assert not offers(ROOKS, None, None, 1500.0, Draws(then=0.0)), "no offer without a view"
    assert not offers(ROOKS, chess.engine.Cp(150), None, 1500.0, Draws(then=0.0))
    early = ROOKS.copy()
    early.fullmove_number = draw_offer.FROM_MOVE - 1
    assert not offers(early, LEVEL, None, 1500.0, Draws(then=0.0))
    refused_at = 45 - draw_offer.OFFER_EVERY + 1
    assert not offers(ROOKS, LEVEL, refused_at, 1500.0, Draws(then=0.0))
    assert offers(ROOKS, LEVEL, refused_at - 1, 1500.0, Draws(then=0.0))


def test_an_opponent_offers_at_the_models_rate_and_answers_as_its_willingness_says() -> None:
    games = 4000
    chance = draw_offer.offer_chance(turn(ROOKS), 0)
    offered = sum(
        Conduct(1500.0, random.Random(seed)).act(ROOKS, chess.engine.PovScore(LEVEL, chess.BLACK))
        is Act.OFFER_DRAW
        for seed in range(games)
    )
    assert offered / games == pytest.approx(chance, abs=3.3 * math.sqrt(chance / games) + 1e-3)
    accepting = draw_offer.acceptance_chance(turn(ROOKS), 0)
    answers = [Conduct(1500.0, random.Random(seed)) for seed in range(games)]
    accepted = [conduct.accepts_draw(ROOKS, LEVEL) for conduct in answers]
    assert sum(accepted) / games == pytest.approx(
        accepting, abs=3.3 * math.sqrt(accepting * (1 - accepting) / games)
    )
    again = [conduct.accepts_draw(ROOKS, LEVEL) for conduct in answers]
    assert again == accepted, "a refusal stands in the same position"
    willing = Conduct(1500.0, Draws(then=0.0))
    assert willing.accepts_draw(ROOKS, LEVEL) and willing.accepts_draw(QUEENS_MIDDLEGAME, LEVEL)


def test_one_offer_then_none_for_ten_moves() -> None:
    conduct = Conduct(1500.0, Draws(then=0.0))
    board = ROOKS.copy()
    acts = []
    for move in range(45, 60):
        board.fullmove_number = move
        acts.append(conduct.act(board, chess.engine.PovScore(LEVEL, chess.BLACK)))
    offered = [45 + i for i, act in enumerate(acts) if act is Act.OFFER_DRAW]
    assert offered == [45, 55]


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
    """The first draw 0 (one to resign), every later one 0.999 (hardly willing to accept a
    draw, and no resignation), counted."""

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
    assert rng.draws == 2 + turns, "the dispositions (to resign, to accept), one a lost turn"

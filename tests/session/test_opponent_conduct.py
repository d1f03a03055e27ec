"""The opponent resigns a rated game it is lost in, claims a draw the rules give it and offers
one where people would, through the game as the player's own acts go: the ledger row, the PGN
and the outcome say who resigned, who claimed, and who offered the draw and who agreed. Where
the promise is the opponent's (its judge sees the game lost, or dead level), the opponent is
the real one, its engine a scripted process (``tests/scripted_engine.py``) with the real
Stockfish judging beside it; where it is the game's rules, a scripted opponent in the test's
own process that resigns, claims and offers where it is told."""

from __future__ import annotations

import io
import random
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import chess
import chess.pgn
import pytest

from engines.opponents import draw_offer
from engines.opponents.engine_player import EnginePlayer
from profiles.laws.endings import Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, GameStatus, Profile
from rated_play.session import RatedGame
from rated_play.session.game import DrawOfferError
from tests.builders import (
    DEAD_DRAW_LINE,
    HOPELESS_LINE,
    HOPELESS_LOST_FROM,
    Draws,
    fast_opponent,
    pgn_extract,
    scripted_opponent,
    uci_line,
)
from tests.scripted_opponent import ScriptedOpponent, greedy_move

RAPID = TimeControl.parse("15+10")
RESIGNS, PLAYS_ON = 1, 2
"""Seeds of the real opponent's conduct: the first draw makes it one to resign (0.13), or one
to play on (0.96)."""


async def play_white(game: RatedGame, line: Sequence[str], *, stop_at_offer: bool) -> None:
    """Play White's moves of ``line``, the opponent answering, until the line or the game
    ends (or the opponent offers a draw)."""
    for uci in line[len(game.board.move_stack) :: 2]:
        await game.play(chess.Move.from_uci(uci))
        if game.is_over:
            return
        await game.opponent_turn()
        if game.is_over or (stop_at_offer and game.draw_offered_to_player):
            return


def record_of(ledger: Ledger, game: RatedGame) -> tuple[str, str, chess.Color | None]:
    record = ledger.game(game.game_id)
    return record.result, record.termination, record.draw_offered_by


def checked_pgn(pgn: str, tmp_path: Path) -> chess.pgn.Game:
    """``pgn`` read by pgn-extract without a complaint, and by python-chess."""
    path, out, log = tmp_path / "game.pgn", tmp_path / "out.pgn", tmp_path / "errors.log"
    path.write_text(pgn, encoding="utf-8")
    subprocess.run([pgn_extract(), "-s", str(path), "-o", str(out), "-l", str(log)], check=True)
    assert log.read_text() == ""
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None and game.errors == []
    return game


@pytest.mark.engine
async def test_a_hopeless_opponent_resigns_and_the_record_says_it_resigned(
    ledger: Ledger, profile: Profile, tmp_path: Path
) -> None:
    opponent = scripted_opponent(HOPELESS_LINE)
    resigning = EnginePlayer(opponent, rng=random.Random(RESIGNS))
    game = await RatedGame.start(ledger, profile, opponent, RAPID, seated=resigning)
    try:
        await play_white(game, HOPELESS_LINE, stop_at_offer=False)
        outcome = game.outcome
        assert outcome is not None
        assert (outcome.termination, outcome.winner) == (Termination.RESIGNATION, chess.WHITE)
        # Lost to the judge from its 4th turn, it resigned on a lost turn, instead of moving.
        assert game.board.turn == chess.BLACK
        assert HOPELESS_LOST_FROM <= game.board.fullmove_number <= len(HOPELESS_LINE) // 2
        assert outcome.description == "Black resigned: White wins"
        assert outcome.told == "Your opponent (Black) resigned"
    finally:
        await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.result, record.player_score, record.termination) == (
        GameStatus.FINISHED, "1-0", 1.0, "resignation",
    )  # fmt: skip
    pgn = checked_pgn(record.pgn, tmp_path)
    assert pgn.headers["Result"] == "1-0"
    assert pgn.headers["Termination"] == "normal"
    assert pgn.headers["EndReason"] == "Black resigned: White wins"


@pytest.mark.engine
@pytest.mark.parametrize(
    ("line", "draws"),
    [
        (HOPELESS_LINE, lambda: random.Random(PLAYS_ON)),
        (DEAD_DRAW_LINE, lambda: Draws(then=0.99)),
    ],
    ids=["hopeless, one to play on", "dead level, every draw high"],
)
async def test_an_opponent_plays_the_line_out_where_its_draws_say_so(
    ledger: Ledger, profile: Profile, line: Sequence[str], draws: Callable[[], random.Random]
) -> None:
    """Hopeless, its judge seeing its game lost from its 4th turn on: it is not one to resign
    this game, and plays on. Dead level (a rook each from Black's 47th move, then bare kings),
    every draw 0.99, above any chance of offering: it never offers."""
    opponent = scripted_opponent(line)
    seated = EnginePlayer(opponent, rng=draws())
    game = await RatedGame.start(ledger, profile, opponent, RAPID, seated=seated)
    try:
        await play_white(game, line, stop_at_offer=True)
        assert not game.draw_offered_to_player
        assert len(game.board.move_stack) == len(line)
    finally:
        await game.close()


@pytest.mark.engine
async def test_a_level_game_brings_the_opponents_offer_with_its_move_and_the_player_agrees(
    ledger: Ledger, profile: Profile, tmp_path: Path
) -> None:
    """The opponent not one to resign, and every later draw 0: it offers with its first move
    from move 20 that its judge does not see it more than a pawn up (draw_offer.offer_chance,
    which is above nothing there)."""
    opponent = scripted_opponent(DEAD_DRAW_LINE)
    seated = EnginePlayer(opponent, rng=Draws(0.99, then=0.0))
    game = await RatedGame.start(ledger, profile, opponent, RAPID, seated=seated)
    try:
        await play_white(game, DEAD_DRAW_LINE, stop_at_offer=True)
        assert game.draw_offered_to_player and game.is_player_turn
        played = [move.uci() for move in game.board.move_stack]
        assert played == list(DEAD_DRAW_LINE[: len(played)])
        assert game.board.fullmove_number > draw_offer.FROM_MOVE, "with a move from move 20"
        game.answer_draw(accept=True)
        outcome = game.outcome
        assert outcome is not None
        assert outcome.termination is Termination.DRAW_AGREED and outcome.player_score == 0.5
        assert outcome.told == "Draw agreed: offered by your opponent, accepted by you"
    finally:
        await game.close()
    assert record_of(ledger, game) == ("1/2-1/2", "draw agreed", chess.BLACK)
    pgn = checked_pgn(ledger.game(game.game_id).pgn, tmp_path)
    assert pgn.headers["Result"] == "1/2-1/2"
    assert pgn.headers["EndReason"] == "Draw agreed: offered by Black, accepted by White"


# The rules of the game around the opponent's resignation and offers: the scripted opponent
# resigns and offers at the moves it is told, whatever its position and any random seed.


async def test_the_opponent_resigns_instead_of_its_move_and_the_game_is_the_players(
    ledger: Ledger, profile: Profile
) -> None:
    resigning = ScriptedOpponent(HOPELESS_LINE, resigns_at=14)
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=resigning)
    try:
        await play_white(game, HOPELESS_LINE, stop_at_offer=False)
        outcome = game.outcome
        assert outcome is not None
        assert (outcome.termination, outcome.winner) == (Termination.RESIGNATION, chess.WHITE)
        # Its 14th turn was its resignation, asked once: no move of its came with it.
        assert game.board.fullmove_number == 14 and game.board.turn == chess.BLACK
        assert len(game.board.move_stack) == 27 and resigning.asked == ["turn"] * 14
        assert outcome.told == "Your opponent (Black) resigned"
        assert game.clock.running is None, "the clocks stop with the game"
    finally:
        await game.close()
    assert record_of(ledger, game) == ("1-0", "resignation", None)
    assert ledger.game(game.game_id).player_score == 1.0


async def test_a_move_declines_the_opponents_offer(ledger: Ledger, profile: Profile) -> None:
    offering = ScriptedOpponent(DEAD_DRAW_LINE, offers_draw_at={30})
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=offering)
    try:
        await play_white(game, DEAD_DRAW_LINE, stop_at_offer=True)
        assert game.draw_offered_to_player and game.is_player_turn
        assert game.board.fullmove_number == 31, "offered with its 30th move"
        await game.play(chess.Move.from_uci(DEAD_DRAW_LINE[len(game.board.move_stack)]))
        assert not game.draw_offered_to_player and not game.is_over
        with pytest.raises(DrawOfferError, match="no draw has been offered"):
            game.answer_draw(accept=True)
        await game.opponent_turn()
        assert not game.draw_offered_to_player, "one offer, with the move it was told"
    finally:
        await game.close()
    assert ledger.game(game.game_id).termination == "abandoned"


async def test_the_opponents_offer_accepted_is_a_draw_it_offered(
    ledger: Ledger, profile: Profile
) -> None:
    offering = ScriptedOpponent(offers_draw_at={12})
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=offering)
    try:
        while not game.draw_offered_to_player:
            assert not game.is_over and game.board.fullmove_number <= 12
            if game.is_player_turn:
                await game.play(greedy_move(game.board))
            else:
                await game.opponent_turn()
        game.answer_draw(accept=True)
        assert game.outcome is not None and game.outcome.player_score == 0.5
    finally:
        await game.close()
    assert record_of(ledger, game) == ("1/2-1/2", "draw agreed", chess.BLACK)


async def test_an_offer_made_with_a_mating_move_does_not_stand(
    ledger: Ledger, profile: Profile
) -> None:
    """The game ended with the move: there is nothing left to offer, nor to answer."""
    fools_mate = ("f2f3", "e7e5", "g2g4", "d8h4")
    offering = ScriptedOpponent(fools_mate, offers_draw_at={2}, doubles_at={2})
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), RAPID, doubling=True, seated=offering
    )
    try:
        for white in fools_mate[::2]:
            await game.play(chess.Move.from_uci(white))
            await game.opponent_turn()
        assert game.outcome is not None and game.outcome.termination is Termination.CHECKMATE
        assert not game.draw_offered_to_player and not game.double_offered_to_player
    finally:
        await game.close()
    assert record_of(ledger, game) == ("0-1", "checkmate", None)


async def test_the_players_own_agreed_draw_says_the_player_offered_it(
    ledger: Ledger, profile: Profile
) -> None:
    """The player's offer at move 49, a rook each, accepted by a scripted opponent told to
    accept (how the real one answers: tests/engines/test_opponent_play.py)."""
    agrees = ScriptedOpponent(DEAD_DRAW_LINE, accepts_draws=True)
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=agrees)
    try:
        await play_white(game, DEAD_DRAW_LINE[:96], stop_at_offer=True)
        assert game.is_player_turn and not game.draw_offered_to_player
        assert await game.offer_draw()
    finally:
        await game.close()
    assert record_of(ledger, game) == ("1/2-1/2", "draw agreed", chess.WHITE)
    assert "Draw agreed: offered by White, accepted by Black" in ledger.game(game.game_id).pgn


KNIGHTS = uci_line("g1f3 g8f6 f3g1 f6g8 " * 3)
"""The knights out and back: the starting position a third time after eight plies (White to
move), the position after 1.Nf3 a third time after nine (Black to move, at its 5th turn)."""


def claim_of(record: GameRecord) -> tuple[str, str, chess.Color | None, chess.Color | None]:
    return record.result, record.termination, record.draw_claimed_by, record.draw_offered_by


def pgn_tags(record: GameRecord) -> tuple[str, str, str]:
    pgn = chess.pgn.read_game(io.StringIO(record.pgn))
    assert pgn is not None and pgn.errors == []
    return pgn.headers["Result"], pgn.headers["Termination"], pgn.headers["EndReason"]


async def test_the_opponent_claims_a_repetition_instead_of_its_move_and_the_record_says_so(
    ledger: Ledger, profile: Profile
) -> None:
    claiming = ScriptedOpponent(KNIGHTS, claims_draw_at={5})
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=claiming)
    try:
        assert game.player_color == chess.WHITE
        await play_white(game, KNIGHTS, stop_at_offer=False)
        outcome = game.outcome
        assert outcome is not None
        assert outcome.termination is Termination.THREEFOLD_REPETITION
        assert (outcome.winner, outcome.player_score) == (None, 0.5)
        # Its 5th turn, the position after 5.Nf3 there a third time, was its claim: no move.
        assert len(game.board.move_stack) == 9 and claiming.asked == ["turn"] * 5
        assert outcome.description == "Draw by threefold repetition, claimed by Black"
        assert outcome.told == "Draw by threefold repetition, claimed by your opponent"
        assert game.clock.running is None, "the clocks stop with the game"
    finally:
        await game.close()
    reader = Ledger.open(ledger.directory, readonly=True)  # as the file holds it
    try:
        record = reader.game(game.game_id)
    finally:
        reader.close()
    assert claim_of(record) == ("1/2-1/2", "threefold repetition (claimed)", chess.BLACK, None)
    assert (record.status, record.player_score) == (GameStatus.FINISHED, 0.5)
    assert pgn_tags(record) == (
        "1/2-1/2", "normal", "Draw by threefold repetition, claimed by Black",
    )  # fmt: skip


async def test_the_players_own_claim_is_recorded_as_the_players(
    ledger: Ledger, profile: Profile
) -> None:
    """The same repetition a ply sooner, White to move: the player claims it."""
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), RAPID, seated=ScriptedOpponent(KNIGHTS)
    )
    try:
        await play_white(game, KNIGHTS[:8], stop_at_offer=False)
        assert game.is_player_turn and not game.is_over
        await game.claim_draw()
        outcome = game.outcome
        assert outcome is not None and outcome.told == (
            "Draw by threefold repetition, claimed by you"
        )
    finally:
        await game.close()
    record = ledger.game(game.game_id)
    assert claim_of(record) == ("1/2-1/2", "threefold repetition (claimed)", chess.WHITE, None)
    assert pgn_tags(record)[2] == "Draw by threefold repetition, claimed by White"


async def test_an_opponents_claim_without_grounds_is_its_failure_never_a_draw(
    ledger: Ledger, profile: Profile
) -> None:
    """Claimed at its first turn, with nothing on the board to claim: refused, the claim would
    only come again, so it is the opponent failing, started again as a failed engine is, and
    past its restarts the game is void, never drawn."""
    claiming = ScriptedOpponent(claims_draw_at={1})
    game = await RatedGame.start(ledger, profile, fast_opponent(), RAPID, seated=claiming)
    try:
        await game.play(chess.Move.from_uci("e2e4"))
        assert await game.opponent_turn() is None
        outcome = game.outcome
        assert outcome is not None and outcome.void
        assert claiming.restarts == 3 and claiming.asked == ["turn"] * 4
        assert len(game.board.move_stack) == 1
    finally:
        await game.close()
    record = ledger.game(game.game_id)
    assert (record.status, record.result, record.draw_claimed_by) == (GameStatus.VOID, "*", None)

"""The endings that follow from a position alone: claims, automatic draws, time forfeits."""

from __future__ import annotations

import chess

from profiles.laws import endings
from profiles.laws.endings import Ending, Termination, board_ending, claimable_draw, color_named
from rated_play.session.outcome import GameOutcome, automatic_outcome, time_forfeit


def board_after(*sans: str, fen: str = chess.STARTING_FEN) -> chess.Board:
    board = chess.Board(fen)
    for san in sans:
        board.push_san(san)
    return board


def test_threefold_repetition_is_claimable_only_on_the_third_occurrence() -> None:
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8")
    twice = board_after(*shuffle)
    assert claimable_draw(twice) is None
    thrice = board_after(*shuffle, *shuffle)
    assert claimable_draw(thrice) is Termination.THREEFOLD_REPETITION
    assert automatic_outcome(thrice, chess.WHITE) is None, "threefold needs a claim"


def test_fivefold_repetition_ends_the_game_without_a_claim() -> None:
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8")
    board = board_after(*(shuffle * 4))
    outcome = automatic_outcome(board, chess.WHITE)
    assert outcome is not None
    assert outcome.termination is Termination.FIVEFOLD_REPETITION
    assert (outcome.result, outcome.player_score) == ("1/2-1/2", 0.5)


def test_fifty_moves_are_claimable_and_seventy_five_end_the_game() -> None:
    fifty = chess.Board("8/8/4k3/8/8/3K4/8/R7 w - - 100 80")
    assert claimable_draw(fifty) is Termination.FIFTY_MOVES
    assert automatic_outcome(fifty, chess.WHITE) is None
    seventy_five = chess.Board("8/8/4k3/8/8/3K4/8/R7 w - - 150 105")
    outcome = automatic_outcome(seventy_five, chess.WHITE)
    assert outcome is not None and outcome.termination is Termination.SEVENTYFIVE_MOVES


def test_mate_stalemate_and_dead_positions_end_the_game() -> None:
    mate = board_after("f3", "e5", "g4", "Qh4#")
    outcome = automatic_outcome(mate, chess.WHITE)
    assert outcome == GameOutcome(Ending(Termination.CHECKMATE, chess.BLACK), chess.WHITE)
    assert outcome.description == "Black wins by checkmate"
    assert outcome.player_score == 0.0
    stalemate = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert automatic_outcome(stalemate, chess.BLACK) == GameOutcome(
        Ending(Termination.STALEMATE, None), chess.BLACK
    )
    bare_kings = chess.Board("8/8/4k3/8/8/3K4/8/8 w - - 0 1")
    ending = automatic_outcome(bare_kings, chess.WHITE)
    assert ending is not None and ending.termination is Termination.INSUFFICIENT_MATERIAL


def test_a_flag_against_a_lone_king_is_a_draw() -> None:
    """White flags, but Black has only a king (and a knight): Black cannot mate, so a draw."""
    board = chess.Board("8/8/4k3/8/2n5/3K4/4Q3/8 w - - 0 1")
    draw = time_forfeit(board, chess.WHITE, chess.WHITE)
    assert draw.winner is None and draw.termination is Termination.TIMEOUT_VS_INSUFFICIENT
    assert draw.player_score == 0.5
    loss = time_forfeit(board, chess.BLACK, chess.WHITE)
    assert loss.winner == chess.WHITE and loss.termination is Termination.TIME_FORFEIT
    assert loss.description == "White wins on time"


def test_every_drawn_ending_is_said_as_a_player_says_it() -> None:
    """ "Draw by draw agreed" and "Draw by 50-move rule (claimed)" were the enum's words."""
    decisive = (Termination.CHECKMATE, Termination.TIME_FORFEIT, Termination.RESIGNATION,
                Termination.ABANDONED, Termination.ENGINE_FAILURE,
                Termination.DOUBLE_REFUSED)  # fmt: skip
    said = {
        termination: GameOutcome(Ending(termination, None), chess.WHITE).description
        for termination in Termination
        if termination not in decisive
    }
    assert said[Termination.DRAW_AGREED] == "Draw by agreement"
    assert said[Termination.FIFTY_MOVES] == "Draw by the fifty-move rule, claimed"
    for sentence in said.values():
        assert sentence.startswith("Draw") and "(claimed)" not in sentence, sentence
        assert "Draw by draw" not in sentence and "by 75-move" not in sentence, sentence


def test_the_colour_words_are_python_chess_s() -> None:
    """profiles.laws.endings spells the colours itself, so that the first screen does not import
    python-chess: the words must stay python-chess's."""
    assert tuple(chess.COLOR_NAMES) == endings.COLOR_NAMES
    assert endings.WHITE is chess.WHITE
    for color in chess.COLORS:
        assert color_named(chess.COLOR_NAMES[color]) is color
        assert endings.side_name(color) == chess.COLOR_NAMES[color].capitalize()
    for winner in (*chess.COLORS, None):
        outcome = chess.Outcome(chess.Termination.CHECKMATE, winner)
        assert endings.result_for(winner) == outcome.result()


def test_every_ending_python_chess_sees_on_a_board_has_its_name() -> None:
    """board_ending reads python-chess's endings by name; a standard game can reach each of
    these (the variant endings cannot happen)."""
    on_the_board = {t.name for t in chess.Termination if not t.name.startswith("VARIANT_")}
    assert on_the_board <= set(Termination.__members__)
    mate = board_after("f3", "e5", "g4", "Qh4")
    ending = board_ending(mate)
    assert ending is not None and ending.termination is Termination.CHECKMATE
    assert ending.winner is chess.BLACK and ending.result() == "0-1"


def test_a_claimed_draw_says_who_claimed_it() -> None:
    """ "Draw by threefold repetition, claimed" said not by whom: either side claims, on its
    own turn, the player or the opponent; a claim recorded without its claimant says only that
    it was claimed."""
    for player in chess.COLORS:
        for claimant in chess.COLORS:
            ending = Ending(Termination.THREEFOLD_REPETITION, None, draw_claimed_by=claimant)
            outcome = GameOutcome(ending, player)
            side = endings.side_name(claimant)
            assert outcome.description == f"Draw by threefold repetition, claimed by {side}"
            who = "you" if claimant == player else "your opponent"
            assert outcome.told == f"Draw by threefold repetition, claimed by {who}"
        unknown = GameOutcome(Ending(Termination.FIFTY_MOVES, None), player)
        assert unknown.description == unknown.told == "Draw by the fifty-move rule, claimed"


def test_a_position_is_counted_each_time_it_occurs() -> None:
    """The claim said "for the third time" of a position there the fourth time."""
    board = chess.Board()
    assert endings.occurrences(board) == 1
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8")
    for times in (2, 3, 4):
        for san in shuffle:
            board.push_san(san)
        assert endings.occurrences(board) == times
    board.push_san("e4")  # a pawn move: nothing before it can occur again
    assert endings.occurrences(board) == 1

"""Technique: a won ending against a bare king is won.

A club player of about 1200 mates with a queen or a rook every time; an engine weakened by a
shallow search or deliberate mistakes often cannot, and shuffles into the fifty-move rule or a
repetition — a draw no human opponent would give, which skews the rating of everyone who plays
it. So in these endings every opponent steps aside for a full-strength search. They arise only
once the game is decided, so the opponent's strength in the rest of the game is untouched (and
the calibration measures the entries with this on).
"""

from __future__ import annotations

import chess

TECHNIQUE_NODES = 150_000
"""Full-strength Stockfish mates from K+R v K at this budget (about 0.2 s a move here); on a
short clock its own time management stops it sooner."""


def is_simple_win(board: chess.Board) -> bool:
    """The side to move faces a bare king and has the material to mate it."""
    defender = not board.turn
    bare_king = board.occupied_co[defender] == board.kings & board.occupied_co[defender]
    return bare_king and not board.has_insufficient_material(board.turn)

"""Reading the player's typed move, in SAN or UCI, with messages that say what went wrong."""

from __future__ import annotations

import re

import chess

from profiles.errors import UserError


class MoveInputError(UserError, ValueError):
    """A typed move that cannot be played; the message is for the player. Nothing changes."""


class UnreadableMoveError(MoveInputError):
    pass


class IllegalMoveError(MoveInputError):
    pass


class AmbiguousMoveError(MoveInputError):
    pass


_UCI_LENGTHS = (4, 5)
_PIECE_MOVE = re.compile(r"^([NBRQK])[a-h]?[1-8]?x?([a-h][1-8])[+#]?[!?]*$")
"""A piece's move in SAN: its letter, and the square it goes to."""


def parse_move(board: chess.Board, text: str) -> chess.Move:
    """The legal move ``text`` names in ``board``: SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``)
    or UCI (``g1f3``, ``e7e8q``)."""
    cleaned = text.strip().replace("0-0-0", "O-O-O").replace("0-0", "O-O")
    if not cleaned:
        raise UnreadableMoveError("type a move, such as e4, Nf3, O-O or g1f3")
    if len(cleaned) in _UCI_LENGTHS and cleaned[:4].isalnum() and cleaned[1].isdigit():
        try:
            move = chess.Move.from_uci(cleaned.lower())
        except chess.InvalidMoveError:
            move = None
        if move:
            if move in board.legal_moves:
                return move
            # "e2e4"-style text that is not legal: say so in the player's terms.
            return _explain_illegal(board, cleaned, move)
    try:
        move = board.parse_san(cleaned)
    except chess.AmbiguousMoveError as error:
        candidates = _candidates(board, cleaned)
        raise AmbiguousMoveError(
            f"{cleaned} is ambiguous: it could be {candidates}; name the piece's file or rank"
        ) from error
    except chess.IllegalMoveError as error:
        raise IllegalMoveError(_illegal_reason(board, cleaned)) from error
    except chess.InvalidMoveError as error:
        raise _unreadable(cleaned) from error
    if not move:
        # python-chess reads "--", "0000", "Z0" and "@@@@" as the null move, which no player
        # can play: it is text that is not a move.
        raise _unreadable(cleaned)
    return move


def board_move(board: chess.Board, move: chess.Move) -> chess.Move:
    """``move``, picked on the board from one square to another, if it is legal; else an
    :class:`IllegalMoveError` that names it as a player would (:func:`move_words`)."""
    if move in board.legal_moves:
        return move
    return _explain_illegal(board, move_words(board, move), move)


def move_words(board: chess.Board, move: chess.Move) -> str:
    """A move that may not be legal, so has no SAN, as players name one: the piece, the
    square it leaves and the square it goes to, ``Qe7–e4``, ``e2–e5`` (long algebraic
    notation, FIDE Laws of Chess, Appendix C.13, with a dash for its hyphen)."""
    piece = board.piece_at(move.from_square)
    letter = "" if piece is None or piece.piece_type == chess.PAWN else piece.symbol().upper()
    promotion = "" if move.promotion is None else f"={chess.piece_symbol(move.promotion).upper()}"
    return (
        f"{letter}{chess.square_name(move.from_square)}–{chess.square_name(move.to_square)}"
        f"{promotion}"
    )


def _unreadable(text: str) -> UnreadableMoveError:
    return UnreadableMoveError(
        f"{text!r} is not a move: write SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q)"
    )


def _explain_illegal(board: chess.Board, text: str, move: chess.Move) -> chess.Move:
    piece = board.piece_at(move.from_square)
    if piece is None:
        raise IllegalMoveError(
            f"{text}: there is no piece on {chess.square_name(move.from_square)}"
        )
    if piece.color != board.turn:
        raise IllegalMoveError(
            f"{text}: that is not your piece on {chess.square_name(move.from_square)}"
        )
    if move.promotion is None and chess.Move(move.from_square, move.to_square, chess.QUEEN) in (
        board.legal_moves
    ):
        raise IllegalMoveError(f"{text}: a pawn reaching the last rank must promote, e.g. {text}q")
    raise IllegalMoveError(_illegal_reason(board, text))


def _illegal_reason(board: chess.Board, text: str) -> str:
    try:
        promotion = board.san(board.parse_san(f"{text}=Q"))
    except ValueError:
        promotion = None
    if promotion is not None:
        return f"{text}: a pawn reaching the last rank must promote, e.g. {promotion}"
    missing = _no_such_piece(board, text)
    if missing is not None:
        return missing
    if board.is_check():
        return f"{text} is not legal: your king is in check and must be got out of it"
    return f"{text} is not legal in this position"


def _no_such_piece(board: chess.Board, text: str) -> str | None:
    """Why a piece's move cannot be played, when the reason is the piece: the player has
    none of that kind, or none that moves to that square (pins and checks aside)."""
    named = _PIECE_MOVE.match(text)
    if named is None:
        return None
    piece_type = chess.PIECE_SYMBOLS.index(named[1].lower())
    name = chess.piece_name(piece_type)
    if not board.pieces(piece_type, board.turn):
        return f"{text} is not legal: you have no {name}"
    square = chess.parse_square(named[2])
    if not any(
        move.to_square == square and board.piece_type_at(move.from_square) == piece_type
        for move in board.pseudo_legal_moves
    ):
        pieces = "your king cannot" if piece_type == chess.KING else f"no {name} of yours can"
        return f"{text} is not legal: {pieces} go to {named[2]}"
    return None


def _candidates(board: chess.Board, text: str) -> str:
    """The legal moves a SAN with a missing disambiguator could mean, in full SAN."""
    stripped = text.rstrip("+#")
    names = [
        board.san(move)
        for move in board.legal_moves
        if board.san(move).rstrip("+#").replace("x", "")[-2:] == stripped.replace("x", "")[-2:]
        and board.san(move)[0] == stripped[0]
    ]
    return " or ".join(names) if names else "more than one move"

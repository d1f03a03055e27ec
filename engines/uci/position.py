"""The ``position`` command of UCI, read once for every engine of ours that takes it (the
server of ``rated-play engines uci`` and ``rated-play-maia``): a position they cannot reach in a
game of chess is refused, with the reason, so no move is ever chosen for it.

Refused: a FEN that is not one or whose position the rules could not reach (python-chess takes
a FEN without a king, which crashes Stockfish); a move that is not legal where it is played; a
null move, ``0000``, which python-chess plays (the turn passes, the king of the side that passed
maybe left in check: an illegal position, which ended Stockfish and the Maia engine); and a
fifty-move counter past 150 plies, which no game reaches: 75 moves by each side without a
capture or a pawn move end the game (FIDE Laws of Chess, 2023, Article 9.6.2), and the Maia
networks take the counter as it is, so a huge one made their value nonsense, and one past the
range of a float NaN.
"""

from __future__ import annotations

import chess

from profiles.errors import printable

MAX_HALFMOVE_CLOCK = 150
"""The most plies without a capture or a pawn move a game reaches (FIDE Article 9.6.2)."""
SHOWN_CHARACTERS = 80
"""Of a piece of input repeated back in an ``info string``: enough to recognise it."""


def parse_position(tokens: list[str]) -> chess.Board | str:
    """``position startpos|fen FEN [moves …]`` (without the word ``position``), or why it
    cannot be played from."""
    if tokens[:1] == ["startpos"]:
        board, rest = chess.Board(), tokens[1:]
    elif tokens[:1] == ["fen"]:
        end = tokens.index("moves") if "moves" in tokens else len(tokens)
        try:
            board = chess.Board(" ".join(tokens[1:end]))
        except ValueError as error:
            return f"not a FEN ({shown(str(error))})"
        if not board.is_valid():
            status = board.status()
            faults = [str(f.name).lower().replace("_", " ") for f in chess.Status if f & status]
            return f"not a legal position ({', '.join(faults)})"
        rest = tokens[end:]
    else:
        return "it says neither 'startpos' nor 'fen'"
    for uci in rest[1:] if rest[:1] == ["moves"] else []:
        try:
            move = board.parse_uci(uci)
        except ValueError:
            return f"the move {shown(uci)} cannot be played in {board.fen()}"
        if not move:
            return f"the null move {shown(uci)} is no move of chess"
        board.push(move)
    if board.halfmove_clock > MAX_HALFMOVE_CLOCK:
        return (
            f"its fifty-move counter, {shown(str(board.halfmove_clock))} plies, is past the "
            f"{MAX_HALFMOVE_CLOCK} at which a game ends"
        )
    return board


def shown(text: str) -> str:
    """A piece of input as an ``info string`` repeats it: short, and with no character a
    terminal or a GUI would act on (a carriage return could start a false ``bestmove``)."""
    if len(text) > SHOWN_CHARACTERS:
        text = text[:SHOWN_CHARACTERS] + "..."
    return printable(text)

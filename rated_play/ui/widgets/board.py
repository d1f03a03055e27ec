"""The chessboard, seen from the player's side, with click-to-move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import chess
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

UNICODE_PIECES = {
    chess.PAWN: "♟",
    chess.KNIGHT: "♞",
    chess.BISHOP: "♝",
    chess.ROOK: "♜",
    chess.QUEEN: "♛",
    chess.KING: "♚",
}
"""The solid glyphs for both sides: the piece's colour comes from the style, which reads far
better on coloured squares than the outline glyphs Unicode gives White."""

CELL_SIZES = ((7, 3), (5, 2), (3, 1))
"""Square sizes (columns, rows), largest first; a terminal cell is about twice as tall as wide."""

RANK_LABEL_WIDTH = 2


@dataclass(frozen=True)
class BoardGeometry:
    """Where the squares are inside the widget."""

    cell_width: int
    cell_height: int
    left: int
    """Column of the a-file's (or h-file's) left edge."""
    top: int

    @property
    def width(self) -> int:
        return RANK_LABEL_WIDTH + 8 * self.cell_width

    @property
    def height(self) -> int:
        return 8 * self.cell_height + 1


def fit_geometry(width: int, height: int) -> BoardGeometry:
    """The largest board that fits ``width`` × ``height``, centred in it."""
    for cell_width, cell_height in CELL_SIZES:
        board_width = RANK_LABEL_WIDTH + 8 * cell_width
        board_height = 8 * cell_height + 1
        if board_width <= width and board_height <= height:
            break
    return BoardGeometry(
        cell_width,
        cell_height,
        left=max(0, (width - board_width) // 2),
        top=max(0, (height - board_height) // 2),
    )


class BoardView(Widget):
    """A read-only picture of a position that turns clicks into :class:`MoveChosen`.

    The widget only proposes moves: whether one is legal is decided by the game session.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--light",
        "board--dark",
        "board--last-move",
        "board--check",
        "board--selected",
        "board--target",
        "board--coordinate",
        "board--white-piece",
        "board--black-piece",
    }

    @dataclass
    class MoveChosen(Message):
        """The player clicked a piece and then one of its destinations."""

        from_square: chess.Square
        to_square: chess.Square

    def __init__(
        self,
        *,
        orientation: chess.Color = chess.WHITE,
        ascii_pieces: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.orientation = orientation
        self.ascii_pieces = ascii_pieces
        self._board = chess.Board()
        self._last_move: chess.Move | None = None
        self._interactive = False
        self.selected: chess.Square | None = None
        self.renders = 0
        """How many times the board was drawn (the UI benchmark watches it)."""

    def show(self, board: chess.Board, last_move: chess.Move | None, *, interactive: bool) -> None:
        """Draw ``board``; ``interactive`` lets the player pick pieces of the side to move."""
        self._board = board
        self._last_move = last_move
        self._interactive = interactive
        if not interactive:
            self.selected = None
        self.refresh()

    @property
    def targets(self) -> frozenset[chess.Square]:
        """The legal destinations of the selected piece."""
        if self.selected is None:
            return frozenset()
        return frozenset(
            move.to_square for move in self._board.legal_moves if move.from_square == self.selected
        )

    # -- geometry --------------------------------------------------------------------------

    def square_at(self, x: int, y: int) -> chess.Square | None:
        """The square under widget coordinates (x, y), or None off the board."""
        geometry = fit_geometry(self.size.width, self.size.height)
        column = x - geometry.left - RANK_LABEL_WIDTH
        row = y - geometry.top
        if column < 0 or row < 0:
            return None
        file, rank_row = column // geometry.cell_width, row // geometry.cell_height
        if file > 7 or rank_row > 7:
            return None
        return self._square(file, rank_row)

    def square_offset(self, square: chess.Square) -> tuple[int, int]:
        """Widget coordinates of the centre of ``square`` (for tests and the benchmark)."""
        geometry = fit_geometry(self.size.width, self.size.height)
        file, rank = chess.square_file(square), chess.square_rank(square)
        if self.orientation == chess.BLACK:
            file = 7 - file
        else:
            rank = 7 - rank
        return (
            geometry.left
            + RANK_LABEL_WIDTH
            + file * geometry.cell_width
            + geometry.cell_width // 2,
            geometry.top + rank * geometry.cell_height + geometry.cell_height // 2,
        )

    def _square(self, column: int, row: int) -> chess.Square:
        """The square drawn at board column/row 0–7 counted from the top-left corner."""
        if self.orientation == chess.WHITE:
            return chess.square(column, 7 - row)
        return chess.square(7 - column, row)

    # -- mouse -----------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        if not self._interactive:
            return
        square = self.square_at(event.x, event.y)
        if square is not None and self.selected is not None and square in self.targets:
            self.post_message(self.MoveChosen(self.selected, square))
            self.selected = None
        elif square is not None and square != self.selected and self._is_own_piece(square):
            self.selected = square
        else:
            self.selected = None
        self.refresh()

    def _is_own_piece(self, square: chess.Square) -> bool:
        piece = self._board.piece_at(square)
        return piece is not None and piece.color == self._board.turn

    # -- drawing ---------------------------------------------------------------------------

    def render(self) -> Text:
        self.renders += 1
        geometry = fit_geometry(self.size.width, self.size.height)
        # Partial styles: a piece or a mark must not bring the widget's own background along.
        styles = {
            name: self.get_component_rich_style(name, partial=True)
            for name in self.COMPONENT_CLASSES
        }
        marked = self._marked_squares()
        targets = self.targets
        text = Text(no_wrap=True, overflow="crop")
        text.append("\n" * geometry.top)
        indent = " " * geometry.left
        middle = geometry.cell_height // 2
        for row in range(8):
            for line in range(geometry.cell_height):
                text.append(indent)
                rank = self._square(0, row) // 8
                label = f"{rank + 1} " if line == middle else "  "
                text.append(label, styles["board--coordinate"])
                for column in range(8):
                    square = self._square(column, row)
                    square_style = self._square_style(square, marked, targets, styles)
                    glyph, glyph_style = " ", square_style
                    if line == middle:
                        glyph, glyph_style = self._glyph(square, targets, square_style, styles)
                    pad = geometry.cell_width // 2
                    text.append(" " * pad, square_style)
                    text.append(glyph, glyph_style)
                    text.append(" " * (geometry.cell_width - pad - 1), square_style)
                text.append("\n")
        text.append(indent + " " * RANK_LABEL_WIDTH)
        for column in range(8):
            file_name = chess.FILE_NAMES[chess.square_file(self._square(column, 0))]
            text.append(file_name.center(geometry.cell_width), styles["board--coordinate"])
        return text

    def _marked_squares(self) -> dict[chess.Square, str]:
        """Squares drawn in a highlight colour, later entries winning."""
        marked: dict[chess.Square, str] = {}
        if self._last_move is not None:
            marked[self._last_move.from_square] = "board--last-move"
            marked[self._last_move.to_square] = "board--last-move"
        if self._board.is_check():
            king = self._board.king(self._board.turn)
            if king is not None:
                marked[king] = "board--check"
        if self.selected is not None:
            marked[self.selected] = "board--selected"
        return marked

    def _square_style(
        self,
        square: chess.Square,
        marked: dict[chess.Square, str],
        targets: frozenset[chess.Square],
        styles: dict[str, Style],
    ) -> Style:
        is_light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
        style = styles["board--light" if is_light else "board--dark"]
        if square in marked:
            style += styles[marked[square]]
        if square in targets:
            style += styles["board--target"]
        return style

    def _glyph(
        self,
        square: chess.Square,
        targets: frozenset[chess.Square],
        square_style: Style,
        styles: dict[str, Style],
    ) -> tuple[str, Style]:
        piece = self._board.piece_at(square)
        if piece is None:
            return ("·" if square in targets else " "), square_style
        glyph = piece.symbol() if self.ascii_pieces else UNICODE_PIECES[piece.piece_type]
        side = "board--white-piece" if piece.color == chess.WHITE else "board--black-piece"
        return glyph, square_style + styles[side]

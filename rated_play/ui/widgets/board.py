"""The chessboard, seen from the player's side: click-to-move and a keyboard cursor.

The board is drawn line by line (Textual's line API) from strips kept per rank. A move
changes two to four ranks, and only those are drawn again: the new position is on the screen
within the frame that follows the move, however busy the machine is with the engine.

Everything the board shows reads without colour too: the sides by their glyphs (White's
outline, Black's solid; with ``--ascii`` White's capitals, Black's small letters), the last
move's squares by corner marks, the picked-up piece double corners, the keyboard cursor heavy
corners, legal destinations dots. Colour only adds to them (the palette, in ``app.tcss``, is
chosen to read with every common colour-vision deficiency, every piece at 4.5:1 or more on
every square: see ``board_contrast.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, NamedTuple

import chess
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.actions import SkipAction
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from profiles.laws.endings import side_name
from rated_play.ui.display import display_options

UNICODE_PIECES = {
    "K": "♔",
    "Q": "♕",
    "R": "♖",
    "B": "♗",
    "N": "♘",
    "P": "♙",
    "k": "♚",
    "q": "♛",
    "r": "♜",
    "b": "♝",
    "n": "♞",
    "p": "♟",
}
"""Each piece's glyph by its FEN letter (python-chess's ``Piece.symbol()``): White's outline,
Black's solid, as Unicode names them (WHITE CHESS KING U+2654 …), so the sides read apart by
shape on a monochrome screen, not by colour alone. All twelve are one cell wide in DejaVu Sans
Mono, the terminal font most Linux systems fall back to (its advance widths are all 1233)."""

TEXT_PRESENTATION = "\ufe0e"
"""VARIATION SELECTOR-15, drawn after the black pawn: U+265F is the only chess symbol that is
also an emoji (Unicode's emoji-data.txt), and a terminal whose font lacks it may fall back to a
two-cell colour emoji that covers the next cell. The selector asks for the one-cell text glyph
(Unicode Technical Standard #51, "Emoji Presentation Sequences"); it takes no cell itself."""


def piece_glyph(piece: chess.Piece, *, ascii_pieces: bool) -> str:
    """The piece as the board draws it: its glyph, or its FEN letter with ``--ascii``."""
    symbol = piece.symbol()
    glyph = symbol if ascii_pieces else UNICODE_PIECES[symbol]
    return glyph + TEXT_PRESENTATION if glyph == UNICODE_PIECES["p"] else glyph


CELL_SIZES = ((7, 3), (5, 2), (3, 1))
"""Square sizes (columns, rows), largest first; a terminal cell is about twice as tall as wide."""

RANK_LABEL_WIDTH = 2


class Mark(IntEnum):
    """What a square's corners say, drawn in glyphs so that it reads without colour. When a
    square has several, the highest wins (its background still shows the others)."""

    LAST_MOVE = 1
    CAPTURE = 2
    """A legal destination with a piece on it (an empty one shows a dot in its middle)."""
    PICKED_UP = 3
    CURSOR = 4
    BETTER = 5
    """A square of the engine's better move, in a review of a finished game: round corners."""


CORNERS: dict[Mark, str] = {
    Mark.LAST_MOVE: "┌┐└┘[]",
    Mark.CAPTURE: "······",
    Mark.PICKED_UP: "╔╗╚╝{}",
    Mark.CURSOR: "┏┓┗┛><",
    Mark.BETTER: "╭╮╰╯()",
}
"""Top-left, top-right, bottom-left, bottom-right corners of a square two or more rows high,
then the left and right sides of a square one row high (``[♞]``, ``>♞<``)."""

TARGET_DOT = "·"


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


class Cell(NamedTuple):
    """What one square shows: the picture a rank's strips are made from."""

    background: str
    """The component class of the square's colour (light, dark, or a highlight)."""
    glyph: str
    glyph_class: str | None
    """The component class of the glyph's colour: a side's pieces, or a destination dot."""
    mark: Mark | None


def luminance(color: Color) -> float:
    """Relative luminance, as WCAG 2.x defines it (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance)."""
    red, green, blue = (
        channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
        for channel in (value / 255 for value in color.get_truecolor())
    )
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2.x contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter
    (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): 1 to 21."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


_INK = (Style(color="#000000"), Style(color="#ffffff"))
"""Black or white: whichever contrasts more with the square draws its corner marks."""


def _ink(background: Style) -> Style:
    if background.bgcolor is None:
        return Style()
    black, white = (style.color for style in _INK)
    assert black is not None and white is not None
    darker = contrast_ratio(black, background.bgcolor) >= contrast_ratio(white, background.bgcolor)
    return _INK[0] if darker else _INK[1]


class BoardView(Widget):
    """A picture of a position that turns clicks and the keyboard cursor into
    :class:`MoveChosen`.

    The widget only proposes moves: whether one is legal is decided by the game session.
    With ``cursor`` it takes the focus, from the keyboard only (arrows from the move box): a
    click leaves the focus where it is, so the mouse, the cursor and typed moves work
    side by side.
    """

    FOCUS_ON_CLICK = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move_cursor(0, -1)", "Cursor up", show=False),
        Binding("down", "move_cursor(0, 1)", "Cursor down", show=False),
        Binding("left", "move_cursor(-1, 0)", "Cursor left", show=False),
        Binding("right", "move_cursor(1, 0)", "Cursor right", show=False),
        # The footer has room at 80 columns for one of the board's keys beside the game's.
        Binding("enter,space", "pick_or_put", "Pick up/put down"),
        Binding("escape", "put_back", "Put back", show=False),
    ]
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
        """The player picked a piece and then a square for it (a click or the cursor)."""

        from_square: chess.Square
        to_square: chess.Square

    class Drawn(Message):
        """A new picture of the board has been drawn on the screen."""

    @dataclass
    class Refused(Message):
        """The cursor could not pick up a piece there; ``reason`` is for the player."""

        reason: str

    def __init__(
        self,
        *,
        orientation: chess.Color = chess.WHITE,
        cursor: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.can_focus = cursor
        self.orientation = orientation
        self._board = chess.Board()
        self._last_move: chess.Move | None = None
        self._better: chess.Move | None = None
        self._interactive = False
        self.selected: chess.Square | None = None
        self.cursor: chess.Square = chess.E2 if orientation == chess.WHITE else chess.E7
        """The keyboard cursor's square; drawn while the board has the focus."""
        self.renders = 0
        """How many new pictures of the board were drawn (the UI benchmark watches it)."""
        self._geometry: BoardGeometry | None = None
        self._styles: dict[str, Style] | None = None
        self._base = Style()
        self._cells: list[tuple[Cell, ...]] = []
        """The picture the cached strips show, one tuple of eight cells per row on screen."""
        self._rows: list[list[Strip]] = []
        self._file_letters = Strip([])
        self._blank = Strip([])
        self._cell_segments: dict[tuple[Cell, int], list[Segment]] = {}
        self._version = 0
        self._drawn_version = -1

    def show(
        self,
        board: chess.Board,
        last_move: chess.Move | None,
        *,
        interactive: bool,
        better: chess.Move | None = None,
    ) -> None:
        """Draw ``board``; ``interactive`` lets the player pick pieces of the side to move;
        ``better`` marks the squares of a move the engine preferred to the last one."""
        self._board = board
        self._last_move = last_move
        self._better = better
        self._interactive = interactive
        if not interactive:
            self.selected = None
        self._update()

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
        column, row = self._column_row(square)
        return (
            geometry.left
            + RANK_LABEL_WIDTH
            + column * geometry.cell_width
            + geometry.cell_width // 2,
            geometry.top + row * geometry.cell_height + geometry.cell_height // 2,
        )

    def flip(self) -> None:
        """Turn the board round: the other side at the bottom, the coordinates with it."""
        self.orientation = not self.orientation
        self._geometry = None  # every rank and the file letters are drawn again
        self._update()

    def _square(self, column: int, row: int) -> chess.Square:
        """The square drawn at board column/row 0–7 counted from the top-left corner."""
        if self.orientation == chess.WHITE:
            return chess.square(column, 7 - row)
        return chess.square(7 - column, row)

    def _column_row(self, square: chess.Square) -> tuple[int, int]:
        file, rank = chess.square_file(square), chess.square_rank(square)
        if self.orientation == chess.WHITE:
            return file, 7 - rank
        return 7 - file, rank

    # -- mouse -----------------------------------------------------------------------------

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help: only a board that takes moves takes clicks."""
        if not self.can_focus:
            return ()
        return (("Click", "a piece, then a square: move it (the piece again: put it back)"),)

    def on_click(self, event: events.Click) -> None:
        square = self.square_at(event.x, event.y)
        if square is not None:
            self.cursor = square
        if not self._interactive:
            self._update()
            return
        if square is not None and self.selected is not None and square in self.targets:
            self.post_message(self.MoveChosen(self.selected, square))
            self.selected = None
        elif square is not None and square != self.selected and self._is_own_piece(square):
            self.selected = square
        else:
            self.selected = None
        self._update()

    def _is_own_piece(self, square: chess.Square) -> bool:
        piece = self._board.piece_at(square)
        return piece is not None and piece.color == self._board.turn

    # -- keyboard cursor -------------------------------------------------------------------

    def action_move_cursor(self, right: int, down: int) -> None:
        """Move the cursor as it looks on the screen (up is away from the player)."""
        column, row = self._column_row(self.cursor)
        column = min(7, max(0, column + right))
        row = min(7, max(0, row + down))
        self.cursor = self._square(column, row)
        self._update()

    def action_pick_or_put(self) -> None:
        """Enter: pick up the piece under the cursor, or put the picked-up one down there."""
        if not self._interactive:
            self.post_message(self.Refused("wait for the engine's move"))
            return
        square = self.cursor
        if self.selected is None or (square != self.selected and self._is_own_piece(square)):
            self._pick_up(square)
        elif square == self.selected:
            self.selected = None  # put back where it stood
        else:
            # Legal or not, the session decides and says why not; the piece stays picked up.
            self.post_message(self.MoveChosen(self.selected, square))
        self._update()

    def _pick_up(self, square: chess.Square) -> None:
        name = chess.square_name(square)
        piece = self._board.piece_at(square)
        if piece is None:
            self.post_message(
                self.Refused(f"there is no piece on {name}: move the cursor onto one of yours")
            )
        elif piece.color != self._board.turn:
            owner = side_name(piece.color)
            self.post_message(
                self.Refused(
                    f"that is {owner}'s {chess.piece_name(piece.piece_type)} on {name}: "
                    "pick up one of your own pieces"
                )
            )
        elif not any(move.from_square == square for move in self._board.legal_moves):
            self.post_message(
                self.Refused(f"your {chess.piece_name(piece.piece_type)} on {name} cannot move")
            )
        else:
            self.selected = square

    def action_put_back(self) -> None:
        """Escape: put the picked-up piece back; with none, Escape is the screen's."""
        if self.selected is None:
            raise SkipAction()
        self.selected = None
        self._update()

    def on_focus(self) -> None:
        self._update()

    def on_blur(self) -> None:
        self._update()

    # -- drawing ---------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._geometry = None
        self._update()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None  # every strip is made again in the new colours
        self._update()

    def _update(self) -> None:
        """Bring the strips up to date and ask for the ranks that changed to be drawn."""
        if not self.size:
            return
        geometry = fit_geometry(self.size.width, self.size.height)
        cells = self._picture()
        if geometry != self._geometry or self._styles is None:
            self._geometry = geometry
            self._load_styles()
            self._cell_segments.clear()
            self._cells = cells
            self._rows = [self._rank_strips(row, cells[row]) for row in range(8)]
            self._file_letters = self._file_letters_line()
            self._blank = Strip.blank(self.size.width, self._base)
            self._version += 1
            self.refresh()
            return
        height = geometry.cell_height
        for row in range(8):
            if cells[row] != self._cells[row]:
                self._rows[row] = self._rank_strips(row, cells[row])
                self.refresh(Region(0, geometry.top + row * height, self.size.width, height))
                self._version += 1
        self._cells = cells

    def _load_styles(self) -> None:
        # The widget's own style under the coordinates and around the board; the rest are
        # partial: a piece or a mark must not bring the widget's background along.
        self._base = self.rich_style
        self._styles = {
            name: self.get_component_rich_style(name, partial=True)
            for name in self.COMPONENT_CLASSES
        }

    def _picture(self) -> list[tuple[Cell, ...]]:
        backgrounds = self._highlights()
        targets = self.targets
        marks: dict[chess.Square, Mark] = {}
        if self._last_move is not None:
            marks[self._last_move.from_square] = Mark.LAST_MOVE
            marks[self._last_move.to_square] = Mark.LAST_MOVE
        if self._better is not None:  # over the last move's: often it left the same square
            marks[self._better.from_square] = Mark.BETTER
            marks[self._better.to_square] = Mark.BETTER
        for square in targets:
            if self._board.piece_at(square) is not None:
                marks[square] = Mark.CAPTURE
        if self.selected is not None:
            marks[self.selected] = Mark.PICKED_UP
        if self.has_focus:
            marks[self.cursor] = Mark.CURSOR
        rows = []
        for row in range(8):
            cells = []
            for column in range(8):
                square = self._square(column, row)
                background = backgrounds.get(square) or (
                    "board--light" if (column + row) % 2 == 0 else "board--dark"
                )
                glyph, glyph_class = self._glyph(square, targets)
                cells.append(Cell(background, glyph, glyph_class, marks.get(square)))
            rows.append(tuple(cells))
        return rows

    def _highlights(self) -> dict[chess.Square, str]:
        """Squares drawn in a highlight colour, later entries winning."""
        highlighted: dict[chess.Square, str] = {}
        if self._last_move is not None:
            highlighted[self._last_move.from_square] = "board--last-move"
            highlighted[self._last_move.to_square] = "board--last-move"
        if self._board.is_check():
            king = self._board.king(self._board.turn)
            if king is not None:
                highlighted[king] = "board--check"
        if self.selected is not None:
            highlighted[self.selected] = "board--selected"
        return highlighted

    def _glyph(
        self, square: chess.Square, targets: frozenset[chess.Square]
    ) -> tuple[str, str | None]:
        piece = self._board.piece_at(square)
        if piece is None:
            return (TARGET_DOT, "board--target") if square in targets else (" ", None)
        glyph = piece_glyph(piece, ascii_pieces=display_options(self).ascii_pieces)
        return glyph, "board--white-piece" if piece.color == chess.WHITE else "board--black-piece"

    def _rank_strips(self, row: int, cells: tuple[Cell, ...]) -> list[Strip]:
        geometry = self._geometry
        styles = self._styles
        assert geometry is not None and styles is not None
        coordinate = self._base + styles["board--coordinate"]
        indent = [Segment(" " * geometry.left, self._base)] if geometry.left else []
        rank = chess.square_rank(self._square(0, row)) + 1
        middle = geometry.cell_height // 2
        strips = []
        for line in range(geometry.cell_height):
            label = f"{rank} " if line == middle else "  "
            segments = [*indent, Segment(label, coordinate)]
            for cell in cells:
                segments.extend(self._segments(cell, line))
            strips.append(self._full_width(segments, geometry.left + geometry.width))
        return strips

    def _segments(self, cell: Cell, line: int) -> list[Segment]:
        """One line of one square, kept: the same few looks recur all over the board."""
        key = (cell, line)
        cached = self._cell_segments.get(key)
        if cached is not None:
            return cached
        geometry = self._geometry
        styles = self._styles
        assert geometry is not None and styles is not None
        width, height = geometry.cell_width, geometry.cell_height
        square = self._base + styles[cell.background]
        characters = [" "] * width
        looks = [square] * width
        if line == height // 2:
            characters[width // 2] = cell.glyph
            if cell.glyph_class is not None:
                looks[width // 2] = square + styles[cell.glyph_class]
        if cell.mark is not None:
            corners = CORNERS[cell.mark]
            ink = square + _ink(square) + Style(bold=cell.mark == Mark.CURSOR)
            if height == 1:
                characters[0], characters[-1] = corners[4], corners[5]
                looks[0] = looks[-1] = ink
            elif line in (0, height - 1):
                first = 0 if line == 0 else 2
                characters[0], characters[-1] = corners[first], corners[first + 1]
                looks[0] = looks[-1] = ink
        segments: list[Segment] = []
        for character, look in zip(characters, looks, strict=True):
            if segments and segments[-1].style == look:
                segments[-1] = Segment(segments[-1].text + character, look)
            else:
                segments.append(Segment(character, look))
        self._cell_segments[key] = segments
        return segments

    def _file_letters_line(self) -> Strip:
        geometry = self._geometry
        styles = self._styles
        assert geometry is not None and styles is not None
        letters = "".join(
            chess.FILE_NAMES[chess.square_file(self._square(column, 0))].center(geometry.cell_width)
            for column in range(8)
        )
        text = " " * (geometry.left + RANK_LABEL_WIDTH) + letters
        return self._full_width(
            [Segment(text, self._base + styles["board--coordinate"])], len(text)
        )

    def _full_width(self, segments: list[Segment], length: int) -> Strip:
        """A line as wide as the widget: Textual would otherwise pad a copy of it every time
        it is drawn."""
        width = self.size.width
        if length < width:
            segments = [*segments, Segment(" " * (width - length), self._base)]
        return Strip(segments, max(length, width))

    def render_line(self, y: int) -> Strip:
        geometry = self._geometry
        if geometry is None or not self._rows:
            return Strip.blank(self.size.width, self._base)
        row, line = divmod(y - geometry.top, geometry.cell_height)
        if y < geometry.top or row > 8 or (row == 8 and line > 0):
            return self._blank
        if row == 8:
            return self._file_letters
        return self._rows[row][line]

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._drawn_version != self._version:
            self._drawn_version = self._version
            self.renders += 1
            self.post_message(self.Drawn())
        return super().render_lines(crop)

"""A table whose last column, a long name (the pool's opponents are called things like
"Fairy-Stockfish 11.1 at Skill Level -4, 3-ply search"), takes the width the other columns
leave, so every column stays on the screen at 80 columns. A name too long is cut in the
middle, between words: the pool's names share their beginnings (the engine) and differ at
their ends (the strength), so the end is kept first and the first word where there is room
(cut within words, it read ``Stock…de a move)``); the screen says the whole name below."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import DataTable

MIN_LAST_WIDTH = 12
"""The last column is never narrower than this; below it the table scrolls sideways."""


def cut_middle(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters: as many of its last words as fit after a
    "…", and its first word before it where that fits too; cut within words (its first third
    and its end) only where not even its last word fits."""
    if len(text) <= width:
        return text
    words = text.split()
    tail: list[str] = []
    for word in reversed(words[1:]):
        if len("… ") + len(" ".join([word, *tail])) > width:
            break
        tail.insert(0, word)
    if tail:
        end = "… " + " ".join(tail)
        return f"{words[0]} {end}" if len(words[0]) + 1 + len(end) <= width else end
    third = width // 3
    return text[:third].rstrip() + "…" + text[len(text) - (width - third - 1) :].lstrip()


class FittedTable(DataTable[str]):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._labels: tuple[str, ...] = ()
        self._rows: list[tuple[str, ...]] = []
        self._keys: list[str] = []

    def fill(
        self, labels: Sequence[str], rows: Sequence[Sequence[str]], keys: Sequence[str]
    ) -> None:
        """Show ``rows`` (the last cell of each is the long one) under ``labels``."""
        self._labels = tuple(labels)
        self._rows = [tuple(row) for row in rows]
        self._keys = list(keys)
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        if not self._labels:
            return
        cursor = self.cursor_row
        self.clear(columns=True)
        padding = 2 * self.cell_padding
        fixed = sum(
            max([len(label), *(len(row[index]) for row in self._rows)]) + padding
            for index, label in enumerate(self._labels[:-1])
        )
        # Room for a vertical scrollbar always, so one appearing does not push the last
        # column off the edge.
        room = self.size.width - fixed - padding - self.styles.scrollbar_size_vertical
        width = max(MIN_LAST_WIDTH, room)
        self.add_columns(*self._labels[:-1])
        self.add_column(self._labels[-1], width=width)
        for row, key in zip(self._rows, self._keys, strict=True):
            self.add_row(*row[:-1], cut_middle(row[-1], width), key=key)
        if self._rows:
            self.move_cursor(row=min(cursor, len(self._rows) - 1), animate=False)

"""A file's path said on a screen, broken between its directories: Textual folds a word
longer than its line wherever the line ends, which cut a path mid-name (``…ga`` / ``me-3.pgn``).
"""

from __future__ import annotations

import re

from textual.widgets import Static


def folded_path(said: str, path: str, width: int) -> str:
    """``said`` and ``path`` on one line when they fit in ``width`` columns, else ``said``
    on its line and ``path`` in lines broken after a ``/`` (only a name longer than a whole
    line is cut where the line ends)."""
    if len(said) + 1 + len(path) <= width:
        return f"{said} {path}"
    lines = [said]
    line = ""
    for part in re.split(r"(?<=/)", path):
        if line and len(line) + len(part) > width:
            lines.append(line)
            line = ""
        line += part
    lines.append(line)
    return "\n".join(lines)


class PathLine(Static):
    """``said`` and a path, folded between directories at the width it is given."""

    def __init__(self, said: str, path: str, *, id: str | None = None) -> None:
        super().__init__(f"{said} {path}", markup=False, id=id)
        self.said = said
        self.path = path

    def on_resize(self) -> None:
        width = self.content_region.width
        if width > 0:
            self.update(folded_path(self.said, self.path, width))

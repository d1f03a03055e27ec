"""The board's contrast: each piece (and the destination dot) on each square colour, as the
WCAG 2.x contrast ratio, read from the colours the board is drawn with (``app.tcss``).

Run as ``.venv/bin/python benchmarks/board_contrast.py``; a ratio under the 4.5:1 target is
marked ``!`` and makes the exit status 1 (``tests/ui/test_board.py`` fails on it too).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult

import rated_play.ui.app
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.board_contrast import TARGET, contrasts, table_text


class BoardOnly(App[None]):
    """A board in the app's own style sheet, the one home of the board's colours."""

    CSS_PATH: ClassVar[list[str | Path]] = [Path(rated_play.ui.app.__file__).with_name("app.tcss")]

    def compose(self) -> ComposeResult:
        yield BoardView()


async def measure() -> dict[tuple[str, str], float]:
    app = BoardOnly()
    async with app.run_test() as pilot:
        await pilot.pause()
        return contrasts(app.query_one(BoardView))


def main() -> int:
    ratios = asyncio.run(measure())
    print(f"WCAG 2.x contrast ratio on each square colour (target {TARGET}:1)")
    print(table_text(ratios))
    return 0 if min(ratios.values()) >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())

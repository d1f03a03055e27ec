"""The move-time chart reads without colour: the sides named, the moves numbered, and one long
think cut at the scale and marked, so that it does not flatten every other bar."""

from __future__ import annotations

from textual.app import App, ComposeResult

from rated_play.ui.widgets.move_time_chart import SCALE_OVER_MEDIAN, MoveTimeChart
from tests.ui.driving import board_text

LONG_THINK = 277.0
"""The one long think of the game whose chart it flattened: four and a half minutes."""


class ChartApp(App[None]):
    def compose(self) -> ComposeResult:
        yield MoveTimeChart(id="chart")


async def test_the_sides_the_move_numbers_and_a_long_think_cut_and_marked() -> None:
    times: list[float | None] = [5.0] * 40
    times[39] = LONG_THINK  # ply 40: Black's 20th move
    app = ChartApp()
    async with app.run_test(size=(86, 7)) as pilot:  # 80 columns of chart: two a ply
        chart = app.query_one(MoveTimeChart)
        chart.show(times, cursor=0)
        await pilot.pause()
        rows = board_text(chart)
        top, _, white, middle, black, _, bottom = rows
        assert white.startswith("White ") and black.startswith("Black ")
        scale = f"{5 * SCALE_OVER_MEDIAN:.0f}s+"
        assert top.startswith(scale) and bottom.startswith(scale), "the scale, and that it is cut"
        assert {"2", "10", "20"} <= set(middle.replace("─", " ").split()), "the moves numbered"
        # A move of the median time still rises: a quarter of the height, a row and a half.
        assert "█" in white and "█" in black
        assert "▼" in bottom and "▲" not in top, "the long think, cut and marked"

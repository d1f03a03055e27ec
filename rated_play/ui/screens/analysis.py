"""A finished game's analysis: a progress bar while Stockfish works, then the evaluation graph,
the player's marks with the engine's better moves, and the accuracy.

Reached from the result screen only. Whatever opens it, the analysis comes through
:func:`rated_play.session.analysis.analyse_game`, which refuses a game still being played; the
engine runs in a worker, so the screen stays live and leaving it stops the engine.
"""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, ProgressBar, Static

from profiles.analysis import GameAnalysis, eval_text
from profiles.errors import UserError, printable
from profiles.ledger import Ledger
from rated_play.session.analysis import analyse_game
from rated_play.ui.screens.base import WorkingScreen
from rated_play.ui.widgets.eval_graph import MARK_STYLES, EvalGraph
from rated_play.ui.widgets.title_bar import TitleBar


class AnalysisScreen(WorkingScreen):
    CSS_PATH = "analysis.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, ledger: Ledger, game_id: int) -> None:
        super().__init__()
        self.ledger = ledger
        self.game_id = game_id
        self.analysis: GameAnalysis | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="analysis"):
            yield Static(f"Analysing game {self.game_id}…", id="analysis-status", markup=False)
            yield ProgressBar(id="analysis-progress", show_eta=True)
            yield EvalGraph(id="eval-graph")
            yield Static("", id="accuracy", markup=False)
            yield DataTable(id="marks", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Analysis of game {self.game_id}"
        self.query_one("#marks", DataTable).add_columns("Move", "Mark", "Eval", "Better")
        self.analyse()

    @work(exclusive=True, group="analysis", exit_on_error=False)
    async def analyse(self) -> None:
        bar = self.query_one("#analysis-progress", ProgressBar)

        def progress(done: int, total: int) -> None:
            bar.update(total=total, progress=done)

        try:
            analysis = await analyse_game(self.ledger, self.game_id, on_progress=progress)
        except UserError as error:
            # A refusal (a game still on) or an engine that failed: an answer for the player,
            # said on this screen; anything else is a failed worker, shown as one.
            self.refused(str(error))
            return
        self.show(analysis)

    def show(self, analysis: GameAnalysis) -> None:
        self.analysis = analysis
        self.query_one("#analysis-progress", ProgressBar).display = False
        self.query_one(EvalGraph).show(analysis.start_eval_cp, analysis.moves)
        marks = analysis.marks
        self.query_one("#analysis-status", Static).update(
            f"{len(marks)} marked {'move' if len(marks) == 1 else 'moves'} "
            f"({analysis.engine}, depth {analysis.depth})"
        )
        accuracy = "-" if analysis.accuracy is None else f"{analysis.accuracy:.1f}%"
        self.query_one("#accuracy", Static).update(f"Your accuracy: {accuracy}")
        table = self.query_one("#marks", DataTable)
        for move in marks:
            assert move.mark is not None
            number = (move.ply + 1) // 2
            san = f"{number}. {move.san}" if move.ply % 2 else f"{number}… {move.san}"
            table.add_row(
                san,
                f"[{MARK_STYLES[move.mark]}]{move.mark.value}[/]",
                eval_text(move.eval_cp),
                move.best or "",
                key=str(move.ply),
            )

    def refused(self, why: str) -> None:
        self.query_one("#analysis-progress", ProgressBar).display = False
        self.query_one("#analysis-status", Static).update(
            f"Game {self.game_id} cannot be analysed: {printable(why)}."
        )

    def on_worker_failed(self) -> None:
        self.refused("the analysis failed")

    def action_back(self) -> None:
        self.app.pop_screen()

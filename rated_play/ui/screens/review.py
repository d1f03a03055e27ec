"""A finished game to learn from: the board stepped through with the keys beside its moves,
each move's evaluation and the time it took (``t``: the move-time chart in the graph's place),
the player's marks with the engine's better move drawn on the board and
its line, the evaluation graph, and each side's accuracy as lichess sums it up.

Reached from the result screen, the games list and the game viewer. The analysis comes through
:func:`rated_play.session.review.analyse_game`, which refuses a game still being played (its
sentence is shown here); the first look runs the engine in a worker, with a progress bar, and
the board can be stepped meanwhile; leaving the screen stops the engine. The second look reads
the stored analysis.
"""

from __future__ import annotations

from typing import ClassVar

import chess
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import ProgressBar, Static

from profiles.accuracy import GameAnalysis, eval_text
from profiles.errors import UserError, printable
from profiles.laws.endings import side_name
from profiles.ledger.ledger import Ledger
from profiles.marks import Mark
from rated_play.session.review import analyse_game, save_annotated_pgn
from rated_play.ui.screens.base import WorkingScreen
from rated_play.ui.screens.stepping import SteppedGameScreen, ending_text
from rated_play.ui.widgets.board import fit_geometry
from rated_play.ui.widgets.eval_graph import EvalGraph
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.move_list import MoveList, numbered_line
from rated_play.ui.widgets.move_time_chart import MoveTimeChart
from rated_play.ui.widgets.path_line import folded_path
from rated_play.ui.widgets.title_bar import TitleBar

LINE_PLIES = 6
"""How much of the engine's line is shown: enough to see the idea, short enough to follow."""
SIDE_WIDTH = 36
"""The narrowest the moves and what is said of them may be."""
GRAPH_HEIGHTS = (5, 15)
"""The graph's rows, least and most: the board takes what is left, up to its largest size."""
FACTS_FROM_HEIGHT = 30
"""The terminal's rows from which the review has room for the material and the move's time
beside the opening (below them, the opening alone: the viewer names it at every size)."""
_MARKS = Binding.Group("Marks")


def summary_text(analysis: GameAnalysis) -> str:
    """Each side's accuracy, average centipawn loss (lichess's ACPL) and marks, White first,
    in two lines a side: with the opponent's title and a line for each figure, the summary's
    last lines fell off the bottom at 80×24 and left the move list three lines."""
    paragraphs = []
    for color in (chess.WHITE, chess.BLACK):
        side = analysis.summary(color)
        name = side_name(color) + (" (you)" if color == analysis.player_color else "")
        if side.acpl is None:
            paragraphs.append(f"{name}: {side.figures_words()}")
            continue
        paragraphs.append(f"{name}: {side.figures_words()}\n  {side.marks_words}")
    return "\n".join(paragraphs)


class ReviewScreen(SteppedGameScreen, WorkingScreen):
    CSS_PATH = "review.tcss"
    # Under 32 rows (80×24 above all) what is said of the move and the summary drop the blank
    # line above them, for the move list.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012 (Textual types it so)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_mark", "Next mark", group=_MARKS),
        Binding("p", "previous_mark", "Previous mark", group=_MARKS),
        Binding("s", "save_pgn", "Save PGN"),
        # Kept out of the footer, which has no room left at 80 columns; the help lists them.
        Binding("t", "times", "Move times", show=False),
        Binding("f", "flip", "Flip", show=False),
    ]

    def __init__(self, ledger: Ledger, game_id: int, *, ply: int = 0) -> None:
        super().__init__(ledger, game_id)
        # From the beginning, the marks ahead; opened from the viewer, at the move viewed.
        self.ply = max(0, min(len(self.sans), ply))
        self.analysis: GameAnalysis | None = None
        self.all_facts = True
        """The opening, the material and the move's time are shown (False: the opening)."""

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="review-top"):
            yield self.board_view("review-board")
            with Vertical(id="review-side"):
                yield Static("", id="review-status", markup=False)
                yield MoveList(id="review-moves")
                yield Static("", id="review-move", markup=False)
                yield Static("", id="review-facts", markup=False)
                yield Static("", id="review-summary", markup=False)
        with Vertical(id="review-bottom"):
            yield ProgressBar(id="review-progress", show_eta=True)
            yield EvalGraph(id="review-graph")
            yield MoveTimeChart(id="review-times")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.fit(self.app.size)  # before the first layout, which would otherwise come twice
        self.sub_title = f"Review of {self.named}"
        self.query_one(MoveTimeChart).display = False
        if self.game is not None:
            self.query_one("#review-status", Static).update(ending_text(self.game.record))
            self.query_one(MoveTimeChart).show(self.move_times, self.ply)
            self.show_ply()
        self.query_one(EvalGraph).say("Analysing the game: the evaluations come when it is done.")
        self.analyse()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size)
        if self.game is not None:
            self.show_facts()

    def show_facts(self) -> None:
        facts = self.facts_text(opening_only=not self.all_facts)
        self.query_one("#review-facts", Static).update(facts)

    def fit(self, size: Size) -> None:
        """The board as large as fits beside the moves, over a graph of a few rows at least;
        the graph takes what the board leaves, up to a point."""
        least, most = GRAPH_HEIGHTS
        height = size.height - 2  # the title and the footer
        geometry = fit_geometry(size.width - SIDE_WIDTH, height - least)
        graph = max(least, min(most, height - geometry.height))
        self.query_one("#review-top").styles.height = height - graph
        # The material and the move's time where the summary leaves them room.
        self.all_facts = size.height >= FACTS_FROM_HEIGHT
        self.query_one("#review-board").styles.width = geometry.width + 1

    @work(exclusive=True, group="analysis", exit_on_error=False)
    async def analyse(self) -> None:
        bar = self.query_one("#review-progress", ProgressBar)

        def progress(done: int, total: int) -> None:
            bar.update(total=total, progress=done)

        try:
            analysis = await analyse_game(self.ledger, self.game_id, on_progress=progress)
        except UserError as error:
            # A refusal (a game still on, a game without a move) or an engine that failed: an
            # answer for the player, said on this screen; anything else is a failed worker.
            self.refused(str(error))
            return
        self.show(analysis)

    def show(self, analysis: GameAnalysis) -> None:
        self.analysis = analysis
        self.query_one("#review-progress", ProgressBar).display = False
        self.sub_title = f"Review of {self.named} · {analysis.engine}, depth {analysis.depth}"
        self.query_one("#review-summary", Static).update(summary_text(analysis))
        self.query_one(EvalGraph).show(analysis)
        self.show_ply()

    def refused(self, why: str) -> None:
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one(EvalGraph).say("")
        said = f"{self.named.capitalize()} cannot be analysed: {printable(why)}."
        if self.game is not None:
            said = f"{ending_text(self.game.record)}\n{said}"
        self.query_one("#review-status", Static).update(said)

    def on_worker_failed(self) -> None:
        self.refused("the analysis failed")

    def show_ply(self) -> None:
        analysis = self.analysis
        move = analysis.moves[self.ply - 1] if analysis is not None and self.ply else None
        better = None
        if move is not None and self.mark_at(self.ply) is not None and move.best is not None:
            assert self.game is not None
            better = self.game.board_after(self.ply - 1).parse_san(move.best)
        self.show_board(better)
        sans = self.sans
        if analysis is not None:
            marks = zip(analysis.moves, analysis.judgements, strict=True)
            sans = [move.san + (mark.glyph if mark else "") for move, mark in marks]
        self.query_one(MoveList).show(sans, self.ply)
        self.query_one("#review-move", Static).update(self.move_text(sans))
        self.show_facts()
        self.query_one(EvalGraph).move_cursor(self.ply)
        self.query_one(MoveTimeChart).move_cursor(self.ply)

    def move_text(self, sans: list[str]) -> str:
        """What is said of the move on the board: its evaluation and, when it is marked, the
        mark and what the engine would have played."""
        total = len(sans)
        if not total:
            return "The game ended before a move was played."
        analysis = self.analysis
        evaluation = "" if analysis is None else f" · {evaluation_words(analysis.evals[self.ply])}"
        if not self.ply:
            return f"Start position · {total} plies{evaluation}"
        said = f"{numbered_line(self.ply, sans[self.ply - 1 : self.ply])}{evaluation}"
        mark = self.mark_at(self.ply)
        if analysis is None or mark is None:
            return said
        move = analysis.moves[self.ply - 1]
        before = evaluation_words(analysis.evals[self.ply - 1])
        said += f"\n{mark.value.capitalize()}: the evaluation was {before}."
        line = move.line or ((move.best,) if move.best else ())
        if line:
            said += f"\nBest: {numbered_line(self.ply, line[:LINE_PLIES])}"
        return said

    def mark_at(self, ply: int) -> Mark | None:
        """The mark of the ``ply``-th move, either side's (None before the analysis)."""
        if self.analysis is None or not ply:
            return None
        return self.analysis.judgements[ply - 1]

    def marked_plies(self) -> list[int]:
        """The plies of both sides' inaccuracies, mistakes and blunders."""
        return [] if self.analysis is None else [move.ply for move in self.analysis.marks]

    def action_next_mark(self) -> None:
        later = [ply for ply in self.marked_plies() if ply > self.ply]
        if later:
            self.action_go_to(later[0])
        elif self.analysis is not None:
            self.notify("No inaccuracy, mistake or blunder after this move.")

    def action_previous_mark(self) -> None:
        earlier = [ply for ply in self.marked_plies() if ply < self.ply]
        if earlier:
            self.action_go_to(earlier[-1])
        elif self.analysis is not None:
            self.notify("No inaccuracy, mistake or blunder before this move.")

    def action_save_pgn(self) -> None:
        """The game with its analysis as an annotated PGN, beside the archived one."""
        if self.analysis is None:
            self.notify("The annotated PGN can be saved once the analysis is done.", markup=False)
            return
        try:
            path = save_annotated_pgn(self.ledger, self.analysis)
        except UserError as error:
            self.notify(f"Not saved: {printable(error)}.", severity="error", markup=False)
            return
        # Folded between directories at the notice's width (Textual's: 60 columns, or half
        # the screen, less its padding), not mid-name.
        width = min(60, self.app.size.width // 2) - 4
        self.notify(folded_path("Annotated PGN saved at", str(path), width), markup=False)

    def action_times(self) -> None:
        """The move-time chart in the graph's place, or the graph back."""
        chart = self.query_one(MoveTimeChart)
        chart.display = not chart.display
        self.query_one(EvalGraph).display = not chart.display

    @on(EvalGraph.PlyChosen)
    def graph_clicked(self, event: EvalGraph.PlyChosen) -> None:
        self.action_go_to(event.ply)


def evaluation_words(eval_cp: int) -> str:
    """An evaluation as players write it, and a mated position as the word."""
    written = eval_text(eval_cp)
    return "checkmate" if written == "#" else written

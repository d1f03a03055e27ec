"""How the rated game ended and what it did to the player's rating."""

from __future__ import annotations

from typing import ClassVar

import chess
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from profiles.accuracy import GameAnalysis
from profiles.errors import printable
from profiles.laws.endings import side_name
from profiles.opponent_kind import against
from profiles.player.card import money
from profiles.ratings import DEFAULT_SYSTEM, get_system
from profiles.ratings.base import RATING_FLOOR
from profiles.ratings.visibility import at_floor, until_rated_words
from rated_play.session import GameReport, RatedGame
from rated_play.session.decoration import Decorating
from rated_play.ui.messages import ReviewWanted
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.clock import format_clock
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.path_line import PathLine
from rated_play.ui.widgets.title_bar import TitleBar


def rating_text(report: GameReport) -> str:
    """ "1500 → 1512 (+12)", or how many games remain before the rating is shown."""
    if report.outcome.void:
        return "Unrated: the game does not count."
    system = get_system(DEFAULT_SYSTEM).title
    label = f"{report.time_class.label} rating ({system})"
    floor = f" (the floor of {RATING_FLOOR:.0f})" if at_floor(report.rating_after) else ""
    if report.rating_before is not None and report.rating_after is not None:
        change = report.rating_after - report.rating_before
        return (
            f"{label}: {report.rating_before:.0f} → {report.rating_after:.0f}{floor} "
            f"({change:+.0f})"
        )
    if report.rating_after is not None:
        return f"{label}: {report.rating_after:.0f}{floor} — now rated!"
    return f"{report.time_class.label}: {until_rated_words(report.games_until_rated)}"


def purse_text(report: GameReport) -> str:
    """What the game did to the purse: "Stake $20: purse $1,000 → $1,020"."""
    return (
        f"Stake {money(report.stake)}: purse {money(report.purse_before)} → "
        f"{money(report.purse_after)}"
    )


def not_archived_text(player: str) -> str:
    """That the game's PGN was not archived (a full disk, a folder that cannot be written),
    and where it is found all the same."""
    return (
        "PGN not archived: the archive folder could not be written. The ledger keeps the game: "
        f"'rated-play export {printable(player)}' gives its PGN."
    )


def score_text(report: GameReport) -> str:
    score = report.outcome.player_score
    if score is None:
        return ""
    # A draw's ending says it is one ("Draw by agreement"): its line says what it scored.
    return {1.0: "You won.", 0.5: "Half a point each.", 0.0: "You lost."}[score]


def summary_text(game: RatedGame) -> str:
    """Who played what, and for how long, in a player's words: "in 23 moves"."""
    plies = len(game.san_moves())
    moves = (plies + 1) // 2
    length = {0: "before a move was played", 1: "in 1 move"}.get(moves, f"in {moves} moves")
    clock = "without a clock" if game.time_control.untimed else f"at {game.time_control}"
    opponent = game.opponent
    # A person-like opponent by its kind and rating alone: its provenance (the network and the
    # people it learnt from) is in the viewer and the PGN, and at 80×24 it wrapped the sentence
    # over six lines and pushed the buttons off the screen.
    named = against(opponent.kind, opponent.title, opponent.rating)
    return (
        f"You played {side_name(game.player_color)} against {printable(named)} {clock}; "
        f"the game ended {length}."
    )


def opening_text(game: RatedGame) -> str:
    """The opening the game reached ("" for none named)."""
    opening = Decorating(game.ledger.directory.root).opening_of(game.board.move_stack)
    return "" if opening is None else opening.label


def clocks_text(game: RatedGame) -> str:
    """Both clocks as the game left them ("" for a game without a clock)."""
    if game.time_control.untimed:
        return ""
    clocks = " · ".join(
        f"{side_name(color)} {format_clock(game.clock.remaining(color))}"
        for color in (chess.WHITE, chess.BLACK)
    )
    return f"Clocks: {clocks}"


def accuracy_text(analysis: GameAnalysis | None) -> str:
    """Each side's accuracy once the game has been analysed; "" before."""
    if analysis is None:
        return ""
    sides = []
    for color in (chess.WHITE, chess.BLACK):
        accuracy = analysis.summary(color).accuracy
        sides.append(f"{side_name(color)} {'-' if accuracy is None else f'{accuracy:.0f}%'}")
    return f"Accuracy: {' · '.join(sides)}"


class ResultScreen(Screen[None]):
    CSS_PATH = "result.tcss"
    # Under 30 rows (80×24 above all) the result drops its spacing, so that the buttons stay on
    # the screen above the footer, a long sentence or a wrapped archive path included.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012 (Textual types it so)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next_game", "Next game"),
        Binding("a", "analyse", "Analyse"),
    ]

    def __init__(self, game: RatedGame, report: GameReport) -> None:
        super().__init__()
        self.game = game
        self.report = report

    def compose(self) -> ComposeResult:
        game, report = self.game, self.report
        yield TitleBar()
        # The final position beside the result, from the player's side, the last move marked.
        yield BoardView(orientation=game.player_color, id="result-board")
        with Vertical(id="result"):
            yield Static(report.outcome.told, id="ending", markup=False)
            yield Static(score_text(report), id="score", markup=False)
            yield Static(summary_text(game), id="summary", markup=False)
            # A line each: one Static of two lines, filled in at a resize, kept the height of
            # its first line (the opening) and lost the clocks under it.
            # Each where there is one to say, at every size: at 80×24 too, where the spacing
            # goes first (-short), the opening and the clocks fit with the buttons.
            named = opening_text(game)
            opening = Static(named, id="opening", markup=False)
            opening.display = bool(named)
            yield opening
            clocks = Static(clocks_text(game), id="clocks", markup=False)
            clocks.display = not game.time_control.untimed
            yield clocks
            yield Static("", id="accuracy", markup=False)
            yield Static(rating_text(report), id="rating", markup=False)
            yield Static(purse_text(report), id="purse", markup=False)
            if report.notes:  # what the recorded game lacks, said once
                yield Static("\n".join(report.notes), id="notes", markup=False)
            if report.pgn_path is not None:
                yield PathLine("PGN archived at", printable(report.pgn_path), id="archive")
            else:
                yield Static(not_archived_text(game.profile.name), id="archive", markup=False)
            with Horizontal(id="result-actions"):
                yield Button("Next game", id="next-game", variant="primary")
                # Analysis exists only here, after the game: during it there is none at all.
                yield Button("Analyse", id="analyse")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Game over"
        self.query_one(BoardView).show(self.game.board, self.game.last_move, interactive=False)
        self.query_one("#next-game", Button).focus()
        self.show_accuracy()

    def on_screen_resume(self) -> None:
        self.show_accuracy()  # back from the review, which may have made the analysis

    def show_accuracy(self) -> None:
        """The accuracy of each side, once an analysis is in the ledger: the screen never waits
        for one, and the game screen had none to give."""
        analysis = self.game.ledger.analysis(self.report.game_id)
        accuracy = self.query_one("#accuracy", Static)
        accuracy.update(accuracy_text(analysis))
        accuracy.display = analysis is not None

    @on(Button.Pressed, "#next-game")
    def action_next_game(self) -> None:
        close(self)

    @on(Button.Pressed, "#analyse")
    def action_analyse(self) -> None:
        self.app.post_message(ReviewWanted(self.report.game_id))

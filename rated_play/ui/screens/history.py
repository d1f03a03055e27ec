"""A profile's rating history: per time-control class, the rating after every rated game (with
its ± where the system has one) and the record against each opponent.

Reached from the setup screen only, so never while a game is on. Everything shown comes from
:mod:`profiles.player.history` and :mod:`profiles.player.head_to_head`; this screen only lays it
out.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Select, Static, Tab, Tabs

from profiles.errors import printable
from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from profiles.player.card import rating_words
from profiles.player.head_to_head import head_to_head
from profiles.player.history import ClassHistory, rating_history
from profiles.ratings import DEFAULT_SYSTEM, SYSTEMS
from profiles.ratings.visibility import PROVISIONAL_GAMES
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.fitted_table import FittedTable
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.rating_graph import RatingGraph
from rated_play.ui.widgets.title_bar import TitleBar

OPPONENT_LABELS = ("Rating", "Games", "W/D/L", "Score", "Perf.", "Opponent")


class HistoryScreen(Screen[None]):
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("left", "time_class(-1)", "Class", show=False, priority=True),
        Binding("right", "time_class(1)", "Class", show=False, priority=True),
        Binding("s", "system", "Rating system"),
    ]

    def __init__(self, ledger: Ledger, profile: Profile, time_class: TimeClass) -> None:
        super().__init__()
        self.ledger = ledger
        self.profile = profile
        self.time_class = time_class
        self.system = DEFAULT_SYSTEM
        self.histories: dict[TimeClass, ClassHistory] = {}

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Tabs(
            *(Tab(time_class.label, id=time_class.value) for time_class in TimeClass),
            active=self.time_class.value,
            id="classes",
        )
        scroll = VerticalScroll(id="history")
        scroll.can_focus = False  # Tab goes from the classes to the system and the table
        with scroll:
            with Horizontal(id="history-head"):
                yield Static("", id="history-rating", markup=False)
                yield Select[str](
                    [(system.title, name) for name, system in SYSTEMS.items()],
                    value=self.system,
                    allow_blank=False,
                    compact=True,
                    id="history-system",
                )
            yield RatingGraph(id="rating-graph")
            yield FittedTable(id="opponents")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Rating history of {printable(self.profile.name)}"
        self.load()

    def load(self) -> None:
        self.histories = rating_history(self.ledger, self.profile, self.system)
        self.show_class()

    @on(Tabs.TabActivated, "#classes")
    def class_chosen(self, event: Tabs.TabActivated) -> None:
        if event.tab.id is not None:
            self.time_class = TimeClass(event.tab.id)
            self.show_class()

    @on(Select.Changed, "#history-system")
    def system_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.system:
            self.system = event.value
            self.load()

    def show_class(self) -> None:
        if not self.histories:
            return
        history = self.histories[self.time_class]
        card = history.card
        self.query_one("#history-rating", Static).update(
            f"{self.time_class.label} · {rating_words(card)}"
        )
        graph = self.query_one(RatingGraph)
        graph.show(history.points, card.games)
        graph.set_class(not history.points, "-provisional")
        graph.border_title = "Rating after each rated game" + (
            " (± band: the rating deviation)" if any(p.rd for p in history.points) else ""
        )
        graph.border_subtitle = f"{card.games} rated {'game' if card.games == 1 else 'games'}"
        lines = head_to_head(history.games, card)
        table = self.query_one(FittedTable)
        table.fill(
            OPPONENT_LABELS,
            [
                (
                    f"{line.rating:.0f}",
                    str(line.games),
                    f"{line.wins}/{line.draws}/{line.losses}",
                    f"{line.score_percent:.0f}%",
                    "–" if line.performance is None else f"{line.performance:.0f}",
                    printable(line.short),
                )
                for line in lines
            ],
            [line.name for line in lines],
        )
        table.display = bool(lines)
        later = f" (performance after {PROVISIONAL_GAMES} rated games)"
        table.border_title = "Against each opponent" + ("" if card.rating is not None else later)

    def action_time_class(self, step: int) -> None:
        """← → change the class wherever the focus is (the table needs no sideways keys)."""
        classes = list(TimeClass)
        chosen = classes[(classes.index(self.time_class) + step) % len(classes)]
        self.query_one(Tabs).active = chosen.value

    def action_system(self) -> None:
        select = self.query_one("#history-system", Select)
        select.focus()
        select.action_show_overlay()

    def action_back(self) -> None:
        close(self)

"""The help over any screen: that screen's keys, read from its bindings, and the rules of a
rated game.

The keys are never written here: they are read from the bindings Textual dispatches (the
screen's, those of the app's own widgets on it, and the app's), so the help cannot list a key
that does nothing or miss one that was added.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import actions, events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from rated_play.session.rules import RATED_GAME_RULES
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.title_bar import TitleBar

OWN_WIDGETS = "rated_play."
"""The app's own widgets have their keys listed; Textual's (a text box, a table) have the
keys every such widget has."""


KEY_NAMES = {"pgup": "PgUp", "pgdn": "PgDn", "escape": "Esc", "esc": "Esc"}
"""Keys whose name Textual writes in a way keyboards do not."""


@dataclass(frozen=True)
class KeyLine:
    keys: str
    """One key, or several that do the same thing, as the footer names them."""
    does: str


@dataclass(frozen=True)
class KeySection:
    title: str
    lines: tuple[KeyLine, ...]


def key_name(app: App[object], binding: Binding) -> str:
    """The key as the footer shows it, with Ctrl spelled out (Textual writes ``^p``)."""
    shown = app.get_key_display(binding)
    if shown.startswith("^"):
        shown = f"ctrl+{shown[1:].upper()}"
    # "shift+tab" → "Shift+Tab", "f2" → "F2"; a letter stays small (G would be Shift+G), a
    # glyph (⏎, ←) or a character ("?") stays as it is.
    return "+".join(
        KEY_NAMES.get(part, part.capitalize() if len(part) > 1 else part)
        for part in shown.split("+")
    )


def _enabled(node: DOMNode, binding: Binding) -> bool:
    """False when the binding's action says it does nothing here (its ``check_action``)."""
    destination, action, parameters = actions.parse(binding.action)
    namespaces: dict[str, DOMNode] = {"app": node.app, "screen": node.screen}
    target = namespaces.get(destination, node)
    return target.check_action(action, parameters) is not False


def _own_bindings(widget: Widget) -> set[tuple[str, str]]:
    """``(key, action)`` of the bindings the app's own classes give ``widget``: a tick box
    keeps Textual's checkbox keys, which every checkbox has, out of the help."""
    own: set[tuple[str, str]] = set()
    for cls in type(widget).__mro__:
        if cls.__module__.startswith(OWN_WIDGETS) and "BINDINGS" in vars(cls):
            own.update((key, b.action) for key, b in BindingsMap(vars(cls)["BINDINGS"]))
    return own


def _lines(
    node: DOMNode, overridden: set[str], only: set[tuple[str, str]] | None = None
) -> tuple[KeyLine, ...]:
    """``node``'s keys (hidden ones too: finding them is what help is for), keys bound to the
    same thing on one line; left out: keys taken first by a priority binding elsewhere, keys
    no terminal sends (Super), and bindings not in ``only`` when it is given."""
    grouped: dict[str, list[str]] = {}
    for key, binding in node._bindings:
        if not binding.description or (key in overridden and not binding.priority):
            continue
        if "super+" in key or (only is not None and (key, binding.action) not in only):
            continue
        if not _enabled(node, binding):
            continue
        name = key_name(node.app, binding)
        names = grouped.setdefault(binding.description, [])
        if name not in names:
            names.append(name)
    return tuple(KeyLine(" ".join(names), does) for does, names in grouped.items())


def _priority_keys(nodes: Iterable[DOMNode]) -> set[str]:
    return {key for node in nodes for key, binding in node._bindings if binding.priority}


def _shown(widget: Widget) -> bool:
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def _takes_keys(widget: Widget) -> bool:
    """Whether keys can reach ``widget``: it, or something in it, can take the focus (a
    read-only board's cursor keys never reach it, nor are they the screen's to list)."""
    return widget.focusable or any(child.focusable for child in widget.query(Widget))


def _widget_title(widget: Widget) -> str:
    if widget.BINDING_GROUP_TITLE:
        return widget.BINDING_GROUP_TITLE
    return (widget.id or type(widget).__name__).replace("-", " ").capitalize()


def key_sections(screen: Screen[object]) -> tuple[KeySection, ...]:
    """The keys of ``screen`` as they stand now: the screen's, each of the app's own widgets
    shown on it, then the app's (which work on every screen)."""
    app = screen.app
    sections = [KeySection("On this screen", _lines(screen, _priority_keys([app])))]
    clicks: list[KeyLine] = list(_clicks(screen))
    for widget in screen.query(Widget):
        if type(widget).__module__.startswith(OWN_WIDGETS) and _shown(widget):
            clicks += _clicks(widget)
            if not _takes_keys(widget):
                continue
            lines = _lines(widget, _priority_keys([app, screen]), _own_bindings(widget))
            if lines:
                sections.append(KeySection(_widget_title(widget), lines))
    sections.append(KeySection("Mouse", tuple(clicks)))
    sections.append(KeySection("Everywhere", _lines(app, _priority_keys([screen]))))
    return tuple(section for section in sections if section.lines)


def _clicks(node: DOMNode) -> tuple[KeyLine, ...]:
    """What a click does on ``node`` as it stands now, by its ``mouse_help()`` (a screen or
    one of the app's widgets says it where the click is handled)."""
    mouse_help = getattr(node, "mouse_help", None)
    if mouse_help is None:
        return ()
    return tuple(KeyLine(where, does) for where, does in mouse_help())


CLOCK_RUNS = "The game goes on while you read this. {whose} Escape goes back to it."
"""Over a game on a clock; ``{whose}`` is whose clock runs, as the game screen says it (the
player's or the opponent's: the opponent thinks on under the help too)."""
CLOCK_SAID_EVERY = 0.2
"""Seconds between readings of whose clock runs: the turn may pass while the help is open."""
NO_CLOCK = "The game has no clock: it waits while you read this. Escape goes back to it."
TYPED_IS_A_MOVE = (
    "On the game screen whatever you type goes to the move box, ? included, so that a key "
    "typed with a move never covers the board: F1 opens this help there. A move typed while "
    "this help is open closes it and goes to the move box."
)


def keys_table(sections: Iterable[KeySection]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for section in sections:
        table.add_row(Text(section.title, style="underline"), "")
        for line in section.lines:
            table.add_row(line.keys, line.does)
    return table


def rules_table() -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for rule in RATED_GAME_RULES:
        table.add_row("•", rule)
    return table


class HelpScreen(ModalScreen[None]):
    """The keys of the screen below and what a rated game forbids. Over a game in play it
    says the clock runs: a rated game has no pause, and help is not one."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close"),
    ]

    def __init__(
        self,
        sections: tuple[KeySection, ...],
        *,
        during_game: bool,
        whose_clock: Callable[[], str] | None = None,
        place: Region | None = None,
    ) -> None:
        super().__init__()
        self.sections = sections
        self.during_game = during_game
        self.whose_clock = whose_clock
        """Whose clock runs, said now ("Your clock is running."); None: the game has no clock,
        and waits while the help is open."""
        self.place = place
        """The part of the screen below it that the help takes (None: the middle)."""

    def compose(self) -> ComposeResult:
        if self.place is None:  # placed, it leaves the rows around it to the screen below
            yield TitleBar()
        with Vertical(id="help"):
            if self.during_game:
                yield Static(self.clock_said(), id="clock-runs", markup=False)
            with VerticalScroll(id="help-text"):
                yield Static(keys_table(self.sections), id="keys")
                if self.during_game:
                    yield Static(TYPED_IS_A_MOVE, id="typed", markup=False)
                yield Static("What a rated game forbids", classes="heading")
                yield Static(rules_table(), id="rules")
        yield KeysFooter()

    def clock_said(self) -> str:
        """What the game does while the help is read: whose clock runs, or that it waits."""
        if self.whose_clock is None:
            return NO_CLOCK
        return CLOCK_RUNS.format(whose=self.whose_clock())

    def show_clock(self) -> None:
        self.query_one("#clock-runs", Static).update(self.clock_said())

    def on_mount(self) -> None:
        self.sub_title = "Help: keys and rules"
        if self.during_game and self.whose_clock is not None:
            self.set_interval(CLOCK_SAID_EVERY, self.show_clock)
        self.set_class(self.place is not None, "placed")
        if self.place is not None:
            # Where it was placed (over a game, the board): what is around it stays in
            # sight, both clocks above all.
            box = self.query_one("#help").styles
            box.offset = (self.place.x, self.place.y)
            box.width, box.height = self.place.width, self.place.height

    def on_key(self, event: events.Key) -> None:
        # Over a game, typed text is a move, as everywhere on the game screen: a character
        # closes the help and goes where it would have gone without it (the move box).
        if self.during_game and event.is_printable:
            event.stop()
            self.action_close()
            # The same key, with its character, handed to the app as the terminal hands it:
            # by the time it is read, the game screen is on top again.
            self.app.post_message(events.Key(event.key, event.character))

    def action_close(self) -> None:
        close(self)  # once: a second key queued here closed the game below, left and lost

"""A one-line choice among a few options that opens into a list: what Textual's ``Select``
does, built for the first screen's two choices (the profile, the time control).

``Select`` mounts its list, and styles it, as soon as it is shown; the two of them made up a
tenth of the work before the first screen was painted. A dropdown here is one widget until it
is opened, and its list is made then, and dropped when it closes. To the player it is the same:
Enter, Space, ↑ or ↓ (or a click) opens the list on the chosen option; ↑/↓ and Enter (or a
click) choose, typing jumps to the option where what was typed comes earliest, and Escape or
leaving the list closes it without a change.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import OptionList

SEARCH_PAUSE = 0.7
"""Seconds after the last key typed in an open list when the next one starts a new search."""


class DropdownList(OptionList):
    """The open list of a :class:`Dropdown`, drawn over the screen below it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    class Closed(Message):
        """The list closes; ``index`` is the option chosen, or None for no change."""

        def __init__(self, index: int | None, *, lost_focus: bool = False) -> None:
            super().__init__()
            self.index = index
            self.lost_focus = lost_focus

    def __init__(self, labels: Iterable[str], highlighted: int | None) -> None:
        super().__init__(*labels, compact=True)
        self.highlighted = highlighted
        self._search = ""
        self._searched_at = 0.0

    def action_close(self) -> None:
        self.post_message(self.Closed(None))

    def on_blur(self) -> None:
        self.post_message(self.Closed(None, lost_focus=True))
        # A click elsewhere closes the list; on its own dropdown, it must not open it again.
        self.suppress_click()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Closed(event.option_index))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()

    def on_key(self, event: events.Key) -> None:
        """Typing jumps to the option that contains what was typed the earliest in its label."""
        if event.character is None or not event.is_printable:
            return
        event.stop()
        event.prevent_default()
        now = event.time
        self._search = (self._search if now - self._searched_at < SEARCH_PAUSE else "") + (
            event.character.lower()
        )
        self._searched_at = now
        found = [
            (str(option.prompt).lower().find(self._search), index)
            for index, option in enumerate(self.options)
        ]
        matches = [(position, index) for position, index in found if position >= 0]
        if matches:
            self.highlighted = min(matches)[1]


class Dropdown(Widget, can_focus=True):
    """The chosen option on one line, with ▼; see the module's docstring for the keys."""

    DEFAULT_CSS = """
    Dropdown {
        height: 1;
        width: 1fr;
        padding: 0 1 0 0;
        background: $surface;
        color: $foreground;
        pointer: pointer;
        &:focus {
            background-tint: $foreground 5%;
        }
        &.-blank {
            color: $foreground 50%;
        }
        & > DropdownList {
            overlay: screen;
            constrain: none inside;
            width: 1fr;
            height: auto;
            max-height: 12;
            offset: 0 1;
            background: $surface;
            & > .option-list--option {
                padding: 0 1;
            }
        }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down,space,up", "open", "Open the list", show=False),
    ]

    value: var[int | None] = var[int | None](None, init=False)
    """The chosen option's value, or None while none is chosen (shown as the prompt)."""

    class Changed(Message):
        """The value changed, by the player or by the program."""

        def __init__(self, dropdown: Dropdown, value: int | None) -> None:
            super().__init__()
            self.dropdown = dropdown
            self.value = value

        @property
        def control(self) -> Dropdown:
            return self.dropdown

    def __init__(
        self,
        options: Iterable[tuple[str, int]] = (),
        *,
        prompt: str = "",
        value: int | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self._options = list(options)
        self.prompt = prompt
        self.set_reactive(Dropdown.value, value)  # no Changed for the value it starts with
        self.set_class(value is None, "-blank")

    @property
    def options(self) -> list[tuple[str, int]]:
        return list(self._options)

    def set_options(self, options: Iterable[tuple[str, int]]) -> None:
        """Offer these options; a value that is not among them is cleared."""
        self._options = list(options)
        if self.value is not None and self._index(self.value) is None:
            self.value = None
        self.refresh()

    def render(self) -> Text:
        index = None if self.value is None else self._index(self.value)
        label = self.prompt if index is None else self._options[index][0]
        text = Text(label, no_wrap=True, end="")
        text.truncate(max(self.content_size.width - 2, 1), overflow="ellipsis", pad=True)
        text.append(" ▼")
        return text

    def validate_value(self, value: int | None) -> int | None:
        if value is not None and self._index(value) is None:
            raise ValueError(f"{value!r} is not one of the dropdown's options")
        return value

    def watch_value(self, value: int | None) -> None:
        self.set_class(value is None, "-blank")
        self.refresh()
        self.post_message(self.Changed(self, value))

    def action_open(self) -> None:
        if self.query(DropdownList) or not self._options:
            return
        highlighted = None if self.value is None else self._index(self.value)
        listing = DropdownList((label for label, _ in self._options), highlighted or 0)
        self.mount(listing)
        listing.focus(scroll_visible=False)

    def on_click(self, event: events.Click) -> None:
        if event.widget is self:
            self.action_open()

    def on_dropdown_list_closed(self, event: DropdownList.Closed) -> None:
        event.stop()
        for listing in self.query(DropdownList):
            listing.remove()
        if event.index is not None and self._options[event.index][1] != self.value:
            self.value = self._options[event.index][1]
        if not event.lost_focus:
            self.focus()

    def _index(self, value: int) -> int | None:
        for index, (_, option_value) in enumerate(self._options):
            if option_value == value:
                return index
        return None

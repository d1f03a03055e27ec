"""A checkbox and a radio button whose state reads without colour.

Textual draws a toggle's mark the same on and off and tells them apart by colour alone, which
a monochrome terminal or a colour-blind player may not see: these leave it empty when off, and
when disabled, where the choice does nothing (a person's pace without a clock): the value is
kept for when it applies again.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Checkbox, RadioButton


def show_state(button: Checkbox | RadioButton, mark: str) -> None:
    """Draw ``mark`` in the button when it is on, nothing when it is off or disabled."""
    button.BUTTON_INNER = mark if button.value and not button.disabled else " "
    button.refresh()


class TickBox(Checkbox):
    """A checkbox that shows its tick only when ticked, and whose label may take more than
    one line (with ``text-wrap: wrap``), so a long one is not cut off in a narrow column."""

    def on_mount(self) -> None:
        show_state(self, "X")

    def watch_value(self) -> None:
        show_state(self, "X")
        super().watch_value()

    def watch_disabled(self, disabled: bool) -> None:
        super().watch_disabled(disabled)
        show_state(self, "X")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # As Textual's own Widget.get_content_height asks a visual's height, styles and all.
        return self.render().get_height(self.styles, width)  # type: ignore[arg-type]


class RadioChoice(RadioButton):
    """A radio button whose dot shows only on the chosen one."""

    def on_mount(self) -> None:
        show_state(self, "●")

    def watch_value(self) -> None:
        show_state(self, "●")
        super().watch_value()

"""The line at the top of every screen: the app's title and the screen's subtitle.

What Textual's ``Header`` shows, as one widget: ``Header`` is four (an icon that opens the
command palette, which this app turns off, the title, a clock space and itself), and on the
first screen they were a twentieth of the work before it was painted.
"""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
    """The screen's title (the app's, unless the screen has its own) and its subtitle."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        content-align: center middle;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.screen, "title", self.show_title)
        self.watch(self.screen, "sub_title", self.show_title)

    def show_title(self) -> None:
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        self.update(app.format_title(title, sub_title))

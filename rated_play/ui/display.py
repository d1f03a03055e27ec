"""How the app draws what every screen shares (the pieces), chosen once for the whole app.

The app holds one :class:`DisplayOptions`; whatever draws a piece reads it from the app it is
in (:func:`display_options`), so no screen passes it on to the next by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.dom import DOMNode


@dataclass(frozen=True)
class DisplayOptions:
    ascii_pieces: bool = False
    """Draw pieces as letters (``--ascii``), for terminals without the chess glyphs."""


DEFAULT_DISPLAY = DisplayOptions()


def display_options(node: DOMNode) -> DisplayOptions:
    """The display options of the app ``node`` is in: the defaults in an app that has none (a
    bare app a test mounts one widget or screen in)."""
    options = getattr(node.app, "display_options", None)
    return options if isinstance(options, DisplayOptions) else DEFAULT_DISPLAY

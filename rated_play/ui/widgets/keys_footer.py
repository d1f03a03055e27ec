"""The footer of every screen: Textual's, drawn again only when the keys it shows change.

Textual's :class:`~textual.widgets.Footer` builds its keys anew whenever the screen's
bindings are refreshed, which is at every change of focus, whether or not the keys it shows
are other keys: a Tab on the setup screen took some 55 ms of CPU, most of it the footer's keys
removed, made again and restyled (``benchmarks/ui.py``, "a Tab at the setup"). The keys it
shows are read from the screen's active bindings, as Textual's ``Footer.compose`` reads them:
while they are the same, the footer drawn stands.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """A :class:`~textual.widgets.Footer` that is built again only for other keys."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._drawn: tuple[object, ...] | None = None
        """The keys the footer was last built for (None: never built)."""

    def keys_shown(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the footer's keys are built from on ``screen``, as ``Footer.compose`` reads
        it: each binding shown, whether it is enabled, its tooltip, and how its key is
        written."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, binding, enabled, tooltip, self.app.get_key_display(binding))
            for key, (_, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show or key == palette
        )

    async def recompose(self) -> None:
        # Textual's footer recomposes after a refresh each time the bindings change, its only
        # call: the keys are read there too, after the first paint, as compose reads them (an
        # app's check of an action may load what the first screen does not need).
        if not self.is_attached:
            return  # gone with its screen meanwhile: nothing to build (as Textual's own)
        shown = self.keys_shown(self.screen)
        if shown == self._drawn:
            return
        self._drawn = shown
        await super().recompose()

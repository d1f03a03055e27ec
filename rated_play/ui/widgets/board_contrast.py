"""How far each thing drawn on the board stands out from each square colour, measured as
WCAG 2.x measures text: the figures ``tests/ui/test_board.py`` holds to the target and
``benchmarks/board_contrast.py`` prints."""

from __future__ import annotations

from itertools import product

from rich.color import Color

from rated_play.ui.widgets.board import BoardView, contrast_ratio

TARGET = 4.5
"""WCAG 2.x success criterion 1.4.3, Contrast (Minimum), level AA, for text of normal size
(https://www.w3.org/TR/WCAG21/#contrast-minimum)."""

SQUARES = {
    "board--light": "light",
    "board--dark": "dark",
    "board--last-move": "last move",
    "board--check": "check",
    "board--selected": "picked up",
}
"""Every colour a square can take, by its component class, with its name for the table."""

INKS = {
    "board--white-piece": "White's pieces",
    "board--black-piece": "Black's pieces",
    "board--target": "destination dot",
}
"""Every colour drawn on a square, by its component class (the corner marks take black or
white, whichever stands out more)."""


def _colour(view: BoardView, component: str, *, background: bool) -> Color:
    style = view.get_component_rich_style(component, partial=True)
    colour = style.bgcolor if background else style.color
    if colour is None:
        raise ValueError(f"{component} has no {'background' if background else 'colour'}")
    return colour


def contrasts(view: BoardView) -> dict[tuple[str, str], float]:
    """The contrast ratio of each ink on each square colour, by their component classes,
    from the styles ``view`` draws with."""
    return {
        (ink, square): contrast_ratio(
            _colour(view, ink, background=False), _colour(view, square, background=True)
        )
        for ink, square in product(INKS, SQUARES)
    }


def table_text(ratios: dict[tuple[str, str], float]) -> str:
    """The ratios as a plain-text table, an ink a row and a square colour a column."""
    width = max(len(name) for name in INKS.values())
    header = " " * width + "".join(f"  {name:>9}" for name in SQUARES.values())
    rows = [
        f"{name:<{width}}"
        + "".join(
            f"  {ratios[ink, square]:>8.2f}" + ("!" if ratios[ink, square] < TARGET else " ")
            for square in SQUARES
        )
        for ink, name in INKS.items()
    ]
    return "\n".join([header, *rows])

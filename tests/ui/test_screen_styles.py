"""Every screen's stylesheet loads at the first push of a screen over the setup, all in one
parse (``RatedPlayApp.load_screen_styles`` says why): so no later push parses them again, and
each sheet's rules must style its own screen and nothing else, as they do by starting with
that screen's name."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from textual.app import App
from textual.css.model import SelectorType
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

import rated_play.ui.screens
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import SCREEN_STYLES, RatedPlayApp
from rated_play.ui.screens.help import HelpScreen
from tests.ui.driving import (
    SIZE,
    choose_weakest_opponent,
    resign,
    result_shown,
    start_game,
    wait_until,
)

SCREENS = Path(rated_play.ui.screens.__file__).parent


def _screens() -> list[type[Screen[object]]]:
    found = []
    for module_info in pkgutil.iter_modules(rated_play.ui.screens.__path__):
        module = importlib.import_module(f"rated_play.ui.screens.{module_info.name}")
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, Screen)
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


def _sheets_and_their_screens() -> dict[Path, set[str]]:
    """Each sheet a screen names in its own CSS_PATH, with the names of that screen and of the
    screens built on it, which the sheet may style too."""
    screens = _screens()
    sheets: dict[Path, set[str]] = {}
    for screen in screens:
        if "CSS_PATH" not in vars(screen):
            continue
        names = {s.__name__ for s in screens if issubclass(s, screen)}
        paths = screen.CSS_PATH if isinstance(screen.CSS_PATH, list) else [screen.CSS_PATH]
        for path in paths:
            sheets.setdefault((SCREENS / path).resolve(), set()).update(names)
    return sheets


def test_the_apps_screen_sheets_are_every_sheet_a_screen_names() -> None:
    named = set(_sheets_and_their_screens())
    assert named, "no screen names a stylesheet"
    assert {p.resolve() for p in SCREEN_STYLES} == named
    assert {p.resolve() for p in SCREENS.glob("*.tcss")} == named


async def test_the_styles_are_parsed_once_for_every_screen_after_the_first(
    app: RatedPlayApp, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The first screen's paint waits for no other screen's styles.
        assert not app.stylesheet.has_source(str(SCREENS / "game.tcss"), "")
        parses = []
        reparse = app.stylesheet.reparse

        def counted() -> None:
            parses.append("reparse")
            reparse()

        monkeypatch.setattr(app.stylesheet, "reparse", counted)
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        assert all(app.stylesheet.has_source(str(p), "") for p in SCREEN_STYLES)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await resign(pilot)
        await wait_until(pilot, lambda: result_shown(app))
        assert parses == ["reparse"]


def test_every_rule_of_a_screens_sheet_starts_with_that_screens_name() -> None:
    variables = App().get_css_variables()
    strays = []
    for sheet, names in sorted(_sheets_and_their_screens().items()):
        stylesheet = Stylesheet(variables=variables)
        stylesheet.read(sheet)
        stylesheet.parse()
        for rule in stylesheet.rules:
            for selectors in rule.selector_set:
                first = selectors.selectors[0]
                if first.type is not SelectorType.TYPE or first.name not in names:
                    strays.append(f"{sheet.name}: {selectors.css}")
    assert not strays, "rules that would style other screens: " + "; ".join(strays)

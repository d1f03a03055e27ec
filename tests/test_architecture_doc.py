"""docs/architecture.md names every module of the three packages, so the map stays whole."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "profiles", "rated_play")
MODULE_PATH = re.compile(r"`((?:engines|profiles|rated_play)/[\w/]*\.py)`")


def named(module: Path) -> str:
    """How the map names a module: its path, and a package by its folder (``engines/uci/``)."""
    relative = module.relative_to(ROOT).as_posix()
    if module.name == "__init__.py":
        return f"`{relative.removesuffix('__init__.py')}`"
    return f"`{relative}`"


def modules() -> list[Path]:
    return sorted(
        module
        for package in PACKAGES
        for module in (ROOT / package).rglob("*.py")
        if "__pycache__" not in module.parts
    )


def test_every_module_is_on_the_map() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [named(module) for module in modules() if named(module) not in text]
    assert not missing, "docs/architecture.md does not name " + ", ".join(missing)


def test_the_map_names_no_module_that_is_not_there() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    known = {named(module) for module in modules()}
    on_the_map = {f"`{path}`" for path in MODULE_PATH.findall(text)}
    gone = sorted(on_the_map - known)
    assert not gone, "docs/architecture.md names modules that are gone: " + ", ".join(gone)


GAME_TYPES = (
    "Ending",
    "GameResult",
    "GameOutcome",
    "RatedGame",
    "GameRecord",
    "GameReport",
    "PastGame",
    "GameLine",
)
"""Every type a game is seen as, from the board's end to the ledger's row and the screens."""

GLOSSARY_ROW = re.compile(r"^\| `(\w+)` \|.*\| `([\w/]+\.py)` \|$", re.M)


def glossary() -> dict[str, str]:
    """The glossary's types, each with the module it names as its home."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.partition("## Glossary")[2].partition("\n## ")[0]
    return dict(GLOSSARY_ROW.findall(section))


def test_the_glossary_says_which_type_a_game_is_and_where_it_lives() -> None:
    rows = glossary()
    assert set(GAME_TYPES) <= set(rows), f"the glossary lacks {set(GAME_TYPES) - set(rows)}"
    for name, module in rows.items():
        source = (ROOT / module).read_text(encoding="utf-8")
        assert re.search(rf"^class {name}\b", source, re.M), f"{name} is not defined in {module}"

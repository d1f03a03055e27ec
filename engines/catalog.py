"""Opponent definitions in TOML: the pool shipped with rated-play and the user's additions.

A file holds ``[[opponent]]`` tables::

    [[opponent]]
    name = "stockfish-elo-1500"          # unique and stable: the ledger stores it
    title = "Stockfish 15.1 at UCI_Elo 1500"
    command = "stockfish"                # looked up on PATH and in /usr/games
    package = "stockfish"                # the Debian package to suggest when it is missing
    protocol = "uci"                     # or "xboard"
    args = []
    options = { UCI_LimitStrength = true, UCI_Elo = 1500, Threads = 1, Hash = 16 }
    search = { depth = 4 }               # nodes, depth and/or movetime (seconds)
    rating = 1500                        # the starting guess until a calibration measures it
    nominal = "UCI_Elo 1500"
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engines.errors import PoolConfigError
from engines.opponent import Opponent, OptionValue, Protocol, SearchLimit
from profiles.ratings.base import RATING_RANGE

SHIPPED_POOL = Path(__file__).with_name("pool.toml")
USER_POOL_DIR = "engines"
"""Inside the user's config directory, every ``*.toml`` file here adds opponents."""

_KEYS = frozenset(
    {
        "name",
        "title",
        "command",
        "package",
        "protocol",
        "args",
        "options",
        "search",
        "rating",
        "nominal",
    }
)
_SEARCH_KEYS = frozenset({"nodes", "depth", "movetime"})


def load_catalog(path: Path) -> list[Opponent]:
    """The opponents defined in one TOML file, in file order."""
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise PoolConfigError(f"{path}: is not a UTF-8 text file; write it as TOML text") from None
    except OSError as error:
        raise PoolConfigError(f"{path}: cannot be read ({error.strerror or error})") from error
    except tomllib.TOMLDecodeError as error:
        raise PoolConfigError(f"{path}: is not valid TOML ({error}); fix the syntax") from error
    unknown = set(document) - {"opponent"}
    if unknown:
        raise PoolConfigError(
            f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))}; "
            "define opponents as [[opponent]] tables"
        )
    entries = document.get("opponent", [])
    if not isinstance(entries, list):
        raise PoolConfigError(f"{path}: 'opponent' must be an array of tables ([[opponent]])")
    opponents = [_parse_entry(path, index, entry) for index, entry in enumerate(entries, 1)]
    _reject_duplicates(path, opponents)
    return opponents


def load_user_catalog(config_dir: Path) -> list[Opponent]:
    """The user's opponents: every ``*.toml`` in ``config_dir/engines``, in name order."""
    directory = config_dir / USER_POOL_DIR
    if not directory.is_dir():
        return []
    opponents: list[Opponent] = []
    seen: dict[str, Path] = {}
    for path in sorted(directory.glob("*.toml")):
        for opponent in load_catalog(path):
            if opponent.name in seen:
                raise PoolConfigError(
                    f"{path}: opponent '{opponent.name}' is already defined in "
                    f"{seen[opponent.name]}; give one of them another name"
                )
            seen[opponent.name] = path
            opponents.append(opponent)
    return opponents


def _reject_duplicates(path: Path, opponents: list[Opponent]) -> None:
    names: set[str] = set()
    for opponent in opponents:
        if opponent.name in names:
            raise PoolConfigError(
                f"{path}: opponent '{opponent.name}' is defined twice; names must be unique"
            )
        names.add(opponent.name)


class _Entry:
    """Reads one ``[[opponent]]`` table, naming the file and the entry in every error."""

    def __init__(self, path: Path, index: int, table: Mapping[str, Any]) -> None:
        self.table = table
        name = table.get("name")
        self.where = f"{path}, opponent #{index}" + (
            f" ('{name}')" if isinstance(name, str) else ""
        )

    def fail(self, problem: str) -> PoolConfigError:
        return PoolConfigError(f"{self.where}: {problem}")

    def text(self, key: str, *, required: bool = False, default: str = "") -> str:
        value = self.table.get(key)
        if value is None:
            if required:
                raise self.fail(f"'{key}' is missing; add {key} = \"...\"")
            return default
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(f"'{key}' must be a non-empty string, not {value!r}")
        return value

    def number(self, key: str) -> float:
        value = self.table.get(key)
        if value is None:
            raise self.fail(f"'{key}' is missing; add {key} = <a rating such as 1500>")
        low, high = RATING_RANGE
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"'{key}' must be a number, not {value!r}")
        if not low <= value <= high:  # nan and inf too
            raise self.fail(f"'{key}' must be a rating from {low:g} to {high:g}, not {value!r}")
        return float(value)


def _parse_entry(path: Path, index: int, table: object) -> Opponent:
    if not isinstance(table, dict):
        raise PoolConfigError(f"{path}, opponent #{index}: must be a table")
    entry = _Entry(path, index, table)
    unknown = set(table) - _KEYS
    if unknown:
        raise entry.fail(
            f"unknown key(s) {', '.join(sorted(unknown))}; the keys are {', '.join(sorted(_KEYS))}"
        )
    name = entry.text("name", required=True)
    protocol_name = entry.text("protocol", default=Protocol.UCI.value)
    try:
        protocol = Protocol(protocol_name.lower())
    except ValueError:
        raise entry.fail(f'\'protocol\' must be "uci" or "xboard", not {protocol_name!r}') from None
    return Opponent(
        name=name,
        title=entry.text("title", default=name),
        command=entry.text("command", required=True),
        rating=entry.number("rating"),
        protocol=protocol,
        args=_args(entry),
        options=_options(entry),
        search=_search(entry),
        nominal=entry.text("nominal"),
        package=entry.text("package"),
    )


def _args(entry: _Entry) -> tuple[str, ...]:
    args = entry.table.get("args", [])
    if not isinstance(args, list) or not all(isinstance(arg, str) for arg in args):
        raise entry.fail(f"'args' must be a list of strings, not {args!r}")
    return tuple(args)


def _options(entry: _Entry) -> Mapping[str, OptionValue]:
    options = entry.table.get("options", {})
    if not isinstance(options, dict):
        raise entry.fail("'options' must be a table such as { Threads = 1, Hash = 16 }")
    for key, value in options.items():
        if not isinstance(value, str | int | bool):
            raise entry.fail(
                f"option '{key}' must be a string, an integer or true/false, not {value!r}"
            )
    return MappingProxyType(dict(options))


def _search(entry: _Entry) -> SearchLimit:
    search = entry.table.get("search", {})
    if not isinstance(search, dict):
        raise entry.fail("'search' must be a table such as { nodes = 2000 }")
    unknown = set(search) - _SEARCH_KEYS
    if unknown:
        raise entry.fail(
            f"unknown search limit(s) {', '.join(sorted(unknown))}; use nodes, depth or movetime"
        )
    for key in ("nodes", "depth"):
        value = search.get(key)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise entry.fail(f"'search.{key}' must be a positive integer, not {value!r}")
    movetime = search.get("movetime")
    if movetime is not None and (
        isinstance(movetime, bool) or not isinstance(movetime, int | float) or movetime <= 0
    ):
        raise entry.fail(
            f"'search.movetime' must be a positive number of seconds, not {movetime!r}"
        )
    return SearchLimit(
        nodes=search.get("nodes"),
        depth=search.get("depth"),
        movetime=None if movetime is None else float(movetime),
    )

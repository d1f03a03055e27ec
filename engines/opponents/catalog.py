"""Opponent definitions in TOML: the pool shipped with rated-play and the user's additions.

A file holds ``[[opponent]]`` tables::

    [[opponent]]
    name = "stockfish-elo-1500"          # unique and stable: the ledger stores it
    title = "Stockfish 15.1 at UCI_Elo 1500"
    command = "stockfish"                # looked up on PATH and in /usr/games
    package = "stockfish"                # the Debian package to suggest when it is missing
    protocol = "uci"                     # or "xboard"
    options = { UCI_LimitStrength = true, UCI_Elo = 1500, Threads = 1, Hash = 16 }
    search = { depth = 4 }               # nodes, depth and/or movetime (seconds)
    rating = 1500                        # the starting guess until a calibration measures it
    short = "Stockfish UCI_Elo 1500"     # the name where room is short; the title if left out
    kind = "engine"                      # or "person-like", "unleashed"; "engine" if left out
    offered = true                       # false keeps it off the setup's slider

A person-like entry (a network trained on people's games) declares ``provenance`` instead of a
title, e.g. ``"Maia-1 of lichess players 1500–1599"``: its title and short name are derived
from its measured rating (:mod:`profiles.opponent_kind`). One of ``rated-play-maia`` may declare
``beginner = "600-800"``: the network's likeliest move with the errors of lichess beginners of
that band (:mod:`engines.opponents.beginner`), and nothing else that changes its choice.

The keys, what each must be and which are required are declared once, on the fields of
:class:`~engines.opponents.opponent.Opponent` and :class:`~engines.opponents.opponent.SearchLimit`;
this module reads files with that declaration (:mod:`engines.schema`) and names the file and the
entry in every error.
"""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePath

from engines import schema
from engines.errors import PoolConfigError
from engines.maia.networks import WEIGHTS_OPTION
from engines.opponents.opponent import BEGINNER_OPTION, NETWORK_ENGINE, Opponent
from profiles.input_file import read_text
from profiles.marks import Mark, least_drop

SHIPPED_POOL = Path(__file__).with_name("pool.toml")
USER_POOL_DIR = "engines"
"""Inside the user's config directory, every ``*.toml`` file here adds opponents."""


def load_catalog(path: Path) -> list[Opponent]:
    """The opponents defined in one TOML file, in file order."""
    try:
        document = tomllib.loads(read_text(path))
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
    opponents = [_read_entry(path, index, entry) for index, entry in enumerate(entries, 1)]
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


def _read_entry(path: Path, index: int, table: object) -> Opponent:
    where = f"{path}, opponent #{index}"
    if not isinstance(table, dict):
        raise PoolConfigError(f"{where}: must be a table")
    name = table.get("name")
    if isinstance(name, str):
        where += f" ('{name}')"
    try:
        opponent = schema.read(Opponent, table)
    except schema.SchemaError as error:
        raise PoolConfigError(f"{where}: {error}") from None
    _check_veto_drop(where, opponent)
    declared = sorted({"title", "short"} & table.keys())
    if opponent.person_like and declared:
        # Its name is what it plays (its measured rating, then its provenance), derived.
        raise PoolConfigError(
            f"{where}: a person-like opponent is named by its measured rating and its "
            f"provenance: leave out {' and '.join(declared)}, and say where it comes from in "
            "provenance"
        )
    problem = _beginner_problem(opponent)
    if problem is not None:
        raise PoolConfigError(f"{where}: {problem}")
    return opponent


def _check_veto_drop(where: str, opponent: Opponent) -> None:
    """A veto's own drop lies between its mark's and the next milder mark's, so that the mark
    it names is still the least it vetoes whole."""
    if opponent.veto_drop is None:
        return
    if opponent.veto is None:
        raise PoolConfigError(
            f"{where}: veto_drop sets where a veto starts; declare the veto too "
            '(veto = "blunder", "mistake" or "inaccuracy")'
        )
    highest = least_drop(opponent.veto)
    marks = list(Mark)  # declared mildest first
    place = marks.index(opponent.veto)
    lowest = least_drop(marks[place - 1]) if place > 0 else 0.0
    if not lowest < opponent.veto_drop < highest:
        raise PoolConfigError(
            f"{where}: veto_drop must lie between {lowest:g} and {highest:g} for "
            f'veto = "{opponent.veto.value}" (from {highest:g} the mark vetoes alone); '
            "leave it out or set one between"
        )


def _beginner_problem(opponent: Opponent) -> str | None:
    """Why the entry's beginner's errors cannot be played as declared, in one sentence; None
    when they can (or it declares none)."""
    if BEGINNER_OPTION in opponent.options:
        # Declared once, as the key the pool reads: an option would hide it from the pool's
        # check for the judge's Stockfish.
        return (
            f'declare a beginner\'s errors with beginner = "600-800" (say which band), not '
            f"with the engine option {BEGINNER_OPTION}"
        )
    if opponent.beginner is None:
        return None
    if not opponent.person_like or PurePath(opponent.command).name != NETWORK_ENGINE:
        return (
            f"a beginner's errors are drawn from a network by {NETWORK_ENGINE}: declare "
            f'kind = "person-like" and command = "{NETWORK_ENGINE}", or leave out beginner'
        )
    others = [
        said
        for said, present in (
            ("veto", opponent.veto is not None),
            ("search", not opponent.search.is_empty),
            *((f"options.{name}", True) for name in opponent.options if name != WEIGHTS_OPTION),
        )
        if present
    ]
    if others:
        return (
            "a beginner plays the network's likeliest move but for its errors, so nothing else "
            f"may weaken or strengthen it: leave out {' and '.join(others)}"
        )
    return None

"""Facts with one home, asked of it everywhere: the mate score (:data:`profiles.accuracy.
MATE_SCORE`), the colours' names (:data:`profiles.laws.endings.COLOR_NAMES`, held to
python-chess's by ``tests/session/test_endings.py``) and an opponent's conduct (its own)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = ("engines", "profiles", "rated_play")


def _trees() -> Iterator[tuple[str, ast.AST]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def test_every_mate_score_is_the_one_defined() -> None:
    """``Score.score(mate_score=…)`` is given :data:`MATE_SCORE`, never a number of its own."""
    typed = [
        f"{where}:{node.lineno}"
        for where, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword)
        and node.arg == "mate_score"
        and isinstance(node.value, ast.Constant)
    ]
    assert typed == []


def test_colours_are_named_by_one_spelling() -> None:
    """Only :mod:`profiles.laws.endings` reads ``chess.COLOR_NAMES``; everything else asks it
    (``color_name``, ``side_name``), so a name cannot be spelt two ways."""
    home = "profiles/laws/endings.py"
    elsewhere = [
        f"{where}:{node.lineno}"
        for where, tree in _trees()
        if where != home
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "COLOR_NAMES"
    ]
    assert elsewhere == []


def test_an_opponents_conduct_is_wired_where_the_opponent_plays() -> None:
    """A :class:`~engines.opponents.conduct.Conduct` is made by the opponent that plays
    (``EnginePlayer``, which decides its own turns for a rated game and a calibration game
    alike) and by the replay of games recorded before opponents resigned, which plays no move;
    a game that made its own would decide the opponent's turn a second way."""
    homes = {"engines/opponents/engine_player.py", "engines/calibration/conduct_replay.py"}
    made = {
        where
        for where, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Conduct"
    }
    assert made == homes

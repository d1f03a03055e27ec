"""``rated-play engines uci`` under a real GUI nobody here wrote: xboard, through the polyglot
adapter (which speaks UCI to our server and the xboard protocol to xboard), on a virtual X
display (xvfb-run), all from Debian and installed by ``scripts/setup --test``.

Short matches, two games each with colours reversed, adjudicated as drawn after a few moves
(``-adjudicateDrawMoves``): enough for every kind of move the GUI asks for, on a fixed time a
move and on a clock with an increment, each in well under half a minute.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import chess.pgn
import pytest

from engines.discovery import find_engine

XBOARD = find_engine("xboard")
POLYGLOT = find_engine("polyglot")
XVFB_RUN = find_engine("xvfb-run")
pytestmark = pytest.mark.engine
UNLEASHED = "stockfish-unleashed"
NODES = "stockfish-nodes-300"
ELO_1500 = "stockfish-elo-1500"
NAME_KEPT = 24
"""Characters of an engine's ``id name`` that polyglot passes on to xboard."""
EVALUATION = re.compile(r"[+-]\d+\.\d\d/\d+( \d+(\.\d)?)?")
"""xboard's comment on an engine's move: score in pawns / depth, then seconds if over 0.1."""
MOVE_WITHIN = 1.25
"""Seconds in which a move comes at one second a move (xboard's own measure), loaded machine."""


def _engine(tmp_path: Path, name: str) -> Path:
    """A script that starts our server for ``name``, as a user would give it to a GUI."""
    script = tmp_path / name
    script.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m rated_play engines uci {name} '
        f'--data-dir "{tmp_path / "data"}"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    return script


def _match(tmp_path: Path, first: str, second: str, clock: list[str]) -> tuple[str, str]:
    """Two games of ``first`` against ``second`` in xboard on ``clock``; the PGN xboard saved
    and its debug log (what it told each engine, and when, in milliseconds)."""
    pgn, debug = tmp_path / "games.pgn", tmp_path / "xboard.debug"
    assert XBOARD is not None and POLYGLOT is not None and XVFB_RUN is not None
    command = [
        XVFB_RUN, "-a", str(XBOARD),
        "-fcp", str(_engine(tmp_path, first)), "-fUCI",
        "-scp", str(_engine(tmp_path, second)), "-sUCI",
        *clock,
        "-matchMode", "true", "-matchGames", "2", "-adjudicateDrawMoves", "5",
        # xboard rests 10 s between a match's games unless told otherwise: half a second.
        "-matchPause", "500",
        "-saveGameFile", str(pgn), "-debugMode", "true", "-nameOfDebugFile", str(debug),
        "-popupExitMessage", "false", "-saveSettingsOnExit", "false",
    ]  # fmt: skip
    # xboard runs polyglot by name, and keeps its settings in the home directory.
    env = {**os.environ, "HOME": str(tmp_path), "PATH": f"{POLYGLOT.parent}:{os.environ['PATH']}"}
    result = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=100, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return pgn.read_text(encoding="utf-8"), debug.read_text(encoding="utf-8", errors="replace")


def _games(pgn: str) -> list[chess.pgn.Game]:
    games = []
    stream = io.StringIO(pgn)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


def _thinking_times(debug: str, engine: str) -> list[float]:
    """Seconds from each ``go`` or ``usermove`` xboard sent to ``engine`` (first or second)
    to the move it got back, from the times in xboard's debug log."""
    asked = re.compile(rf"^(\d+) >{engine}\s*: (go|usermove)")
    answered = re.compile(rf"^(\d+) <{engine}\s*: move ")
    times, since = [], None
    for line in debug.splitlines():
        if (sent := asked.match(line)) is not None:
            since = int(sent[1])
        elif (move := answered.match(line)) is not None and since is not None:
            times.append((int(move[1]) - since) / 1000)
            since = None
    return times


def _check_games(pgn: str, first: str, second: str) -> list[chess.pgn.Game]:
    """Both games whole: played to xboard's adjudication (or a mate), every move legal and
    commented with the engine's evaluation, each player named by its whole entry name."""
    games = _games(pgn)
    assert len(games) == 2, pgn
    for game, (white, black) in zip(games, [(first, second), (second, first)], strict=True):
        assert game.errors == []
        assert game.headers["White"] == f"{white} (rated-play)"[:NAME_KEPT]
        assert game.headers["Black"] == f"{black} (rated-play)"[:NAME_KEPT]
        nodes = list(game.mainline())
        ending = game.end().comment
        assert "adjudication: long game" in ending or game.end().board().is_checkmate(), ending
        assert game.headers["Result"] != "*"
        # The last node's comment is its evaluation followed by the adjudication.
        for node in nodes:
            assert EVALUATION.match(node.comment), (node.move, node.comment)
        assert len(nodes) >= 10
    return games


def test_a_match_at_one_second_a_move_in_xboard(tmp_path: Path) -> None:
    # xboard reads -st in minutes: one second a move is 0:01. polyglot passes it on as
    # "go movetime 980"; unleashed took 5.4 s for it and lost on time.
    pgn, debug = _match(tmp_path, UNLEASHED, ELO_1500, ["-st", "0:01"])
    _check_games(pgn, UNLEASHED, ELO_1500)
    for engine in ("first", "second"):
        times = _thinking_times(debug, engine)
        assert len(times) >= 10
        assert max(times) < MOVE_WITHIN, (engine, times)


def test_a_match_on_a_clock_with_an_increment_in_xboard(tmp_path: Path) -> None:
    # Five seconds and one a move: unleashed manages its own clock, and the judge's
    # variation takes at most a tenth of it; the 300-node entry answers at once. (xboard
    # keeps whole seconds of an increment: "-inc 0.5" played 5+0. Ten seconds took 22-24 s
    # where five take 17-19.)
    pgn, _ = _match(tmp_path, UNLEASHED, NODES, ["-tc", "0:05", "-inc", "1"])
    for game in _check_games(pgn, UNLEASHED, NODES):
        assert game.headers["TimeControl"] == "5+1"
        assert "time" not in game.end().comment

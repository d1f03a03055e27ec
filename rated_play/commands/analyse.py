"""``rated-play analyse GAME_ID``: a finished game seen by full-strength Stockfish.

The first look analyses the game (with a progress bar on stderr) and stores the analysis in
the ledger; every later look reads it back at once. ``--pgn`` prints the game annotated for any
PGN tool (:mod:`rated_play.session.annotated_pgn`).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

import chess

from profiles.accuracy import GameAnalysis, SideSummary, eval_text, is_mate, mate_in
from profiles.data_directory import DataDirectory
from profiles.errors import printable, printable_lines
from profiles.laws.endings import color_name, side_name
from profiles.ledger.ledger import Ledger
from rated_play.commands import CommandError, add_data_dir, print_json
from rated_play.commands._ledger import reading_ledger
from rated_play.commands._progress import progress_bar
from rated_play.paths import data_dir
from rated_play.session.review import analysable_game, analyse_game, annotated_game

_LARGEST_ID = 2**63 - 1
"""SQLite's largest integer key: a larger number cannot name a game."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "analyse", help="a finished game's evaluations, mistakes and accuracy"
    )
    parser.add_argument("game_id", metavar="GAME_ID", help="the game's number in the ledger")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print one JSON document")
    shown.add_argument(
        "--pgn",
        action="store_true",
        help="print the game as PGN annotated with evaluations, marks and better lines",
    )
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def game_id(text: str) -> int:
    try:
        number = int(text.strip())
    except ValueError:
        number = 0
    if not 1 <= number <= _LARGEST_ID or not text.strip().isdigit():
        raise CommandError(
            f"GAME_ID must be a game's number, such as 12, not {printable(text)!r}: "
            "'rated-play profile NAME' and the PGN archive name the games"
        )
    return number


def run(args: argparse.Namespace) -> int:
    number = game_id(args.game_id)
    # Read-only first: a game analysed before is shown without opening the ledger for writing,
    # and a game that may not be analysed is refused before anything starts.
    with reading_ledger(args) as ledger:
        analysable_game(ledger, number)
        analysis = ledger.analysis(number)
    if analysis is None:
        analysis = _analyse(args, number)
    if args.pgn:
        with reading_ledger(args) as ledger:
            sys.stdout.write(printable_lines(annotated_game(ledger, analysis)))
    elif args.json:
        print_json(analysis_document(analysis))
    else:
        print(printable_lines(analysis_text(analysis)))
    return 0


def _analyse(args: argparse.Namespace, number: int) -> GameAnalysis:
    ledger = Ledger.open(DataDirectory(data_dir(args.data_dir)))
    try:
        with progress_bar("analysing", "positions", transient=True) as show:
            return asyncio.run(analyse_game(ledger, number, on_progress=show))
    finally:
        ledger.close()


def _accuracy(accuracy: float | None) -> float | None:
    return None if accuracy is None else round(accuracy, 1)


def _side(summary: SideSummary) -> dict[str, Any]:
    return {
        "accuracy": _accuracy(summary.accuracy),
        "acpl": summary.acpl,
        "inaccuracies": summary.inaccuracies,
        "mistakes": summary.mistakes,
        "blunders": summary.blunders,
    }


def analysis_document(analysis: GameAnalysis) -> dict[str, Any]:
    return {
        "game_id": analysis.game_id,
        "accuracy": _accuracy(analysis.accuracy),
        "summary": {color_name(color): _side(analysis.summary(color)) for color in chess.COLORS},
        "moves": [
            {
                "ply": move.ply,
                "san": move.san,
                # A mate is no number of centipawns: lichess's API gives it as "mate" alone.
                "eval_cp": None if is_mate(move.eval_cp) else move.eval_cp,
                "mate": mate_in(move.eval_cp),
                "mark": None if mark is None else mark.value,
                "best": move.best,
                "line": list(move.line),
            }
            for move, mark in zip(analysis.moves, analysis.judgements, strict=True)
        ],
    }


def _numbered(ply: int, san: str) -> str:
    number = (ply + 1) // 2
    return f"{number}. {san}" if ply % 2 else f"{number}... {san}"


def analysis_text(analysis: GameAnalysis) -> str:
    accuracy = "-" if analysis.accuracy is None else f"{analysis.accuracy:.1f}%"
    lines = [
        f"Game {analysis.game_id}: your accuracy {accuracy} "
        f"({analysis.engine}, depth {analysis.depth})",
        "",
        f"  {'move':<14} {'eval':>7}  {'':<10}  better",
    ]
    for move, judged in zip(analysis.moves, analysis.judgements, strict=True):
        mark = "" if judged is None else judged.value
        better = move.best if judged is not None and move.best is not None else ""
        lines.append(
            f"  {_numbered(move.ply, move.san):<14} {eval_text(move.eval_cp):>7}  "
            f"{mark:<10}  {better}".rstrip()
        )
    lines.append("")
    for color in chess.COLORS:
        # Each side's figures, as --json has them and the review shows them.
        side = analysis.summary(color)
        name = side_name(color) + (" (you)" if color == analysis.player_color else "")
        marks = "" if side.acpl is None else f"; {side.marks_words}"
        lines.append(f"  {name}: {side.figures_words(digits=1)}{marks}")
    return "\n".join(lines)

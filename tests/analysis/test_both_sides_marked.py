"""Both sides' marks, where they can be found (issue 28): the opponent's inaccuracies,
mistakes and blunders are in `analyse` and its `--json`, as the summary counts them and the
annotated PGN marks them; the engine's own choice is never marked; a mate is a mate, not a
number of centipawns."""

from __future__ import annotations

import json
from dataclasses import replace

import chess
import pytest

from profiles.accuracy import (
    MATE_SCORE,
    Mark,
    PositionEvaluation,
    build_analysis,
)
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from rated_play.commands.analyse import analysis_document
from tests.builders import run_cli, write_queen_won


@pytest.mark.engine
def test_the_opponents_blunder_is_marked_in_analyse_and_its_json(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = write_queen_won(ledger, profile)
    data = str(ledger.path.parent)
    ledger.close()
    status, out, _ = run_cli(capsys, "analyse", str(game_id), "--json", "--data-dir", data)
    assert status == 0
    moves = json.loads(out)["moves"]
    assert moves[3]["san"] == "Qg5" and moves[3]["mark"] == "blunder"
    assert json.loads(out)["summary"]["black"]["blunders"] == 1

    status, text, _ = run_cli(capsys, "analyse", str(game_id), "--data-dir", data)
    assert status == 0
    row = next(line for line in text.splitlines() if "2... Qg5" in line)
    assert "blunder" in row and moves[3]["best"] in row
    black = text.splitlines()[-1]
    assert black.startswith("  Black: ") and black.endswith(" ACPL; 1 blunder")
    assert "inaccuracys" not in text and " 0 " not in black.split(";")[1]


def _evaluated(cp: int, best: str, board: chess.Board) -> PositionEvaluation:
    return PositionEvaluation(cp, board.parse_san(best))


def test_the_engines_own_choice_is_never_marked() -> None:
    """1. e4 was the engine's choice, and the position after it, searched as deep, looked a
    pawn and a half worse: lichess's rule alone would call it a blunder."""
    board = chess.Board()
    start = _evaluated(30, "e4", board)
    board.push_san("e4")
    after_e4 = _evaluated(-150, "e5", board)
    board.push_san("a6")
    after_a6 = PositionEvaluation(-150, None)
    analysis = build_analysis(
        1,
        chess.WHITE,
        [chess.Move.from_uci("e2e4"), chess.Move.from_uci("a7a6")],
        [start, after_e4, after_a6],
        engine="Stockfish",
        depth=14,
    )
    assert analysis.moves[0].best == "e4" and analysis.moves[0].mark is None
    assert analysis.judgements == [None, None]
    # Stored before by a version that marked it: read, it is not marked either.
    marked = replace(analysis.moves[0], mark=Mark.BLUNDER)
    stored = replace(analysis, moves=(marked, *analysis.moves[1:]))
    assert stored.judgements == [None, None] and stored.marks == []
    assert stored.summary(chess.WHITE).blunders == 0


def test_a_mate_in_the_json_is_a_mate_field_as_lichess_gives_it() -> None:
    """Fool's mate: after 2. g4 Black mates in one; after 2...Qh4# White is mated."""
    moves = [chess.Move.from_uci(uci) for uci in ("f2f3", "e7e5", "g2g4", "d8h4")]
    evals = [(20, "e4"), (-60, "e5"), (-70, "d4"), (-(MATE_SCORE - 1), "Qh4#")]
    board = chess.Board()
    positions = []
    for (cp, best), move in zip(evals, moves, strict=True):
        positions.append(_evaluated(cp, best, board))
        board.push(move)
    positions.append(PositionEvaluation(-MATE_SCORE, None))
    document = analysis_document(
        build_analysis(1, chess.WHITE, moves, positions, engine="Stockfish", depth=14)
    )
    shown = [(m["eval_cp"], m["mate"]) for m in document["moves"]]
    assert shown == [(-60, None), (-70, None), (None, -1), (None, 0)]

"""A finished game's PGN annotated with its analysis, as lichess exports an analysed game.

The archived PGN (headers, moves, clocks) is taken as it is and given, on every move, the
evaluation after it as a ``[%eval]`` command beside its ``[%clk]`` (the comment commands
lichess and python-chess read: lila ``modules/analyse/src/main/Annotator.scala`` ``addEvals``);
on every marked move of either side, as lichess marks both, the move-assessment NAG
(``$6`` ?!, ``$2`` ?, ``$4`` ??: PGN standard, Edwards 1994, section 10), the words lila's
``Advice.scala`` ``makeComment`` writes ("Blunder. Nf3 was best.") and the engine's line from
the position before the move as a variation; and each side's accuracy in the headers.

PGN has no standard tag for an accuracy, nor has lichess's export: ``WhiteAccuracy`` and
``BlackAccuracy`` are named after ``WhiteElo``/``BlackElo`` (any tag is allowed: section 8.1),
and left out for a side that made no move. ``Annotator`` (section 9.2) names the engine.
"""

from __future__ import annotations

import io

import chess
import chess.pgn

from profiles.accuracy import GameAnalysis, pgn_eval
from profiles.ledger.ledger import LedgerError
from profiles.marks import Mark
from rated_play.session.pgn import tag_string

NAGS = {
    Mark.INACCURACY: chess.pgn.NAG_DUBIOUS_MOVE,
    Mark.MISTAKE: chess.pgn.NAG_MISTAKE,
    Mark.BLUNDER: chess.pgn.NAG_BLUNDER,
}
"""Each mark's numeric annotation glyph, as lila's ``Advice.Judgement`` gives it."""

ACCURACY_TAGS = {chess.WHITE: "WhiteAccuracy", chess.BLACK: "BlackAccuracy"}


def annotated_pgn(archived: str, analysis: GameAnalysis) -> str:
    """The game of ``archived`` (its PGN as the archive keeps it) annotated with ``analysis``.

    Raises :class:`LedgerError` when the PGN does not hold the analysed moves.
    """
    game = chess.pgn.read_game(io.StringIO(archived))
    nodes = [] if game is None else list(game.mainline())
    if game is None or game.errors or [n.san() for n in nodes] != [m.san for m in analysis.moves]:
        raise LedgerError(
            f"the PGN of game {analysis.game_id} in the ledger does not hold its moves; "
            "restore the ledger from a backup to annotate it"
        )
    for node, move, mark in zip(nodes, analysis.moves, analysis.judgements, strict=True):
        words = [f"[%eval {pgn_eval(move.eval_cp)}]", node.comment]
        if mark is not None:
            node.nags.add(NAGS[mark])
            better = move.line or ((move.best,) if move.best is not None else ())
            if better and better[0] != move.san:
                words.append(f"{mark.value.capitalize()}. {better[0]} was best.")
                _add_line(node.parent, better)
            else:
                words.append(f"{mark.value.capitalize()}.")
        node.comment = " ".join(word for word in words if word)
    for color, tag in ACCURACY_TAGS.items():
        accuracy = analysis.summary(color).accuracy
        if accuracy is not None:
            game.headers[tag] = f"{accuracy:.1f}"
    game.headers["Annotator"] = tag_string(f"{analysis.engine}, depth {analysis.depth}")
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return game.accept(exporter) + "\n"


def _add_line(node: chess.pgn.GameNode, sans: tuple[str, ...]) -> None:
    """The line, from the position of ``node``, as a variation beside the move played there;
    cut at a move that does not read there (a damaged row), as a line shown must be playable."""
    board = node.board()
    for san in sans:
        try:
            move = board.push_san(san)
        except ValueError:
            return
        node = node.add_variation(move)

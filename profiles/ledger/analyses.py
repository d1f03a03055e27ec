"""The analyses of finished games, stored once and read back."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from profiles.laws.endings import WHITE
from profiles.ledger.base import LedgerBase, _now
from profiles.ledger.ledger_file import LedgerError
from profiles.ledger.records import StoredAnalysis
from profiles.ledger.rows import read_row, select_list

if TYPE_CHECKING:
    from profiles.accuracy import GameAnalysis


class Analyses(LedgerBase):
    """A game's analysis, read and stored."""

    # -- analyses of finished games --------------------------------------------------------

    def analysis(self, game_id: int) -> GameAnalysis | None:
        """The stored analysis of a game, or None when it was never analysed."""
        # Analyses are read after a game, not for the first screen: their module loads then.
        from profiles.accuracy import AnalysedMove, GameAnalysis  # noqa: PLC0415

        with self._reading():
            try:
                head = self._db.execute(
                    f"SELECT {select_list(StoredAnalysis, self._version)} "
                    "FROM analyses a JOIN games g ON g.id = a.game_id WHERE a.game_id = ?",
                    (game_id,),
                ).fetchone()
            except sqlite3.OperationalError as error:
                # A ledger of an older schema opened read-only has no analyses yet.
                if "no such table" in str(error):
                    return None
                raise
            if head is None:
                return None
            rows = self._db.execute(
                f"SELECT {select_list(AnalysedMove, self._version)} FROM analysed_moves "
                "WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
        try:
            stored = read_row(StoredAnalysis, head)
            color = stored.player_color
            moves = tuple(
                read_row(AnalysedMove, row, by_player=(row["ply"] % 2 == 1) == (color == WHITE))
                for row in rows
            )
        except (TypeError, ValueError) as error:
            raise LedgerError(
                f"the analysis of game {game_id} in the ledger is damaged ({error}); restore "
                "the ledger from a backup to read it"
            ) from None
        return GameAnalysis(
            game_id=game_id,
            player_color=color,
            start_eval_cp=stored.start_eval,
            moves=moves,
            accuracy=stored.accuracy,
            engine=stored.engine,
            depth=stored.depth,
        )

    def store_analysis(self, analysis: GameAnalysis) -> GameAnalysis:
        """Write a game's analysis once; an analysis stored meanwhile (by another copy of the
        app) is kept and returned instead."""
        with self._write():
            found = self._db.execute(
                "SELECT 1 FROM analyses WHERE game_id = ?", (analysis.game_id,)
            ).fetchone()
            if found is None:
                self._db.execute(
                    "INSERT INTO analyses(game_id, engine, depth, start_eval, accuracy, "
                    "analysed_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        analysis.game_id,
                        analysis.engine,
                        analysis.depth,
                        analysis.start_eval_cp,
                        analysis.accuracy,
                        _now().isoformat(),
                    ),
                )
                self._db.executemany(
                    "INSERT INTO analysed_moves(game_id, ply, san, eval_cp, best, mark, line) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            analysis.game_id,
                            m.ply,
                            m.san,
                            m.eval_cp,
                            m.best,
                            m.mark and m.mark.value,
                            " ".join(m.line) or None,  # SAN holds no space
                        )
                        for m in analysis.moves
                    ],
                )
        stored = self.analysis(analysis.game_id)
        assert stored is not None
        return stored

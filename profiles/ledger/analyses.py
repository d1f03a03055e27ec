"""The analyses of finished games, stored once and read back."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from profiles.laws.endings import WHITE
from profiles.ledger.base import LedgerBase, _now
from profiles.ledger.ledger_file import LedgerError
from profiles.ledger.records import ANALYSES, StoredAnalysis
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
        # The analysis was made, so its module is loaded already.
        from profiles.accuracy import ANALYSED_MOVES  # noqa: PLC0415

        with self._write():
            found = self._db.execute(
                "SELECT 1 FROM analyses WHERE game_id = ?", (analysis.game_id,)
            ).fetchone()
            if found is None:
                self._db.execute(
                    *ANALYSES.insert(
                        self._version,
                        {
                            "game_id": analysis.game_id,
                            "engine": analysis.engine,
                            "depth": analysis.depth,
                            "start_eval": analysis.start_eval_cp,
                            "accuracy": analysis.accuracy,
                            "analysed_at": _now().isoformat(),
                        },
                    )
                )
                written = ANALYSED_MOVES.insert_many(
                    self._version,
                    [
                        {
                            "game_id": analysis.game_id,
                            "ply": m.ply,
                            "san": m.san,
                            "eval_cp": m.eval_cp,
                            "best": m.best,
                            "mark": m.mark and m.mark.value,
                            "line": " ".join(m.line) or None,  # SAN holds no space
                        }
                        for m in analysis.moves
                    ],
                )
                if written is not None:
                    self._db.executemany(*written)
        stored = self.analysis(analysis.game_id)
        assert stored is not None
        return stored

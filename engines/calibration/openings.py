"""The short openings calibration games start from, so that no two games copy each other."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import chess

from engines.errors import PoolConfigError

SHIPPED_OPENINGS = Path(__file__).with_name("openings.txt")


@dataclass(frozen=True)
class Opening:
    name: str
    moves: tuple[chess.Move, ...]

    def board(self) -> chess.Board:
        """The position after the opening moves."""
        board = chess.Board()
        for move in self.moves:
            board.push(move)
        return board


def load_openings(path: Path = SHIPPED_OPENINGS) -> list[Opening]:
    """Openings from lines ``name: SAN moves``; ``#`` starts a comment line."""
    openings = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, separator, sans = line.partition(":")
        if not separator:
            raise PoolConfigError(f"{path}, line {number}: write 'name: moves'")
        board = chess.Board()
        try:
            moves = tuple(board.push_san(san) for san in sans.split())
        except ValueError as error:
            raise PoolConfigError(f"{path}, line {number} ({name}): {error}") from error
        openings.append(Opening(name.strip(), moves))
    return openings

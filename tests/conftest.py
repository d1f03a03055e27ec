"""Fixtures shared by every test: the real Stockfish, a real ledger file, a fast "human"."""

from __future__ import annotations

import random
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import chess
import chess.engine
import pytest
from hypothesis import settings

from engines.discovery import find_engine
from engines.opponents.opponent import Opponent, SearchLimit
from profiles.ledger.ledger import Ledger, Profile
from rated_play.session import RatedGame
from rated_play.session.thinking import SPREAD_LIMITS, think_time

# A loaded machine can stall one example past Hypothesis's default deadline of 200 ms, which
# fails the test. The properties are about values (speed is measured in benchmarks/), so there
# is no deadline; the rest is Hypothesis's own profile ("ci" under CI=true, derandomised).
settings.register_profile("rated-play", parent=settings.default, deadline=None)
settings.load_profile("rated-play")


OWN_SEARCH = 2.0
"""Seconds within which an opponent cut to a few hundred nodes or fewer answers by itself
(its opening variety starts a second engine once), however loaded the machine."""


def pytest_configure(config: pytest.Config) -> None:
    # The tests play real games: without Stockfish they must fail, never skip.
    if find_engine("stockfish") is None:
        raise pytest.UsageError(
            "Stockfish is not installed; the tests play real games against it. "
            "Install it with: sudo apt-get install stockfish"
        )


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the developer's own data and configuration out of every test."""
    monkeypatch.setenv("RATED_PLAY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    opened = Ledger.open(tmp_path / "data" / "ledger.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def profile(ledger: Ledger) -> Profile:
    return ledger.create_profile("Magnus")


def fast_opponent(nodes: int = 2000, command: str = "stockfish") -> Opponent:
    """A real Stockfish that moves in milliseconds: a node limit instead of thinking time."""
    return Opponent(
        name=f"stockfish-nodes-{nodes}",
        title=f"Stockfish ({nodes} nodes)",
        command=command,
        rating=1500.0,
        rating_error=50.0,
        options={"Threads": 1, "Hash": 16},
        search=SearchLimit(nodes=nodes),
        package="stockfish",
    )


@pytest.fixture
def opponent() -> Opponent:
    return fast_opponent()


@pytest.fixture
async def human() -> AsyncIterator[chess.engine.Protocol]:
    """The player's moves come from a second Stockfish searching to depth 1."""
    path = find_engine("stockfish")
    assert path is not None
    _, engine = await chess.engine.popen_uci(str(path))
    await engine.configure({"Threads": 1, "Hash": 16})
    yield engine
    await engine.quit()


@pytest.fixture(scope="session")
def played_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ledger file of :mod:`tests.played_games`, played once; copy it with
    :func:`copy_of_played` before writing to it."""
    from tests.played_games import played_ledger  # noqa: PLC0415 - imports this module

    return played_ledger(tmp_path_factory.mktemp("played"))


@pytest.fixture
def played(played_games: Path, tmp_path: Path) -> Iterator[Ledger]:
    """A copy of the played ledger, in this test's data directory, opened."""
    target = tmp_path / "data" / "ledger.sqlite3"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(played_games, target)
    opened = Ledger.open(target)
    yield opened
    opened.close()


async def human_move(engine: chess.engine.Protocol, board: chess.Board) -> chess.Move:
    result = await engine.play(board, chess.engine.Limit(depth=1))
    assert result.move is not None
    return result.move


def least_think(game: RatedGame) -> float:
    """The least time still to run of the opponent's paced think over its first move: whatever
    it plays, at the quickest a person's pace gives, less what its clock has run this turn
    (the pace counts from no earlier). The clock it had at the turn's start is at least what
    it has now, and more clock never means a quicker think. Ending the game in less than this
    did not wait for the opponent's move."""
    board, increment = game.board, game.time_control.increment_seconds
    remaining = game.clock.remaining(game.engine_color)
    assert board.fullmove_number == 1 and remaining is not None, "its first move, on a clock"
    quickest = min(
        think_time(board, move, remaining, increment, spread=SPREAD_LIMITS[0])
        for move in board.legal_moves
    )
    left = quickest - (game.time_control.base_seconds - remaining)
    assert left > OWN_SEARCH, "the pace leaves time to tell waiting from not"
    return left


def random_move_short_of_mate(board: chess.Board, chooser: random.Random) -> chess.Move:
    """A move at random, but never one that allows mate in one: such a player is soon lost on
    material, yet (measured) is not mated before move 10, when the engine may first double. A
    plain random mover was mated before then in 8 of 300 games; this one in 0 of 300."""

    def allows_mate(move: chess.Move) -> bool:
        after = board.copy(stack=False)
        after.push(move)
        for reply in after.legal_moves:
            after.push(reply)
            mated = after.is_checkmate()
            after.pop()
            if mated:
                return True
        return False

    moves = list(board.legal_moves)
    return chooser.choice([move for move in moves if not allows_mate(move)] or moves)


def engine_seconds(
    ledger: Ledger, game_id: int, player_color: chess.Color, base: float, increment: float
) -> list[float]:
    """The time each of the engine's moves took, from the clocks the ledger keeps (``%clk``)."""
    clocks = [
        move.clock_ms / 1000
        for move in ledger.moves(game_id)
        if move.clock_ms is not None and (move.ply % 2 == 0) == (player_color == chess.WHITE)
    ]
    before = [base, *clocks[:-1]]
    return [start - (end - increment) for start, end in zip(before, clocks, strict=True)]

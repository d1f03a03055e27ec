"""What the tests build their cases from, one of each: the CLI run in-process, a game written
straight into a ledger, a fast real Stockfish opponent, the "human" that plays against it, and
the measures of an engine's paced thinking, the CLI fed hostile input, a full disk. Fixtures
stay in the conftest files; what a test imports by name is here, or in the other harness modules
tests/test_harness_imports.py names (tests/ui/driving.py for the screens' tests), never in a
test module."""

from __future__ import annotations

import ast
import gzip
import io
import os
import pty
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Collection, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engines import hang
from engines.calibration.stored import SHIPPED_GAMES
from engines.discovery import find_engine
from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import load_pool
from profiles.accuracy import ANALYSED_MOVES, AnalysedMove, GameAnalysis
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger, LedgerWriteError
from profiles.ledger.ledger_file import ANALYSES
from profiles.ledger.records import GAMES, SETUPS, GameRecord, Profile
from rated_play.cli import main
from rated_play.session import RatedGame
from rated_play.session.thinking import DEVIATION_LIMIT, ThinkingPace, think_time
from tests.scripted_opponent import greedy_move


def pgn_extract() -> str:
    """The pgn-extract of Debian's package (in /usr/games, often not on PATH)."""
    found = shutil.which("pgn-extract") or shutil.which(
        "pgn-extract", path=os.pathsep.join(["/usr/games", "/usr/local/games"])
    )
    if found is None:
        pytest.fail(
            "pgn-extract is not installed; this test checks exported PGN with it. "
            "Install it with: sudo apt-get install pgn-extract"
        )
    return found


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``rated-play ARGV`` in this process: its exit status, standard output and error."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# Games written straight into a ledger, for tests that need known games and no engine.


def open_game(
    ledger: Ledger,
    profile: Profile,
    *,
    opponent_rating: float = 1500,
    opponent: str = "sf",
    title: str = "Stockfish",
    time_control: str = "5+3",
) -> GameRecord:
    """A new pending game, as a rated game writes it before its first move."""
    return ledger.open_game(
        profile,
        opponent_name=opponent,
        opponent_title=title,
        opponent_rating=opponent_rating,
        time_control=TimeControl.parse(time_control),
        rating_before=None,
    )


def record_game(
    ledger: Ledger,
    profile: Profile,
    score: float | None = 1.0,
    *,
    player: chess.Color | None = None,
    opponent_rating: float = 1500,
    opponent: str = "sf",
    title: str = "Stockfish",
    time_control: str = "5+3",
    moves: Sequence[str] = (),
    pgn: str = "",
    termination: Termination | None = None,
) -> int:
    """A game opened, its ``moves`` (SAN, from the starting position) recorded move by move as
    the session writes them, and closed with the player's ``score`` (None: void) and
    ``termination`` (by default checkmate for a decisive game, a draw agreed for a draw; an
    abandoned game is closed as the loss the session writes); returns its id.

    The ledger gives colours in turn (White first): with ``player`` given, one-move games won by
    Black are written first until the ledger gives the player that colour."""
    while player is not None and ledger.next_color(profile.id) != player:
        filler = ledger.next_color(profile.id)
        record_game(ledger, profile, float(filler == chess.BLACK), moves=("e4",))
    game = open_game(
        ledger,
        profile,
        opponent_rating=opponent_rating,
        opponent=opponent,
        title=title,
        time_control=time_control,
    )
    board = chess.Board()
    for ply, san in enumerate(moves, start=1):
        ledger.record_move(game.id, ply, board.push_san(san).uci(), None)
    if score is None:
        void = GameResult(Ending(Termination.ENGINE_FAILURE, None), game.player_color)
        ledger.close_game(game.id, void, pgn=pgn, rating_after=None)
        return game.id
    winner = {1.0: game.player_color, 0.0: not game.player_color}.get(score)
    if termination is None:
        termination = Termination.CHECKMATE if winner is not None else Termination.DRAW_AGREED
    result = GameResult(Ending(termination, winner), game.player_color)
    ledger.close_game(game.id, result, pgn=pgn, rating_after=None)
    return game.id


# Real engines, set to move in milliseconds.


def fast_opponent(
    nodes: int = 2000,
    rating: float = 1500.0,
    *,
    rating_error: float = 50.0,
    calibrated: bool = False,
    command: str = "stockfish",
) -> Opponent:
    """A real Stockfish at full skill cut to ``nodes`` per move: one thread and a node budget
    far below what any clock allows, so it moves in milliseconds and its games replay exactly."""
    return Opponent(
        name=f"stockfish-nodes-{nodes}",
        title=f"Stockfish ({nodes} nodes)",
        command=command,
        rating=rating,
        rating_error=rating_error,
        options={"Threads": 1, "Hash": 16},
        search=SearchLimit(nodes=nodes),
        package="stockfish",
        calibrated=calibrated,
    )


def offered_at(name: str, rating: float, rating_error: float) -> Opponent:
    """A shipped entry as a calibration that measured it at ``rating`` would offer it, on a
    test's own ladder."""
    return replace(
        load_pool().get(name),
        rating=rating,
        rating_error=rating_error,
        calibrated=True,
        offered=True,
    )


AWAITING_CALIBRATION: frozenset[str] = frozenset()
"""The shipped entries the calibration has yet to measure: off the slider, with nominal
ratings, until their games are in ``calibration.json``. None today: every shipped entry is
calibrated (a new entry is named here while its games are played)."""

SHORT_HANG_WINDOW = 2.0
"""Seconds of no CPU after which a frozen engine or judge counts as hung in the tests: a frozen
process uses none at all, so a short window is as sure as the shipped one
(``engines.hang.HANG_WINDOW``) and keeps the tests short."""


def shorten_the_hang_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hang is told after :data:`SHORT_HANG_WINDOW` seconds, for the rest of the test."""
    monkeypatch.setattr(hang, "HANG_WINDOW", SHORT_HANG_WINDOW)


SCRIPTED_ENGINE = Path(__file__).with_name("scripted_engine.py")


def uci_line(text: str) -> tuple[str, ...]:
    """A game's moves written in UCI, space apart."""
    return tuple(text.split())


DEAD_DRAW_LINE = uci_line(
    "h2h3 b7b5 b1c3 f7f6 c3b5 e7e5 b5c7 d8c7 f2f4 c7c2 f4e5 c2b2 c1b2 f6e5 b2e5 c8a6 e5g7 f8g7 "
    "a2a3 g7a1 d1a1 a6e2 a1h8 e2f1 e1f1 b8c6 h8h7 d7d6 h7a7 a8a7 f1e2 a7a3 d2d3 a3d3 g2g3 d3g3 "
    "g1f3 g3f3 h1d1 f3h3 d1d6 h3b3 d6c6 b3b5 e2e3 g8e7 e3e4 e8d8 c6c5 b5a5 c5f5 e7c8 e4f3 c8b6 "
    "f5f8 d8e7 f3f2 a5d5 f8f7 e7e6 f2e2 d5h5 e2d2 h5h7 d2e3 h7h1 e3d2 h1g1 f7f8 g1g7 d2c3 g7d7 "
    "c3c2 e6d5 f8a8 d5e6 a8g8 e6e7 g8g3 b6a8 c2c1 e7f6 c1b1 d7d3 b1a1 d3d4 g3g1 d4h4 g1g8 h4a4 "
    "a1b1 a4d4 g8a8 f6g5 a8g8 g5f4 b1c2 f4e3 c2c3 d4f4 g8g2 f4f2 g2f2 e3f2"
)
"""A game (White's and Black's moves, UCI) that reaches a rook each and nothing else from
Black's 47th move on, dead level to the judge: an ending of the kind people agree drawn."""

HOPELESS_LINE = uci_line(
    "e2e3 c7c6 f1a6 h7h5 a6b7 g7g5 b7a8 f8g7 a8c6 g8h6 c6d7 e8f8 d7c8 h8g8 d1h5 b8c6 h5h6 e7e6 "
    "h6g7 f8e7 g7g8 d8e8 g8e8 e7f6 e8c6 a7a6 c8e6 f6g6 e6f7 g6h7"
)
"""A game (UCI) in which Black gives away its pieces: lost to the judge (25% or less) on its 4th
turn, and from its 6th on without a break, more than 16 pawns down from its 12th to its 15th and
last turn: Black, one to resign, resigns on one of its lost turns (with the seeds the tests
use, before the line runs out)."""

HOPELESS_LOST_FROM = 4
"""Black's first turn of :data:`HOPELESS_LINE` that the judge sees lost."""


def scripted_opponent(line: Sequence[str], rating: float = 1500.0) -> Opponent:
    """An opponent that plays its side of ``line`` (see ``tests/scripted_engine.py``)."""
    return Opponent(
        name="scripted",
        title="Scripted",
        command=sys.executable,
        args=(str(SCRIPTED_ENGINE), *line),
        rating=rating,
        options={"UCI_LimitStrength": True},
        calibrated=True,
    )


def weak_fairy(skill: int) -> Opponent:
    """A real engine that answers in milliseconds: Fairy-Stockfish at a 1-ply search."""
    return Opponent(
        name=f"fairy{skill}",
        title=f"Fairy-Stockfish at Skill Level {skill}",
        command="fairy-stockfish",
        rating=1000 + 20 * skill,
        options={"Threads": 1, "Hash": 16, "Skill Level": skill},
        search=SearchLimit(depth=1),
        package="fairy-stockfish",
    )


@asynccontextmanager
async def human_engine() -> AsyncIterator[chess.engine.Protocol]:
    """A second real Stockfish, one thread, whose moves stand for the player's."""
    path = find_engine("stockfish")
    assert path is not None
    _, engine = await chess.engine.popen_uci(str(path))
    try:
        await engine.configure({"Threads": 1, "Hash": 16})
        yield engine
    finally:
        await engine.quit()


async def human_move(
    engine: chess.engine.Protocol, board: chess.Board, depth: int = 1
) -> chess.Move:
    """The "human"'s move: ``engine``'s best at ``depth`` plies."""
    result = await engine.play(board, chess.engine.Limit(depth=depth))
    assert result.move is not None
    return result.move


def allows_mate_in_one(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move`` lets the other side mate at once."""
    after = board.copy(stack=False)
    after.push(move)
    for reply in after.legal_moves:
        after.push(reply)
        mated = after.is_checkmate()
        after.pop()
        if mated:
            return True
    return False


def random_move_short_of_mate(board: chess.Board, chooser: random.Random) -> chess.Move:
    """A move at random, but never one that allows mate in one: such a player is soon lost on
    material, yet (measured) is not mated before move 10, when the engine may first double. A
    plain random mover was mated before then in 8 of 300 games; this one in 0 of 300."""
    moves = list(board.legal_moves)
    return chooser.choice([move for move in moves if not allows_mate_in_one(board, move)] or moves)


# The engine's paced thinking, measured.

OWN_SEARCH = 2.0
"""Seconds within which an opponent cut to a few hundred nodes or fewer answers by itself
(its opening variety starts a second engine once), however loaded the machine."""


class Draws(random.Random):
    """The draws given (``first``), then ``then`` every time: 0 is below every chance (one to
    resign, who resigns, offers and accepts wherever the rules let it), 0.99 above nearly all.
    An opponent's conduct draws whether it resigns, then its willingness to accept a draw."""

    def __init__(self, *first: float, then: float) -> None:
        super().__init__()
        self.first = list(first)
        self.then = then

    def random(self) -> float:
        return self.first.pop(0) if self.first else self.then


class _Deliberate(random.Random):
    """A generator whose normal draws are all at the pace's upper limit."""

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        return mu + sigma * DEVIATION_LIMIT


def deliberate_pace() -> ThinkingPace:
    """A pace that always thinks as long as a person's pace goes (:data:`DEVIATION_LIMIT`
    deviations above the median): a test that must catch the opponent still thinking can
    count on it; a person's own pace may make a first move in a fraction of a second."""
    return ThinkingPace(_Deliberate())


def least_think(game: RatedGame) -> float:
    """The least time still to run of a :func:`deliberate_pace` over the opponent's first
    move: whatever it plays, less what its clock has run this turn (the pace counts from no
    earlier). The opponent's clock is read at its turn's start, at most the time control's
    base; the margin covers the pace's small change with that reading. Ending the game in
    less than this did not wait for the opponent's move."""
    board, control = game.board, game.time_control
    remaining = game.clock.remaining(game.opponent_color)
    player_left = game.clock.remaining(game.player_color)
    assert board.fullmove_number == 1 and remaining is not None, "its first move, on a clock"
    quickest = min(
        think_time(
            board,
            move,
            control.base_seconds,
            control.increment_seconds,
            DEVIATION_LIMIT,
            base=control.base_seconds,
            rating=game.opponent.rating,
            opponent_left=player_left,
        )
        for move in board.legal_moves
    )
    left = 0.9 * quickest - (control.base_seconds - remaining)
    assert left > OWN_SEARCH, "the pace leaves time to tell waiting from not"
    return left


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


# The real app on a terminal of its own.


def app_on_a_terminal(*python_args: str) -> tuple[subprocess.Popen[bytes], int]:
    """``python PYTHON_ARGS`` (the app, or a script that runs it) on a new pseudo-terminal of
    120×40, in a session of its own; returns the process and the terminal's other end, which
    the caller reads, writes and closes."""
    main_fd, terminal = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, *python_args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=Path(__file__).parents[1],
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"},
        start_new_session=True,
    )
    os.close(terminal)
    return child, main_fd


# Ledgers of an older schema, made from a new one.

COLUMNS_ADDED = tuple(
    sorted(
        (
            (table.name, name, since)
            for table in (GAMES, SETUPS, ANALYSED_MOVES)
            for name, since in table.added.items()
            if since > ANALYSES
        ),
        key=lambda added: added[2],
    )
)
"""Every column a migration after the last that made tables (version 3, the analyses') added,
read from the rows' declarations, with the version that added it, oldest first: what taking a
ledger back to an older version drops."""


def back_to_version(version: int) -> str:
    """The SQL that drops the columns added after ``version`` and says the file is of it; a
    test runs it inside its own transaction."""
    dropped = "".join(
        f"ALTER TABLE {table} DROP COLUMN {column}; "
        for table, column, since in reversed(COLUMNS_ADDED)
        if since > version
    )
    return f"{dropped}PRAGMA user_version={version};"


# A disk that refuses writes, as SQLite reports it.

WRITE_FAULTS = {
    "full": sqlite3.SQLITE_FULL,  # ENOSPC
    "io": sqlite3.SQLITE_IOERR_WRITE,  # EIO: a disk failing, or a WAL gone read-only under us
    "read-only": sqlite3.SQLITE_READONLY,  # a file system remounted read-only
}
"""The ways a disk refuses a write, as SQLite reports them to the ledger."""


class _RefusingCommits:
    """The ledger's connection, with every COMMIT refused as the disk would refuse it: the
    transaction is left for the ledger to roll back, as SQLite leaves one after a failed
    write (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A
    Transaction")."""

    def __init__(self, connection: sqlite3.Connection, code: int) -> None:
        self._connection = connection
        self._code = code

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if sql == "COMMIT":
            error = sqlite3.OperationalError(f"the disk refused the write (code {self._code})")
            error.sqlite_errorcode = self._code
            raise error
        return self._connection.execute(sql, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self._connection, name)


@contextmanager
def refused_writes(ledger: Ledger, fault: str) -> Iterator[None]:
    """Every write to ``ledger`` refused with ``fault`` (a key of :data:`WRITE_FAULTS`)."""
    connection = ledger._db
    ledger._db = _RefusingCommits(connection, WRITE_FAULTS[fault])  # type: ignore[assignment]
    try:
        yield
    finally:
        ledger._db = connection


# The CLI run in-process with its standard streams replaced, and the hostile input it is fed
# (tests/test_hostile_input.py and the CLI tests beside it).

ROOT = Path(__file__).parents[1]
"""The checkout: what a child process runs in."""
EXAMPLES = int(os.environ.get("RATED_PLAY_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
"""Hypothesis's settings for the hostile input: ``RATED_PLAY_FUZZ_EXAMPLES`` examples a family."""
CLI_PLAYER = "Judit"
"""The profile the CLI tests make and name (the played ledger's player is
:data:`tests.played_games.PLAYER`)."""


@dataclass
class Run:
    """What a run of :func:`run` gave: its exit status, standard output and error."""

    status: int
    out: str
    err: str


@contextmanager
def streams(
    stdin: bytes | None, stdout_closed: bool = False
) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Replace the standard streams; ``None`` stands for a closed one, as after ``<&-``."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = None if stdin is None else io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")  # type: ignore[assignment]
    sys.stdout = None if stdout_closed else out  # type: ignore[assignment]
    sys.stderr = err
    try:
        yield out, err
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def run(argv: Sequence[str], stdin: bytes | None = b"", *, stdout_closed: bool = False) -> Run:
    """``rated-play ARGV`` in this process, ``stdin`` its input (``None``: closed)."""
    with streams(stdin, stdout_closed) as (out, err):
        try:
            status = main(list(argv))
        except SystemExit as leaving:  # only --help and --version leave this way
            status = int(leaving.code or 0)
    return Run(status, out.getvalue(), err.getvalue())


def assert_refused(result: Run) -> None:
    """Non-zero, one line on stderr, naming no Python object."""
    assert result.status != 0, f"exit 0 for bad input: {result}"
    lines = result.err.splitlines()
    assert len(lines) == 1, f"stderr is not one line: {result.err!r}"
    assert lines[0].startswith("rated-play: "), lines
    assert "Traceback" not in result.err and " object at 0x" not in result.err, lines


def play(ledger: Ledger, score: float) -> None:
    """A finished game of :data:`CLI_PLAYER`'s, scored ``score``, its opponent's title quoted."""
    record_game(
        ledger,
        ledger.profile(CLI_PLAYER),
        score,
        title='Stockfish "the fish"',
        moves=("e4",),
        pgn='[Event "x"]\n\n1. e4 1-0\n',
    )


# Real argv holds no NUL byte (exec cannot pass one); invalid UTF-8 arrives as surrogates.
ARGV_TEXT = st.text(
    st.characters(blacklist_characters="\x00", blacklist_categories=()), max_size=60
)
BAD_NUMBERS = st.one_of(
    st.sampled_from(["inf", "-inf", "nan", "1e308", "-1e308", "1e999", "-5", "abc", "", "0x10"]),
    st.floats(allow_nan=True, allow_infinity=True).filter(lambda x: not 0 <= x <= 4000).map(repr),
)
HOSTILE_NAMES = st.one_of(
    st.sampled_from(
        [
            "Al\udcffice",
            "Ju\tdit",
            "Ju\ndit",
            "\x1b[31mJudit",
            "Judit\x00x",
            "x" * 5000,
            "",
            "   ",
            "JUDİT",
            "Ｊｕｄｉｔ2",
            '"; DROP TABLE games; --',
        ]
    ),
    ARGV_TEXT.filter(lambda name: name.strip().casefold() != CLI_PLAYER.casefold()),
)


# Positions and processes, for the engines' tests.


def real_positions(count: int, every: int = 3) -> Iterator[chess.Board]:
    """Positions of the shipped calibration games, every ``every`` plies, with their history."""
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as handle:
        produced = 0
        while produced < count and (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if ply % every == 0:
                    yield board.copy()
                    produced += 1
                    if produced == count:
                        return
                board.push(move)


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, read from /proc."""
    children = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="ascii")
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                children.add(int(entry.name))
    return children


def alive(pid: int) -> bool:
    """Whether process ``pid`` is running (a zombie, ended and not yet reaped, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


NO_WHITE_KING = "8/8/8/8/8/8/8/k7 w - - 0 1"
"""A position no game reaches: White, to move, has no king."""
READY_WITHIN = 1.5
"""The protocol's "immediately" for readyok, as the issue puts it (1 s), with half a second for
a loaded two-core machine."""


# Games played, analysed and filled in, for the session's and the screens' tests.


async def play_out(game: RatedGame, max_plies: int = 400) -> None:
    """Play the game to its end: the player's moves (:func:`~tests.scripted_opponent.greedy_move`)
    typed in SAN, the opponent's from its player; resigned if it has not ended by then."""
    for _ in range(max_plies):
        if game.is_over:
            return
        if game.is_player_turn:
            board = game.board
            move = greedy_move(board)
            await game.play(game.parse_move(board.san(move)))
        else:
            await game.opponent_turn()
    game.resign()


def analysed_game(ledger: Ledger, profile: Profile) -> int:
    """A finished game with its analysis stored, as ``analyse`` leaves it."""
    game_id = record_game(ledger, profile, 1.0, moves=("e4", "e5"), player=chess.WHITE)
    ledger.store_analysis(
        GameAnalysis(
            game_id=game_id,
            player_color=chess.WHITE,
            start_eval_cp=20,
            moves=(
                AnalysedMove(1, "e4", 30, "e4", None, by_player=True),
                AnalysedMove(2, "e5", 25, "e5", None, by_player=False),
            ),
            accuracy=99.0,
            engine="Stockfish",
            depth=10,
        )
    )
    return game_id


def hanging_queen_move(board: chess.Board) -> chess.Move | None:
    """A quiet queen move of the side to move that hangs the queen to a legal capture,
    undefended and giving no check; None if there is none."""
    for move in board.legal_moves:
        if board.piece_type_at(move.from_square) != chess.QUEEN or board.is_capture(move):
            continue
        board.push(move)
        # Taken by a legal capture (an attacker pinned to its king cannot take), and undefended.
        hangs = any(
            reply.to_square == move.to_square for reply in board.legal_moves
        ) and not board.is_attacked_by(not board.turn, move.to_square)
        board.pop()
        if hangs and not board.gives_check(move):
            return move
    return None


# A full disk, as SQLite sees one (tests/session/test_full_disk.py).

ROOM = 1 << 20
"""Pages allowed once space has been freed again."""


def fill_the_disk(ledger: Ledger, profile: Profile) -> None:
    """Leave no room for another move: a void game's moves fill the table to its last page."""
    filler = open_game(ledger, profile, opponent="filler", title="Filler")
    pin_the_size(ledger)
    with pytest.raises(LedgerWriteError, match="no space left"):
        for ply in range(1, 10_000):
            ledger.record_move(filler.id, ply, "e2e4", None)
    void = GameResult(Ending(Termination.ENGINE_FAILURE, None), filler.player_color)
    ledger.close_game(filler.id, void, pgn="", rating_after=None)


def pin_the_size(ledger: Ledger) -> None:
    """Allow the ledger no page more than it has."""
    pages = ledger._db.execute("PRAGMA page_count").fetchone()[0]
    ledger._db.execute(f"PRAGMA max_page_count={pages}")


def free_space(ledger: Ledger) -> None:
    """Room again: :data:`ROOM` pages allowed."""
    ledger._db.execute(f"PRAGMA max_page_count={ROOM}")


# A game both sides' marks are read from (tests/analysis/test_both_sides_marked.py).

QUEEN_HUNG_BY_BLACK = ("e4", "e5", "Nf3", "Qg5", "Nxg5")
"""The player, White, wins the queen Black (the engine) hangs with 2...Qg5??."""


def write_queen_won(ledger: Ledger, profile: Profile) -> int:
    """The game of :data:`QUEEN_HUNG_BY_BLACK`, won by resignation; returns its id."""
    return record_game(
        ledger,
        profile,
        1.0,
        moves=QUEEN_HUNG_BY_BLACK,
        player=chess.WHITE,
        termination=Termination.RESIGNATION,
    )


def imported_modules(
    node: ast.Import | ast.ImportFrom, importer: str, *, package: bool, modules: Collection[str]
) -> list[str]:
    """The modules an import statement in the module ``importer`` names, as Python reads it:
    ``from package import name`` names the submodule ``package.name`` when ``modules`` has one,
    else ``package``; a relative import is read from ``importer``'s package (``package``: the
    importer is a package's ``__init__``), up ``level - 1`` more."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        parts = importer.split(".")
        if not package:
            parts = parts[:-1]
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    else:
        base = node.module or ""
    return [
        f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
        for alias in node.names
    ]


# A game of the shipped calibration where, at move 25, maia-1900's likeliest move (Rxd4?)
# gives up the exchange and more: Stockfish at depth 12 puts White at +1.2 before it and -4.8
# after it.
BLUNDER_GAME = (
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d4 d7d5 e1g1 g8e7 e4d5 b7b5 d5c6 e8g8 d4c5 d8d1 b1a3 "
    "f8d8 c4b5 e5e4 f1d1 e7c6 d1d8 c6d8 f3e5 c8e6 c1f4 e6d5 h2h3 d8e6 f4g3 f7f5 c5c6 g7g5 "
    "a3c4 h7h5 a1c1 g8g7 c1f1 e6d4 b5a4 f5f4 h3h4 f4g3 f1d1 g3f2 g1h2 d5c4"
)
NETWORK_BLUNDER = chess.Move.from_uci("d1d4")


def blunder_position() -> chess.Board:
    """The position of :data:`BLUNDER_GAME`, maia-1900 to move."""
    board = chess.Board()
    for move in BLUNDER_GAME.split():
        board.push_uci(move)
    return board

"""A pool entry that is a beginner (``beginner = "600-800"``): declared once and refused in a
sentence when it cannot be played as declared; played by ``rated-play-maia`` with the judge it
runs beside the network, erring at its band's rate; and a judge that cannot be had is a crashed
engine, never a beginner that plays its errors unchecked."""

from __future__ import annotations

import asyncio
import io
import math
import random
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import pytest

from engines import discovery
from engines.calibration.engine_game import play_match_game
from engines.calibration.openings import Opening
from engines.errors import EngineUnavailableError, PoolConfigError
from engines.maia.choice import move_probabilities
from engines.maia.engine import MaiaEngine, run
from engines.maia.network import evaluate
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.weights import load_network
from engines.opponents import beginner
from engines.opponents.beginner import ERROR_LOSS, WEIGHT_FLOOR, Kind, error_limit, mates_in_one
from engines.opponents.beginner_bands import BANDS, BeginnerBand
from engines.opponents.catalog import load_catalog
from engines.opponents.engine_player import EngineCrashError, EnginePlayer
from engines.opponents.judge import Judge
from engines.opponents.pool import load_pool
from profiles.accuracy import CEILING
from profiles.laws.time_control import TimeControl
from tests.builders import alive, children_of, fast_opponent, real_positions
from tests.engines.uci_process import UciProcess, marked_processes, none_left

ENTRY = """
[[opponent]]
name = "beginner"
kind = "person-like"
command = "rated-play-maia"
options = { WeightsFile = "maia-1100" }
beginner = "600-800"
rating = 700
provenance = "Maia-1 of lichess players 1100–1199, with a beginner's errors"
"""
BAND = BeginnerBand.UNDER_600
"""The band the rates are measured at: the most errors, so the fewest positions."""


def _entry(tmp_path: Path, text: str = ENTRY) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _near(hits: int, trials: int, rate: float) -> bool:
    """Within four standard deviations of ``rate`` (chance about 1 in 16,000)."""
    return abs(hits / trials - rate) <= 4 * math.sqrt(rate * (1 - rate) / trials)


def test_an_entry_declares_a_band_and_its_engine_is_told_it(tmp_path: Path) -> None:
    (opponent,) = load_catalog(_entry(tmp_path))
    assert opponent.beginner is BeginnerBand.FROM_600
    assert dict(opponent.engine_options) == {
        "WeightsFile": "maia-1100",
        "BeginnerErrors": "600-800",
    }
    assert dict(opponent.options) == {"WeightsFile": "maia-1100"}  # as declared
    assert [need.purpose for need in opponent.needs] == [
        "its moves",
        "judging its beginner's errors",
    ]
    assert not opponent.plays_its_network_alone  # it does not link the two kinds' ratings
    assert opponent.move_choice is not None and "lichess players 600–799" in opponent.move_choice


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('beginner = "600-800"', 'beginner = "500"', "'beginner' must be a band of lichess"),
        ('beginner = "600-800"', "beginner = 700", '"400-600", "600-800", "800-1000" or "1000'),
        ('kind = "person-like"', 'kind = "engine"', 'declare kind = "person-like" and command'),
        ('command = "rated-play-maia"', 'command = "stockfish"', 'command = "rated-play-maia"'),
        ("rating = 700", 'rating = 700\nveto = "blunder"', "leave out veto"),
        ("rating = 700", "rating = 700\nsearch = { nodes = 8 }", "leave out search"),
        ('"maia-1100" }', '"maia-1100", Temperature = "2" }', "leave out options.Temperature"),
        (
            'beginner = "600-800"',
            'options = { WeightsFile = "maia-1100", BeginnerErrors = "600-800" }',
            'declare a beginner\'s errors with beginner = "600-800"',
        ),
    ],
)
def test_a_declaration_that_cannot_be_played_is_refused_in_a_sentence(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    text = ENTRY.replace(old, new)
    if "BeginnerErrors" in new:  # the option in place of the key: one options table
        text = text.replace('options = { WeightsFile = "maia-1100" }\n', "", 1)
    with pytest.raises(PoolConfigError) as refused:
        load_catalog(_entry(tmp_path, text))
    message = str(refused.value)
    assert message.startswith(f"{tmp_path / 'mine.toml'}, opponent #1 ('beginner'): ")
    assert said in message
    assert message.count(". ") == 0 and "\n" not in message, "one sentence"


def test_the_shipped_beginners_name_their_band_and_one_is_the_sliders_weakest_step() -> None:
    pool = load_pool()
    shipped = [o for o in pool.opponents if o.beginner is not None]
    assert sorted(o.beginner for o in shipped if o.beginner) == sorted(BeginnerBand)
    for opponent in shipped:
        errors = opponent.beginner.errors if opponent.beginner else None
        assert errors is not None
        assert opponent.provenance.startswith("Maia-1 of lichess players 1100–1199, ")
        # The band it plays, said as measured, or as beyond what was measured.
        said = errors.players if errors.measured else f"more often than {BANDS[0].players}"
        assert said in opponent.provenance, opponent.name
    # The calibration put all four within each other's errors near 1000: the 600-800 band's
    # is offered, as the weakest person-like step, and the rest wait off the slider.
    assert [o.name for o in shipped if o.offered] == ["maia-1100-beginner-600-800"]
    ladder = [o for o in pool.opponents if o.person_like and o.offered]
    assert min(ladder, key=lambda o: o.rating).name == "maia-1100-beginner-600-800"


def test_without_stockfish_a_beginner_is_unavailable_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    pool = load_pool()
    for name in ("maia-1100-beginner-400-600", "maia-1100-beginner-1000-1200"):
        assert pool.why_unavailable(pool.get(name)) == (
            "not installed: stockfish, for judging its beginner's errors"
        )
        with pytest.raises(EngineUnavailableError, match="install the Debian package 'stock"):
            pool.playable(name)
    assert pool.is_available(pool.get("maia-1100"))  # the network alone needs no judge


def _maia(band: BeginnerBand, seed: int) -> tuple[MaiaEngine, list[str]]:
    said: list[str] = []
    maia = MaiaEngine(said.append, rng=random.Random(seed))
    for line in (
        "setoption name WeightsFile value maia-1100",
        f"setoption name BeginnerErrors value {band.value}",
        "setoption name VariedMoves value 0",  # the errors alone, not the opening's variety
    ):
        maia.handle(line)
    return maia, said


def _played(maia: MaiaEngine, said: list[str], board: chess.Board) -> tuple[chess.Move, str]:
    """The engine's move in ``board`` and its ``info string``."""
    del said[:]
    # With its history: the network sees the last eight positions.
    moves = [move.uci() for move in board.move_stack]
    maia.handle(
        " ".join(["position fen", board.root().fen(), *(["moves", *moves] if moves else [])])
    )
    maia.handle("go")
    move = chess.Move.from_uci(said[-1].split()[1])
    return move, next(line for line in said if line.startswith("info string"))


def test_the_engine_advertises_the_bands_and_refuses_another() -> None:
    maia, said = _maia(BAND, 1)
    maia.handle("uci")
    assert (
        "option name BeginnerErrors type combo default none var none var 400-600 var 600-800 "
        "var 800-1000 var 1000-1200"
    ) in said
    maia.handle("setoption name BeginnerErrors value 300-400")
    assert said[-1].startswith("info string BeginnerErrors takes none or a band: 400-600")
    assert maia.beginner == BAND.errors, "the last value kept"
    maia.handle("setoption name BeginnerErrors value none")
    assert maia.beginner is None
    maia.close()


MATES = (
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 30",  # the back rank, a rook's
    "6k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 30",  # the back rank, a queen's
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  # the scholar's
    "k7/8/1K6/8/8/8/8/6Q1 w - - 0 40",  # a king driven to the corner
)
GOES = 100


def test_the_engine_misses_a_mate_in_one_at_its_bands_rate() -> None:
    """No judge is needed: a mate is seen on the board. Each miss is a move of weight."""
    network = load_network(network_path("maia-1100"))
    maia, said = _maia(BAND, 2)
    missed = trials = 0
    try:
        for fen in MATES:
            board = chess.Board(fen)
            weights = move_probabilities(board, evaluate(network, input_planes(board)))
            mates = mates_in_one(board)
            assert [m for m in beginner.weighted(weights) if m not in mates], fen
            for _ in range(GOES):
                move, info = _played(maia, said, board)
                trials += 1
                if move in mates:
                    assert info.startswith(f"info string {Kind.MATE.value}")
                else:
                    missed += 1
                    assert info.startswith(f"info string {Kind.MISSED_MATE.value}")
                    assert weights[move] >= WEIGHT_FLOOR
    finally:
        maia.close()
    assert _near(missed, trials, BAND.errors.mate_miss_rate), missed / trials


POSITIONS = 48
BLUNDER_GOES = 20


@dataclass(frozen=True)
class Judged:
    """A position as the test's own judge sees it, apart from the engine's."""

    board: chess.Board
    weights: dict[chess.Move, float]
    best: chess.engine.Score
    scores: dict[chess.Move, chess.engine.Score]
    losing: list[chess.Move]
    """The moves of weight that lose a blunder's loss, where the likeliest does not."""


async def _judged(boards: list[chess.Board]) -> list[Judged]:
    network = load_network(network_path("maia-1100"))
    judge = Judge()
    judged = []
    try:
        for board in boards:
            weights = move_probabilities(board, evaluate(network, input_planes(board)))
            best = (await judge.lines(board, error_limit(), 1))[0][1]
            if beginner.capped(best) < ERROR_LOSS - CEILING:
                continue  # lost beyond a blunder
            top = beginner.likeliest(weights)
            moves = [top, *beginner.weighted(weights, but=top)]
            scores = dict(await judge.lines(board, error_limit(), len(moves), moves))
            losing = beginner.blunders(best, scores, scores.get(top))
            judged.append(Judged(board, weights, best, scores, losing))
    finally:
        await judge.close()
    return judged


@pytest.mark.engine
def test_the_engine_blunders_at_its_bands_rate_judged_by_its_own_stockfish() -> None:
    """Wired: the engine's own judge decides each blunder. The test's judge says, on its own
    searches, where a blunder of weight was there to make; there the engine blunders at the
    band's rate, and each blunder is a move of weight, most of them losing by the test's judge
    too."""
    boards = [
        b
        for b in real_positions(POSITIONS * 2, every=5)
        if not b.is_game_over() and not mates_in_one(b) and b.fullmove_number > 6
    ][:POSITIONS]
    positions = asyncio.run(_judged(boards))
    maia, said = _maia(BAND, 3)
    chances = blunders = elsewhere = 0
    confirmed: list[bool] = []
    try:
        maia.handle("isready")  # the judge starts with the engine, as in a game
        assert said[-1] == "readyok"
        for judged in positions:
            top = beginner.likeliest(judged.weights)
            for _ in range(BLUNDER_GOES):
                move, info = _played(maia, said, judged.board)
                assert move in judged.board.legal_moves
                if info.startswith(f"info string {Kind.MISTAKE.value}"):
                    # Its second kind of error, drawn where no blunder was: a move of weight.
                    assert judged.weights[move] >= WEIGHT_FLOOR and move != top, info
                    continue
                if not info.startswith(f"info string {Kind.BLUNDER.value}"):
                    assert move == top, info
                    continue
                assert judged.weights[move] >= WEIGHT_FLOOR
                if judged.losing:
                    blunders += 1
                    # Two processes' searches of one move, their hashes apart, differ by up to
                    # a couple of hundred centipawns: most, not all, agree.
                    confirmed.append(beginner.loss(judged.best, judged.scores[move]) >= 150)
                else:
                    elsewhere += 1
            chances += BLUNDER_GOES if judged.losing else 0
    finally:
        maia.close()
    assert chances >= 10 * BLUNDER_GOES, "too few positions with a blunder of weight to make"
    assert _near(blunders, chances, BAND.errors.blunder_rate), blunders / chances
    assert sum(confirmed) >= 0.75 * len(confirmed), confirmed
    # Where the test's judge saw none, the engine's (another process, its own hash) rarely does.
    assert elsewhere <= 0.02 * len(positions) * BLUNDER_GOES, elsewhere


@pytest.mark.engine
async def test_a_shipped_beginner_plays_whole_games_and_leaves_no_judge_behind() -> None:
    entry = load_pool().get("maia-1100-beginner-400-600")
    start = Opening("initial position", ())
    for white, black in ((entry, fast_opponent(1)), (fast_opponent(1), entry)):
        game = await play_match_game(white, black, start, TimeControl(30.0, 0.3))
        assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
        assert game.headers["Termination"] != "time forfeit"
        assert game.end().board().ply() >= 10
    player = EnginePlayer(entry)
    try:
        await player.start()
        board = chess.Board()
        for _ in range(6):
            board.push((await player.choose(board, None)).move)
        assert player.pid is not None
        engine = player.pid
        judges = children_of(engine)
        assert len(judges) == 1, "its judge runs beside the network, started at isready"
    finally:
        await player.close()
    assert not alive(engine) and not any(alive(pid) for pid in judges)


@pytest.mark.engine
def test_engines_uci_serves_a_beginner_to_any_gui_and_ends_with_its_judge(tmp_path: Path) -> None:
    """As a GUI meets it: a move for every position of a game, its judge among the processes
    the server started, and none of them left after ``quit``."""
    server = UciProcess("maia-1100-beginner-400-600", tmp_path / "data")
    try:
        server.send("uci")
        server.expect("uciok", 60)
        board = chess.Board()
        for _ in range(12):
            moves = " ".join(move.uci() for move in board.move_stack)
            server.send(f"position startpos moves {moves}" if moves else "position startpos")
            server.send("go wtime 60000 btime 60000")
            move = chess.Move.from_uci(server.expect("bestmove", 60).split()[1])
            assert move in board.legal_moves
            board.push(move)
        (maia,) = [p for p in marked_processes(server.mark) if _command(p) == "rated-play-maia"]
        # The server's own judge (its conduct, its technique) is its child; this one is the
        # engine's, for its errors.
        assert [_command(pid) for pid in children_of(maia)] == ["stockfish"]
        server.send("quit")
        assert server.wait(30) == 0
        assert none_left(server.mark)
    finally:
        server.kill()


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


@pytest.fixture
def broken_stockfish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 'stockfish' first on PATH that ends at once: the judge cannot be had, in this process
    and in the engine's."""
    folder = tmp_path / "bin"
    folder.mkdir()
    fake = folder / "stockfish"
    fake.write_text("#!/bin/sh\necho 'no stockfish here' >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(folder))


@pytest.mark.engine
@pytest.mark.usefixtures("broken_stockfish")
def test_a_judge_that_cannot_be_had_ends_the_engine_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = io.StringIO()
    lines = [
        "uci",
        "setoption name WeightsFile value maia-1100",
        "setoption name BeginnerErrors value 600-800",
        "isready",
        "go",
    ]
    assert run(lines, out) == 1
    assert "readyok" not in out.getvalue() and "bestmove" not in out.getvalue()
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1
    assert said[0].startswith("rated-play-maia: the judge of its beginner's errors could not be")
    assert "could not be started" in said[0]


@pytest.mark.engine
@pytest.mark.usefixtures("broken_stockfish")
async def test_a_beginner_whose_judge_cannot_be_had_fails_as_a_crashed_engine() -> None:
    """The player finds rated-play-maia beside this Python; the engine finds the broken judge
    first on the PATH it inherits, and ends: the game sees an engine that crashed, in its own
    words, and never a move its errors did not check."""
    player = EnginePlayer(load_pool().get("maia-1100-beginner-600-800"))
    try:
        with pytest.raises((EngineCrashError, EngineUnavailableError)) as failed:
            await player.start()
            await player.choose(chess.Board(), None)
        assert "judge of its beginner's errors could not be had" in str(failed.value)
    finally:
        await player.close()

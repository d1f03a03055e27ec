"""The annotated PGN of an analysed game, with the real Stockfish and a real ledger: every move
carries its evaluation, every marked move of either side its NAG and the engine's line as a
variation, the headers are the archive's plus the accuracies, and pgn-extract and python-chess
read it back with the same moves and evaluations, whatever way the game ended."""

from __future__ import annotations

import asyncio
import errno
import io
import os
import sqlite3
import subprocess
from dataclasses import replace
from pathlib import Path

import chess
import chess.pgn
import pytest

from engines.evaluation import AnalysisLimit, evaluate_game
from profiles.accuracy import MATE_SCORE, GameAnalysis, build_analysis
from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus, Profile
from profiles.player.past_games import GameInPlayError
from profiles.written_file import ForeignFileError
from rated_play.cli import main
from rated_play.session import RatedGame
from rated_play.session import review as session_review
from rated_play.session.annotated_pgn import NAGS
from rated_play.session.export import archived_pgn
from rated_play.session.outcome import automatic_outcome, time_forfeit
from rated_play.session.pgn import PlayedMove, archive_path
from rated_play.session.record import close_game
from rated_play.session.review import (
    AnnotationNotSavedError,
    analyse_game,
    annotated_game,
    save_annotated_pgn,
)
from tests.builders import fast_opponent, open_game, pgn_extract, record_game

QUICK = AnalysisLimit(depth=8)
"""Depth enough for the marks these games need, quick on a loaded machine."""

FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]
LOYDS_STALEMATE = ["e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+",
                   "Kf7", "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6"]  # fmt: skip
"""Sam Loyd's stalemate in ten moves: Black, with every piece but its bishop on the board, has no
move."""
FLAGGED = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4", "Nxe5", "Qg5", "Nxf7", "Qxg2"]
"""White takes on f7 and loses the rook on h1 for it; then White's flag falls."""
LEFT = ["d4", "d5", "c4", "e6", "Nc3"]

PLAYER = 'Dr "Quote" \\ Smith'
"""A name PGN must escape in its tags: the annotated headers stay valid PGN."""


def _played(sans: list[str]) -> tuple[chess.Board, list[PlayedMove]]:
    board, played = chess.Board(), []
    for ply, san in enumerate(sans, start=1):
        played.append(PlayedMove(board.push_san(san), 300.0 - 2.5 * ply))
    return board, played


def finished_game(ledger: Ledger, profile: Profile, sans: list[str], *, flag: bool = False) -> int:
    """A game recorded move by move and closed by the session's own recording (PGN, archive),
    ending as its last position says, or on time when ``flag``."""
    record = open_game(ledger, profile)
    board, played = _played(sans)
    for ply, move in enumerate(played, start=1):
        assert move.clock is not None
        ledger.record_move(record.id, ply, move.move.uci(), round(move.clock * 1000))
    outcome = (
        time_forfeit(board, board.turn, record.player_color)
        if flag
        else automatic_outcome(board, record.player_color)
    )
    assert outcome is not None
    close_game(ledger, record=record, profile=profile, outcome=outcome, moves=played)
    return record.id


def left_game(ledger: Ledger, profile: Profile, sans: list[str]) -> int:
    """A game whose process died after ``sans``: pending in the ledger, nobody playing it."""
    dead = Ledger.open(DataDirectory.of_ledger(ledger.path))
    record = open_game(dead, profile)
    for ply, move in enumerate(_played(sans)[1], start=1):
        dead.record_move(record.id, ply, move.move.uci(), None)
    dead.close()  # its lock goes with it, as with a killed process
    return record.id


def eval_cp(node: chess.pgn.ChildNode) -> int:
    score = node.eval()
    assert score is not None, f"no [%eval] on {node.san()}"
    value = score.white().score(mate_score=MATE_SCORE)
    assert value is not None
    return value


def check_annotations(text: str, analysis: GameAnalysis, archived: str) -> None:
    """``text``, read by python-chess, is the archived game with the analysis on it."""
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and game.errors == []
    source = chess.pgn.read_game(io.StringIO(archived))
    assert source is not None
    nodes, archived_nodes = list(game.mainline()), list(source.mainline())
    assert [n.move for n in nodes] == [n.move for n in archived_nodes], "the same moves"
    assert [n.clock() for n in nodes] == [n.clock() for n in archived_nodes], "clocks kept"
    assert [eval_cp(n) for n in nodes] == [m.eval_cp for m in analysis.moves]
    judged = analysis.judgements
    assert [n.nags for n in nodes] == [set() if j is None else {NAGS[j]} for j in judged]
    for node, move, mark in zip(nodes, analysis.moves, judged, strict=True):
        others = node.parent.variations[1:]
        if mark is None or move.line[:1] == (move.san,):
            assert others == [], f"no variation beside the unmarked {move.san}"
            continue
        (variation,) = others
        line = [variation.san(), *(n.san() for n in variation.mainline())]
        assert line == list(move.line), "the engine's line, its better move first"
        assert f"{mark.value.capitalize()}. {move.best} was best." in node.comment
    expected = dict(source.headers)
    for color, tag in (("white", "WhiteAccuracy"), ("black", "BlackAccuracy")):
        accuracy = analysis.summary(color == "white").accuracy
        if accuracy is not None:
            expected[tag] = f"{accuracy:.1f}"
    expected["Annotator"] = f"{analysis.engine}, depth {analysis.depth}"
    assert dict(game.headers) == expected


@pytest.mark.engine
def test_every_ending_gives_a_pgn_that_pgn_extract_and_python_chess_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    profile = ledger.create_profile(PLAYER)
    games = {
        "checkmate": finished_game(ledger, profile, FOOLS_MATE),  # the player, White, is mated
        "stalemate": finished_game(ledger, profile, LOYDS_STALEMATE),
        "time forfeit": finished_game(ledger, profile, FLAGGED, flag=True),
        "abandoned": left_game(ledger, profile, LEFT),
    }
    analyses = {
        name: asyncio.run(analyse_game(ledger, game_id, limit=QUICK))
        for name, game_id in games.items()
    }
    records = {g.id: g for g in ledger.games(profile.id)}
    archived = {name: archived_pgn(ledger, records[gid], profile) for name, gid in games.items()}
    ledger.close()

    texts = {}
    for name, game_id in games.items():
        assert main(["analyse", str(game_id), "--pgn", "--data-dir", str(data)]) == 0
        out, err = capsys.readouterr()
        assert err == ""
        texts[name] = out
        check_annotations(out, analyses[name], archived[name])

    assert texts["checkmate"].count("[%eval #0]") == 1, "the mated position, as lichess says it"
    assert '[Termination "time forfeit"]' in texts["time forfeit"]
    assert '[EndReason "White wins by abandonment"]' in texts["abandoned"], "the player is Black"
    stalemate = chess.pgn.read_game(io.StringIO(texts["stalemate"]))
    assert stalemate is not None
    last = stalemate.end()  # the mainline's last move, not a Qe6 in the engine's variation
    assert last.san() == "Qe6" and "[%eval 0.00]" in texts["stalemate"], "stalemate is a draw"
    assert isinstance(last, chess.pgn.ChildNode) and eval_cp(last) == 0
    marked = [j for analysis in analyses.values() for j in analysis.judgements if j]
    opponents = [
        j
        for analysis in analyses.values()
        for move, j in zip(analysis.moves, analysis.judgements, strict=True)
        if j and not move.by_player
    ]
    assert marked and opponents, "both sides' moves are marked, as lichess marks them"
    assert "$4" in texts["checkmate"], "2. g4?? allows mate in one"

    exported = tmp_path / "annotated.pgn"
    exported.write_text("\n".join(texts.values()), encoding="utf-8")
    rewritten, log = tmp_path / "out.pgn", tmp_path / "errors.log"
    subprocess.run(
        [pgn_extract(), "-s", str(exported), "-o", str(rewritten), "-l", str(log)], check=True
    )
    assert log.read_text() == "", "pgn-extract found errors"
    stream = io.StringIO(rewritten.read_text(encoding="utf-8"))
    for name, analysis in analyses.items():  # as pgn-extract wrote them back
        game = chess.pgn.read_game(stream)
        assert game is not None and game.errors == [], name
        nodes = list(game.mainline())
        assert [n.san() for n in nodes] == [m.san for m in analysis.moves], name
        assert [eval_cp(n) for n in nodes] == [m.eval_cp for m in analysis.moves], name
        assert [len(n.parent.variations) > 1 for n in nodes] == [
            j is not None and m.line[:1] != (m.san,)
            for m, j in zip(analysis.moves, analysis.judgements, strict=True)
        ], f"{name}: the engine's line beside every marked move that was not its choice"
    assert chess.pgn.read_game(stream) is None, "games in = games out"


def test_a_game_that_ended_before_its_first_move_has_no_annotated_pgn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    game_id = finished_game(ledger, ledger.create_profile("Anna"), [], flag=True)
    ledger.close()
    assert main(["analyse", str(game_id), "--pgn", "--data-dir", str(data)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert f"game {game_id} ended before any move: there is nothing to analyse" in err


@pytest.mark.engine
def test_an_analysis_without_lines_gives_the_better_move_alone(
    ledger: Ledger, capsys: pytest.CaptureFixture[str]
) -> None:
    """An analysis stored before lines were kept (see test_analyse) still annotates: each marked
    move's variation is the better move alone."""
    game_id = finished_game(ledger, ledger.create_profile("Vera"), FOOLS_MATE)
    made = asyncio.run(evaluate_game(_played(FOOLS_MATE)[0].move_stack, limit=QUICK))
    record = ledger.game(game_id)
    analysis = build_analysis(game_id, record.player_color, _played(FOOLS_MATE)[0].move_stack,
                              made.positions, engine=made.engine, depth=QUICK.depth)  # fmt: skip
    lineless = replace(analysis, moves=tuple(replace(m, line=()) for m in analysis.moves))
    assert ledger.store_analysis(lineless) == lineless
    assert main(["analyse", str(game_id), "--pgn", "--data-dir", str(ledger.path.parent)]) == 0
    text = " ".join(capsys.readouterr().out.split())  # as one line, whatever the wrapping
    blunder = lineless.moves[2]
    assert blunder.best is not None and blunder.best != "g4"
    assert f"2. g4 $4 {{ [%eval #-1] [%clk 0:04:52] Blunder. {blunder.best} was best. }}" in text
    assert f"( 2. {blunder.best} ) 2... Qh4#" in text, "the better move, alone"


@pytest.mark.engine
def test_the_annotated_pgn_is_saved_beside_the_archived_one(ledger: Ledger) -> None:
    profile = ledger.create_profile(PLAYER)
    game_id = finished_game(ledger, profile, FOOLS_MATE)
    analysis = asyncio.run(analyse_game(ledger, game_id, limit=QUICK))
    archive_dir = ledger.directory.archive
    record = ledger.game(game_id)
    archived = archive_path(archive_dir, profile.name, record)
    archived_text = archived.read_text(encoding="utf-8")

    saved = save_annotated_pgn(ledger, analysis)
    assert saved == archived.with_name(archived.name.replace(".pgn", "-annotated.pgn"))
    assert saved.read_text(encoding="utf-8") == annotated_game(ledger, analysis)
    assert archived.read_text(encoding="utf-8") == archived_text, "the archive is untouched"
    assert save_annotated_pgn(ledger, analysis) == saved, "saved again over itself"
    assert {p.name for p in saved.parent.iterdir()} == {archived.name, saved.name}

    saved.write_text("my notes, not a PGN\n", encoding="utf-8")
    with pytest.raises(ForeignFileError, match="holds something other than a PGN file"):
        save_annotated_pgn(ledger, analysis)
    assert saved.read_text(encoding="utf-8") == "my notes, not a PGN\n"
    saved.unlink()
    os.symlink(ledger.path, saved)
    with pytest.raises(ForeignFileError, match="is the ledger"):
        save_annotated_pgn(ledger, analysis)
    assert ledger.game(game_id).status is GameStatus.FINISHED, "the ledger still reads"


@pytest.mark.engine
def test_an_annotated_pgn_the_disk_cannot_take_is_said_in_a_sentence(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk, which no test makes on demand here, stands in for every write that fails."""
    game_id = finished_game(ledger, ledger.create_profile("Vera"), FOOLS_MATE)
    analysis = asyncio.run(analyse_game(ledger, game_id, limit=QUICK))

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(session_review, "write_durably", full)
    with pytest.raises(AnnotationNotSavedError, match="No space left on device; make room there"):
        save_annotated_pgn(ledger, analysis)


@pytest.mark.engine
def test_a_pgn_in_the_ledger_that_does_not_hold_the_moves_is_refused(
    ledger: Ledger, capsys: pytest.CaptureFixture[str]
) -> None:
    """A damaged row: the game's PGN holds other moves than the game's. A row without a PGN
    (the process ended between the result and its decoration) is not damaged: its PGN is
    made from its moves, and annotated."""
    profile = ledger.create_profile("Vera")
    missing = record_game(ledger, profile, 0.0, moves=FOOLS_MATE, player=chess.WHITE)
    other = finished_game(ledger, profile, LEFT[:2], flag=True)
    archived = ledger.game(other).pgn
    db = sqlite3.connect(ledger.path)
    db.execute("UPDATE games SET pgn = ? WHERE id = ?", (archived.replace("d5", "e5"), other))
    db.commit()
    db.close()
    for game_id in (missing, other):
        asyncio.run(analyse_game(ledger, game_id, limit=QUICK))
    status = main(["analyse", str(missing), "--pgn", "--data-dir", str(ledger.path.parent)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "2. g4" in out and "Qh4#" in out and "[%eval" in out
    status = main(["analyse", str(other), "--pgn", "--data-dir", str(ledger.path.parent)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert f"the PGN of game {other} in the ledger does not hold its moves" in err


@pytest.mark.engine
def test_a_game_whose_profile_row_is_damaged_is_refused_in_a_sentence(
    ledger: Ledger, capsys: pytest.CaptureFixture[str]
) -> None:
    """The profile names the archive's folder: a row that cannot be read is said, not a
    traceback (it was a StopIteration)."""
    profile = ledger.create_profile("Vera")
    game_id = finished_game(ledger, profile, LEFT[:2], flag=True)
    asyncio.run(analyse_game(ledger, game_id, limit=QUICK))
    db = sqlite3.connect(ledger.path)
    db.execute("UPDATE profiles SET created_at = 'garbage' WHERE id = ?", (profile.id,))
    db.commit()
    db.close()
    status = main(["analyse", str(game_id), "--pgn", "--data-dir", str(ledger.path.parent)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert f"the profile of game {game_id} in the ledger cannot be read" in err


@pytest.mark.engine
async def test_an_annotated_pgn_waits_until_the_profile_has_no_game_on(ledger: Ledger) -> None:
    profile = ledger.create_profile("Vera")
    older = finished_game(ledger, profile, FOOLS_MATE)
    analysis = await analyse_game(ledger, older, limit=QUICK)
    archive_dir = ledger.directory.archive
    before = sorted(archive_dir.rglob("*"))
    game = await RatedGame.start(ledger, profile, fast_opponent(), TimeControl.parse("5+3"))
    try:
        with pytest.raises(GameInPlayError, match=f"game {game.game_id} is still being"):
            annotated_game(ledger, analysis)
        with pytest.raises(GameInPlayError, match=f"game {game.game_id} is still being"):
            save_annotated_pgn(ledger, analysis)
        assert sorted(archive_dir.rglob("*")) == before, "nothing saved"
    finally:
        game.resign()
        await game.close()
    assert save_annotated_pgn(ledger, analysis).exists(), "once it is over"

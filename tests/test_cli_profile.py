"""``rated-play profile`` and ``rated-play export`` on a real ledger."""

from __future__ import annotations

import io
import json
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest

from engines.opponents.pool import load_pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from rated_play.session import RatedGame
from tests.builders import fast_opponent, play_out, record_game, run_cli
from tests.scripted_opponent import ScriptedOpponent


def rapid_game(ledger: Ledger, profile: Profile, opponent_rating: float, score: float) -> None:
    """A closed rapid game written straight to the ledger, for rating arithmetic."""
    record_game(
        ledger,
        profile,
        score,
        opponent_rating=opponent_rating,
        opponent="anchor",
        title="Anchor",
        time_control="15+10",
    )


async def test_the_card_counts_real_games_and_export_gives_their_pgn(
    ledger: Ledger,
    profile: Profile,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    blitz_game = TimeControl.parse("3+2")
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), blitz_game, seated=ScriptedOpponent()
    )
    await play_out(game)
    await game.close()
    abandoned = await RatedGame.start(
        ledger, profile, fast_opponent(), blitz_game, seated=ScriptedOpponent()
    )
    await abandoned.close()

    data_dir = str(ledger.path.parent)
    status, out, _ = run_cli(capsys, "profile", "magnus", "--json", "--data-dir", data_dir)
    assert status == 0
    card = json.loads(out)
    blitz = card["classes"]["blitz"]
    assert card["name"] == "Magnus"
    assert card["next_color"] == "white"
    assert blitz["games"] == 2
    assert blitz["wins"] + blitz["draws"] + blitz["losses"] == 2
    assert blitz["losses"] >= 1, "the abandoned game is a loss"
    assert blitz["rating"] is None
    assert blitz["provisional"] is True
    assert blitz["games_until_rated"] == 18
    assert card["classes"]["rapid"]["games"] == 0

    out_file = tmp_path / "magnus.pgn"
    status, _, err = run_cli(
        capsys, "export", "Magnus", "--out", str(out_file), "--data-dir", data_dir
    )
    assert status == 0 and "2 games" in err
    exported = io.StringIO(out_file.read_text())
    games = [chess.pgn.read_game(exported), chess.pgn.read_game(exported)]
    assert [g.headers["Termination"] for g in games if g is not None][1] == "abandoned"
    assert chess.pgn.read_game(exported) is None


def test_the_rating_appears_at_twenty_games_as_the_performance(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten wins and ten losses against 1600-rated opponents: a performance of exactly 1600."""
    for index in range(19):
        rapid_game(ledger, profile, 1600, float(index % 2))
    data_dir = str(ledger.path.parent)
    _, out, _ = run_cli(capsys, "profile", "Magnus", "--json", "--data-dir", data_dir)
    assert json.loads(out)["classes"]["rapid"]["rating"] is None
    assert json.loads(out)["classes"]["rapid"]["games_until_rated"] == 1
    rapid_game(ledger, profile, 1600, 1.0)
    _, out, _ = run_cli(capsys, "profile", "Magnus", "--json", "--data-dir", data_dir)
    rapid = json.loads(out)["classes"]["rapid"]
    assert rapid["rating"] == pytest.approx(1600, abs=0.5)
    assert (rapid["games"], rapid["wins"], rapid["losses"], rapid["score"]) == (20, 10, 10, 50.0)
    assert rapid["provisional"] is False
    for system in ("uscf-classic", "glicko2", "elo"):
        status, out, _ = run_cli(
            capsys, "profile", "Magnus", "--json", "--system", system, "--data-dir", data_dir
        )
        assert status == 0 and json.loads(out)["system"] == system
        assert json.loads(out)["classes"]["rapid"]["games"] == 20, "switching loses nothing"


def test_profile_and_export_errors_say_what_to_do(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data_dir = str(ledger.path.parent)
    status, out, err = run_cli(capsys, "profile", "Bobby", "--data-dir", data_dir)
    assert status == 2 and out == ""
    assert "no profile named 'Bobby' (profiles: Magnus)" in err
    status, _, err = run_cli(
        capsys, "profile", "Magnus", "--system", "nope", "--data-dir", data_dir
    )
    assert status == 2 and "choose one of" in err
    status, _, err = run_cli(capsys, "export", "Magnus", "--data-dir", str(tmp_path / "empty"))
    assert status == 2 and "no ledger" in err and "--data-dir" in err
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "ledger.sqlite3").write_bytes(b"garbage" * 500)
    status, _, err = run_cli(capsys, "profile", "Magnus", "--data-dir", str(broken))
    assert status == 2 and "not a rated-play ledger" in err
    assert (broken / "ledger.sqlite3").read_bytes() == b"garbage" * 500


def test_export_never_writes_into_the_ledger_or_the_files_beside_it(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    rapid_game(ledger, profile, 1500.0, 1.0)
    data_dir = str(ledger.path.parent)
    wal = ledger.path.with_name(ledger.path.name + "-wal")
    wal.touch()  # as while the app has the ledger open
    files = {path: path.read_bytes() for path in (ledger.path, wal)}
    # By another name, too: a link to the ledger is the ledger.
    link = ledger.path.parent / "games.pgn"
    link.symlink_to(ledger.path)
    for out in (ledger.path, wal, link):
        status, _, err = run_cli(
            capsys, "export", "Magnus", "--out", str(out), "--data-dir", data_dir
        )
        assert status == 2 and "is the ledger" in err and "nothing was written" in err, err
    assert {path: path.read_bytes() for path in files} == files


def test_twenty_losses_to_the_weakest_opponent_show_the_floor_not_a_negative_rating(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Twenty losses to 455 once showed "Rating -190" (the performance fit, unbounded); the card
    now shows the floor, says what it means, and names the system."""
    for _ in range(20):
        rapid_game(ledger, profile, 455.0, 0.0)
    data_dir = str(ledger.path.parent)
    status, out, _ = run_cli(capsys, "profile", "Magnus", "--data-dir", data_dir, "--json")
    document = json.loads(out)
    rapid = document["classes"]["rapid"]
    assert status == 0
    assert document["purse"] == 1000, "games written without a stake move no money"
    assert (rapid["rating"], rapid["at_floor"], rapid["provisional"]) == (100.0, True, False)
    status, out, _ = run_cli(capsys, "profile", "Magnus", "--data-dir", data_dir)
    assert "Rating 100, the floor" in out and "-190" not in out
    assert "FIDE (K 40/20/10, 400-point cap)" in out


def test_past_games_are_rated_against_the_opponents_current_calibration(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A game stores its opponent's rating of the day; a new calibration re-measures that
    opponent, and the player's rating, derived from the games, follows it."""
    for _ in range(20):
        record_game(
            ledger, profile, 0.5, opponent="stockfish-elo-1500",
            title="Stockfish at UCI_Elo 1500",
            opponent_rating=1000.0,  # what an older calibration said
            time_control="15+10",
        )  # fmt: skip
    data_dir = str(tmp_path / "data")
    _, out, _ = run_cli(capsys, "profile", profile.name, "--json", "--data-dir", data_dir)
    # Twenty draws: the performance is the opponent's rating, today's, not the stored one.
    today = load_pool().get("stockfish-elo-1500").rating
    assert today != 1000.0
    assert json.loads(out)["classes"]["rapid"]["rating"] == pytest.approx(today, abs=0.5)
    assert ledger.games(profile.id)[0].opponent_rating == 1000.0  # the record is as played


def test_the_purse_is_printed_once_under_every_class(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    """One purse serves every class: it was printed under each of the five."""
    rapid_game(ledger, profile, 1600, 0.0)
    status, out, _ = run_cli(capsys, "profile", "Magnus", "--data-dir", str(ledger.path.parent))
    assert status == 0
    assert out.count("Purse") == 1 and "Purse $1,000\nYou play" in out
    assert "Won 0 · Drawn 0 · Lost 1\nScore 0%\n" in out

"""The command line's slips a club player found (issue 28): words and numbers as people write
them, and no past game exported while one of the profile's games is played."""

from __future__ import annotations

import asyncio
from pathlib import Path

import chess
import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from rated_play.session import RatedGame
from tests.builders import fast_opponent, record_game, run_cli
from tests.scripted_opponent import ScriptedOpponent


def test_the_profile_says_the_next_colour_once_not_under_every_class(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    record_game(ledger, profile, 1.0, moves=["e4"], player=chess.WHITE)
    status, out, _ = run_cli(capsys, "profile", profile.name, "--data-dir", str(ledger.path.parent))
    assert status == 0
    assert out.count("You play") == 1
    assert out.rstrip().endswith("You play Black next game")


def test_the_leaderboard_counts_one_game_in_the_singular(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    record_game(ledger, profile, 1.0, moves=["e4"])
    status, out, _ = run_cli(capsys, "leaderboard", "--data-dir", str(ledger.path.parent))
    assert status == 0
    assert "  1 game " in out and "1 games" not in out


def test_the_help_of_engines_check_writes_a_percent_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        run_cli(capsys, "engines", "check", "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert "95% interval" in out and "%%" not in out


def test_export_is_refused_while_a_game_of_the_profile_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"

    async def start() -> tuple[RatedGame, Ledger]:
        ledger = Ledger.open(DataDirectory(data))
        vera = ledger.create_profile("Vera")
        record_game(ledger, vera, 1.0, moves=["e4", "e5"], player=chess.WHITE)
        game = await RatedGame.start(
            ledger, vera, fast_opponent(), TimeControl.parse("5+3"), seated=ScriptedOpponent()
        )
        await game.opponent_turn()
        return game, ledger

    loop = asyncio.new_event_loop()
    try:
        game, ledger = loop.run_until_complete(start())
        out_file = tmp_path / "vera.pgn"
        for extra in ((), ("--out", str(out_file))):
            status, out, err = run_cli(capsys, "export", "Vera", *extra, "--data-dir", str(data))
            assert (status, out) == (2, "")
            assert f"game {game.game_id} is still being played" in err and "wait until" in err
            assert err.count("\n") == 1
        assert not out_file.exists()
        game.resign()
        loop.run_until_complete(game.close())
        status, out, _ = run_cli(capsys, "export", "Vera", "--data-dir", str(data))
        assert status == 0 and f'[Round "{game.game_id}"]' in out
        ledger.close()
    finally:
        loop.close()

"""What an entry needs is checked at start: an entry whose strength is a veto needs the judge's
Stockfish as much as its own engine, and without it is unavailable, saying why, in the listing,
its JSON and the setup's choice, and cannot be played. Stockfish is taken away here by a PATH
without it (and no /usr/games); nothing is started."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import discovery
from engines.errors import EngineUnavailableError
from engines.opponents.choice import OpponentWish, choose_opponent
from engines.opponents.pool import load_pool
from tests.builders import run_cli


@pytest.fixture
def no_stockfish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))


@pytest.mark.usefixtures("no_stockfish")
def test_a_veto_entry_without_stockfish_is_unavailable_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On today's code the veto entries stayed available and offered, the bare networks'
    twins in --json."""
    pool = load_pool()
    vetoed = [opponent for opponent in pool.opponents if opponent.veto is not None]
    assert vetoed
    # Said as English says it, not "inaccuracys".
    assert "its veto of inaccuracies" in {
        need.purpose for opponent in vetoed for need in opponent.needs
    }
    for opponent in vetoed:
        assert not pool.is_available(opponent)
        assert pool.why_unavailable(opponent) == (
            f"not installed: stockfish, for its veto of {opponent.veto.plural}"
        )
        with pytest.raises(EngineUnavailableError, match="'stockfish' for its veto"):
            pool.playable(opponent.name)
    data = ["--data-dir", str(tmp_path / "data")]
    status, out, _ = run_cli(capsys, "engines", *data)
    assert status == 0
    row = next(line for line in out.splitlines() if f" {vetoed[0].name} " in line)
    assert f"  [not installed: stockfish, for its veto of {vetoed[0].veto.plural}]" in row
    status, out, _ = run_cli(capsys, "engines", "--json", *data)
    described = {entry["name"]: entry for entry in json.loads(out)["opponents"]}
    entry = described[vetoed[0].name]
    assert (entry["available"], entry["veto"]) == (False, vetoed[0].veto)
    assert entry["needs"][1] == {
        "command": "stockfish",
        "package": "stockfish",
        "for": f"its veto of {vetoed[0].veto.plural}",
    }
    status, _, err = run_cli(capsys, "engines", "uci", vetoed[0].name, *data)
    assert status != 0 and "install the Debian package 'stockfish'" in err


def test_an_entry_is_listed_with_its_veto_and_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_cli(capsys, "engines", "--json", "--data-dir", str(tmp_path / "data"))
    assert status == 0
    for entry in json.loads(out)["opponents"]:
        own = {"command": entry["engine"]["command"], "package": entry["engine"]["package"]}
        assert entry["needs"][0] == {**own, "for": "its moves"}
        judged = entry["veto"] is not None or entry["beginner"] is not None
        assert len(entry["needs"]) == (2 if judged else 1)


@pytest.mark.usefixtures("no_stockfish")
def test_the_setup_says_why_a_veto_entry_nearer_the_wish_does_not_play() -> None:
    pool = load_pool()
    vetoed = max(
        (opponent for opponent in pool.opponents if opponent.veto and opponent.offered),
        key=lambda opponent: opponent.rating,
    )
    choice = choose_opponent(pool, OpponentWish(vetoed.rating, person_like=True))
    assert choice.opponent.veto is None and pool.is_available(choice.opponent)
    assert choice.note.startswith(
        f"{vetoed.short_title} cannot play: not installed: stockfish, for its veto of "
    )

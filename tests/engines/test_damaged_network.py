"""A damaged network is found where it can be: ``rated-play engines`` and the setup mark the
entry that plays it as unavailable, saying why, and a game voided by an engine that fails says
why in the engine's own words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engines.errors import EngineUnavailableError
from engines.maia import networks
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from rated_play.session import RatedGame
from tests.builders import run_cli


def cut_in_half(source: Path, target: Path) -> None:
    data = source.read_bytes()
    target.write_bytes(data[: len(data) // 2])


@pytest.fixture
def cut_shipped_network(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The installed networks copied, maia-1500 cut in half, and the copy read in their
    place: the damaged install a tester made."""
    nets = tmp_path / "nets"
    shutil.copytree(networks.NETS_DIR, nets)
    cut_in_half(networks.NETS_DIR / "maia-1500.pb.gz", nets / "maia-1500.pb.gz")
    monkeypatch.setattr(networks, "NETS_DIR", nets)
    return nets


def test_an_entry_whose_network_is_cut_is_unavailable_and_says_why(
    cut_shipped_network: Path,
) -> None:
    pool = load_pool()
    damaged = pool.get("maia-1500")
    assert not pool.is_available(damaged)
    why = pool.why_unavailable(damaged)
    assert why is not None and "maia-1500.pb.gz is cut short or damaged" in why
    assert damaged not in pool.available()
    assert pool.is_available(pool.get("maia-1600")), "the others are whole"


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda path: path.unlink(), "cannot be read (No such file or directory)"),
        (lambda path: path.write_bytes(b"PK\x03\x04 not gzip"), "is not a gzipped network"),
        (lambda path: path.unlink() or path.mkdir(), "is not a file"),
    ],
    ids=["removed", "not gzip", "a directory"],
)
def test_a_network_that_cannot_be_read_keeps_its_entry_out(
    cut_shipped_network: Path, damage: object, said: str
) -> None:
    assert callable(damage)
    damage(cut_shipped_network / "maia-1900.pb.gz")
    pool = load_pool()
    why = pool.why_unavailable(pool.get("maia-1900"))
    assert why is not None and said in why


def test_the_listing_marks_the_damaged_entry(
    cut_shipped_network: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool = load_pool()
    total = len(pool.opponents)
    # Every entry that plays the damaged network is out: the network alone and its veto.
    using = [o.name for o in pool.opponents if o.options.get("WeightsFile") == "maia-1500"]
    assert len(using) >= 2
    status, out, _ = run_cli(capsys, "engines")
    assert status == 0
    for name in using:
        [line] = [line for line in out.splitlines() if f" {name} " in line]
        assert "cut short or damaged" in line
    assert f"{total - len(using)} of {total} available" in out


@pytest.mark.engine
async def test_a_network_that_fails_to_load_stops_the_game_before_it_begins_saying_why(
    ledger: Ledger, profile: Profile, tmp_path: Path
) -> None:
    """A network damaged past what a look at the file finds (not a shipped one, whose length
    is known): the engine loads it on being given it, before the game, so the game never
    begins and costs the player nothing, and the engine's own words say why."""
    weights = tmp_path / "my-maia.pb.gz"
    cut_in_half(networks.NETS_DIR / "maia-1500.pb.gz", weights)
    opponent = Opponent(
        name="my-maia",
        title="My Maia",
        command="rated-play-maia",
        rating=1500.0,
        options={"WeightsFile": str(weights)},
    )
    with pytest.raises(EngineUnavailableError) as failed:
        await RatedGame.start(ledger, profile, opponent, TimeControl.parse("5+3"))
    assert str(failed.value).endswith(
        f"it said: rated-play-maia: {weights} is cut short or damaged; fetch the network again"
    )
    assert ledger.games(profile.id) == []


def test_every_shipped_network_is_whole_and_its_length_is_the_one_its_readme_lists() -> None:
    readme = (networks.NETS_DIR / "README.md").read_text(encoding="utf-8")
    for rating, size in networks.SHIPPED_BYTES.items():
        name = networks.shipped_name(rating)
        assert networks.network_problem(name) is None
        assert f"| `{name}.pb.gz` | {rating}–{rating + 99} | {size} |" in readme
    assert sorted(networks.SHIPPED_BYTES) == list(networks.SHIPPED_RATINGS)

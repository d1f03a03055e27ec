"""``rated-play engines``: what each number of the listing is, in sentences that read whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.calibration.calibrate import Settings, time_control_text
from engines.calibration.stored import SHIPPED_CALIBRATION, read_calibration
from engines.opponents.pool import load_pool
from rated_play.cli import main


def listing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["engines", "--data-dir", str(tmp_path / "data")]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.engine
def test_the_listing_tells_the_engines_setting_from_the_measured_rating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Listed beside 2740, "Stockfish 15.1 at UCI_Elo 2150" puzzled: its number is the
    engine's own setting, 2740 the calibration's measurement, and the listing says so."""
    lines = listing(tmp_path, capsys)
    heading = lines[0].split()
    assert heading[:3] == ["rating", "±", "s.e."] and "setting" in lines[0]
    measured = load_pool().get("stockfish-elo-2150")
    row = next(line for line in lines if " stockfish-elo-2150 " in line)
    assert row.split()[:2] == [f"{measured.rating:.0f}", f"±{measured.rating_error:.0f}"]
    assert row.endswith(measured.title) and "UCI_Elo 2150" in measured.title
    legend = "\n".join(lines)
    assert "rating: measured by the calibration's games, ± one standard error" in legend
    assert "setting: the engine's own; a number in it (UCI_Elo 2150) is its label" in legend


def test_the_calibrations_conditions_read_as_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It ended "0.25 s a move without any": the 0.25 s is for the one entry without a search
    limit of its own (unleashed); the shipped file says what the code writes today."""
    shipped = read_calibration(SHIPPED_CALIBRATION)
    assert shipped is not None
    conditions = time_control_text(Settings(anchors=shipped.provenance.anchors))
    assert shipped.provenance.time_control == conditions
    line = next(line for line in listing(tmp_path, capsys) if line.startswith("calibrated "))
    assert line.endswith(
        f"{shipped.provenance.games:,} games, no clock: each entry searched to its own limit, "
        "and one without a limit for 0.25 s a move"
    )


def test_the_listing_says_each_opponents_kind_and_whether_the_setup_offers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kind is declared, and listed: in the JSON per opponent, and as a column."""
    assert main(["engines", "--json", "--data-dir", str(tmp_path / "data")]) == 0
    described = {o["name"]: o for o in json.loads(capsys.readouterr().out)["opponents"]}
    assert described["stockfish-elo-1500"]["kind"] == "engine"
    assert described["stockfish-unleashed"]["kind"] == "unleashed"
    network = described["maia-1400"]
    assert (network["kind"], network["offered"]) == ("person-like", False)
    assert network["provenance"] == "Maia-1 of lichess players 1400–1499"
    assert network["title"].startswith("A person-like opponent, about ")
    # Rated by its games against person-like opponents, its rating against engines beside it.
    kinds = network["by_kind"]
    assert network["rating"] == kinds["people"]["rating"]
    against_engines = kinds["engines"]["rating"]
    assert described["stockfish-elo-1500"]["by_kind"] is None
    lines = listing(tmp_path, capsys)
    assert "kind" in lines[0].split()
    row = next(line for line in lines if " maia-1400 " in line).split()
    assert row[2:4] == ["person-like", "maia-1400"]
    assert " ".join(row[4:]) == (
        f"Maia-1 of lichess players 1400–1499 [not offered] [{against_engines:.0f} against engines]"
    )
    unleashed = next(line for line in lines if " stockfish-unleashed " in line).split()
    assert unleashed[2] == "unleashed"

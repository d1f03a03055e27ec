"""Loading the pool: the shipped file, the user's additions, a missing engine, broken files."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from engines import schema
from engines.calibration.stored import (
    SHIPPED_CALIBRATION,
    SHIPPED_CHECK,
    CalibrationFile,
    MeasuredRating,
    read_calibration,
    read_check_summary,
    user_calibration_path,
    write_calibration,
    write_check_summary,
)
from engines.errors import PoolConfigError
from engines.opponents.catalog import SHIPPED_POOL, load_catalog
from engines.opponents.opponent import Calibration, Opponent, Protocol, SearchLimit
from engines.opponents.pool import load_pool
from profiles.opponent_kind import OpponentKind
from tests.builders import AWAITING_CALIBRATION

ENGINE_POOL_DOC = Path(__file__).parents[2] / "docs" / "engine-pool.md"

EXTRA = """
[[opponent]]
name = "my-xboard-fairy"
title = "Fairy-Stockfish over XBoard"
command = "fairy-stockfish"
package = "fairy-stockfish"
protocol = "xboard"
args = ["load", "variants.ini"]
rating = 1200
nominal = "skill 5"

[[opponent]]
name = "crafty-lite"
command = "crafty-not-installed"
package = "crafty"
search = { depth = 3 }
rating = 1700
"""


@pytest.mark.engine
def test_the_shipped_pool_spans_beginner_to_full_strength_without_wide_gaps() -> None:
    pool = load_pool()
    low, high = pool.rating_range()
    assert low <= 700
    unleashed = pool.unleashed()
    assert unleashed.name == "stockfish-unleashed" and unleashed.search.is_empty
    # Measured at a quarter of a second a move, it rates at the top of the ladder, within its
    # error; on a real clock it is stronger still.
    assert high - unleashed.rating <= unleashed.rating_error
    # The steps of the ladder are between entries that play at their measured strength on any
    # clock. Unleashed does not: its rating is a floor (a 5+3 game gives it seconds a move, not
    # the quarter second it was measured at), so the step up to it is not one of them.
    ladder = [opponent.rating for opponent in pool.available() if opponent is not unleashed]
    gaps = [upper - lower for lower, upper in itertools.pairwise(ladder)]
    assert max(gaps) <= 200, gaps


def test_the_shipped_pool_is_calibrated_with_provenance() -> None:
    """Every entry is measured but those named as awaiting their calibration games, which are
    off the slider, so no rated game meets a nominal guess."""
    pool = load_pool()
    waiting = {o.name for o in pool.opponents if not o.calibrated}
    assert waiting == AWAITING_CALIBRATION
    assert not any(pool.get(name).offered for name in waiting)
    for opponent in pool.opponents:
        if opponent.name in waiting:
            continue
        assert opponent.calibration is not None
        assert opponent.rating_games > 0
        assert opponent.rating_error > 0 or opponent.name in opponent.calibration.anchors
    provenance = pool.opponents[0].calibration
    assert provenance is not None
    assert provenance.games > 0
    assert "stockfish" in provenance.engines


@pytest.mark.engine
def test_user_opponents_join_the_pool_and_a_missing_engine_is_listed_with_its_package(
    config_dir: Path,
) -> None:
    (config_dir / "engines" / "mine.toml").write_text(EXTRA, encoding="utf-8")
    pool = load_pool(config_dir)
    # An engine that scripts/setup installs, so the test holds on a fresh machine.
    xboard = pool.get("my-xboard-fairy")
    assert xboard.protocol is Protocol.XBOARD
    assert xboard.args == ("load", "variants.ini")
    assert not xboard.calibrated
    assert pool.is_available(xboard)
    assert xboard.kind is OpponentKind.ENGINE and xboard.offered  # left out: an engine, offered
    assert xboard.short_title == xboard.title
    missing = pool.get("crafty-lite")
    assert missing in pool.unavailable()
    assert missing.package == "crafty"
    assert missing not in pool.available()
    assert pool.nearest(1700).name != "crafty-lite"
    assert len(pool.opponents) == len(load_catalog(SHIPPED_POOL)) + 2


def test_a_user_entry_replaces_the_shipped_entry_of_the_same_name(config_dir: Path) -> None:
    (config_dir / "engines" / "override.toml").write_text(
        '[[opponent]]\nname = "stockfish-unleashed"\ncommand = "stockfish"\n'
        "options = { Threads = 2 }\nrating = 3000\n",
        encoding="utf-8",
    )
    pool = load_pool(config_dir)
    assert pool.get("stockfish-unleashed").options["Threads"] == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[[opponent]\nname = 1", "is not valid TOML"),
        ('[[opponent]]\nname = "x"\nrating = 1500\n', "opponent #1 ('x'): 'command' is missing"),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = "strong"\n',
            "opponent #1 ('x'): 'rating' must be a number",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\n'
            "search = { nodes = -5 }\n",
            "'search.nodes' must be a positive integer",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nskill = 3\n',
            "unknown key(s) skill",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nprotocol = "cecp"\n',
            '\'protocol\' must be "uci" or "xboard"',
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\n'
            "search = { movetime = nan }\n",
            "'search.movetime' must be a positive number of seconds, not nan",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nsearch = { time = 1 }\n',
            "unknown key(s) search.time; the keys are search.depth, search.movetime, search.nodes",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nargs = ["-x", 2]\n',
            "'args[1]' must be a string, not 2",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\n'
            "options = { Hash = 1.5 }\n",
            "'options.Hash' must be a string, an integer or true/false, not 1.5",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nkind = "human"\n',
            '\'kind\' must be "engine", "person-like" or "unleashed"',
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "lc0"\nrating = 1500\nkind = "person-like"\n'
            'title = "Maia 1500"\n',
            "a person-like opponent is named by its measured rating and its provenance: "
            "leave out title",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nveto_drop = 0.25\n',
            "veto_drop sets where a veto starts; declare the veto too",
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\nveto = "blunder"\n'
            "veto_drop = 0.35\n",
            'veto_drop must lie between 0.2 and 0.3 for veto = "blunder"',
        ),
        (
            '[[opponent]]\nname = "x"\ncommand = "stockfish"\nrating = 1\n'
            'veto = "inaccuracy"\nveto_drop = 0.1\n',
            'veto_drop must lie between 0 and 0.1 for veto = "inaccuracy"',
        ),
    ],
)
def test_a_broken_user_file_names_the_file_the_entry_and_the_fix(
    config_dir: Path, text: str, expected: str
) -> None:
    broken = config_dir / "engines" / "broken.toml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(PoolConfigError) as raised:
        load_pool(config_dir)
    assert str(broken) in str(raised.value)
    assert expected in str(raised.value)


def test_the_documented_keys_are_the_declared_ones() -> None:
    """docs/engine-pool.md lists the keys a user writes; the declaration on the Opponent and
    SearchLimit fields is what the reader takes: they may not drift apart."""
    paragraph = ENGINE_POOL_DOC.read_text(encoding="utf-8").split("Keys: ", 1)[1].split(". ")[0]
    documented = set(re.findall(r"`([a-z_]+)`", paragraph))
    assert documented == set(schema.keys(Opponent)) | set(schema.keys(SearchLimit))


def test_every_shipped_entry_reads_back_from_what_the_declaration_writes() -> None:
    for opponent in load_catalog(SHIPPED_POOL):
        assert schema.read(Opponent, schema.write(opponent)) == opponent


def test_the_users_calibration_replaces_the_shipped_one(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    mine = Calibration(time_control="5+0.05", machine="test", games=2)
    write_calibration(
        user_calibration_path(data_dir),
        CalibrationFile(mine, {"stockfish-elo-1800": MeasuredRating(1777.0, 42.0, 2)}),
    )
    pool = load_pool(None, data_dir)
    measured = pool.get("stockfish-elo-1800")
    assert (measured.rating, measured.rating_error, measured.rating_games) == (1777.0, 42.0, 2)
    assert measured.calibration == mine
    # Not in the user's calibration: back to the nominal guess, not the shipped measurement.
    assert not pool.get("stockfish-unleashed").calibrated


def test_a_person_like_entry_is_named_by_the_rating_the_calibration_applies(
    tmp_path: Path, config_dir: Path
) -> None:
    """Its title is what it plays, rounded to 50, then where it comes from; measured anew, it
    is named anew. Its network's number is provenance, never its name."""
    (config_dir / "engines" / "mine.toml").write_text(
        '[[opponent]]\nname = "my-net"\ncommand = "lc0"\nrating = 1234\n'
        'kind = "person-like"\nprovenance = "Maia-1 of lichess players 1500–1599"\n',
        encoding="utf-8",
    )
    mine = load_pool(config_dir).get("my-net")
    assert mine.title == "A person-like opponent, about 1250: Maia-1 of lichess players 1500–1599"
    assert mine.short_title == "Person-like ≈1250"
    data_dir = tmp_path / "data"
    write_calibration(
        user_calibration_path(data_dir),
        CalibrationFile(
            Calibration(time_control="5+0.05", machine="test"),
            {"my-net": MeasuredRating(1777.0, 30.0, 20), "maia-1500": MeasuredRating(1624, 30, 9)},
        ),
    )
    pool = load_pool(config_dir, data_dir)
    assert pool.get("my-net").title.startswith("A person-like opponent, about 1800: ")
    assert pool.get("maia-1500").title == (
        "A person-like opponent, about 1600: Maia-1 of lichess players 1500–1599"
    )
    assert pool.get("maia-1500").short_title == "Person-like ≈1600"


def test_a_corrupt_calibration_file_says_what_to_do(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    user_calibration_path(data_dir).write_text("{not json", encoding="utf-8")
    with pytest.raises(PoolConfigError, match="run 'rated-play engines calibrate' again"):
        load_pool(None, data_dir)


def test_the_shipped_calibration_and_its_check_are_written_back_byte_for_byte(
    tmp_path: Path,
) -> None:
    """The declarations read and write the files of the code before them: the shipped ones, and
    every file a calibration in progress writes, are today's format."""
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None and calibration.quality is not None
    assert len(calibration.ratings) == len(json.loads(SHIPPED_CALIBRATION.read_bytes())["ratings"])
    write_calibration(tmp_path / "calibration.json", calibration)
    assert (tmp_path / "calibration.json").read_bytes() == SHIPPED_CALIBRATION.read_bytes()
    check = read_check_summary(SHIPPED_CHECK)
    assert check is not None and check.calibration_date == calibration.provenance.date
    write_check_summary(tmp_path / "calibration-check.json", check)
    assert (tmp_path / "calibration-check.json").read_bytes() == SHIPPED_CHECK.read_bytes()


def test_a_calibration_made_before_the_goodness_of_fit_loads_and_keeps_its_shape(
    tmp_path: Path,
) -> None:
    document = json.loads(SHIPPED_CALIBRATION.read_text(encoding="utf-8"))
    del document["quality"], document["held_out"]
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    calibration = read_calibration(path)
    assert calibration is not None
    assert (calibration.quality, calibration.held_out) == (None, ())
    write_calibration(path, calibration)
    assert json.loads(path.read_text(encoding="utf-8")) == {**document, "held_out": []}


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (
            lambda d: d["ratings"]["stockfish-elo-1500"].update(rating=float("nan")),
            "'ratings.stockfish-elo-1500.rating' must be a number from 0 to 4000, not nan",
        ),
        (lambda d: d["provenance"].pop("machine"), "'provenance.machine' is missing"),
        (lambda d: d.update(held_out=[{"first": "a"}]), "'held_out[0].second' is missing"),
        (lambda d: d.update(quality=[]), "'quality' must be a table, not []"),
        (lambda d: d.update(ratings=[]), "'ratings' must be a table of measured ratings, not []"),
    ],
)
def test_a_damaged_calibration_names_the_key_and_what_to_do(
    damage: Any, expected: str, tmp_path: Path
) -> None:
    document = json.loads(SHIPPED_CALIBRATION.read_text(encoding="utf-8"))
    damage(document)
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(PoolConfigError) as raised:
        read_calibration(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: is not a calibration file")
    assert expected in message
    assert message.endswith("delete it or run 'rated-play engines calibrate' again")


def test_every_shipped_name_writes_a_negative_skill_as_its_title_does() -> None:
    """ "Skill −4 is thinking…" had a minus sign where the title, the setting and every other
    name said "-4"."""
    for opponent in load_pool().opponents:
        for name in (opponent.short_title, opponent.title):
            assert "\N{MINUS SIGN}" not in name, name
    skill = [o for o in load_pool().opponents if "Skill Level -4" in o.title]
    assert skill and all("Skill -4" in o.short_title for o in skill)

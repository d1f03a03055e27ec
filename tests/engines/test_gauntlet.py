"""The calibration gauntlet plays real games, survives being killed, and never replays one."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import chess.pgn
import pytest

from engines.calibration.calibrate import Settings, calibrate, design_path
from engines.calibration.gauntlet import (
    append_game,
    game_key,
    held_out_pairings,
    network_pairings,
    pending,
    read_game_headers,
    schedule_games,
)
from engines.calibration.openings import load_openings
from engines.calibration.run import refuse_off_the_scale
from engines.calibration.stored import SHIPPED_CALIBRATION, MeasuredRating, read_calibration
from engines.errors import CalibrationError
from engines.opponents.opponent import Opponent, SearchLimit
from profiles.ratings.expected import logistic_expected
from tests.builders import weak_fairy

LADDER = """
[[opponent]]
name = "{name}"
command = "fairy-stockfish"
package = "fairy-stockfish"
options = {{ Threads = 1, Hash = 16, "Skill Level" = {skill} }}
search = {{ depth = 1 }}
rating = {rating}
"""
NAMES = ["tiny-a", "tiny-b", "tiny-c"]
MAX_GAMES = 8
"""Games the tiny entries' calibration plays: a few before the kill and the rest after it
(twelve took the test 30-39 s)."""


def _calibrate(data_dir: Path) -> list[str]:
    """Add the tiny entries to the shipped, calibrated pool, held fixed."""
    only = [arg for name in NAMES for arg in ("--only", name)]
    return [
        sys.executable, "-m", "rated_play", "engines", "calibrate", "--data-dir", str(data_dir),
        "--games", "2", "--workers", "2", "--max-games", str(MAX_GAMES), *only,
    ]  # fmt: skip


def _write_ladder(data_dir: Path) -> None:
    engines = data_dir / "config" / "engines"
    engines.mkdir(parents=True)
    text = "".join(
        LADDER.format(name=name, skill=skill, rating=rating)
        for name, skill, rating in zip(NAMES, (-4, -3, -1), (700, 900, 1100), strict=True)
    )
    (engines / "tiny.toml").write_text(text, encoding="utf-8")


def _wait_for_games(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if path.exists() and path.read_text(encoding="utf-8").count("[Event ") >= count:
            return
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} games after a minute")


@pytest.mark.engine
def test_a_killed_calibration_resumes_without_losing_or_replaying_a_game(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _write_ladder(data_dir)
    pgn = data_dir / "calibration-added-games.pgn"
    # SIGKILL: no cleanup runs, as after a power cut; its engines are killed with its group.
    first = subprocess.Popen(_calibrate(data_dir), text=True, stderr=subprocess.PIPE,
                             start_new_session=True)  # fmt: skip
    _wait_for_games(pgn, 3, first)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    before = read_game_headers(pgn)
    assert 3 <= len(before) < MAX_GAMES
    text_before = pgn.read_text(encoding="utf-8")

    second = subprocess.run(_calibrate(data_dir), text=True, capture_output=True, check=False)
    assert second.returncode == 0, second.stderr

    games = read_game_headers(pgn)
    assert pgn.read_text(encoding="utf-8").startswith(text_before)
    keys = [game_key(tags) for tags in games]
    assert len(keys) == len(set(keys)) == MAX_GAMES
    for tags in games:
        assert tags["Result"] in ("1-0", "0-1", "1/2-1/2")
        assert tags["TimeControl"] == "-"  # each entry at its own limits
        assert set(NAMES) & {tags["White"], tags["Black"]}
    with pgn.open(encoding="utf-8") as file:
        while (game := chess.pgn.read_game(file)) is not None:
            # Over on the board, or by a resignation or an agreed draw, as a rated game ends.
            ended_off_board = game.headers.get("EndReason") in ("resignation", "draw agreed")
            assert ended_off_board or game.end().board().outcome(claim_draw=True) is not None
    assert "games" in second.stderr and "added tiny-a" in second.stderr

    # The tiny entries joined the shipped calibration; every shipped rating is as it was.
    shipped = json.loads(SHIPPED_CALIBRATION.read_text(encoding="utf-8"))
    calibration = json.loads((data_dir / "calibration.json").read_text(encoding="utf-8"))
    assert calibration["provenance"] == shipped["provenance"]
    for name, measured in shipped["ratings"].items():
        assert calibration["ratings"][name] == measured
    played = {name for tags in games for name in (tags["White"], tags["Black"])}
    assert set(calibration["ratings"]) == set(shipped["ratings"]) | (played & set(NAMES))

    listed = subprocess.run(
        [sys.executable, "-m", "rated_play", "engines", "--json", "--data-dir", str(data_dir)],
        text=True, capture_output=True, check=False,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    document = json.loads(listed.stdout)
    opponents = {o["name"]: o for o in document["opponents"]}
    added = next(name for name in NAMES if name in calibration["ratings"])
    assert opponents[added]["games"] == sum(
        added in (tags["White"], tags["Black"]) for tags in games
    )
    assert (
        opponents["stockfish-unleashed"]["games"]
        == shipped["ratings"]["stockfish-unleashed"]["games"]
    )
    assert document["calibration"]["goodness_of_fit"]["degrees_of_freedom"] > 0


@pytest.mark.engine
def test_calibrating_one_added_opponent_needs_no_anchor_and_refuses_one(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _write_ladder(data_dir)
    command = [*_calibrate(data_dir), "--anchor", "tiny-b=1000"]
    result = subprocess.run(command, text=True, capture_output=True, check=False)
    assert result.returncode != 0
    assert "leave out --anchor" in result.stderr
    assert not (data_dir / "calibration.json").exists()


def test_a_game_cut_off_mid_write_is_dropped_and_appending_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"], game.headers["Round"] = "a", "b", "1"
    game.add_line([chess.Move.from_uci("e2e4")])
    game.headers["Result"] = "1-0"
    append_game(path, game)
    with path.open("a", encoding="utf-8") as file:
        file.write('[Event "?"]\n[White "a"]\n[Black "b"]\n\n1. d4 d')
    assert len(read_game_headers(path)) == 1
    append_game(path, game)
    assert len(read_game_headers(path)) == 2


def test_games_played_under_an_older_plan_still_count_when_resuming() -> None:
    openings = load_openings()
    a, b, c = (weak_fairy(skill).name for skill in (-20, -10, 0))
    before = schedule_games({(a, b): 4, (b, c): 4}, openings)
    played = []
    for scheduled in before[:6]:
        game = chess.pgn.Game()
        game.headers.update(
            White=scheduled.white, Black=scheduled.black, Opening="elsewhere", Round="1"
        )
        played.append(game.headers)
    # A new plan: a-c and c-b are new, a-b is no longer played.
    after = schedule_games({(a, c): 4, (c, b): 4}, openings)
    todo = pending(after, played)
    counts = Counter(frozenset((game.white, game.black)) for game in todo)
    assert counts[frozenset((a, c))] == 4
    assert counts[frozenset((c, b))] == 1  # three of its four were played under the old plan


def test_every_entry_meets_every_entry_within_the_span_and_some_are_kept_for_the_check() -> None:
    ladder = [weak_fairy(skill) for skill in range(-20, 1, 2)]  # rated 600 to 1000, 40 apart
    pairings = set(network_pairings(ladder, 100))
    for low, weaker in enumerate(ladder):
        for stronger in ladder[low + 1 :]:
            pair = (weaker.name, stronger.name)
            assert (pair in pairings) == (stronger.rating - weaker.rating <= 100), pair
    held_out = held_out_pairings(ladder)
    # 120 apart, one in each 300 points.
    assert held_out == [("fairy-20", "fairy-14"), ("fairy-8", "fairy-2")]
    assert set(held_out) <= set(network_pairings(ladder, 300))  # pairings the calibration plays


def test_held_out_pairings_cross_families_across_the_ladder_where_a_check_can_test_them() -> None:
    ladder = [replace(weak_fairy(-20 + index), rating=500.0 + 100 * index) for index in range(16)]
    # Node-limited Stockfish entries between them: another family.
    ladder += [
        Opponent(
            f"nodes{nodes}",
            f"{nodes} nodes",
            "stockfish",
            550.0 + 200 * index,
            search=SearchLimit(nodes=nodes),
        )
        for index, nodes in enumerate((1, 10, 100, 1000, 10_000, 20_000, 40_000, 80_000))
    ]
    by_name = {opponent.name: opponent for opponent in ladder}
    held_out = held_out_pairings(ladder)
    middles = [(by_name[a].rating + by_name[b].rating) / 2 for a, b in held_out]
    # One in each 300 points of the 1,500 from 500 to 2,000.
    assert len(held_out) == 5 and all(b - a >= 100 for a, b in itertools.pairwise(middles))
    for first, second in held_out:
        weaker, stronger = by_name[first], by_name[second]
        assert weaker.family != stronger.family
        assert 0.25 <= logistic_expected(weaker.rating, stronger.rating) <= 0.75
    entries = [name for pair in held_out for name in pair]
    assert len(entries) == len(set(entries))  # an entry gives up one pairing at most


async def test_a_pairing_held_out_after_it_was_played_keeps_its_games_out_of_the_fit(
    tmp_path: Path,
) -> None:
    # Games as play_match_game writes them (its tags, the opening's moves); the fit reads no
    # more than the tags, and playing them took 26 s of engine time.
    a, b, c = (weak_fairy(skill) for skill in (-20, -10, 0))
    pgn = tmp_path / "games.pgn"
    opening = load_openings()[0]
    pairs = ((a, b, "1-0"), (b, a, "1/2-1/2"), (b, c, "0-1"), (c, b, "1-0"), (a, c, "0-1"))
    for white, black, result in (*pairs, (c, a, "1/2-1/2")):
        game = chess.pgn.Game.from_board(opening.board())
        game.headers.update(
            White=white.name, Black=black.name, TimeControl="-", Opening=opening.name,
            Result=result, Termination="normal",
        )  # fmt: skip
        append_game(pgn, game)
    design_path(pgn).write_text(json.dumps({"held_out": [[a.name, c.name]]}), encoding="utf-8")
    settings = Settings(anchors={b.name: 1000.0}, minimum=2, limit=6)
    outcome = await calibrate([a, b, c], settings, pgn)
    assert len(outcome.games) == 6  # nothing more played, every game still in the file
    assert outcome.held_out == ((a.name, c.name),)
    assert outcome.fit[a.name].games == outcome.fit[c.name].games == 2  # only those with b
    assert outcome.fit[b.name].games == 4


def test_a_rating_off_the_scale_is_refused_before_anything_is_written() -> None:
    shipped = read_calibration(SHIPPED_CALIBRATION)
    assert shipped is not None
    refuse_off_the_scale(shipped)  # the shipped calibration is on the scale
    weak = MeasuredRating(rating=-35.2, error=120.0, games=8)
    off = replace(shipped, ratings=MappingProxyType({**shipped.ratings, "tiny-a": weak}))
    with pytest.raises(CalibrationError, match=r"tiny-a measured -35 ± 120, outside the 0 to 4000"):
        refuse_off_the_scale(off)

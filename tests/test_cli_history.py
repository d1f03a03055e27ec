"""``rated-play games`` and ``rated-play history`` on a ledger of real played games."""

from __future__ import annotations

import hashlib
import json
from itertools import pairwise

import pytest

from profiles.ledger.ledger import Ledger
from profiles.player.past_games import ended_words
from tests.builders import record_game, run_cli
from tests.played_games import ABANDONED_GAME, PLAYER, UNTIMED_GAMES


def test_games_lists_the_ledger_newest_first(
    played: Ledger, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(played.path.parent)
    before = hashlib.sha256(played.path.read_bytes()).hexdigest()
    status, out, _ = run_cli(capsys, "games", PLAYER.lower(), "--json", "--data-dir", data)
    assert status == 0
    document = json.loads(out)
    games = played.games(played.profile(PLAYER).id)
    assert document["name"] == PLAYER and document["system"] == "fide"
    listed = document["games"]
    assert [g["id"] for g in listed] == [g.id for g in reversed(games)]
    for entry, record in zip(listed, reversed(games), strict=True):
        assert entry["status"] == record.status.value
        assert entry["result"] == record.result and entry["player_score"] == record.player_score
        assert entry["opponent"] == record.opponent_name
        assert entry["color"] == ("white" if record.player_color else "black")
    untimed = [g for g in reversed(listed) if g["time_class"] == "untimed"]
    assert [g["rated_number"] for g in untimed] == list(range(1, UNTIMED_GAMES + 1))
    assert all(g["rating_after"] is None for g in untimed[:19]), "no rating before 20 games"
    assert untimed[19]["rating_change"] is None and untimed[19]["rating_after"] is not None
    left = untimed[ABANDONED_GAME - 1]
    assert (left["status"], left["player_score"]) == ("abandoned", 0.0)
    # The session wrote each game's rating as it closed it: the list derives the same.
    for entry in untimed[19:]:
        assert entry["rating_after"] == played.game(entry["id"]).rating_after
    changes = [g["rating_change"] for g in untimed[20:]]
    afters = [g["rating_after"] for g in untimed[19:]]
    assert changes == [pytest.approx(b - a) for a, b in pairwise(afters)]

    assert [g["number"] for g in listed] == list(range(len(games), 0, -1))
    for entry, record in zip(listed, reversed(games), strict=True):
        assert entry["ended"] == ended_words(record)
    assert {"left", "checkmate"} <= {g["ended"] for g in listed}

    status, out, _ = run_cli(capsys, "games", PLAYER, "--data-dir", data)
    assert status == 0
    assert f"{len(games)} games, newest first" in out
    assert "Lost (left)" in out and "1 of 20" in out
    heading, *rows = out.splitlines()[1:]
    assert heading.split()[:2] == ["#", "id"] and "ended" in heading.split()
    for row, record in zip(rows, reversed(games), strict=True):
        number, game_id = row.split()[:2]
        assert (int(number), int(game_id)) == (record.number, record.id)
        ended = row[heading.index("ended") :]
        assert ended.startswith(ended_words(record)), "how it ended, under its heading"
    assert hashlib.sha256(played.path.read_bytes()).hexdigest() == before, "reading only"


def test_one_game_is_counted_as_one(ledger: Ledger, capsys: pytest.CaptureFixture[str]) -> None:
    record_game(ledger, ledger.create_profile("Vera"), 1.0)
    status, out, _ = run_cli(capsys, "games", "Vera", "--data-dir", str(ledger.path.parent))
    assert status == 0
    assert "Vera: 1 game, newest first" in out


def test_history_follows_the_ledger_and_the_twenty_game_rule(
    played: Ledger, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(played.path.parent)
    status, out, _ = run_cli(capsys, "history", PLAYER, "--json", "--data-dir", data)
    assert status == 0
    document = json.loads(out)
    assert list(document["classes"]) == ["bullet", "blitz", "rapid", "classical", "untimed"]
    untimed = document["classes"]["untimed"]
    games = [g for g in played.games(played.profile(PLAYER).id) if g.time_class == "untimed"]
    assert untimed["games"] == len(games) == UNTIMED_GAMES
    assert [p["game"] for p in untimed["points"]] == list(range(20, UNTIMED_GAMES + 1))
    assert [p["game_id"] for p in untimed["points"]] == [g.id for g in games[19:]]
    assert [p["rating"] for p in untimed["points"]] == [g.rating_after for g in games[19:]]
    assert untimed["rating"] == untimed["points"][-1]["rating"]
    opponents = {o["name"]: o for o in untimed["opponents"]}
    for name, line in opponents.items():
        mine = [g for g in games if g.opponent_name == name]
        assert line["games"] == len(mine)
        assert line["wins"] == sum(g.player_score == 1.0 for g in mine)
        assert line["draws"] == sum(g.player_score == 0.5 for g in mine)
        assert line["losses"] == sum(g.player_score == 0.0 for g in mine)
        assert line["performance"] is not None
    assert sum(o["games"] for o in opponents.values()) == UNTIMED_GAMES

    blitz = document["classes"]["blitz"]
    assert (blitz["points"], blitz["rating"], blitz["games_until_rated"]) == ([], None, 18)
    assert all(o["performance"] is None for o in blitz["opponents"]), "no hint of a rating"

    status, out, _ = run_cli(
        capsys, "history", PLAYER, "--class", "No clock", "--system", "glicko2", "--json",
        "--data-dir", data,
    )  # fmt: skip
    assert status == 0
    document = json.loads(out)
    assert document["system"] == "glicko2" and list(document["classes"]) == ["untimed"]
    assert all(p["rd"] is not None for p in document["classes"]["untimed"]["points"])

    status, out, _ = run_cli(capsys, "history", PLAYER, "--data-dir", data)
    assert status == 0
    assert "Blitz · Provisional: 2 of 20 games" in out
    assert "No clock · Rating" in out and "Rating after each rated game" in out
    # Each heading over its column: "rated games" stood over the rating and the games both.
    lines = out.splitlines()
    for at in (n for n, line in enumerate(lines) if line == "  Opponents:"):
        heading, row = lines[at + 1], lines[at + 2]
        assert "rated games" not in heading
        for word in ("rating", "games", "score", "perf."):
            end = heading.index(word) + len(word)
            assert row[end - 1] in "0123456789%-" and row[end : end + 1] in ("", " "), word
        assert row[heading.index("record")] == "+"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["history", PLAYER, "--class", "hyperbullet"], "is not a time-control class"),
        (["history", PLAYER, "--system", "nope"], "choose one of"),
        (["history", "Bobby"], "no profile named 'Bobby'"),
        (["games", "Bobby"], "no profile named 'Bobby'"),
    ],
)
def test_bad_input_is_one_sentence(
    played: Ledger, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run_cli(capsys, *argv, "--data-dir", str(played.path.parent))
    assert status == 2 and out == ""
    assert err.startswith("rated-play: ") and message in err and len(err.splitlines()) == 1

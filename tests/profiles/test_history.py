"""Rating history, the record against each opponent, and the list of past games, headless, on
real ledgers: games with known ratings for the arithmetic, real played games for the rest."""

from __future__ import annotations

import math

import chess
import pytest

from engines.calibration.stored import SHIPPED_CALIBRATION, read_calibration
from engines.opponents.pool import load_pool
from profiles.laws.endings import Termination
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger import Ledger, LedgerError
from profiles.ledger.records import GameStatus, Profile
from profiles.player.card import class_card
from profiles.player.head_to_head import head_to_head
from profiles.player.history import class_history, rating_history
from profiles.player.past_games import GameInPlayError, game_lines, past_game
from profiles.player.seasons import game_score, rated_games
from profiles.ratings import SYSTEMS, get_system
from rated_play.session import RatedGame
from tests.builders import fast_opponent, record_game
from tests.played_games import ABANDONED_GAME, BLITZ_GAMES, PLAYER, UNTIMED_GAMES
from tests.scripted_opponent import ScriptedOpponent

RAPID = TimeControl.parse("15+10")


def record(ledger: Ledger, profile: Profile, opponent: str, rating: float, score: float) -> int:
    """A closed rapid game written straight to the ledger: known inputs for the arithmetic."""
    return record_game(
        ledger, profile, score, opponent=opponent, title=opponent.title(), opponent_rating=rating,
        time_control="15+10", termination=Termination.RESIGNATION,
    )  # fmt: skip


def record_run(ledger: Ledger, profile: Profile, count: int) -> list[int]:
    """``count`` games against two opponents, 1400 and 1700, with every kind of result."""
    scores = (1.0, 0.0, 0.5, 1.0, 1.0, 0.0, 0.5)
    return [
        record(ledger, profile, *(("alpha", 1400.0) if n % 3 else ("beta", 1700.0)), scores[n % 7])
        for n in range(count)
    ]


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_each_point_is_the_card_after_that_game_in_every_system(
    ledger: Ledger, profile: Profile, system: str
) -> None:
    """The graph's point after game n is what the card said after n games, ± included, for
    every system (those that rate game by game hand it back in one pass)."""
    ids = record_run(ledger, profile, 26)
    history = class_history(ledger.games(profile.id), TimeClass.RAPID, system)
    scores = [game_score(g) for g in rated_games(ledger.games(profile.id), TimeClass.RAPID)]
    assert [p.number for p in history.points] == list(range(20, 27))
    assert [p.game_id for p in history.points] == ids[19:]
    for point in history.points:
        card = class_card(TimeClass.RAPID, scores[: point.number], system)
        assert point.rating == pytest.approx(card.rating), point.number
        assert point.rd == (None if card.rd is None else pytest.approx(card.rd))
    assert history.card.rating == pytest.approx(history.points[-1].rating)


def test_no_point_exists_before_the_twentieth_game(ledger: Ledger, profile: Profile) -> None:
    record_run(ledger, profile, 19)
    history = rating_history(ledger, profile)[TimeClass.RAPID]
    assert history.points == () and history.card.rating is None
    assert history.card.games_until_rated == 1
    record(ledger, profile, "alpha", 1400.0, 1.0)
    (first,) = rating_history(ledger, profile)[TimeClass.RAPID].points
    assert first.number == 20
    # The FIDE system's initial rating: the performance over the 20 games, in whole points.
    assert first.rating == round(get_system("performance").rate(
        [game_score(g) for g in ledger.games(profile.id)]
    ).rating)  # fmt: skip
    assert all(
        not h.points for c, h in rating_history(ledger, profile).items() if c is not TimeClass.RAPID
    )


def test_glicko2_points_carry_their_deviation(ledger: Ledger, profile: Profile) -> None:
    record_run(ledger, profile, 22)
    points = rating_history(ledger, profile, "glicko2")[TimeClass.RAPID].points
    assert all(p.rd is not None and 45 <= p.rd < 500 for p in points)
    assert all(p.rd is None for p in rating_history(ledger, profile)[TimeClass.RAPID].points)


def test_the_record_against_each_opponent(ledger: Ledger, profile: Profile) -> None:
    """Counts from the ledger; the performance against one opponent rated R is
    R + 400·log10(points / (games − points)), and all wins get the fit's one virtual draw."""
    record_run(ledger, profile, 21)
    for _ in range(3):
        record(ledger, profile, "gamma", 1000.0, 1.0)
    history = rating_history(ledger, profile)[TimeClass.RAPID]
    lines = {line.name: line for line in head_to_head(history.games, history.card)}
    assert list(lines) == ["alpha", "beta", "gamma"], "most games first"
    for name, line in lines.items():
        games = [g for g in ledger.games(profile.id) if g.opponent_name == name]
        scores = [g.player_score for g in games]
        assert line.games == len(games)
        assert (line.wins, line.draws, line.losses) == (
            scores.count(1.0),
            scores.count(0.5),
            scores.count(0.0),
        )
        assert line.rating == games[0].opponent_rating
        assert line.title == name.title()
    alpha = lines["alpha"]
    expected = 1400.0 + 400 * math.log10(alpha.points / (alpha.games - alpha.points))
    assert alpha.performance == pytest.approx(expected, abs=0.01)
    assert lines["gamma"].performance == pytest.approx(1000 + 400 * math.log10(7), abs=0.01)


def test_no_performance_while_the_class_is_provisional(ledger: Ledger, profile: Profile) -> None:
    record_run(ledger, profile, 19)
    history = rating_history(ledger, profile)[TimeClass.RAPID]
    lines = head_to_head(history.games, history.card)
    assert lines and all(line.performance is None for line in lines)
    assert sum(line.games for line in lines) == 19


def test_past_games_are_rated_against_todays_calibration(ledger: Ledger, profile: Profile) -> None:
    record_run(ledger, profile, 21)
    before = rating_history(ledger, profile)[TimeClass.RAPID]
    ledger.rate_opponents({"alpha": 1500.0})
    after = rating_history(ledger, profile)[TimeClass.RAPID]
    alpha = next(line for line in head_to_head(after.games, after.card) if line.name == "alpha")
    assert alpha.rating == 1500.0
    assert after.points[-1].rating > before.points[-1].rating, "the same results, a stronger alpha"
    lines = game_lines(ledger, profile)
    assert lines[0].rating == after.points[-1]


def test_the_list_of_real_games_newest_first(played: Ledger) -> None:
    profile = played.profile(PLAYER)
    lines = game_lines(played, profile)
    games = played.games(profile.id)
    assert [line.record.id for line in lines] == [g.id for g in reversed(games)]
    untimed = [line for line in reversed(lines) if line.record.time_class is TimeClass.UNTIMED]
    assert [line.number for line in untimed] == list(range(1, UNTIMED_GAMES + 1))
    assert [line.rating_words for line in untimed[:19]] == [f"{n} of 20" for n in range(1, 20)]
    history = rating_history(played, profile)[TimeClass.UNTIMED]
    assert untimed[19].rating_words == f"{history.points[0].rating:.0f} first"
    left = untimed[ABANDONED_GAME - 1]
    assert left.record.status is GameStatus.ABANDONED and left.record.player_score == 0.0
    assert left.change == history.points[1].rating - history.points[0].rating
    blitz = [line for line in lines if line.record.time_class is TimeClass.BLITZ]
    assert [line.rating_words for line in blitz] == ["2 of 20", "1 of 20"]
    assert len(blitz) == BLITZ_GAMES
    # The session wrote the rating after each game as it closed it; the history derives the
    # same numbers from the games.
    assert [p.rating for p in history.points] == [
        played.game(p.game_id).rating_after for p in history.points
    ]


def test_a_past_game_replays_its_moves(played: Ledger) -> None:
    record = played.games(played.profile(PLAYER).id)[0]
    game = past_game(played, record.id)
    board = chess.Board()
    for recorded, move in zip(played.moves(record.id), game.moves, strict=True):
        assert move.uci() == recorded.uci
        board.push(move)
    assert game.board_after(len(game.moves)) == board
    assert game.board_after(0) == chess.Board()
    assert len(game.sans()) == len(game.moves)


async def test_nothing_of_a_profile_is_looked_back_at_while_it_has_a_game_on(
    played: Ledger,
) -> None:
    profile = played.profile(PLAYER)
    old = played.games(profile.id)[0].id
    other = played.create_profile("Judit")
    judit_game = record(played, other, "alpha", 1400.0, 1.0)
    game = await RatedGame.start(played, profile, fast_opponent(), RAPID, seated=ScriptedOpponent())
    try:
        assert played.game_in_play(profile.id) is not None
        with pytest.raises(GameInPlayError, match=f"game {game.game_id} is still being played"):
            past_game(played, game.game_id)
        waiting = "past games, their analyses and their export wait"
        with pytest.raises(GameInPlayError, match=waiting):
            past_game(played, old)
        assert past_game(played, judit_game).record.profile_id == other.id, "another profile"
        lines = game_lines(played, profile)
        assert lines[0].record.id == game.game_id and lines[0].rating_words == ""
    finally:
        await game.close()
    assert played.game_in_play(profile.id) is None
    assert past_game(played, old).record.id == old
    assert game_lines(played, profile)[0].record.status is GameStatus.ABANDONED


def test_a_damaged_move_is_named(ledger: Ledger, profile: Profile) -> None:
    game_id = record(ledger, profile, "alpha", 1400.0, 1.0)
    ledger.record_move(game_id, 1, "e2e5", None)
    with pytest.raises(LedgerError, match=r"damaged \(ply 1, 'e2e5', is not a legal move\)"):
        past_game(ledger, game_id)


def test_past_games_against_a_person_like_opponent_follow_its_rating_against_people(
    ledger: Ledger, profile: Profile
) -> None:
    """Games played against the veto of Maia 1900's mistakes while the pool rated it on one
    scale (2266, most of it earned against engines) are rated, now that the pool rates it by
    kind, by its rating against person-like opponents, which predicts a person's games: the
    results are the same, the rating they earn lower; each game keeps the rating it was
    played at."""
    pool = load_pool()
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None
    name = "maia-1900-no-mistakes"
    against_people = calibration.by_kind[name].people
    assert against_people is not None
    assert pool.get(name).rating == against_people.rating
    scores = (1.0, 0.0, 0.5, 0.0, 0.0, 1.0, 0.5)
    for n in range(21):
        record(ledger, profile, name, 2265.5, scores[n % 7])
    before = rating_history(ledger, profile)[TimeClass.RAPID].card.rating
    ledger.rate_opponents(pool.calibrated_ratings())
    games = ledger.games(profile.id)
    assert {game.opponent_rating for game in games} == {2265.5}
    assert {game.opponent_rating_today for game in games} == {against_people.rating}
    after = rating_history(ledger, profile)[TimeClass.RAPID].card.rating
    assert before is not None and after is not None
    assert after < before - 100

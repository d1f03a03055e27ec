"""Ratings derived from a real SQLite ledger: recomputed from scratch, they are what was stored
game by game; and the season leaderboard across profiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus, Profile
from profiles.player.seasons import Season, game_season, leaderboard
from profiles.ratings import PROVISIONAL_GAMES, SYSTEMS, GameScore, PlayerStart, get_system
from profiles.ratings.from_ledger import class_ratings, game_score, rated_games

BLITZ = TimeControl.parse("5+3")
RAPID = TimeControl.parse("15+10")
FIDE = get_system("fide")


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    opened = Ledger.open(DataDirectory(tmp_path))
    yield opened  # type: ignore[misc]
    opened.close()


def play(
    ledger: Ledger,
    profile: Profile,
    opponent: float,
    score: float | None,
    *,
    time_control: TimeControl = BLITZ,
    status: GameStatus = GameStatus.FINISHED,
) -> None:
    """One game through the ledger's write API, storing the FIDE rating the way a session
    would: the provisional performance over the class's games so far, then one Elo update from
    the rating stored after the previous game."""
    game = ledger.open_game(
        profile,
        opponent_name=f"engine {opponent:g}",
        opponent_title="Engine",
        opponent_rating=opponent,
        time_control=time_control,
        rating_before=None,
    )
    earlier = rated_games(ledger.games(profile.id), time_control.time_class)
    rating_after = None
    if status is not GameStatus.VOID:
        assert score is not None
        scores = [game_score(g) for g in earlier if g.id != game.id]
        new = GameScore(opponent, score)
        if len(scores) < PROVISIONAL_GAMES:
            rating_after = FIDE.rate([*scores, new]).rating
        else:
            before = PlayerStart(earlier[-1].rating_after, games=len(scores))
            rating_after = FIDE.rate([new], before).rating
    winner = {1.0: game.player_color, 0.0: not game.player_color}.get(score)
    ending = {
        GameStatus.VOID: Termination.ENGINE_FAILURE,
        GameStatus.ABANDONED: Termination.ABANDONED,
    }.get(status, Termination.CHECKMATE if winner is not None else Termination.DRAW_AGREED)
    result = GameResult(Ending(ending, winner), game.player_color)
    ledger.close_game(game.id, result, pgn="", rating_after=rating_after)


def test_recomputed_ratings_are_the_stored_ones(ledger: Ledger) -> None:
    profile = ledger.create_profile("Fred")
    pattern = [1.0, 0.5, 0.0, 1.0, 1.0, 0.0]
    for n in range(34):
        play(ledger, profile, 1400 + 25 * (n % 9), pattern[n % len(pattern)])
        if n == 10:
            play(ledger, profile, 1600, None, status=GameStatus.VOID)
        if n == 25:
            play(ledger, profile, 1500, 0.0, status=GameStatus.ABANDONED)
    play(ledger, profile, 1800, 1.0, time_control=RAPID)

    games = ledger.games(profile.id)
    blitz = rated_games(games, TimeClass.BLITZ)
    assert len(blitz) == 35  # 34 finished + 1 abandoned; the void game is not rated
    ratings = class_ratings(games)
    assert ratings[TimeClass.BLITZ].history == tuple(g.rating_after for g in blitz)
    assert ratings[TimeClass.BLITZ].games == 35 and not ratings[TimeClass.BLITZ].provisional
    assert ratings[TimeClass.RAPID].games == 1 and ratings[TimeClass.RAPID].provisional

    # Every system recomputes from the same ledger, one game at a time or all at once alike.
    scores = [game_score(g) for g in blitz]
    for name, system in SYSTEMS.items():
        whole = class_ratings(games, system)[TimeClass.BLITZ]
        assert whole.games == 35, name
        if name in {"elo", "club", "uscf-classic"}:
            state = system.rate(scores[:1])
            for score in scores[1:]:
                state = system.rate([score], PlayerStart(state.rating, games=state.games))
            assert state.rating == whole.rating, name


def test_leaderboard_across_profiles(ledger: Ledger) -> None:
    """Sudoku Corner's rating rules: season ratings start each month at 1200, per division, K 40
    for new players.
    Ann beats a 1200 twice (+20, then 1220 vs 1200: 40·(1 − 0.529) = +19): 1239. Bob draws a
    1200: 1200. Cy plays rapid only."""
    ann, bob, cy = (ledger.create_profile(name) for name in ("Ann", "Bob", "Cy"))
    play(ledger, ann, 1200, 1.0)
    play(ledger, ann, 1200, 1.0)
    play(ledger, bob, 1200, 0.5)
    play(ledger, cy, 1500, 0.0, time_control=RAPID)
    season = game_season(ledger.games()[0])
    table = leaderboard(ledger, season)
    assert list(table) == [TimeClass.BLITZ, TimeClass.RAPID]
    # Nobody has 20 rated games yet: the ratings are withheld, the nearer to rated first.
    assert [
        (s.profile, s.rating, s.games, s.wins, s.draws, s.games_until_rated)
        for s in table[TimeClass.BLITZ]
    ] == [("Ann", None, 2, 2, 0, 18), ("Bob", None, 1, 0, 1, 19)]
    assert [(s.profile, s.losses) for s in table[TimeClass.RAPID]] == [("Cy", 1)]
    assert leaderboard(ledger, Season(season.year - 1, season.month)) == {}


def test_seasons_follow_one_another_across_the_new_year() -> None:
    assert Season(2025, 12).shifted(1) == Season(2026, 1)
    assert Season(2026, 1).shifted(-1) == Season(2025, 12)
    assert Season(2025, 3).shifted(-27) == Season(2022, 12)
    assert Season(2025, 3).shifted(0) == Season(2025, 3)


def test_season_parsing() -> None:
    assert str(Season.parse("2025-03")) == "2025-03"
    with pytest.raises(ValueError, match="YYYY-MM"):
        Season.parse("2025-13")


def test_a_season_rating_is_shown_from_the_twentieth_rated_game(ledger: Ledger) -> None:
    """The 20-game rule holds on the leaderboard: Ann's nineteen draws with a 1200 leave her
    season rating hidden; her twentieth game, a win, shows it: 1200 until then (draws with an
    equal), then 40·(1 − 0.5) = +20 at K 40."""
    ann = ledger.create_profile("Ann")
    for _ in range(PROVISIONAL_GAMES - 1):
        play(ledger, ann, 1200, 0.5)
    season = game_season(ledger.games()[0])
    (standing,) = leaderboard(ledger, season)[TimeClass.BLITZ]
    assert (standing.rating, standing.games_until_rated, standing.shown) == (None, 1, "1 to rated")
    play(ledger, ann, 1200, 1.0)
    (standing,) = leaderboard(ledger, season)[TimeClass.BLITZ]
    assert (standing.rating, standing.games_until_rated, standing.shown) == (1220, 0, "1220")

"""The slider's range follows the player's results; the 400-point rule is named where it acts."""

from __future__ import annotations

from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from profiles.player.card import build_card, preview, rated_alike
from profiles.player.opponent_choice import REACH_ABOVE, cap_note, counted_as, slider_range
from tests.builders import record_game


def test_without_results_the_slider_spans_the_pool() -> None:
    limits = slider_range(455, 3200, None)
    assert (limits.low, limits.high, limits.informative) == (455, 3200, None)
    assert limits.opening_value(None, None, 1200) == 1200
    assert limits.opening_value(None, 2000, 1200) == 2000, "the last choice, with nothing to follow"


def test_a_losing_player_sees_the_top_come_down_and_the_band_around_them() -> None:
    strong, weak = slider_range(455, 3200, 1500), slider_range(455, 3200, 600)
    assert strong.high == 1500 + REACH_ABOVE and weak.high == 600 + REACH_ABOVE < strong.high
    assert weak.informative == (200, 1000)
    assert weak.opening_value(600, 1100, 1200) == 600, "a last choice out of the band gives way"
    assert weak.opening_value(600, 900, 1200) == 900, "one inside the band is kept"
    assert slider_range(455, 3200, 100).high == 900
    assert slider_range(455, 3200, -500).high == 455, "never below the weakest opponent"


def test_the_cap_note_names_the_400_point_rule_beyond_400_only() -> None:
    assert cap_note(1000, 1400) == "" and cap_note(1000, 600) == "" and cap_note(None, 3000) == ""
    assert "400-point rule" in cap_note(1000, 1401) and "above" in cap_note(1000, 1401)
    assert "below" in cap_note(1000, 599)


def test_the_rule_is_named_only_where_the_players_system_rates_the_game_by_it(
    ledger: Ledger, profile: Profile
) -> None:
    """FIDE caps a rated player's gap at 400; Glicko-2 never does, and no system rates a
    provisional player's game as if the opponent stood 400 away."""
    blitz = TimeControl.parse("5+3").time_class
    for _ in range(3):
        record_game(ledger, profile, 0.5, opponent_rating=1000)
    games = ledger.games(profile.id)

    def alike(system: str) -> bool:
        estimate = build_card(ledger, profile, system).classes[blitz].state
        assert estimate is not None
        counted = counted_as(estimate.rating, 3000)
        assert counted == estimate.rating + 400
        return rated_alike(*(preview(games, blitz, r, system) for r in (3000, counted)))

    assert not alike("fide"), "provisional"
    for _ in range(20):
        record_game(ledger, profile, 0.5, opponent_rating=1000)
    games = ledger.games(profile.id)
    assert alike("fide") and not alike("glicko2")

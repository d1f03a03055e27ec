"""The slider's range follows the player's results; the 400-point rule is named where it acts."""

from __future__ import annotations

from profiles.opponent_choice import REACH_ABOVE, cap_note, slider_range


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

"""A node-limited opponent does not think exactly as long on every move."""

from __future__ import annotations

from engines.opponents.engine_player import UNTIMED_MOVETIME, Bounds, clocked_limit
from engines.opponents.opponent import NODE_JITTER, SearchLimit


def test_a_node_budget_varies_within_its_band_and_other_limits_do_not() -> None:
    budgets = {SearchLimit(nodes=10_000, depth=12).limit().nodes for _ in range(200)}
    assert len(budgets) > 50, "a fixed budget would let a player replay a won game"
    assert all(b is not None and abs(b - 10_000) <= 10_000 * NODE_JITTER for b in budgets)
    assert {SearchLimit(nodes=10_000, depth=12).limit().depth for _ in range(10)} == {12}
    assert SearchLimit(nodes=1).limit().nodes == 1


def test_a_callers_bounds_only_ever_shorten_an_opponents_own_search() -> None:
    # A GUI's go depth, nodes or movetime (engines uci) stops the search sooner, never later.
    assert clocked_limit(SearchLimit(depth=5), None, Bounds(depth=3)).depth == 3
    assert clocked_limit(SearchLimit(depth=5), None, Bounds(depth=250)).depth == 5
    assert clocked_limit(SearchLimit(), None, Bounds(depth=8)).depth == 8
    assert clocked_limit(SearchLimit(movetime=2.0), None, Bounds(movetime=0.5)).time == 0.5
    limited = clocked_limit(SearchLimit(nodes=300), None, Bounds(nodes=100_000)).nodes
    assert limited is not None and limited <= 300 * (1 + NODE_JITTER)
    # Without a clock and a limit of its own the opponent thinks for a fixed time, except
    # under go infinite, where it searches until it is told to move.
    assert clocked_limit(SearchLimit(), None).time == UNTIMED_MOVETIME
    assert clocked_limit(SearchLimit(), None, Bounds(until_stopped=True)).time is None
    # A bound tighter than the entry's own leaves out the judge's deeper variation.
    assert Bounds(depth=3).shorten(SearchLimit())
    assert Bounds(nodes=100).shorten(SearchLimit(nodes=300))
    assert not Bounds(depth=250).shorten(SearchLimit(depth=5))
    assert not Bounds(movetime=0.5).shorten(SearchLimit(nodes=300))

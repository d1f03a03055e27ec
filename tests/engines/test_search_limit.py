"""A node-limited opponent does not think exactly as long on every move."""

from __future__ import annotations

from engines.opponents.opponent import NODE_JITTER, SearchLimit


def test_a_node_budget_varies_within_its_band_and_other_limits_do_not() -> None:
    budgets = {SearchLimit(nodes=10_000, depth=12).limit().nodes for _ in range(200)}
    assert len(budgets) > 50, "a fixed budget would let a player replay a won game"
    assert all(b is not None and abs(b - 10_000) <= 10_000 * NODE_JITTER for b in budgets)
    assert {SearchLimit(nodes=10_000, depth=12).limit().depth for _ in range(10)} == {12}
    assert SearchLimit(nodes=1).limit().nodes == 1

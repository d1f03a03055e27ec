"""The Maia networks shipped with rated-play, and how a network is named.

The nine files in ``engines/maia/nets`` are the Maia-1 networks of McIlroy-Young, Sen,
Kleinberg and Anderson, "Aligning Superhuman AI with Human Behavior: Chess as a Model System"
(KDD 2020), from the public repository CSSLab/maia-chess (folder ``maia_weights``), under the
GPL-3.0; ``engines/maia/nets/README.md`` says so beside them. Each was trained on lichess games
of players rated from its number to 99 above it (maia-1500: 1500–1599).
"""

from __future__ import annotations

import os
from pathlib import Path

NETS_DIR = Path(__file__).with_name("nets")
SUFFIX = ".pb.gz"
SHIPPED_RATINGS = tuple(range(1100, 2000, 100))
"""The ratings the shipped networks were trained at: maia-1100 … maia-1900."""


def shipped_name(rating: int) -> str:
    return f"maia-{rating}"


def network_path(name: str) -> Path:
    """The weights file a ``WeightsFile`` value names: a shipped network by its name
    (``maia-1500``), anything else as a path."""
    if os.sep not in name and not name.endswith(SUFFIX):
        return NETS_DIR / f"{name}{SUFFIX}"
    return Path(name).expanduser()

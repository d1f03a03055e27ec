"""``profiles`` stays headless: the rating code loads neither Textual nor ``rated_play``."""

from __future__ import annotations

import subprocess
import sys


def test_rating_modules_import_no_ui() -> None:
    code = (
        "import sys, profiles.ratings, profiles.ratings.systems, profiles.player.seasons; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'textual', 'rated_play'}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"

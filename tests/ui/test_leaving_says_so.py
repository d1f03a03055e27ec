"""Leaving a rated game with "Leave and lose" ends the app with a line on the terminal that
says the game was scored as a loss (issue 28): it dropped to an empty prompt. The real app on
a pseudo-terminal, the keys a player presses."""

from __future__ import annotations

import os
import select
import time
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from tests.builders import app_on_a_terminal

F5, CTRL_Q, TAB, ENTER = b"\x1b[15~", b"\x11", b"\t", b"\r"


def read_until(fd: int, wanted: bytes, seen: bytearray, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break  # the child has gone, and its terminal with it
    assert wanted in seen, f"{wanted!r} never came"


def test_leave_and_lose_says_on_the_terminal_that_the_game_is_lost(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    profile = ledger.create_profile("Magnus")
    ledger.close()
    child, main_fd = app_on_a_terminal("-m", "rated_play", "--data-dir", str(data))
    try:
        seen = bytearray()
        read_until(main_fd, b"Start", seen)
        os.write(main_fd, F5)
        read_until(main_fd, b"Resign", seen)
        os.write(main_fd, CTRL_Q)
        read_until(main_fd, b"Leave and lose", seen)
        os.write(main_fd, TAB)
        time.sleep(0.3)
        os.write(main_fd, ENTER)
        after = bytearray()
        read_until(main_fd, b"always is.", after)
        assert child.wait(timeout=10) == 0
        said = " ".join(after.decode(errors="replace").split())
        assert "was left before it ended: it is scored as a loss by abandonment" in said
    finally:
        os.close(main_fd)
        if child.poll() is None:
            child.kill()
            child.wait()
    ledger = Ledger.open(DataDirectory(data), readonly=True)
    [game] = ledger.games(profile.id)
    ledger.close()
    assert game.status is GameStatus.ABANDONED

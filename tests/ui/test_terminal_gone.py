"""A process whose terminal is gone exits within a second or two, whatever Textual does.

Textual's Linux driver sometimes blocks for ever in its shutdown once the terminal has gone
(``LinuxDriver.close`` waiting on its writer thread's queue; about 1 run in 8). That hang
cannot be produced on demand, so the child makes it certain: its driver's ``close`` never
returns. Everything else is real: the app on a pseudo-terminal, the hang-up signal.
"""

from __future__ import annotations

import os
import select
import signal
import textwrap
import time
from pathlib import Path

from rated_play.ui.launch import EXIT_GRACE_SECONDS
from tests.builders import app_on_a_terminal

CHILD = textwrap.dedent(
    """
    import sys, threading
    from textual.drivers.linux_driver import LinuxDriver

    def close_for_ever(self):
        threading.Event().wait()  # the writer thread's queue never drains

    LinuxDriver.close = close_for_ever
    from rated_play.cli import main
    sys.exit(main(["--data-dir", sys.argv[1]]))
    """
)


def test_the_app_exits_soon_after_its_terminal_hangs_up(tmp_path: Path) -> None:
    child, main_fd = app_on_a_terminal("-c", CHILD, str(tmp_path / "data"))
    try:
        drawn = b""
        deadline = time.monotonic() + 30
        while b"Start" not in drawn and time.monotonic() < deadline:
            ready, _, _ = select.select([main_fd], [], [], 0.5)
            if ready:
                drawn += os.read(main_fd, 65536)
        assert b"Start" in drawn, "the setup screen was drawn"
        os.close(main_fd)  # the terminal window closes...
        child.send_signal(signal.SIGHUP)  # ...and the kernel hangs up its processes
        hung_up = time.monotonic()
        status = child.wait(timeout=EXIT_GRACE_SECONDS + 10)
        # The signal is handled in the event loop, which just after the first paint may still
        # be loading the game's modules: from hang-up to exit took 1.77 to 2.67 s here, over
        # six runs of this code and six of the code before it, against a grace of 1.5 s. A
        # hang would never end; three seconds of slack tell the two apart on a busy machine.
        assert time.monotonic() - hung_up < EXIT_GRACE_SECONDS + 3.0
        assert status == 128 + signal.SIGHUP
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()

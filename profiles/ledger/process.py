"""Which process plays a game: its id and the moment it started, so a process that died and a
new one given the same id are never taken for each other.

The lock file of a game in play (:mod:`profiles.ledger.ledger`) is the first evidence that a
process plays it, but a file can be removed by hand; the process written in the game's row is
the second. Linux gives a process's start in field 22 of ``/proc/PID/stat``, in clock ticks
since boot, and its state in field 3, where a zombie (``Z``) has ended though its parent has
not read its exit (proc(5), https://man7.org/linux/man-pages/man5/proc_pid_stat.5.html).
Where there is no ``/proc`` the lock is the only evidence, as before.
"""

from __future__ import annotations

import os
from typing import NamedTuple


class PlayingProcess(NamedTuple):
    pid: int
    started: int
    """Clock ticks from boot to the process's start."""


ENDED_STATES = frozenset({b"Z", b"X", b"x"})
"""The states of field 3 of a process that has ended: a zombie (dead, its exit not yet read by
its parent) and a dead one. A zombie keeps its id and its start time until it is reaped, so a
player killed under a parent that never waits would read as playing on."""


def _stat_fields(pid: int) -> list[bytes] | None:
    """The fields of ``/proc/PID/stat`` from field 3 on (index 0 is field 3)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command's name, in parentheses, may hold spaces and parentheses: fields are counted
    # from the last ")", after which the first field is field 3 of the whole line.
    return text[text.rfind(b")") + 2 :].split()


def _started(pid: int) -> int | None:
    fields = _stat_fields(pid)
    try:
        return None if fields is None else int(fields[19])  # field 22
    except (IndexError, ValueError):
        return None


def this_process() -> PlayingProcess | None:
    """This process, or None where the system does not say when it started."""
    started = _started(os.getpid())
    return None if started is None else PlayingProcess(os.getpid(), started)


def is_running(process: PlayingProcess) -> bool:
    """Whether that process still runs: the same id, started at the same moment, and not
    ended (a zombie runs no more, whoever has yet to reap it)."""
    fields = _stat_fields(process.pid)
    if fields is None or len(fields) < 20 or fields[0] in ENDED_STATES:
        return False
    try:
        return int(fields[19]) == process.started
    except ValueError:
        return False

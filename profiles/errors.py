"""The one base of every error whose message is meant for a person.

Each layer raises its own subclass where the problem is found, with a message that says what to
do; the command line and the app catch :class:`UserError` once, at their edge, and show the
message. Nothing in between re-wraps one of these into another.
"""

from __future__ import annotations

import re


class UserError(Exception):
    """A problem the user can fix; the message says how, in one sentence."""


def printable(text: object) -> str:
    """``text`` on one line: characters a terminal would act on (newlines, escapes, invalid
    UTF-8 kept as surrogates) are shown as Python escapes instead of being printed raw."""
    shown = str(text)
    if shown.isprintable():
        return shown
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)


def printable_lines(text: str) -> str:
    """``text`` with its lines kept, each shown as :func:`printable` shows a line: a PGN or a
    report read from the ledger, whose lines are its own but whose characters may not be."""
    return "\n".join(printable(line) for line in text.split("\n"))


_MOVE_FIRST = re.compile(r"[a-h](?:[1-8]|x[a-h])")
"""A message that begins with a move or a square ("e4 is not legal", "exd5: …", "g1f3"), whose
first letter is the file's and stays small."""


def sentence(text: object) -> str:
    """A message meant for a person as a screen shows it: a sentence, its first letter a
    capital and a full stop at its end. The messages themselves are written to follow
    "rated-play: " on the command line, small and unstopped; a move they begin with keeps
    its small letter."""
    said = printable(text).strip()
    if not said:
        return said
    if said[0].islower() and not _MOVE_FIRST.match(said):
        said = said[0].upper() + said[1:]
    return said if said[-1] in ".?!…" else f"{said}."

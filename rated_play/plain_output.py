"""Output on a terminal that cannot show every character (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``
or ``latin-1``): the characters rated-play writes are spelt in plain ASCII instead (± as +/-),
and any other as a Python escape, so a command degrades instead of failing on its first ±."""

from __future__ import annotations

import codecs
import io
import sys

ERRORS = "rated-play-plain"
"""The codec error handler (:func:`codecs.register_error`) the standard streams write with."""

PLAIN = {
    "±": "+/-",
    "−": "-",
    "–": "-",
    "—": "-",
    "·": "*",
    "…": "...",
    "→": "->",
    "≈": "~",
    "≥": ">=",
    "≤": "<=",
    "×": "x",
    "½": "1/2",
    "²": "2",
    "¹": "1",
    "⁻": "-",
    "χ": "chi",
    "τ": "tau",
    "σ": "sigma",
    "φ": "phi",
    "ε": "epsilon",
    "Δ": "Delta",
    "Σ": "Sum",
    "§": "S.",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    # rich's progress bar
    "━": "-",
    "╸": "-",
    "╺": "-",
}


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    # Every terminal encoding in use is a superset of ASCII, which every replacement is.
    shown = (
        PLAIN.get(char) or char.encode("ascii", "backslashreplace").decode("ascii")
        for char in error.object[error.start : error.end]
    )
    return "".join(shown), error.end


codecs.register_error(ERRORS, _plain)


def plain_where_needed() -> None:
    """Let standard output and error write any text, plainly where their encoding cannot."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)

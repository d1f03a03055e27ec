"""The Maia networks shipped with rated-play, and how a network is named.

The nine files in ``engines/maia/nets`` are the Maia-1 networks of McIlroy-Young, Sen,
Kleinberg and Anderson, "Aligning Superhuman AI with Human Behavior: Chess as a Model System"
(KDD 2020), from the public repository CSSLab/maia-chess (folder ``maia_weights``), under the
GPL-3.0; ``engines/maia/nets/README.md`` says so beside them. Each was trained on lichess games
of players rated from its number to 99 above it (maia-1500: 1500–1599).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

NETS_DIR = Path(__file__).with_name("nets")
SUFFIX = ".pb.gz"
WEIGHTS_OPTION = "WeightsFile"
"""lc0's name for the UCI option that gives the network (a shipped one by name, anything else
by path): the engine takes it, and an entry of the pool names its network with it."""
SHIPPED_RATINGS = tuple(range(1100, 2000, 100))
"""The ratings the shipped networks were trained at: maia-1100 … maia-1900."""
SHIPPED_BYTES = {
    1100: 1313193,
    1200: 1249692,
    1300: 1244431,
    1400: 1328977,
    1500: 1258199,
    1600: 1313870,
    1700: 1313415,
    1800: 1289431,
    1900: 1262607,
}
"""Each shipped file's length, as ``nets/README.md`` lists it beside its SHA-256: a shipped
file of another length was cut short or replaced, which a stat finds at every start where
unpacking all nine took half a second."""
GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of every gzip member (RFC 1952, section 2.3.1)."""


def shipped_name(rating: int) -> str:
    return f"maia-{rating}"


def network_path(name: str) -> Path:
    """The weights file a ``WeightsFile`` value names: a shipped network by its name
    (``maia-1500``), anything else as a path."""
    if os.sep not in name and not name.endswith(SUFFIX):
        return NETS_DIR / f"{name}{SUFFIX}"
    try:
        return Path(name).expanduser()
    except RuntimeError:  # ~user of no user: the path as written, which cannot be read
        return Path(name)


def network_problem(name: str) -> str | None:
    """Why the network a ``WeightsFile`` value names cannot be loaded, as far as a look at
    the file tells without unpacking it (missing, unreadable, not a file, not gzipped, a
    shipped network of the wrong length); None when it looks whole. The engine's own load
    (:func:`engines.maia.weights.load_network`) still says what a look cannot."""
    path = network_path(name)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # a FIFO would block the reading
            return f"{path} is not a file"
        with path.open("rb") as file:
            head = file.read(len(GZIP_MAGIC))
    except OSError as error:
        return f"{path} cannot be read ({error.strerror or type(error).__name__})"
    if head != GZIP_MAGIC:
        return f"{path} is not a gzipped network file (.pb.gz)"
    shipped = _shipped_bytes(path)
    if shipped is not None and status.st_size != shipped:
        return (
            f"{path} is cut short or damaged ({status.st_size} bytes where {shipped} were "
            "shipped); install rated-play again"
        )
    return None


def _shipped_bytes(path: Path) -> int | None:
    """The shipped length of the file at ``path``, or None when it is not a shipped one."""
    for rating, size in SHIPPED_BYTES.items():
        if path == NETS_DIR / f"{shipped_name(rating)}{SUFFIX}":
            return size
    return None

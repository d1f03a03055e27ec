"""Every subcommand driven through ``main()`` with generated hostile arguments, files, streams
and damaged ledgers.

For every input: no exception escapes ``main()`` (a traceback), bad input exits non-zero with
exactly one line on stderr, and the ledger's bytes stay as they were (none of these commands
writes it). The ``engines`` subcommand belongs to the engine pool's own tests.

``RATED_PLAY_FUZZ_EXAMPLES`` raises the number of examples per family for a longer hunt.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import APPLICATION_ID
from tests.builders import (
    ARGV_TEXT,
    BAD_NUMBERS,
    CLI_PLAYER,
    FUZZ,
    HOSTILE_NAMES,
    ROOT,
    Run,
    assert_refused,
    play,
    run,
)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the healthy ledger every reading command is tried on --------------------------------------


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("healthy")
    ledger = Ledger.open(DataDirectory(directory))
    ledger.create_profile(CLI_PLAYER)
    for score in (1.0, 0.5, 0.0):
        play(ledger, score)
    ledger.close()
    return directory


@pytest.fixture
def ledger_sha(data_dir: Path) -> Iterator[str]:
    before = sha256(data_dir / "ledger.sqlite3")
    yield before
    assert sha256(data_dir / "ledger.sqlite3") == before, "a reading command wrote the ledger"


# -- numbers -------------------------------------------------------------------------------


@FUZZ
@given(option=st.sampled_from(["--rating", "--opponent", "--k"]), value=BAD_NUMBERS)
def test_calc_refuses_every_impossible_number(option: str, value: str) -> None:
    argv = {"--rating": "1500", "--opponent": "1500", "--k": "20"}
    argv[option] = value
    result = run(["calc", "--result", "win", *(x for pair in argv.items() for x in pair)])
    assert_refused(result)


@FUZZ
@given(
    option=st.sampled_from(["--rating", "--rd", "--volatility", "--tau", "--k", "--games"]),
    value=BAD_NUMBERS,
)
def test_rate_refuses_every_impossible_state(option: str, value: str, tmp_path: Path) -> None:
    results = tmp_path / "results.txt"
    results.write_text("1500 1\n1600 0.5 80\n")
    system = "elo" if option == "--k" else "glicko2"
    extra = ["--rating", "1500"] if option == "--games" else []
    if option == "--volatility" and value.lstrip("-").replace(".", "").isdigit():
        value = "-1"  # a plain number may be a sane volatility: make it impossible
    result = run(["rate", "--system", system, *extra, option, value, "--results", str(results)])
    assert_refused(result)


@FUZZ
@given(
    lines=st.lists(
        st.tuples(
            BAD_NUMBERS.filter(bool),
            st.sampled_from(["1", "0.5", "0", "win", "2", ""]),
            BAD_NUMBERS,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_rate_refuses_every_impossible_results_line(
    lines: list[tuple[str, str, str]], tmp_path: Path
) -> None:
    results = tmp_path / "results.txt"
    results.write_text("".join(f"{a} {b} {c}\n" for a, b, c in lines))
    assert_refused(run(["rate", "--system", "glicko2", "--results", str(results)]))


# -- files that are not text, or not files -------------------------------------------------


@FUZZ
@given(
    content=st.one_of(st.binary(min_size=1), st.text(min_size=1).map(lambda t: t.encode("utf-16")))
)
def test_rate_reads_only_utf8_text_files(content: bytes, tmp_path: Path) -> None:
    results = tmp_path / "results.bin"
    results.write_bytes(content)
    result = run(["rate", "--system", "fide", "--results", str(results)])
    if result.status != 0:
        assert_refused(result)
    else:  # bytes that happen to be a valid results file
        content.decode("utf-8")


@pytest.mark.parametrize(
    "where", ["directory", "missing", "long", "fifo-less-dev-null", "stdin-closed", "stdin-binary"]
)
def test_rate_results_that_are_not_files(where: str, tmp_path: Path) -> None:
    stdin: bytes | None = b""
    target = {
        "directory": str(tmp_path),
        "missing": str(tmp_path / "nope.txt"),
        "long": "r" * 5000,
        "fifo-less-dev-null": "/dev/null/x",
        "stdin-closed": "-",
        "stdin-binary": "-",
    }[where]
    if where == "stdin-closed":
        stdin = None
    if where == "stdin-binary":
        stdin = "1500 1\n".encode("utf-16")
    assert_refused(run(["rate", "--results", target], stdin))


# -- names and options of the reading commands ---------------------------------------------


@FUZZ
@given(command=st.sampled_from(["profile", "export", "games", "history"]), name=HOSTILE_NAMES)
def test_unknown_or_impossible_profile_names(
    command: str, name: str, data_dir: Path, ledger_sha: str
) -> None:
    assert_refused(run([command, name, "--data-dir", str(data_dir)]))


@FUZZ
@given(
    command=st.sampled_from(["profile", "history"]),
    system=ARGV_TEXT.filter(
        lambda s: (
            s.strip().lower()
            not in {
                "fide",
                "elo",
                "club",
                "fide-classic",
                "uscf-classic",
                "chess-scotland",
                "glicko2",
                "performance",
            }
        )
    ),
)
def test_profile_refuses_unknown_systems_even_empty(
    command: str, system: str, data_dir: Path, ledger_sha: str
) -> None:
    assert_refused(run([command, CLI_PLAYER, "--system", system, "--data-dir", str(data_dir)]))


@FUZZ
@given(
    time_class=ARGV_TEXT.filter(
        lambda s: (
            s.strip().casefold()
            not in {"bullet", "blitz", "rapid", "classical", "untimed", "no clock"}
        )
    )
)
def test_history_refuses_what_is_not_a_class(
    time_class: str, data_dir: Path, ledger_sha: str
) -> None:
    assert_refused(run(["history", CLI_PLAYER, "--class", time_class, "--data-dir", str(data_dir)]))


@FUZZ
@given(
    month=st.one_of(
        st.sampled_from(["２０２５-０３", "2025-13", "2025-00", "25-03", "2025-3"]), ARGV_TEXT
    )
)
def test_leaderboard_refuses_what_is_not_a_month(
    month: str, data_dir: Path, ledger_sha: str
) -> None:
    result = run(["leaderboard", "--month", month, "--data-dir", str(data_dir)])
    if result.status == 0:
        assert month.strip()[:4].isascii() and len(month.strip()) == 7
    else:
        assert_refused(result)


@FUZZ
@given(
    command=st.sampled_from(
        ["calc", "table", "rate", "profile", "export", "leaderboard", "games", "history"]
    ),
    argv=st.lists(ARGV_TEXT, max_size=5),
)
def test_any_arguments_end_in_a_result_or_one_line(
    command: str, argv: list[str], data_dir: Path, ledger_sha: str
) -> None:
    argv = [a for a in argv if a not in ("-h", "--help") and not "--help".startswith(a[:6] or "x")]
    result = run([command, *argv, "--data-dir", str(data_dir)], stdin=b"1500 1\n")
    if result.status != 0:
        assert_refused(result)


# -- data directories that cannot hold a ledger ----------------------------------------------


@pytest.mark.parametrize("command", ["profile", "export", "leaderboard", "games", "history", "app"])
@pytest.mark.parametrize("where", ["a-file", "too-long", "newline"])
def test_data_directories_that_cannot_be_used(command: str, where: str, tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    directory = {
        "a-file": str(a_file),
        "too-long": str(tmp_path / ("d" * 5000)),
        "newline": str(a_file / "new\nline"),
    }[where]
    argv = (
        ["--data-dir", directory]
        if command == "app"
        else [command, CLI_PLAYER, "--data-dir", directory]
    )
    if command == "leaderboard":
        argv.remove(CLI_PLAYER)
    result = run(argv)
    assert_refused(result)
    assert a_file.read_text() == "mine"


# -- closed and full standard streams --------------------------------------------------------


def test_output_to_a_closed_stdout(data_dir: Path, ledger_sha: str) -> None:
    for argv in (
        ["export", CLI_PLAYER], ["table"], ["profile", CLI_PLAYER], ["leaderboard"],
        ["games", CLI_PLAYER], ["history", CLI_PLAYER],
    ):  # fmt: skip
        assert_refused(run([*argv, "--data-dir", str(data_dir)], stdout_closed=True))


@pytest.mark.parametrize("command", [["table"], ["export", CLI_PLAYER], ["table", "--json"]])
def test_output_to_a_full_disk(command: list[str], data_dir: Path, ledger_sha: str) -> None:
    """Real processes writing to /dev/full: the interpreter's own flush must not fail."""
    child = subprocess.run(
        [sys.executable, "-m", "rated_play", *command, "--data-dir", str(data_dir)],
        stdout=open("/dev/full", "w"),  # noqa: SIM115 - closed with the child
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert_refused(Run(child.returncode, "", child.stderr))
    assert "No space left on device" in child.stderr


# -- damaged ledgers -------------------------------------------------------------------------


def _truncated(path: Path, healthy: Path) -> None:
    data = healthy.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _random_bytes(path: Path, healthy: Path) -> None:
    path.write_bytes(os.urandom(8192))


def _zero_bytes(path: Path, healthy: Path) -> None:
    path.write_bytes(b"")


def _other_app(path: Path, healthy: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, profile_id INTEGER)")
    db.commit()
    db.close()


def _future_schema(path: Path, healthy: Path) -> None:
    path.write_bytes(healthy.read_bytes())
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.commit()
    db.close()


def _damaged_pages(path: Path, healthy: Path) -> None:
    data = bytearray(healthy.read_bytes())
    data[4096:] = os.urandom(len(data) - 4096)
    path.write_bytes(bytes(data))


def _a_directory(path: Path, healthy: Path) -> None:
    path.mkdir()


DAMAGE = {
    "truncated": _truncated,
    "random-bytes": _random_bytes,
    "zero-bytes": _zero_bytes,
    "another-apps-sqlite": _other_app,
    "future-schema": _future_schema,
    "damaged-pages": _damaged_pages,
    "a-directory": _a_directory,
}


def tree(directory: Path) -> dict[str, str]:
    return {
        str(p.relative_to(directory)): sha256(p) if p.is_file() else "dir"
        for p in sorted(directory.rglob("*"))
    }


READING = {
    "profile": ["profile", CLI_PLAYER],
    "export": ["export", CLI_PLAYER],
    "leaderboard": ["leaderboard"],
    "analyse": ["analyse", "1"],
    "games": ["games", CLI_PLAYER],
    "history": ["history", CLI_PLAYER],
    "app": [],
}
"""Every command that opens the ledger, as argv before ``--data-dir``."""


@pytest.mark.parametrize("command", sorted(READING))
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_ledger_is_refused_and_left_as_it_was(
    command: str, damage: str, data_dir: Path, tmp_path: Path
) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    DAMAGE[damage](directory / "ledger.sqlite3", data_dir / "ledger.sqlite3")
    before = tree(directory)
    result = run([*READING[command], "--data-dir", str(directory)])
    assert_refused(result)
    assert tree(directory) == before
    assert "move" in result.err if damage != "future-schema" else "upgrade" in result.err


KILLED_WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from tests.builders import CLI_PLAYER, play

    ledger = Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1])))
    ledger.create_profile(CLI_PLAYER)
    for score in (1.0, 0.5, 0.0, 1.0):
        play(ledger, score)
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_a_missing_write_ahead_log_costs_no_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path)], cwd=ROOT, check=False)
    assert child.returncode == -signal.SIGKILL
    path.with_name(path.name + "-wal").unlink()
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    result = run(["profile", CLI_PLAYER, "--json", "--data-dir", str(tmp_path)])
    assert result.status == 0, result.err
    assert '"wins": 2' in result.out and '"draws": 1' in result.out and '"losses": 1' in result.out
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID


@pytest.mark.parametrize("command", sorted(READING))
@pytest.mark.parametrize("kind", ["named pipe", "dangling link"])
def test_a_ledger_that_is_not_a_file_is_refused_before_it_is_opened(
    command: str, kind: str, tmp_path: Path
) -> None:
    """Real processes, bounded: opening a named pipe nobody writes to blocks for ever."""
    directory = tmp_path / "data"
    directory.mkdir()
    ledger = directory / "ledger.sqlite3"
    if kind == "named pipe":
        os.mkfifo(ledger)
    else:
        ledger.symlink_to(tmp_path / "moved-away.sqlite3")
    before = tree(directory)
    child = subprocess.run(
        [sys.executable, "-m", "rated_play", *READING[command], "--data-dir", str(directory)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert_refused(Run(child.returncode, child.stdout, child.stderr))
    assert ("named pipe" if kind == "named pipe" else "which does not exist") in child.stderr
    assert tree(directory) == before and not (tmp_path / "moved-away.sqlite3").exists()


def stamped(directory: Path) -> dict[str, tuple[str, int]]:
    """Every file in ``directory`` with its sha256 and modification time: a file rewritten
    with the same bytes shows too."""
    return {
        path.name: (sha256(path), path.stat().st_mtime_ns)
        for path in sorted(directory.iterdir())
        if path.is_file()
    }


@pytest.mark.parametrize("command", sorted(set(READING) - {"app", "analyse"}))
def test_a_reading_command_leaves_a_closed_ledgers_directory_as_it_found_it(
    command: str, data_dir: Path, tmp_path: Path
) -> None:
    """No ``-wal`` or ``-shm`` is made beside a ledger that no process has open."""
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / "ledger.sqlite3").write_bytes((data_dir / "ledger.sqlite3").read_bytes())
    before = stamped(directory)
    for _ in range(2):
        result = run([*READING[command], "--data-dir", str(directory)])
        assert result.status == 0, result.err
        assert stamped(directory) == before


FOREIGN_WAL_PROGRAM = textwrap.dedent(
    """
    import os, signal, sqlite3, sys

    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('bread')")
    os.kill(os.getpid(), signal.SIGKILL)  # its log and index stay, as the program left them
    """
)


@pytest.mark.parametrize("command", sorted(READING))
def test_a_foreign_databases_log_and_index_are_never_touched(command: str, tmp_path: Path) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    path = directory / "ledger.sqlite3"
    subprocess.run([sys.executable, "-c", FOREIGN_WAL_PROGRAM, str(path)], check=False)
    assert {p.name for p in directory.iterdir()} == {
        "ledger.sqlite3", "ledger.sqlite3-wal", "ledger.sqlite3-shm"
    }  # fmt: skip
    before = stamped(directory)
    result = run([*READING[command], "--data-dir", str(directory)])
    assert_refused(result)
    assert "another program's SQLite database" in result.err
    assert stamped(directory) == before


# -- the data directory's files: any kind, any mode, any bytes ------------------------------

DATA_FILES = (
    "ledger.sqlite3",
    "ledger.sqlite3-wal",
    "ledger.sqlite3-shm",
    "ledger.sqlite3-journal",
    "calibration.json",
    "calibration-check.json",
    "config/engines/mine.toml",
    "games-in-play/1.lock",
)
"""Every file a command reads in a data directory (the ledger's side files included)."""

FILE_KINDS = ("regular", "directory", "named pipe", "link", "dangling link")


@st.composite
def planted_file(draw: st.DrawFn) -> tuple[str, str, bytes, int]:
    """Where, what kind, which bytes (a regular file's or a link target's) and which mode."""
    name = draw(st.sampled_from(DATA_FILES))
    kind = draw(st.sampled_from(FILE_KINDS))
    content = draw(
        st.one_of(
            st.just(b""),
            st.binary(max_size=300),
            st.sampled_from([b"healthy", b"truncated", b"{}", b"[[opponent]]\nname = 1\n"]),
        )
    )
    mode = draw(st.sampled_from([0o600, 0o000, 0o200, 0o400]))
    return name, kind, content, mode


def plant(
    directory: Path, outside: Path, healthy: Path, planted: tuple[str, str, bytes, int]
) -> None:
    name, kind, content, mode = planted
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    data = healthy.read_bytes()
    content = {b"healthy": data, b"truncated": data[: len(data) // 3]}.get(content, content)
    if kind == "regular":
        path.write_bytes(content)
        path.chmod(mode)
    elif kind == "directory":
        path.mkdir()
    elif kind == "named pipe":
        os.mkfifo(path)
    elif kind == "link":
        target = outside / f"target-{len(list(outside.iterdir()))}"
        target.write_bytes(content)
        path.symlink_to(target)
    else:
        path.symlink_to(outside / "gone")


def everything(*roots: Path) -> dict[str, str]:
    """Each path under the roots: a link's target, a regular file's bytes, else its kind."""
    found = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_symlink():
                found[str(path)] = f"link to {os.readlink(path)}"
            elif path.is_file():
                # Bytes, not modes: SQLite gives an empty log the ledger's own mode.
                mode = path.stat().st_mode
                path.chmod(0o600)
                found[str(path)] = sha256(path)
                path.chmod(mode)
            else:
                found[str(path)] = "directory" if path.is_dir() else "special"
    return found


class HungError(Exception):
    """A command still running after a minute: it blocked on something."""


@contextmanager
def bounded(seconds: int) -> Iterator[None]:
    def hung(signum: int, frame: object) -> None:
        raise HungError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@FUZZ
@given(
    command=st.sampled_from([*sorted(set(READING) - {"app", "analyse"}), "engines"]),
    planted=st.lists(planted_file(), min_size=1, max_size=3),
)
# Found by the fuzzer: a stale -journal kept the ledger from its snapshot, and SQLite's
# read-only locking wrote the empty -shm beside it.
@example(
    command="export",
    planted=[
        ("ledger.sqlite3-shm", "regular", b"", 0o600),
        ("ledger.sqlite3-journal", "regular", b"", 0o600),
    ],
)
def test_any_file_of_the_data_directory_ends_in_a_result_or_one_line_and_is_left_as_it_was(
    command: str,
    planted: list[tuple[str, str, bytes, int]],
    data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Whatever stands where a command reads (a file of any bytes, a directory, a named pipe,
    a link, a dangling one, any mode), the command shows its result or refuses in one line,
    never hangs, and changes no byte of anything that was there."""
    root = tmp_path_factory.mktemp("planted")
    directory, outside = root / "data", root / "outside"
    directory.mkdir()
    outside.mkdir()
    healthy = data_dir / "ledger.sqlite3"
    (directory / "ledger.sqlite3").write_bytes(healthy.read_bytes())
    for one in planted:
        plant(directory, outside, healthy, one)
    before = everything(directory, outside)
    with bounded(60):
        result = run([*(READING.get(command) or [command]), "--data-dir", str(directory)])
    if result.status != 0:
        assert_refused(result)
    after = everything(directory, outside)
    made = set(after) - set(before)
    side_files = {str(directory / f"ledger.sqlite3{side}") for side in ("-wal", "-shm")}
    assert made <= side_files, f"made {made}"
    index = str(directory / "ledger.sqlite3-shm")
    kinds = ("link", "directory", "special")
    if str(directory / "ledger.sqlite3-wal") in before and index in before:
        if before[index].startswith(kinds):
            index = ""  # not a file SQLite may use: it must be left alone
        # A log is there: a writer may have the ledger open, and the ledger is read through
        # SQLite's own read-only locking, which writes its index, the -shm
        # (https://www.sqlite.org/walformat.html#the_wal_index_file_format).
        before.pop(index, None)
    assert {path: after[path] for path in before} == before


AS_A_PLAYER = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    if os.geteuid() == 0
    else []
)
"""root may read anything; without these capabilities it obeys file modes, as a player does."""


@pytest.mark.parametrize("mode", [0o000, 0o200, 0o400])
@pytest.mark.parametrize(
    "name", ["ledger.sqlite3", "ledger.sqlite3-wal", "calibration.json", "games-in-play", "."]
)
@pytest.mark.parametrize("command", ["profile", "leaderboard", "engines"])
def test_a_data_file_the_player_may_not_read_or_write_is_said_so(
    command: str, name: str, mode: int, data_dir: Path, tmp_path: Path
) -> None:
    """Modes that a player's own account obeys (real processes without root's capabilities):
    a result or one line, and nothing changed."""
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / "ledger.sqlite3").write_bytes((data_dir / "ledger.sqlite3").read_bytes())
    (directory / "ledger.sqlite3-wal").touch()
    (directory / "calibration.json").write_text("{}")
    (directory / "games-in-play").mkdir()
    before = everything(directory)
    target = directory / name
    saved = target.stat().st_mode
    target.chmod(mode | (0o100 if target.is_dir() else 0))
    argv = [*(READING.get(command) or [command]), "--data-dir", str(directory)]
    try:
        child = subprocess.run(
            [*AS_A_PLAYER, sys.executable, "-m", "rated_play", *argv],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
    finally:
        target.chmod(saved)
    if child.returncode != 0:
        assert_refused(Run(child.returncode, child.stdout, child.stderr))
    after = everything(directory)
    assert {path: after[path] for path in before} == before

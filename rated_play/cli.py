"""The ``rated-play`` command: the app with no subcommand, or one of the subcommands.

This is the command line's edge: every error meant for a person (:class:`UserError`) is caught
here, once, and shown as one line on stderr with exit status 2, followed by what the subcommand
says to do after an error of that kind (its ``advice``, see :func:`said`).
"""

from __future__ import annotations

import argparse
import codecs
import errno
import gc
import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType, ModuleType
from typing import Any, NoReturn

from profiles.errors import UserError, printable
from rated_play import commands
from rated_play.commands import CommandError, Handler, add_data_dir
from rated_play.plain_output import plain_where_needed

USER_ERROR_STATUS = 2

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end a subcommand as Ctrl+C does: engines stopped and temporary files removed
(by default they end the process at once, and no ``finally`` runs)."""


class Stopped(BaseException):
    """A stopping signal ended the command; a BaseException, like KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum
        """The status a shell gives a process a signal ended."""


@contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """Turn each stopping signal into SIGINT, whose handling is already right everywhere:
    outside an event loop it raises KeyboardInterrupt; inside one, ``asyncio.run`` cancels
    its main task, so every engine is closed on the way out
    (https://docs.python.org/3/library/asyncio-runner.html#handling-keyboard-interruption).
    Raising from the handler itself would land at any point of the loop's own code, which
    takes some exceptions there for a broken pipe."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may handle signals (a test may call main from another)
        return
    received: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        if not callable(signal.getsignal(signal.SIGINT)):
            raise KeyboardInterrupt  # SIGINT ignored (a background job): stop here instead
        signal.raise_signal(signal.SIGINT)

    previous = {signum: signal.signal(signum, stop) for signum in STOPPING_SIGNALS}
    try:
        yield
    except KeyboardInterrupt as interrupt:
        if received:
            raise Stopped(received[0]) from interrupt
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$|^-(inf|infinity|nan)$", re.I)
"""An argument that is a negative number as float() reads it. argparse's own pattern knows only
-5 and -.5, so "--rating -inf" or "--rating -1e3" lost its value to "expected one argument"
instead of the range check that says what to give."""


class Parser(argparse.ArgumentParser):
    """argparse with its usage errors on one line, like every other error of the command, and
    every negative number taken as a value (no option of ours looks like one)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_NUMBER

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{self.prog}: {message}; see {self.prog} --help")


def add_app_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``rated-play`` itself, before any subcommand."""
    add_data_dir(parser)
    parser.set_defaults(data_dir=None)
    parser.add_argument("--ascii", action="store_true", help="draw pieces as letters")


def build_parser(words: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with the commands (and a command's actions) the line's
    ``words`` name: all of them where it names none (a misspelt command, ``--help``), or when
    no ``words`` are given. Registering one imports its module, and with it what it runs: the
    game session, the analysis, the calibration, rich's progress bars. Loading every command
    made ``rated-play profile NAME`` take 0.31 s where it needs 0.13, and every action of
    ``engines`` made the ``engines uci NAME`` a GUI starts load the calibration too
    (``benchmarks/cli_start.py``)."""
    parser = Parser(
        prog="rated-play",
        description="Rated chess games against calibrated engines. With no command, the app.",
    )
    add_app_options(parser)
    _register(parser.add_subparsers(dest="command", metavar="COMMAND"), commands, words)
    return parser


def _register(subparsers: Any, package: ModuleType, words: Sequence[str] | None) -> None:
    """Register the modules of ``package`` the ``words`` name (all, when they name none or
    are None); a module whose ``register`` returns subparsers is a package of actions, whose
    modules are registered on those the same way."""
    # Not loaded for the app's own command line (app_arguments), which registers nothing.
    import importlib  # noqa: PLC0415
    import pkgutil  # noqa: PLC0415

    # Modules whose names begin with _ are helpers shared by the commands, not commands.
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if m.name[0] != "_")
    named = [name for name in names if words is not None and name in words]
    for name in named or names:
        module = importlib.import_module(f"{package.__name__}.{name}")
        actions = module.register(subparsers)
        if actions is not None:
            _register(actions, module, words)


def _app_options(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]] | None:
    """The options of ``rated-play`` itself, wherever they stand on the line (read as the
    app's: no subcommand), and the words left, the subcommand first; None when those options
    are wrong, which the whole parser says, naming the subcommands."""
    parser = Parser(prog="rated-play", add_help=False)
    add_app_options(parser)
    parser.set_defaults(command=None)
    try:
        return parser.parse_known_args(argv)
    except CommandError:
        return None


def app_arguments(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The app's options when the command line names no subcommand and asks for no help;
    None for any other command line, which the whole parser reads.

    Registering the subcommands imports their modules, and with them the game session, the
    analysis and rich's progress bars: the app needs none of them before its first screen.
    """
    read = _app_options(argv)
    return read[0] if read is not None and not read[1] else None


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    read = _app_options(argv)
    if read is not None and not read[1]:
        return read[0]  # the app's own line
    try:
        return build_parser(read[1] if read is not None else None).parse_args(argv)
    except CommandError:
        # Said by the whole parser, which lists every command or action to choose from: a
        # misspelt one followed by another's name ("profil games") loaded that one alone.
        return build_parser().parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stderr is None:
        # print(file=None) would write errors into the command's output instead.
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the rest of the process
    plain_where_needed()
    # python-chess logs each PGN error as well as returning it; the command reports it once.
    logging.getLogger("chess").addHandler(logging.NullHandler())
    args: argparse.Namespace | None = None
    try:
        words = sys.argv[1:] if argv is None else argv
        args = parse_arguments([by_their_bytes(word) for word in words])
        status = _run(args)
        if sys.stdout is not None:
            sys.stdout.flush()
        return status
    except UserError as error:
        print(f"rated-play: {said(error, args)}", file=sys.stderr)
        return USER_ERROR_STATUS
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:
        return stopped.status
    except BrokenPipeError:
        # The reader went away ("rated-play export NAME | head"): not an error of ours.
        _detach_stdout()
        return 0
    except OSError as error:
        if sys.stdout is None or error.errno not in (errno.ENOSPC, errno.EIO, errno.EBADF):
            raise
        _detach_stdout()
        print(
            f"rated-play: cannot write the output ({error.strerror}): send it to a file "
            "on a disk with space, or to a terminal",
            file=sys.stderr,
        )
        return USER_ERROR_STATUS


def by_their_bytes(word: str) -> str:
    """A word of the command line as its bytes spell it in UTF-8, whatever the locale: under
    one without UTF-8 (``LC_ALL=C PYTHONUTF8=0``) Python gives each byte above 127 as a lone
    surrogate (PEP 383), and ``profile Zoë`` named a profile of undecodable bytes. A word
    whose bytes are not UTF-8 stays as it came, for the check of each name to refuse."""
    if all(c < "\udc80" or c > "\udcff" for c in word):
        return word
    try:
        return os.fsencode(word).decode("utf-8")
    except UnicodeError:
        return word


def terminal_encoding_refusal() -> str | None:
    """Why the app cannot draw on this terminal: the encoding of the stream Textual draws on
    (the process's own standard error, ``sys.__stderr__``: the locale's, as Python reads it) is
    not UTF-8, so every glyph, the boxes and borders of the screens included, would be drawn
    as an escape; None when it is UTF-8, or when there is no such stream to ask."""
    encoding = getattr(sys.__stderr__, "encoding", None)
    if not encoding:
        return None
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        name = encoding
    if name == "utf-8":
        return None
    return (
        f"the terminal's encoding is {name}, not UTF-8, and the app draws with UTF-8 "
        "characters: run it in a UTF-8 locale (LC_ALL=C.UTF-8 rated-play) or with PYTHONUTF8=1"
    )


def said(error: UserError, args: argparse.Namespace | None) -> str:
    """``error`` as the user reads it: its own sentence, then what the running subcommand
    advises after an error of its kind (``parser.set_defaults(advice={ErrorClass: "..."})``).

    An error is raised where the problem is found, deep in an engine's start or search, which
    cannot know which command is running; the command knows what its user should do next (run
    it again to resume), so it says so here, and nothing in between re-wraps the error to add
    those words."""
    advice: dict[type[UserError], str] = getattr(args, "advice", {})
    return "; ".join(
        [printable(error), *(then for kind, then in advice.items() if isinstance(error, kind))]
    )


def _run(args: argparse.Namespace) -> int:
    if sys.stdout is None and getattr(args, "out", None) is None:
        raise CommandError(
            "standard output is closed: send the output to a file (> FILE), a pipe or a terminal"
        )
    if args.command is None:
        refusal = terminal_encoding_refusal()
        if refusal is not None:
            raise CommandError(refusal)
        # Python's cyclic garbage collector is off while the app starts, until its first screen
        # is painted (rated_play.ui.launch.collect_again says why), and at the latest when the
        # app ends.
        gc.disable()
        try:
            # Textual loads only for the app itself, so the subcommands start quickly.
            from rated_play.ui.launch import run_app  # noqa: PLC0415

            return run_app(data_dir=args.data_dir, ascii_pieces=args.ascii)
        finally:
            gc.enable()
    handler: Handler = args.handler
    with _stopped_by_signals():
        return handler(args)


def _detach_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    if sys.stdout is not None:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

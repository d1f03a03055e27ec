"""The ``rated-play`` command: the app with no subcommand, or one of the subcommands."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from rated_play import commands
from rated_play.commands import CommandError, Handler, add_data_dir


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rated-play",
        description="Rated chess games against calibrated engines. With no command, the app.",
    )
    add_data_dir(parser)
    parser.set_defaults(data_dir=None)
    parser.add_argument("--ascii", action="store_true", help="draw pieces as letters")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue  # helpers shared by the commands, not commands
        module = importlib.import_module(f"{commands.__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            # Textual loads only for the app itself, so the subcommands start quickly.
            from rated_play.ui.launch import run_app  # noqa: PLC0415

            return run_app(data_dir=args.data_dir, ascii_pieces=args.ascii)
        handler: Handler = args.handler
        return handler(args)
    except CommandError as error:
        print(f"rated-play: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away ("rated-play export NAME | head"): not an error of ours.
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0

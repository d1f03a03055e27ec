"""The headless packages never import Textual, and engines/profiles never import the app."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def modules_loaded_by(packages: list[str]) -> set[str]:
    """Import every module of ``packages`` in a fresh interpreter; what ended up loaded."""
    names = []
    for package in packages:
        names.append(package)
        path = ROOT.joinpath(*package.split("."))
        names += [m.name for m in pkgutil.walk_packages([str(path)], prefix=f"{package}.")]
    code = (
        "import importlib, json, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out))


@pytest.mark.parametrize("package", ["engines", "profiles", "rated_play.session"])
def test_headless_packages_do_not_load_textual(package: str) -> None:
    loaded = modules_loaded_by([package])
    assert {m for m in loaded if m == "textual" or m.startswith("textual.")} == set()


@pytest.mark.parametrize("package", ["engines", "profiles"])
def test_engines_and_profiles_do_not_load_the_app(package: str) -> None:
    loaded = modules_loaded_by([package])
    assert {m for m in loaded if m == "rated_play" or m.startswith("rated_play.")} == set()


def test_the_subcommands_start_without_textual() -> None:
    loaded = modules_loaded_by(["rated_play.commands"])
    assert "textual" not in loaded

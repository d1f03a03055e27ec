"""No test module takes a name from another: what tests share lives in the harness modules
below, read from the source (nothing is imported), and every test folder is a package."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).parent
ROOT = TESTS.parent

HARNESS = {
    # the CLI run in-process, games written into a ledger, fast opponents, the "human"
    "tests.builders",
    # driving the app as a player would (keys, clicks, waiting), and what the screens show
    "tests.ui.driving",
    # the ledger of real finished games, played once per session, and its player and counts
    "tests.played_games",
    # a UCI engine that plays a game's moves from a script (run as a program)
    "tests.scripted_engine",
    # the opponent's side played in the test's own process (the seam's scripted player), and
    # the moves a test plays without an engine
    "tests.scripted_player",
    # ``rated-play engines uci`` in a child process, and the marks that find what it left
    "tests.engines.uci_process",
    # small lc0 networks written in lc0's format, and a slow reference forward pass
    "tests.engines.maia_nets",
}
"""The modules a test may import names from (a test module or a harness module alike); a new
shared module is named here."""


def module_name(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package by its own)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(TESTS.rglob("*.py"))}


def scripts(tree: ast.AST) -> Iterator[tuple[int, ast.AST]]:
    """The code a test runs in a child process (``python -c``), written as a string in the
    file: every string constant that reads as Python with an import in it, with its line."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "import" in node.value
        ):
            try:
                yield node.lineno, ast.parse(textwrap.dedent(node.value))
            except SyntaxError:
                continue


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every ``tests`` module the file at ``path`` imports, at any level (in a function too,
    or in a script it runs in a child process), with its line: ``from package import name``
    imports the submodule ``package.name`` when there is one, else ``package``; a relative
    import is read from the file's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for line, script in [(0, tree), *scripts(tree)]:
        for found, module in imported(path, script):
            yield line + found - (1 if line else 0), module


def imported(path: Path, tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The ``tests`` modules the statements of ``tree`` import, each with its line in it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module_name(path).split(".")
                if path.name != "__init__.py":
                    package = package[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for name in dict.fromkeys(names):
            if name == "tests" or name.startswith("tests."):
                yield node.lineno, name


def why_not(module: str) -> str:
    """What a module outside the harness is, said in the failure."""
    last = module.rpartition(".")[2]
    if last.startswith("test_"):
        return "a test module"
    if last == "conftest":
        return "a conftest (its fixtures come by name, never by import)"
    return "not a harness module (name it in HARNESS)"


def test_tests_import_only_the_harness() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {module} is {why_not(module)}"
        for path in MODULES.values()
        for line, module in imports(path)
        if module not in HARNESS
    ]
    assert not wrong, "\n".join(wrong)


def test_the_harness_is_there_and_no_test_module() -> None:
    for module in HARNESS:
        assert module in MODULES, module
        last = module.rpartition(".")[2]
        assert not last.startswith("test_") and last != "conftest", module


def test_every_test_folder_is_a_package() -> None:
    folders = {path.parent for path in TESTS.rglob("*.py")}
    bare = sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists())
    assert not bare, bare


def test_pytest_rewrites_the_asserts_of_the_harness() -> None:
    """tests/__init__.py registers the harness for pytest's assert rewriting, all of it."""
    tree = ast.parse((TESTS / "__init__.py").read_text(encoding="utf-8"))
    registered = {
        argument.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "register_assert_rewrite"
        for argument in node.args
        if isinstance(argument, ast.Constant)
    }
    assert registered == HARNESS

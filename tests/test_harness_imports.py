"""No test module takes a name from another: what tests share lives in the harness modules that
tests/__init__.py names (HARNESS), read from the source (nothing is imported), and every test
folder is a package."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from pathlib import Path

from tests import HARNESS
from tests.builders import imported_modules

TESTS = Path(__file__).parent
ROOT = TESTS.parent


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
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        names = imported_modules(
            node, module_name(path), package=path.name == "__init__.py", modules=MODULES
        )
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
    return "not a harness module (name it in HARNESS, in tests/__init__.py)"


def test_tests_import_only_the_harness() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {module} is {why_not(module)}"
        for path in MODULES.values()
        for line, module in imports(path)
        if module not in HARNESS and module != "tests"  # the package: HARNESS itself
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

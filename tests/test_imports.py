"""What imports what, read from the source (nothing is imported): no import circle in the
house, and no screen module imports another."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.builders import imported_modules

ROOT = Path(__file__).parents[1]
PACKAGES = ("engines", "profiles", "rated_play")
SCREENS = "rated_play.ui.screens"


def module_files() -> dict[str, Path]:
    """Every module of the project's packages by its dotted name (a package by its own)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


MODULES = module_files()


def is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs, at any level (in a function too, loaded when it is
    first called): all but those under ``if TYPE_CHECKING:``, which the type checker alone
    reads."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for branch in node.orelse:
                yield from run_time_imports(branch)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from run_time_imports(node)


def project_module(name: str) -> str | None:
    """The project's module that importing ``name`` loads last: ``name`` itself, or the
    innermost package of it the project has; None for a module from elsewhere."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imported_by(module: str) -> set[str]:
    """The project's modules that ``module`` imports when it runs. ``from package import
    name`` imports the submodule ``package.name`` when there is one, else ``package``."""
    path = MODULES[module]
    imported = set()
    for node in run_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
        names = imported_modules(node, module, package=path.name == "__init__.py", modules=MODULES)
        imported |= {found for name in names if (found := project_module(name)) is not None}
    imported.discard(module)
    return imported


def import_graph() -> dict[str, set[str]]:
    return {module: imported_by(module) for module in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), each sorted: modules that import each other, directly or around a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start, imported in graph.items():
        if start in index:
            continue
        work = [(start, iter(sorted(imported)))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def a_circle_in(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One circle through the component's first module, as a path back to it (breadth-first,
    so the shortest)."""
    members, start = set(component), component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{component} is no circle")


def test_the_graph_reads_lazy_and_package_imports() -> None:
    """The reading itself: a screen imported in a function counts, and so does a submodule
    named in ``from package import name``; what the type checker alone reads does not."""
    graph = import_graph()
    assert "rated_play.ui.screens.game" in graph["rated_play.ui.app"]  # in a handler
    assert "rated_play.ui.messages" in graph["rated_play.ui.app"]  # from rated_play.ui import
    assert "rated_play.session" not in graph["rated_play.ui.messages"]  # TYPE_CHECKING


def test_no_module_imports_itself_around_a_circle() -> None:
    graph = import_graph()
    found = [
        f"{len(component)} modules import each other ({', '.join(component)}), "
        f"for one: {' → '.join(a_circle_in(component, graph))}"
        for component in circles(graph)
    ]
    assert found == [], "import circles:\n" + "\n".join(found)


def test_no_screen_imports_another_screen() -> None:
    """A screen says what happened (:mod:`rated_play.ui.messages`) and the app shows what comes
    next: no module of ``rated_play/ui/screens/`` imports another, at any level. The modal
    dialogs there (the error, the help, the calculator…) count as screens. The two shared bases
    are the exception, ``base.py`` (``WorkingScreen``) and ``stepping.py``
    (``SteppedGameScreen``): they compose nothing of their own and lead nowhere."""
    bases = {f"{SCREENS}.base", f"{SCREENS}.stepping"}
    graph = import_graph()
    wired = {
        module: sorted(other for other in imported if other.startswith(f"{SCREENS}."))
        for module, imported in graph.items()
        if module.startswith(f"{SCREENS}.")
    }
    wired = {
        module: [other for other in others if other not in bases]
        for module, others in wired.items()
    }
    assert {module: others for module, others in wired.items() if others} == {}

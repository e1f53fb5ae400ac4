"""The modules of generator/ import one another without a circle: every arrow points down the layers.

Each `import` and `from … import …` anywhere in a module (inside functions too: an import put off
until a call is still an arrow) is an edge to the module it names; `from PKG import NAME` is an edge
to PKG.NAME when that is a module of its own, else to PKG. Imports under `if TYPE_CHECKING:` are
for the type checker alone and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "generator"


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if _type_checking_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                whole = f"{origin}.{alias.name}"
                targets.add(whole if whole in modules else origin)
    return {t for t in targets if t in modules and t != name}


def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_finder_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_generator_imports_without_a_circle() -> None:
    found = cycles(graph())
    assert not found, "import circles in generator/:\n" + "\n".join(" <-> ".join(c) for c in found)


SPEED = ("generator.build.pool", "generator.build.cache")
"""The process pool and the build cache: speed lives there, and only the command line and the build
layer import them."""
PURE = ("generator.press", "generator.layout", "generator.draw", "generator.games", "generator.generic",
        "generator.export", "generator.kitchecks", "generator.content")


def test_the_press_layouts_and_games_import_no_process_machinery_nor_the_cache() -> None:
    edges = graph()
    pure = [m for m in edges if m.startswith(PURE) and not m.endswith(".cli")]   # a game's commands are CLI
    found = sorted(f"{m} imports {t}" for m in pure for t in edges[m] if t.startswith(SPEED))
    assert not found, found

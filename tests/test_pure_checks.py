"""Rules, checks and generators are pure: a game's content checks never import its drawers or the press."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.content import paths

ROOT = Path(paths.__file__).resolve().parent.parent   # generator/
DRAWING = ("generator.draw.pdf", "generator.draw.svg", "generator.press")


def _module_file(name: str) -> Path | None:
    parts = name.split(".")[1:]
    if not parts:
        return ROOT / "__init__.py"
    rel = Path(*parts)
    for candidate in (ROOT / rel.with_suffix(".py"), ROOT / rel / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imports(name: str, file: Path) -> set[str]:
    """The generator modules a module imports (relative imports resolved; names imported from a
    package count as its submodules when such a file exists)."""
    package = name if file.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(file.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("generator"):
                submodules = {f"{mod}.{a.name}" for a in node.names if _module_file(f"{mod}.{a.name}")}
                out |= submodules
                if node.module or not submodules:  # `from . import schema` reads schema, not the package
                    out.add(mod)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("generator")}
    return out


def reachable(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        file = _module_file(name)
        if file is not None:
            todo += sorted(_imports(name, file))
    return seen


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "games").iterdir() if (p / "checks.py").is_file()))
def test_content_checks_import_no_drawer(game: str) -> None:
    """issue 11: skylands/checks.py imported draw_specials to fit its texts; the fitting geometry is
    a pure module now, which the drawer and the check both use."""
    found = reachable(f"generator.games.{game}.checks")
    drawers = sorted(m for m in found if m.rsplit(".", 1)[-1].startswith("draw_") or m.startswith(DRAWING))
    assert drawers == []


def test_the_walk_sees_a_drawer_where_there_is_one() -> None:
    assert "generator.games.skylands.draw_tiles" in reachable("generator.games.skylands.draw_specials")

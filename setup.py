"""Ships content/, templates/ and examples/ with a regular (non-editable) install, under
share/playkit/, where generator/paths.py finds them. Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import setup


def tree(top: str) -> list[tuple[str, list[str]]]:
    folders: dict[str, list[str]] = {}
    for path in sorted(Path(top).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            folders.setdefault(str(Path("share/playkit") / path.parent), []).append(str(path))
    return sorted(folders.items())


setup(data_files=tree("content") + tree("templates") + tree("examples"))

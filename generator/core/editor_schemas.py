"""JSON Schemas of a game's files, for editors (`playkit schema`): a misspelt field, a wrong type or a
value outside its choices is underlined as the designer types, before validate runs.

Every schema is made from what the loader itself checks against (the pydantic models of the game's
content files and of the files its commands read, the layout reader's tables, a data-only game's
declared fields), never written by hand. A schema says what one file may hold; what needs several
files (a name defined elsewhere, a rule of the game) stays validate's.
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from ..content import load_content
from ..generic.game import GameFile as GenericGameFile
from ..generic.game import data_schema
from ..layout.editor_schema import layout_schema, palette_schema
from .game import Artifact, Game

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SUFFIX = ".schema.json"


@dataclass(frozen=True)
class FileSchema:
    """The schema of one kind of file.

    name:        the schema is written as NAME.schema.json
    applies_to:  the files it describes, relative to the game's content folder ('tiles.yaml',
                 'layouts/*.yaml'); '' for a file a player writes anywhere (a deck, a board)
    """

    name: str
    applies_to: str
    schema: dict[str, Any]


def game_schemas(game: Game, folder: Path) -> list[FileSchema]:
    """Every schema of `game`, whose content is in `folder`: its content files, the files its
    commands read, its layouts and palette (when it has a layouts/ folder), a data-only game's YAML
    data files."""
    out = [FileSchema(stem, f"{stem}.yaml", _model_schema(model, f"{game.title}: {stem}.yaml"))
           for stem, model in game.files.items()]
    out += [FileSchema(kind, "", _model_schema(model, f"{game.title}: a {kind} file"))
            for kind, model in game.documents().items()]
    if (folder / "layouts").is_dir():
        out += [FileSchema("palette", "layouts/palette.yaml", _titled(palette_schema(), f"{game.title}: palette")),
                FileSchema("layout", "layouts/*.yaml", _titled(layout_schema(), f"{game.title}: a layout"))]
    if GenericGameFile in game.files.values():
        taken = {s.name for s in out}
        out += [FileSchema(f"{s.name}-data" if s.name in taken else s.name, s.applies_to, s.schema)
                for s in _data_schemas(game, folder)]   # a data file named layout.yaml keeps its own schema
    return out


def artifacts(schemas: list[FileSchema]) -> list[Artifact]:
    """The schemas as files, NAME.schema.json, each from the files it describes."""
    return [Artifact(f"{s.name}{SUFFIX}", (json.dumps(s.schema, indent=2, ensure_ascii=False) + "\n").encode(),
                     (s.applies_to,) if s.applies_to else ()) for s in schemas]


def _model_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    return _titled(model.model_json_schema(schema_generator=_Documented), title)


class _Documented(GenerateJsonSchema):
    """pydantic's JSON Schema, each field described by its docstring (the string under it in its
    model's class), as pydantic's `use_attribute_docstrings` would describe it. The models do not
    read their docstrings when they are made: every `playkit` process makes them, only this command
    needs the words."""

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        json_schema = super().model_schema(schema)
        model = schema["cls"]
        properties = json_schema.get("properties", {})
        for name, field in getattr(model, "model_fields", {}).items():
            doc = field_docstring(model, name)
            if field.description is None and doc is not None and name in properties:
                properties[name]["description"] = doc   # a field's own words win over its type's
        return json_schema


def field_docstring(model: type, name: str) -> str | None:
    """The docstring of field `name` in the class of `model`'s lineage that declares it (a subclass
    declaring a field anew declares its words anew), cleaned as inspect.cleandoc cleans them."""
    owner = next((c for c in model.__mro__ if name in inspect.get_annotations(c)), None)
    return None if owner is None else _attribute_docstrings(owner).get(name)


@cache
def _attribute_docstrings(cls: type) -> dict[str, str]:
    """Each annotated attribute of the class `cls` (found by name at the top level of its module's
    source) with the string literal written right under it."""
    module = sys.modules.get(cls.__module__)
    try:
        tree = ast.parse(inspect.getsource(module)) if module is not None else None
    except (OSError, TypeError, SyntaxError):
        return {}
    node = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__qualname__), None) \
        if tree is not None else None
    out: dict[str, str] = {}
    if node is None:
        return out
    for before, stmt in pairwise(node.body):
        if isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name) \
                and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                and isinstance(stmt.value.value, str):
            out[before.target.id] = inspect.cleandoc(stmt.value.value)
    return out


def _titled(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return {"$schema": DIALECT, "title": title, **{k: v for k, v in schema.items() if k != "title"}}


def _data_schemas(game: Game, folder: Path) -> list[FileSchema]:
    """A data-only game's YAML data files, as its game.yaml declares their fields (none while
    game.yaml itself does not load: validate says why)."""
    declared = load_content(folder).parse("game", GenericGameFile)
    if declared is None:
        return []
    return [FileSchema(Path(c.data).stem, c.data, _titled(data_schema(c), f"{game.title}: {c.data}"))
            for c in declared.components if c.data.endswith((".yaml", ".yml"))]


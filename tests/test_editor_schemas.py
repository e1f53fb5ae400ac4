"""`playkit schema`: every YAML file shipped (content and examples, of every game found) validates
against the JSON Schema written for it, with the `jsonschema` package an editor's language server
works like, and a misspelt field in any of them fails it."""

from __future__ import annotations

import fnmatch
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator import games
from generator.cli import main
from generator.content import load_file, paths
from generator.core import editor_schemas, kit

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_GAMES = ROOT / "examples" / "decks"


def game_folders() -> list[tuple[str, Path]]:
    roots = [paths.CONTENT, EXAMPLE_GAMES]
    return [(gid, root / gid) for root in roots for gid in kit.games_in(root)]


def shipped_files() -> list[tuple[str, Path, str]]:
    """(game, file, the file's path inside the game's folder) for every YAML file of every game."""
    return [(gid, path, path.relative_to(folder).as_posix())
            for gid, folder in game_folders() for path in sorted(folder.rglob("*.yaml"))]


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_for(schemas: list[editor_schemas.FileSchema], relative: str) -> editor_schemas.FileSchema | None:
    """The schema of the content file at `relative` (a path inside the game's folder, with '/'): the
    one naming it exactly, else the first whose pattern matches (as an editor's glob would)."""
    exact = [s for s in schemas if s.applies_to == relative]
    if exact:
        return exact[0]
    return next((s for s in schemas if s.applies_to and fnmatch.fnmatchcase(relative, s.applies_to)), None)


def schema_of(gid: str, path: Path, relative: str) -> editor_schemas.FileSchema:
    schemas = editor_schemas.game_schemas(kit.game_of(gid), path.parents[len(Path(relative).parts) - 1])
    found = schema_for(schemas, relative)
    assert found is not None, f"no schema for {relative} of {gid} (schemas: {[s.name for s in schemas]})"
    return found


def errors(schema: dict[str, Any], data: Any) -> list[str]:
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in validator(schema).iter_errors(data)]


@pytest.mark.parametrize(("gid", "path", "relative"), shipped_files(),
                         ids=[f"{g}/{r}" for g, _, r in shipped_files()])
def test_every_shipped_file_validates_and_a_misspelt_key_fails(gid: str, path: Path, relative: str) -> None:
    schema = schema_of(gid, path, relative).schema
    data = load_file(path).data
    assert errors(schema, data) == []
    misspelt, key = misspell(data)
    found = errors(schema, misspelt)
    assert found, f"{relative}: the misspelt key {key!r} passed its schema"
    assert any(key in e for e in found), found


def misspell(data: Any) -> tuple[Any, str]:
    """The data with its first field name (of the file, or of its first entry) misspelt: its last
    letter doubled, as a quick typist does."""
    if isinstance(data, list):
        first, key = misspell(data[0])
        return [first, *data[1:]], key
    assert isinstance(data, dict) and data, "a file of fields"
    key = next(iter(data))
    wrong = key + key[-1]
    assert wrong not in data
    return {(wrong if k == key else k): v for k, v in data.items()}, wrong


EXAMPLES = [(gid, path) for gid in games.available() if (ROOT / "examples" / gid).is_dir()
            for path in sorted((ROOT / "examples" / gid).glob("*.yaml"))]


@pytest.mark.parametrize(("gid", "path"), EXAMPLES, ids=[f"{g}/{p.name}" for g, p in EXAMPLES])
def test_every_example_a_player_writes_fits_a_schema_of_its_game(gid: str, path: Path) -> None:
    """A deck, a board or a map in examples/ fits one of the schemas of the files its game's
    commands read (the examples that break a rule break it in meaning, not in shape)."""
    game = games.get(gid)
    assert game.documents(), f"{gid} has example files but declares no kind of file its commands read"
    schemas = editor_schemas.game_schemas(game, paths.CONTENT / gid)
    documents = [s for s in schemas if s.name in game.documents()]
    data = load_file(path).data
    assert any(errors(s.schema, data) == [] for s in documents), \
        {s.name: errors(s.schema, data)[:3] for s in documents}
    misspelt, key = misspell(data)
    assert all(errors(s.schema, misspelt) for s in documents), key


def test_a_length_is_a_text_with_its_unit_or_a_number_within_the_fields_bounds() -> None:
    from generator.games.islands_and_bridges.model import Settings

    cell = Settings.model_json_schema()["properties"]["cell"]
    check = validator({"$schema": editor_schemas.DIALECT, **cell})
    assert check.is_valid("22mm") and check.is_valid("2.2cm") and check.is_valid(22)
    assert not check.is_valid("22") and not check.is_valid("22 furlongs") and not check.is_valid("-2mm")
    assert not check.is_valid(5) and not check.is_valid(41)   # a cell is 12 to 40 mm
    assert "12 to 40 mm" in cell["description"]


def test_a_layout_box_takes_only_the_fields_of_its_type(tmp_path: Path) -> None:
    from generator.layout.editor_schema import layout_schema

    layout = layout_schema()
    ok = {"boxes": {"name": {"type": "text", "x": "3mm", "y": "50%", "width": 20, "height": "1cm",
                             "text": "{{ name }}", "size": 9, "align": "center"}}}
    assert errors(layout, ok) == []
    for wrong in ({"fill": "ink"}, {"align": "middle"}, {"size": 5}, {"type": "star"}, {"x": "3 mm."}):
        box = {**ok["boxes"]["name"], **wrong}
        assert errors(layout, {"boxes": {"name": box}}), wrong
    no_text = {k: v for k, v in ok["boxes"]["name"].items() if k != "text"}
    assert errors(layout, {"boxes": {"name": no_text}})
    assert errors(layout, {"boxes": {"name": {"extends": "other", "text": "x"}}}) == []  # the rest comes from it
    assert errors(layout, {"extends": "card", "boxes": {"name": {"x": "15mm"}}}) == []   # so does a layout's
    assert errors(layout, {"extends": "card", "boxes": {"name": {"x": "15mm", "colour": "ink"}}})


def test_every_field_a_box_may_have_has_a_kind_of_value() -> None:
    from generator.layout import spec

    assert set().union(*spec.ALLOWED.values()) - {"type", "extends"} <= set(spec.VALUES)


def test_the_command_writes_every_games_schemas_once(runner, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(main, ["--out", str(out), "schema"])
    assert result.exit_code == 0, result.output
    for gid in kit.games_in(paths.CONTENT):
        folder = out / gid / "schemas"
        written = sorted(p.name for p in folder.glob(f"*{editor_schemas.SUFFIX}"))
        expected = sorted(f"{s.name}{editor_schemas.SUFFIX}"
                          for s in editor_schemas.game_schemas(kit.game_of(gid), paths.CONTENT / gid))
        assert written == expected
        for name in written:
            validator(json.loads((folder / name).read_text()))
    assert "# yaml-language-server: $schema=" in result.output
    before = {p: p.read_bytes() for p in out.rglob("*.json")}
    again = runner.invoke(main, ["--out", str(out), "schema", "--dir", str(tmp_path / "elsewhere")])
    assert again.exit_code == 0, again.output
    assert {p: p.read_bytes() for p in out.rglob("*.json")} == before
    for gid in kit.games_in(paths.CONTENT):
        for name in (out / gid / "schemas").glob(f"*{editor_schemas.SUFFIX}"):
            assert (tmp_path / "elsewhere" / gid / name.name).read_bytes() == name.read_bytes()

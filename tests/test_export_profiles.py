"""The export profiles: read from their one data file, offered by `build --profile`, each written to
its own folder. What each profile's files hold is tested in tests/test_export_*.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator import export
from generator.cli import main
from generator.content import ContentError, paths

DECKS = paths.EXAMPLES / "decks"


def test_every_profile_in_the_data_file_is_read_and_checked_with_its_exporter():
    assert export.names()[0] == export.DEFAULT == "home"
    for name in export.names():
        p = export.profile(name)
        assert p.settings.about and p.exporter is export.exporter(p.settings.exporter)
        assert p.folder == ("" if name == "home" else name)


@pytest.fixture
def profiles_file(tmp_path, monkeypatch):
    """A profiles file of the test's own, read in place of the shipped one."""
    path = tmp_path / "profiles.yaml"
    monkeypatch.setattr(export, "PROFILES_FILE", path)
    for cached in (export.profile, export._source):
        cached.cache_clear()
    yield path
    for cached in (export.profile, export._source):
        cached.cache_clear()


def test_a_malformed_profile_is_an_error_at_its_line(profiles_file):
    profiles_file.write_text("home:\n  about: x\n  exporter: home\n  sizes: 3\n"
                             "shop:\n  about: y\n  exporter: nobody\n"
                             "Bad Name:\n  about: z\n  exporter: home\n")
    with pytest.raises(ContentError) as err:
        export.profile("home")
    assert str(err.value) == f"{profiles_file}:4:3: error: home.sizes: unknown field"
    with pytest.raises(ContentError, match=r":7:13: error: no exporter 'nobody'; there are: home"):
        export.profile("shop")
    with pytest.raises(ContentError, match=r":8:1: error: a profile's name is an id"):
        export.profile("Bad Name")


def test_home_is_the_default_and_writes_the_kit_where_it_always_went(runner, tmp_path: Path):
    result = runner.invoke(main, ["--content", str(DECKS), "--out", str(tmp_path), "build", "market-day",
                                  "--profile", "HOME"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "market-day" / "manifest.json").read_text())
    assert manifest["profile"] == "home" and "cards.pdf" in manifest["files"]
    result = runner.invoke(main, ["build", "market-day", "--profile", "shop"])
    assert result.exit_code == 2 and "Invalid value for '--profile': 'shop'" in result.output

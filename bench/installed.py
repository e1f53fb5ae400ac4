"""The Python the benches run playkit in: installed as the README installs it, its bytecode compiled once.

- A virtual environment of the bench's own ($PLAYKIT_VENV, default /tmp/playkit-bench-venv) holding
  playkit installed the README's way (`pip install -e .`) with its dependencies from the package
  index: what a designer who follows the README runs. It is made on first use and again when
  pyproject.toml changes. (The interpreter a bench itself runs under may carry start-up hooks of
  its machine: this one's site-packages runs a `.pth` file that costs every process about 20 ms
  before it does anything, and that no designer's environment has.)
- Bytecode: pip compiles a package's modules when it installs it, and Python writes the bytecode of
  a source checkout the first time it imports it; a machine that sets PYTHONDONTWRITEBYTECODE (this
  one does) would instead make every run compile every module again (about 0.05 s of a start-up),
  which no user's run pays and the libraries measured beside it (reportlab, protograf: installed,
  compiled) do not pay either. The bytecode goes to a folder of the bench's own, not the checkout.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("PLAYKIT_VENV", "/tmp/playkit-bench-venv"))


def python() -> str:
    """The venv's Python with playkit installed from this checkout (made now if need be)."""
    exe = VENV / "bin" / "python"
    marker = VENV / "playkit-pyproject.sha256"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + str(ROOT).encode()).hexdigest()
    if not exe.exists() or not marker.exists() or marker.read_text() != want:
        print(f"installing playkit into {VENV} as the README does (once) …", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        subprocess.run([str(exe), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", str(ROOT)],
                       check=True, cwd=ROOT)
        marker.write_text(want)
    return str(exe)


def compiled_env(folder: Path, exe: str | None = None, root: Path = ROOT) -> dict[str, str]:
    """os.environ with bytecode written under `folder`, and the modules a build imports (the checkout
    `root`'s playkit, run by `exe`, and its libraries) compiled there now."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    exe = exe or python()
    subprocess.run([exe, "-m", "compileall", "-q", str(root / "generator")], env=env, check=True)
    subprocess.run([exe, "-c", "import generator.cli, generator.press.assemble, "
                    "generator.press.rulebook, generator.export.home, fontTools.subset, svgwrite"],
                   env=env, check=True, cwd=root)
    return env

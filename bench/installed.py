"""The environment the benches run playkit in: as installed, its modules' bytecode compiled once.

pip compiles a package's modules when it installs it, and Python writes the bytecode of a source
checkout the first time it imports it; a machine that sets PYTHONDONTWRITEBYTECODE (this one does)
would instead make every run compile every playkit module again (about 0.05 s of a start-up),
which no user's run pays and the libraries measured beside it (reportlab, protograf: installed,
compiled) do not pay either. The bytecode goes to a folder of the bench's own, not the checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled_env(folder: Path) -> dict[str, str]:
    """os.environ with bytecode written under `folder`, and playkit's modules compiled there now."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], env=env, check=True)
    return env

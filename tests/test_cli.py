from __future__ import annotations

import subprocess
import sys


def test_cli_help_lists_commands() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mafiabot", "--help"], capture_output=True, text=True, check=True
    ).stdout
    for cmd in ("parse", "replay", "run", "status", "check-config", "demo"):
        assert cmd in out

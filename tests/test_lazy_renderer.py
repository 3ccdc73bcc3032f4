"""A process that writes nothing never builds the renderer (issue 20, item 3): Jinja2 and the
newspaper's template helpers are loaded by the first message the bot writes, not at start —
a fresh `mafiabot run --once` that only reads (an idle run, a first poll) does without them.
Counted, not timed, on the IPB 1.3 board of the recorded exchanges."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from mafiabot.newspaper.render import Renderer
from tests.ipb13_game_kit import START, new_game


def test_the_run_command_and_the_daemon_import_no_template_engine() -> None:
    code = (
        "import sys\n"
        "import mafiabot.commands.run, mafiabot.bootstrap, mafiabot.daemon\n"
        "print('jinja2' in sys.modules, 'mafiabot.newspaper.render' in sys.modules)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["False", "False"]


def test_a_tick_that_writes_nothing_never_builds_the_renderer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(tmp_path, monkeypatch)
    d = game.daemon()
    t = START + timedelta(minutes=1)
    assert d.shell._renderer is None
    game.requests(d, t)  # the deal: the start post and the role PMs are written
    assert isinstance(d.shell._renderer, Renderer)
    for _ in range(2):
        t += timedelta(seconds=10)
        game.requests(d, t)  # settles: the bot's own post and its Sent copies seen
    # a new process on the same files: reading the topic and the inbox writes nothing
    fresh = game.daemon()
    t += timedelta(seconds=10)
    assert game.requests(fresh, t)
    assert fresh.shell._renderer is None
    # the first message to write builds it, once, from the config the game was given
    built = fresh.shell.renderer
    assert isinstance(built, Renderer) and fresh.shell.renderer is built

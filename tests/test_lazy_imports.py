"""What a process that only reads does without (issue 20, item 3): the letter reader is loaded
by the first letter a process reads and the in-memory board by a dry run or `status`, not by
`mafiabot run` starting; and the program's own start keeps what its imports made out of the
collector's later passes. Counted in fresh processes, not timed."""

from __future__ import annotations

import gc
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mafiabot import cli

ROOT = Path(__file__).resolve().parent.parent
PAGE = str(ROOT / "fixtures" / "phpbb" / "topic_p1.html")
#: the letter settings' readings (`parser.letters.asked`, `.reading`) bring a dozen of the
#: letter reader's modules with them
LAZY = (
    "parser.moves",
    "parser.letters.reader",
    "parser.letters.asked",
    "parser.letters.reading",
    "mafiabot.memory_board",
)
READER = ["parser.moves", "parser.letters.reader", "parser.letters.asked", "parser.letters.reading"]


def _fresh(code: str) -> list[str]:
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert res.returncode == 0, res.stderr[-2000:]
    return [line for line in res.stdout.splitlines() if line.startswith("loaded")]


def test_the_run_command_loads_no_letter_reader_nor_memory_board() -> None:
    code = (
        "import sys\n"
        "import mafiabot.commands.run, mafiabot.bootstrap, mafiabot.daemon\n"
        f"print('loaded', [m for m in {LAZY!r} if m in sys.modules])\n"
    )
    assert _fresh(code) == ["loaded []"]


#: what a first poll of an idle game or a long topic uses nothing of before it writes: the
#: newspaper's and replies' renderer (jinja2), migrations (alembic, mako) of a database
#: already at head, progress bars (rich), the dashboard
HEAVY = (
    "jinja2",
    "mafiabot.newspaper.render",
    "alembic",
    "mako",
    "rich",
    "mafiabot.web",
)


def test_the_run_command_and_its_tick_load_no_renderer_migrations_bars_or_dashboard() -> None:
    code = (
        "import sys\n"
        "import mafiabot.commands.run, mafiabot.bootstrap, mafiabot.daemon\n"
        "import mafiabot.daemon.ingest, mafiabot.daemon.tally, parser.votes.day\n"
        f"print('loaded', [m for m in {HEAVY!r} if m in sys.modules])\n"
    )
    assert _fresh(code) == ["loaded []"]


def test_the_vote_reader_loads_no_module_of_the_letter_reader() -> None:
    # the words both readers share live in `parser.roles`, `.vocab`, `.morph`: reading votes
    # (a day's and a court's) takes nothing from `parser.letters`, not even its word lists
    code = (
        "import sys\n"
        "import parser.votes.day, parser.votes.court\n"
        "print('loaded', sorted(m for m in sys.modules if m.startswith('parser.letters')))\n"
    )
    assert _fresh(code) == ["loaded []"]


def test_ticks_without_letters_never_load_the_letter_reader_and_the_first_letter_does() -> None:
    # a fresh process hosting the IPB 1.3 game of the recorded exchanges: the deal and the
    # ticks after it read the topic and an inbox without letters; then a letter comes
    code = (
        "import sys, tempfile\n"
        "from datetime import timedelta\n"
        "from pathlib import Path\n"
        "import pytest\n"
        "from tests.ipb13_game_kit import START, new_game\n"
        f"lazy = {LAZY!r}\n"
        "game = new_game(Path(tempfile.mkdtemp()), pytest.MonkeyPatch())\n"
        "d = game.daemon()\n"
        "t = START + timedelta(minutes=1)\n"
        "for _ in range(3):\n"
        "    game.requests(d, t)\n"
        "    t += timedelta(seconds=10)\n"
        "print('loaded', [m for m in lazy if m in sys.modules])\n"
        "game.board.give_letter('Рома', 'Ведущий', 'ход', 'Лечу Гену')\n"
        "game.requests(d, t)\n"
        "print('loaded', [m for m in lazy if m in sys.modules])\n"
    )
    assert _fresh(code) == ["loaded []", f"loaded {READER!r}"]


def test_the_programs_start_freezes_what_its_imports_made(monkeypatch: pytest.MonkeyPatch) -> None:
    # the console script and `python -m mafiabot` go through `start`: the command's modules
    # load with the collector paused, and are frozen out of its passes once loaded
    seen: list[tuple[str, bool]] = []
    real = importlib.import_module

    def loading(name: str, *a: Any) -> ModuleType:
        if name.startswith("mafiabot.commands."):
            seen.append((name, gc.isenabled()))
        return real(name, *a)

    monkeypatch.setattr(importlib, "import_module", loading)
    monkeypatch.setattr(sys, "argv", ["mafiabot", "parse", "posts", PAGE])
    assert gc.isenabled() and gc.get_freeze_count() == 0
    try:
        assert cli.start() == 0
        frozen = gc.get_freeze_count()
    finally:
        gc.unfreeze()
    assert seen == [("mafiabot.commands.parse_posts", False)]
    assert gc.isenabled() and frozen > 0
    # called in process, as the tests call it, the collector is left as it is
    seen.clear()
    assert cli.main(["parse", "posts", PAGE]) == 0
    assert seen == [("mafiabot.commands.parse_posts", True)] and gc.get_freeze_count() == 0

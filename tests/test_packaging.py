"""Issue 10 item 8: the product installs as ONE top-level package, `mafiabot`.

The repository keeps its designed layout (engine/, parser/, scraper/, poster/, templates/ at
the top); mafiabot/ links to them, so the wheel holds mafiabot.engine, mafiabot.parser, … and
nothing with a generic name lands at the top of site-packages.
"""

from __future__ import annotations

import ast
import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINKED = ("engine", "parser", "scraper", "poster", "templates")


def test_the_designed_folders_are_installed_under_mafiabot() -> None:
    for name in LINKED:
        link = ROOT / "mafiabot" / name
        assert link.is_symlink() and link.resolve() == (ROOT / name).resolve(), name
        assert (link / "__init__.py").is_file(), name


def test_setuptools_finds_only_mafiabot_and_every_subpackage() -> None:
    from setuptools import find_packages

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = conf["tool"]["setuptools"]
    assert "packages" in setuptools and "find" in setuptools["packages"]
    include = setuptools["packages"]["find"]["include"]
    found = set(find_packages(str(ROOT), include=include))
    assert {p.split(".")[0] for p in found} == {"mafiabot"}
    # every folder with an __init__.py under mafiabot/ (through the links) is shipped
    wanted = set()
    for dirpath, dirnames, filenames in os.walk(ROOT / "mafiabot", followlinks=True):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        if "__init__.py" in filenames:
            wanted.add(".".join(Path(dirpath).relative_to(ROOT).parts))
    assert {"mafiabot.engine", "mafiabot.daemon", "mafiabot.config"} <= wanted
    assert wanted <= found, sorted(wanted - found)


def test_no_code_imports_a_generic_top_level_name() -> None:
    bad = []
    for folder in ("mafiabot", "tests", "bench", *LINKED):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                where = path.relative_to(ROOT)
                bad += [f"{where}: {n}" for n in names if n.split(".")[0] in LINKED]
    assert not bad, bad

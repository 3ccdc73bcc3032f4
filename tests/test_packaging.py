"""Issue 19 item 1: folders a tool can follow, one installed package.

In the checkout engine/, parser/, scraper/, poster/ and templates/ are real top-level folders and
every import names them by their path; the wheel carries them inside `mafiabot` with those
imports prefixed by `setup.py::rewrite_imports`. These tests hold both shapes to the same code
without building a wheel (.ci/run builds the real one and plays the demo from it).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mafiabot_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SETUP = _setup()
PARTS: tuple[str, ...] = SETUP.PARTS


def _shipped() -> list[Path]:
    """Every module the wheel carries: the shell and the designed folders, as in the checkout."""
    files: list[Path] = []
    for folder in ("mafiabot", *PARTS):
        files += [p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(files)


def _imported_tops(tree: ast.AST) -> set[str]:
    tops: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def test_the_designed_folders_are_real_folders_at_the_top() -> None:
    for name in PARTS:
        folder = ROOT / name
        assert folder.is_dir() and not folder.is_symlink(), name
        assert (folder / "__init__.py").is_file(), name
        assert not (ROOT / "mafiabot" / name).exists(), f"mafiabot/{name} shadows the folder"
    links = [p for p in ROOT.rglob("*") if p.is_symlink() and ".venv" not in p.parts]
    assert not links, links


def test_the_wheel_ships_one_package_with_every_folder() -> None:
    conf = SETUP._configure(editable=False)
    packages: list[str] = conf["packages"]
    assert {p.split(".")[0] for p in packages} == {"mafiabot"}
    wanted = set()
    for folder in ("mafiabot", *PARTS):
        for dirpath, dirnames, filenames in os.walk(ROOT / folder):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            if "__init__.py" in filenames:
                dotted = ".".join(Path(dirpath).relative_to(ROOT).parts)
                wanted.add(dotted if folder == "mafiabot" else f"mafiabot.{dotted}")
    assert {"mafiabot.engine", "mafiabot.daemon", "mafiabot.templates"} <= wanted
    assert wanted <= set(packages), sorted(wanted - set(packages))
    assert conf["package_dir"]["mafiabot.parser"] == "parser"
    editable = SETUP._configure(editable=True)
    assert {p.split(".")[0] for p in editable["packages"]} == {"mafiabot", *PARTS}


def test_every_shipped_module_imports_only_from_inside_the_package_once_rewritten() -> None:
    bad = []
    for path in _shipped():
        source = path.read_text(encoding="utf-8")
        new = SETUP.rewrite_imports(source)  # raises on an import the wheel cannot carry
        stray = _imported_tops(ast.parse(new)) & set(PARTS)
        bad += [f"{path.relative_to(ROOT)}: {sorted(stray)}" for _ in [0] if stray]
        # only import statements change: the rest of the text is the checkout's own
        assert len(new.splitlines()) == len(source.splitlines()), path
    assert not bad, bad


@pytest.mark.parametrize(
    ("source", "wheel"),
    [
        ("from engine.state import GameState\n", "from mafiabot.engine.state import GameState\n"),
        ("from engine import kinds\n", "from mafiabot.engine import kinds\n"),
        ("import templates\n", "from mafiabot import templates\n"),
        ("import parser.pages as pages\n", "from mafiabot.parser import pages as pages\n"),
        ("import templates as t\n", "from mafiabot import templates as t\n"),
        (
            "if X:\n    from scraper.errors import (\n        A,\n        B,\n    )\n",
            "if X:\n    from mafiabot.scraper.errors import (\n        A,\n        B,\n    )\n",
        ),
        (
            "from  poster.outbox  import  K  # engine\n",
            "from  mafiabot.poster.outbox  import  K  # engine\n",
        ),
        ("from .state import S\nfrom mafiabot.cli import main\n", None),
        ("import enginex\nfrom parsers import p\ns = 'from engine import x'\n", None),
        ("from mafiabot.engine.state import S\n", None),  # already rewritten: unchanged
    ],
)
def test_rewrite_prefixes_exactly_the_designed_folders(source: str, wheel: str | None) -> None:
    assert SETUP.rewrite_imports(source) == (source if wheel is None else wheel)


@pytest.mark.parametrize("source", ["import engine.state\n", "import engine, parser\n"])
def test_an_import_the_wheel_cannot_carry_is_refused(source: str) -> None:
    with pytest.raises(SETUP.ImportShapeError):
        SETUP.rewrite_imports(source)


def test_the_wheel_shape_imports_whole_with_nothing_of_the_checkout(tmp_path: Path) -> None:
    """The installed layout, made with the build's own rewrite, imports every module with no
    top-level engine/parser/… in sys.modules and with the checkout off the path."""
    site = tmp_path / "site"
    names = []
    for path in _shipped():
        rel = path.relative_to(ROOT)
        if rel.parts[0] != "mafiabot":
            rel = Path("mafiabot", *rel.parts)
        target = site / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(SETUP.rewrite_imports(path.read_text("utf-8")), "utf-8")
        module = ".".join(rel.with_suffix("").parts)
        if "migrations" not in rel.parts and rel.name != "__main__.py":
            names.append(module.removesuffix(".__init__"))
    deps = sysconfig.get_paths()["purelib"]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"stray = sorted(m for m in sys.modules if m.split('.')[0] in {PARTS!r})\n"
        "print(len(sys.modules), stray)\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{deps}"}
    # -S: no site hooks (the editable install's finder stays out); -P: not the cwd either
    done = subprocess.run(
        [sys.executable, "-S", "-P", "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("[]"), done.stdout

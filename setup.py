"""How the checkout becomes the one installed package `mafiabot`.

In the repository engine/, parser/, scraper/, poster/ and templates/ stand at the top, beside
the shell mafiabot/, and every import names them so (`from engine.state import GameState`):
Python, mypy, ruff, pytest, grep and any structure tool follow such an import by its path.

A wheel (`pip install .`, `pip install mafiabot`) ships them inside the shell's package, as
mafiabot.engine, mafiabot.parser, …, with the imports between them prefixed to match
(`rewrite_imports`), so nothing with a generic name lands at the top of site-packages. An
editable install (`pip install -e .`, the developer's) keeps the checkout's own names.
ARCHITECTURE.md says why, and tests/test_packaging.py holds both shapes to the same code.

Nothing else about the project lives here: its metadata is in pyproject.toml.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

SHELL = "mafiabot"
# The designed top-level folders that the wheel carries inside the shell's package.
PARTS = ("engine", "parser", "scraper", "poster", "templates")
DATA = {
    "templates": ["**/*.j2", "**/*.txt"],
    "engine": ["py.typed"],
    # the letter reader's prebuilt vocabulary (parser/vocab.py, written by tools/build_vocab.py)
    "parser": ["py.typed", "vocab_forms.bin"],
}
SHELL_DATA = ["py.typed", "migrations/**/*", "demo/**/*"]


class ImportShapeError(ValueError):
    """An import the wheel cannot carry over: `import engine.state` binds the name `engine`,
    which does not exist inside the installed package; write `from engine import state`."""


def _is_part(module: str) -> bool:
    return module.split(".", 1)[0] in PARTS


def _import_edit(node: ast.Import, text: str) -> str:
    """`import templates` / `import engine.state as st` → the same binding from the package."""
    if len(node.names) != 1:
        raise ImportShapeError(f"line {node.lineno}: one part per `import` statement: {text!r}")
    alias = node.names[0]
    head, _, last = alias.name.rpartition(".")
    if head and alias.asname is None:
        raise ImportShapeError(f"line {node.lineno}: {text!r} binds a name the wheel lacks")
    where = f"{SHELL}.{head}" if head else SHELL
    bound = f" as {alias.asname}" if alias.asname else ""
    return f"from {where} import {last}{bound}"


def rewrite_imports(source: str) -> str:
    """The module's text with every import of a designed folder made an import from inside the
    installed package; nothing else in the text changes (relative imports need nothing)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []  # (line, col, end line, end col, new text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and _is_part(node.module or ""):
            line = lines[node.lineno - 1]
            found = re.compile(r"from\s+").match(line, node.col_offset)
            if found is None:  # pragma: no cover - ast and the text always agree
                raise ImportShapeError(f"line {node.lineno}: cannot find `from` in {line!r}")
            start = found.end()
            edits.append((node.lineno, start, node.lineno, start, f"{SHELL}."))
        elif isinstance(node, ast.Import) and any(_is_part(a.name) for a in node.names):
            assert node.end_lineno is not None and node.end_col_offset is not None
            text = ast.get_source_segment(source, node) or ""
            new = _import_edit(node, text)
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, new))
    for line_no, col, end_line, end_col, new in sorted(edits, reverse=True):
        first, last = lines[line_no - 1], lines[end_line - 1]
        lines[line_no - 1 : end_line] = [first[:col] + new + last[end_col:]]
    return "".join(lines)


def _configure(editable: bool) -> dict[str, object]:
    from setuptools import find_namespace_packages

    # namespace: the data folders (migrations, the demo's games, a language's templates) too
    found = find_namespace_packages(
        include=[SHELL, f"{SHELL}.*", *(f"{p}*" for p in PARTS)], exclude=["*__pycache__*"]
    )
    if editable:
        data = {SHELL: SHELL_DATA, **DATA}
        return {"packages": found, "package_dir": {"": "."}, "package_data": data}
    packages = [p if p.split(".")[0] == SHELL else f"{SHELL}.{p}" for p in found]
    package_dir = {"": ".", **{f"{SHELL}.{p}": p for p in PARTS}}
    data = {SHELL: SHELL_DATA, **{f"{SHELL}.{p}": globs for p, globs in DATA.items()}}
    return {"packages": packages, "package_dir": package_dir, "package_data": data}


def main() -> None:
    from setuptools import setup
    from setuptools.command.build_py import build_py

    class BuildPy(build_py):  # type: ignore[misc]
        """Copies the modules as setuptools does, then prefixes the designed folders' imports
        in every module the wheel ships."""

        def build_module(self, module: str, module_file: str, package: str) -> tuple[str, bool]:
            out: tuple[str, bool] = super().build_module(module, module_file, package)
            if not getattr(self, "editable_mode", False):
                target = Path(out[0])
                target.write_text(rewrite_imports(target.read_text("utf-8")), "utf-8")
            return out

    editable = "editable_wheel" in sys.argv
    setup(cmdclass={"build_py": BuildPy}, **_configure(editable))


if __name__ == "__main__":
    main()

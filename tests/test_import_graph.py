"""The import graph the tree draws (issue 19): every arrow points down the layers and no
module imports, even lazily inside a function, a module that imports it back.

Layers, bottom up: engine/ and templates/ ← parser/ ← scraper/ ← poster/ ← mafiabot/. Read
from the files with `ast`, so an import inside a function counts as much as one at the top:
a lazy import keeps start-up light, it does not make a cycle acceptable.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYER = {"engine": 1, "templates": 1, "parser": 2, "scraper": 3, "poster": 4, "mafiabot": 5}


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for top in LAYER:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(path: Path, name: str, known: dict[str, Path]) -> Iterator[str]:
    """The project modules a file imports, anywhere in it (TYPE_CHECKING blocks aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield full
                elif base in known:
                    yield base


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(path, name, known)) - {name} for name, path in known.items()}


def test_every_import_points_down_the_layers() -> None:
    up = [
        f"{a} -> {b}"
        for a, targets in graph().items()
        for b in targets
        if LAYER[b.split(".")[0]] > LAYER[a.split(".")[0]]
    ]
    assert not up, f"imports pointing up the layers: {up}"


def _cycle(g: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in state and (found := visit(m)) is not None:
                return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state and (found := visit(n)) is not None:
            return found
    return None


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert _cycle(graph()) is None, " -> ".join(_cycle(graph()) or [])


def test_the_cycle_finder_finds_a_lazy_cycle() -> None:
    # the check itself can fail: a two-module circle is found
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]

"""The project's own docs match the code: docs/rules.md and ARCHITECTURE.md.

- Every rule id cited anywhere in the repository (code, config example, templates, tests,
  docs) has a heading in docs/rules.md, so a newcomer who meets `P-M.10` can find it.
- Each rule's entry names code that exists (`path::name` names something defined there),
  settings that exist, with the engine's defaults, and links that resolve.
- ARCHITECTURE.md's import graph is the one the code has (derived here from the imports).
- Optionally (when the rules digest lies beside the clone, `../shared/RULES.md`), no run of
  eight words of docs/rules.md is copied from it: the page restates the rules.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import io
import os
import re
import tokenize
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.settings import RulesSettings

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"

#: A rule id: G-N.3, P-M.10, C-4.
RULE_ID = re.compile(r"\b(?:[GP]-[A-Z]{1,2}\.[0-9]+|C-[0-9]+)\b")
HEADING_ID = re.compile(r"^#{2,6}\s+((?:[GP]-[A-Z]{1,2}\.[0-9]+|C-[0-9]+))\b(.*)$", re.MULTILINE)

#: Where citations live. Saved board pages (fixtures, HTML) are the boards' text, not ours.
TEXT_SUFFIXES = {".py", ".md", ".toml", ".j2", ".json", ".txt", ".cfg", ".ini", ".yml", ".yaml"}
SKIP_DIRS = {"fixtures", "__pycache__", "node_modules", "build", "dist"}

#: The top-level directories that are not the product (tooling around it).
NOT_PRODUCT = {"tests", "bench"}


def repo_text_files() -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [
            d
            for d in dirnames
            if not d.startswith(".") and d not in SKIP_DIRS and not d.endswith(".egg-info")
        ]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix in TEXT_SUFFIXES:
                yield path


def cited_ids() -> dict[str, str]:
    """Every rule id cited in the repository → one file citing it."""
    found: dict[str, str] = {}
    for path in repo_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for rule in RULE_ID.findall(text):
            found.setdefault(rule, str(path.relative_to(ROOT)))
    return found


def rules_doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def sections(doc: str) -> dict[str, str]:
    """Rule id → the text of its entry (up to the next heading)."""
    out: dict[str, str] = {}
    matches = list(HEADING_ID.finditer(doc))
    for m in matches:
        start = m.end()
        nxt = re.compile(r"^#{1,6} ", re.MULTILINE).search(doc, start)
        out[m.group(1)] = doc[start : nxt.start() if nxt else len(doc)]
    return out


def field_line(entry: str, name: str) -> str:
    """The text of a `- **Name:** …` bullet, continuation lines included."""
    m = re.search(rf"^- \*\*{name}:\*\*(.*?)(?=^- \*\*|\Z)", entry, re.MULTILINE | re.DOTALL)
    return m.group(1) if m else ""


def test_every_cited_rule_id_has_an_entry_in_docs_rules_md() -> None:
    defined = set(sections(rules_doc()))
    missing = {rule: where for rule, where in cited_ids().items() if rule not in defined}
    assert not missing, f"rule ids cited but not defined in docs/rules.md: {missing}"


def test_each_rule_id_is_defined_once() -> None:
    ids = [m.group(1) for m in HEADING_ID.finditer(rules_doc())]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"defined twice in docs/rules.md: {twice}"


def test_each_rule_entry_says_what_implements_it_and_what_changes_it() -> None:
    for rule, entry in sections(rules_doc()).items():
        code = field_line(entry, "Code")
        assert re.search(r"`[\w./-]+\.(?:py|j2)(?:::\w+)?`", code), f"{rule}: no **Code:** path"
        assert field_line(entry, "Settings").strip(), f"{rule}: no **Settings:** line"
        assert field_line(entry, "Rulings").strip(), f"{rule}: no **Rulings:** line"


# --- paths and names ------------------------------------------------------------------------
CODE_REF = re.compile(r"`((?:[\w.-]+/)+[\w.-]+\.(?:py|j2|toml|md))(?:::(\w+))?`")


@functools.cache
def top_level_names(path: Path) -> frozenset[str]:
    """Functions, classes and module-level names a module defines (and their methods)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return frozenset(names)


@pytest.mark.parametrize("doc", [RULES_DOC, ARCHITECTURE], ids=["rules.md", "ARCHITECTURE.md"])
def test_every_path_and_name_the_docs_give_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    refs = CODE_REF.findall(text)
    assert refs, f"{doc.name} names no code"
    wrong = []
    for rel, name in refs:
        path = ROOT / rel
        if not path.is_file():
            wrong.append(f"{rel}: no such file")
        elif name and name not in top_level_names(path):
            wrong.append(f"{rel}::{name}: not defined there")
    assert not wrong, f"{doc.name}: " + "; ".join(wrong)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found = {github_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}
    return found | set(re.findall(r'<a id="([^"]+)"', text))


@pytest.mark.parametrize("doc", [RULES_DOC, ARCHITECTURE], ids=["rules.md", "ARCHITECTURE.md"])
def test_every_link_the_docs_give_resolves(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+://", target):
            continue
        file, _, anchor = target.partition("#")
        path = (doc.parent / file).resolve() if file else doc
        checked = path.exists() and bool(anchor) and path.suffix == ".md"
        if not path.exists() or (checked and anchor not in anchors(path)):
            broken.append(target)
    assert not broken, f"{doc.name}: broken links {broken}"


# --- settings -------------------------------------------------------------------------------
def as_toml(value: Any) -> Any:
    """A settings default as TOML reads it back (tuples are arrays)."""
    if isinstance(value, tuple | list):
        return [as_toml(v) for v in value]
    if isinstance(value, dict):
        return {k: as_toml(v) for k, v in value.items()}
    return value


RULES_FIELDS = {f.name for f in dataclasses.fields(RulesSettings)}
DEFAULTS = {name: as_toml(getattr(RulesSettings(), name)) for name in RULES_FIELDS}


def test_rules_settings_named_in_the_docs_exist_with_the_engines_defaults() -> None:
    doc = rules_doc()
    for name in re.findall(r"`\[rules\] (\w+)", doc):
        assert name in RULES_FIELDS, f"docs/rules.md names an unknown [rules] setting {name!r}"
    for name, value in re.findall(r"`\[rules\] (\w+) = ([^`]+)`", doc, re.DOTALL):
        written = tomllib.loads(f"x = {' '.join(value.split())}")["x"]
        assert written == DEFAULTS[name], (
            f"docs/rules.md: {name} = {value}, engine: {DEFAULTS[name]}"
        )


def test_the_settings_table_lists_every_rules_setting_with_its_default() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| (.+?) \|", rules_doc(), re.MULTILINE))
    assert set(rows) == RULES_FIELDS, f"table vs RulesSettings: {set(rows) ^ RULES_FIELDS}"
    for name, cell in rows.items():
        m = re.fullmatch(r"`(.+)`", cell.strip())
        if m:
            assert tomllib.loads(f"x = {m.group(1)}")["x"] == DEFAULTS[name], name


def example_sections() -> dict[str, str]:
    text = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    parts = re.split(r"^\[(\w+)\]\s*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def test_other_config_keys_named_in_the_docs_are_in_the_example_config() -> None:
    example = example_sections()
    for section, key in re.findall(r"`\[(board|storage|game|newspaper)\] (\w+)", rules_doc()):
        body = example.get(section, "")
        assert re.search(rf"^#?\s*{key}\s*=", body, re.MULTILINE), f"[{section}] {key}"


# --- the import graph -----------------------------------------------------------------------
def product_packages() -> list[str]:
    return sorted(
        p.name
        for p in ROOT.iterdir()
        if (p / "__init__.py").is_file() and p.name not in NOT_PRODUCT
    )


def import_graph() -> set[tuple[str, str]]:
    """Package → package edges: every import (lazy and type-only ones included)."""
    packages = product_packages()
    edges: set[tuple[str, str]] = set()
    for pkg in packages:
        for path in (ROOT / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    modules = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                else:
                    continue
                for module in modules:
                    top = module.split(".")[0]  # every package is imported by its folder's name
                    if top in packages and top != pkg:
                        edges.add((pkg, top))
    return edges


def drawn_graph() -> tuple[set[str], set[tuple[str, str]]]:
    """The nodes and edges of ARCHITECTURE.md's mermaid import graph."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    m = re.search(r"```mermaid\n(.*?)```", text, re.DOTALL)
    assert m, "ARCHITECTURE.md has no mermaid import graph"
    nodes: set[str] = set()
    edges: set[tuple[str, str]] = set()
    for line in m.group(1).splitlines():
        e = re.match(r"\s*(\w+)\s*-->\s*(?:\|[^|]*\|\s*)?(\w+)", line)
        if e:
            edges.add((e.group(1), e.group(2)))
            nodes |= {e.group(1), e.group(2)}
        n = re.match(r"\s*(\w+)(?:\[|\s*$)", line)
        if n and n.group(1) not in ("graph", "flowchart"):
            nodes.add(n.group(1))
    return nodes, edges


def test_architecture_import_graph_matches_the_code() -> None:
    nodes, edges = drawn_graph()
    actual = import_graph()
    hint = "\n".join(f"    {a} --> {b}" for a, b in sorted(actual))
    assert edges == actual, f"redraw ARCHITECTURE.md's graph from the imports:\n{hint}"
    assert nodes == set(product_packages()), f"graph nodes: {sorted(nodes)}"


def product_modules() -> list[str]:
    """Every module of the product packages (package `__init__`s, `__main__` hooks, alembic's
    migrations and the templates' generated modules aside)."""
    out = []
    for pkg in product_packages():
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            generated = "migrations/" in rel or "/compiled/" in rel
            if generated or path.name in ("__init__.py", "__main__.py"):
                continue
            out.append(rel)
    return out


def test_architecture_names_the_composition_root_and_every_module() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert "mafiabot/bootstrap.py" in text
    unnamed = [rel for rel in product_modules() if f"`{rel}" not in text]
    assert not unnamed, f"modules ARCHITECTURE.md does not name: {unnamed}"


# --- restated, not copied -------------------------------------------------------------------
def shared_rules() -> Path | None:
    shared = Path(os.environ.get("MAFIABOT_SHARED", ROOT.parent / "shared"))
    path = shared / "RULES.md"
    return path if path.is_file() else None


def word_runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_docs_rules_md_restates_rather_than_copies_the_digest() -> None:
    digest = shared_rules()
    if digest is None:
        pytest.skip("the rules digest (../shared/RULES.md) is not beside this clone")
    copied = word_runs(rules_doc(), 8) & word_runs(digest.read_text(encoding="utf-8"), 8)
    assert not copied, f"runs of 8 words copied from RULES.md: {sorted(copied)[:5]}"


# ------------------------------------------------------------ the project's text is its own
#
# The digest (every .md beside the clone in ../shared and the Russian originals in its seeds/)
# is the spec; the repository restates it. Checked: every .md file, config.example.toml, the
# templates, and the comments, docstrings and string literals of every .py file. A run of eight
# words (\w+ tokens, lower-cased) found in both counts as copied prose unless it is structural:
#
# - it holds fewer than two function words ("a", "the", "is", "в", "не", …): JSON keys and values,
#   sequences of nicks and role ids, rule-id lists ("c 4 g p 1 p p 1"), enumerations of
#   identifiers such as role or event-kind names ("maniac ninja kamikaze testament …");
# - it lies in a file the project generates from its own templates or saves from a board: the
#   golden newspapers and texts, scenario JSON, fixtures (not in the list above).

COPY_RUN = 8

_FUNCTION_WORDS = (
    "a an the and or but if of to in on at by for from with without into over under after "
    "before than as is are was were be been being has have had do does did not no nor never "
    "it its he his him she her they their them who whom whose which that this these those "
    "what when where while once so may can cannot must will would should one every each any "
    "all both either only also too there here "
    "в во и или но не ни на по до из за от к ко с со у о об при для что как это его её их он "
    "она они кто ли же бы уже ещё только"
)
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())


def shared_digest() -> list[Path] | None:
    shared = Path(os.environ.get("MAFIABOT_SHARED", ROOT.parent / "shared"))
    if not (shared / "RULES.md").is_file():
        return None
    return sorted(shared.glob("*.md")) + sorted(
        p for p in (shared / "seeds").glob("*") if p.is_file()
    )


def prose_runs(text: str, n: int = COPY_RUN) -> set[tuple[str, ...]]:
    """Runs of `n` words holding at least two function words (see the filters above)."""
    return {run for run in word_runs(text, n) if sum(word in FUNCTION_WORDS for word in run) >= 2}


def python_prose(path: Path) -> str:
    """The comments, docstrings and string literals of a Python file, one piece per line."""
    source = path.read_text(encoding="utf-8")
    pieces = [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    with io.StringIO(source) as stream:
        pieces += [
            tok.string.lstrip("#:")
            for tok in tokenize.generate_tokens(stream.readline)
            if tok.type == tokenize.COMMENT
        ]
    return "\n".join(pieces)


def own_text_files() -> Iterator[Path]:
    """The files whose prose is the project's own (see the list above)."""
    for path in repo_text_files():
        rel = path.relative_to(ROOT)
        if path.suffix in {".md", ".py", ".j2"} or rel == Path("config.example.toml"):
            yield path


def own_prose(path: Path) -> str:
    if path.suffix == ".py":
        return python_prose(path)
    return path.read_text(encoding="utf-8")


def test_no_prose_is_copied_from_the_shared_digest() -> None:
    digest = shared_digest()
    if digest is None:
        pytest.skip("the digest (../shared/*.md and seeds/) is not beside this clone")
    theirs: set[tuple[str, ...]] = set()
    for path in digest:
        theirs |= prose_runs(path.read_text(encoding="utf-8", errors="replace"))
    copied = {
        str(path.relative_to(ROOT)): sorted(" ".join(run) for run in runs)[:3]
        for path in own_text_files()
        if (runs := prose_runs(own_prose(path)) & theirs)
    }
    assert not copied, f"8-word runs of prose copied from the digest: {copied}"

"""Our templates shipped compiled: each `templates/<language>/X.j2` beside the Python module
Jinja2 compiles it to, `templates/<language>/compiled/X.py` (`module_name`), written by
`python -m tools.compile_templates` and held to its source by `tests/test_compiled_templates.py`.

Why: a process that writes its first message (a first poll's reply to a letter) otherwise
lexes, parses and generates Python for the template and compiles that Python, ~1.5 MB of
peak memory and ~15 ms for the reply's template alone; a module is loaded from its bytecode
(bench/README.md, "perf-35").

A module is used only when it was compiled from the very source that lies beside it (its
SHA-256) by the same Jinja2 release line (major.minor, whose generated code calls the same
runtime) in an environment of the same settings (`settings`: `trim_blocks`, `finalize`, …,
baked into the generated code); otherwise, and for a host's own templates, the source is
compiled on use as before, so a stale module never changes a message. The modules are written
from the renderer's own environment, and the test fails when the templates or its settings
move.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

import jinja2

COMPILED = "compiled"
"""The folder, inside a language's, of its templates' modules."""


def release() -> str:
    """The installed Jinja2's release line, `major.minor` (a module's code calls its runtime)."""
    return ".".join(jinja2.__version__.split(".")[:2])


def module_name(template: str) -> str:
    """`move_reply.bbcode.j2` → `move_reply_bbcode.py`."""
    return template.removesuffix(".j2").replace(".", "_") + ".py"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def settings(env: jinja2.Environment) -> str:
    """The environment's settings that Jinja2 bakes into the code it generates: a module is
    used only in an environment that would generate the same."""
    finalize = env.finalize
    return repr(
        (
            env.block_start_string,
            env.block_end_string,
            env.variable_start_string,
            env.variable_end_string,
            env.comment_start_string,
            env.comment_end_string,
            env.line_statement_prefix,
            env.line_comment_prefix,
            env.trim_blocks,
            env.lstrip_blocks,
            env.newline_sequence,
            env.keep_trailing_newline,
            env.autoescape if isinstance(env.autoescape, bool) else "callable",
            None if finalize is None else getattr(finalize, "jinja_pass_arg", "plain"),
            env.optimized,
            env.is_async,
            sorted(env.extensions),
        )
    )


def module_text(env: jinja2.Environment, folder: Path, template: str) -> str:
    """The module `template` of `folder` compiles to in `env`: a header naming its source's
    digest and the Jinja2 release line, then Jinja2's own generated code."""
    source = (folder / template).read_bytes()
    code = env.compile(source.decode("utf-8"), template, None, raw=True, defer_init=True)
    return (
        f"# Compiled from templates/{folder.name}/{template}"
        " by `python -m tools.compile_templates`: do not edit.\n"
        f"SOURCE_SHA256 = {_digest(source)!r}\n"
        f"JINJA2_RELEASE = {release()!r}\n"
        f"SETTINGS = {settings(env)!r}\n"
        f"{code.rstrip()}\n"
    )


def shipped(folder: Path) -> list[str]:
    """The templates of one language folder, by name."""
    return sorted(p.name for p in folder.glob("*.j2"))


class ShippedTemplates(jinja2.FileSystemLoader):
    """One language folder of ours: a template is loaded from its compiled module when that
    module is fresh (see the module's docstring), else compiled from its source as
    `jinja2.FileSystemLoader` does. `compiled=False`: always from the source."""

    def __init__(self, folder: Path, *, compiled: bool = True) -> None:
        super().__init__(str(folder))
        self.folder = folder
        self.compiled = compiled

    def source_only(self) -> ShippedTemplates:
        """The same folder with every template compiled from its source."""
        return ShippedTemplates(self.folder, compiled=False)

    def load(
        self,
        environment: jinja2.Environment,
        name: str,
        globals: MutableMapping[str, Any] | None = None,
    ) -> jinja2.Template:
        namespace = self._module(environment, name) if self.compiled else None
        if namespace is None:
            return super().load(environment, name, globals)
        # a module of its own per environment: Jinja2 puts the environment in its globals
        return environment.template_class.from_module_dict(environment, namespace, globals or {})

    def _module(self, environment: jinja2.Environment, name: str) -> dict[str, Any] | None:
        """The fresh module's namespace for template `name`, or None."""
        if "/" in name or "\\" in name or not name.endswith(".j2"):
            return None
        source, path = self.folder / name, self.folder / COMPILED / module_name(name)
        if not source.is_file() or not path.is_file():
            return None
        spec = importlib.util.spec_from_file_location(
            f"_mafiabot_templates_{self.folder.name}_{path.stem}", path
        )
        if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has one
            return None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        namespace: dict[str, Any] = module.__dict__
        fresh = (
            namespace.get("JINJA2_RELEASE") == release()
            and namespace.get("SETTINGS") == settings(environment)
            and namespace.get("SOURCE_SHA256") == _digest(source.read_bytes())
        )
        if not fresh:
            return None
        namespace["__file__"] = str(source)  # tracebacks name the template, not its module
        return namespace


def write_all(env: jinja2.Environment, folder: Path, say: Callable[[str], None]) -> int:
    """Writes every template's module of `folder` that differs from what `env` compiles it to,
    removes modules of templates no longer there; returns how many files changed."""
    out = folder / COMPILED
    out.mkdir(exist_ok=True)
    changed = 0
    wanted = {module_name(t): t for t in shipped(folder)}
    for module, template in wanted.items():
        text = module_text(env, folder, template)
        path = out / module
        if path.is_file() and path.read_text("utf-8") == text:
            continue
        path.write_text(text, "utf-8")
        say(f"{path.relative_to(folder.parent)}: written")
        changed += 1
    for path in out.glob("*.py"):
        if path.name not in wanted:
            path.unlink()
            say(f"{path.relative_to(folder.parent)}: removed")
            changed += 1
    return changed

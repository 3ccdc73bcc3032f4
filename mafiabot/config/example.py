"""`config.example.toml`, generated from the declarations (`python -m mafiabot.config --example`).

Every key is shown with its help as a comment and its example (or default) value; optional
keys most games leave out are shown commented out. The `[rules]` help comes from the engine's
own `#:` comments on `RulesSettings`, so the ruling and its explanation stay in one place.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
import textwrap
from collections.abc import Mapping
from datetime import date, datetime, time
from pathlib import Path
from typing import Any, Final

from engine.settings import RulesSettings
from mafiabot.config.declare import NOTHING, declared
from mafiabot.config.sections import OVERRIDE_USAGE, SECTIONS

WIDTH: Final = 95

HEADER: Final = """\
mafiabot — example config. Copy it, edit it, check it:
    mafiabot check-config -c mygame.toml
then host the game:
    MAFIABOT_PASSWORD='…' mafiabot run -c mygame.toml
The bot re-reads this file on every tick: [[override]] tables you add while the game runs
are applied on the next tick, logged, and noted in the host report.
Times without a zone are board time ([board] timezone).
This file is generated from the declarations in mafiabot/config/sections.py
(python -m mafiabot.config --example)."""

RULES_INTRO: Final = (
    "Every ruling of the rules is a setting; the value shown is the default (the ruling)."
)

ROLE_TABLES_HELP: Final = """\
G-S.1 / P-S.1: role tables by player count replacing the defaults, e.g.
    [rules.role_tables.20]
    civilian = 9
    commissar = 1"""

OVERRIDE_INTRO: Final = """\
Host overrides (C-6). Add a table while the game runs; the bot applies it on the next tick,
logs it and says so in the host report. Kinds and the keys each needs:"""

OVERRIDE_OUTRO: Final = """\
`reason` and `note` (optional) are shown in the host report.

[[override]]
kind = "replace"
turn = 3
nick = "Кот"
new_nick = "Кот2"
note = "Кот left the board; Кот2 plays on"

[[override]]
kind = "ignore_vote"
post_id = 123
note = "vote written after the deadline, edited in\""""

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_value(value: Any) -> str:
    """One value in TOML syntax (the types config keys take)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        return json.dumps(str(value), ensure_ascii=False)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, time):
        return json.dumps(value.strftime("%H:%M"))
    if isinstance(value, Mapping):
        items = ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def comment(text: str) -> list[str]:
    """Help text as `#` lines: paragraphs wrapped, indented lines (examples) kept as they are."""
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            out.append("#")
        elif line.startswith(" "):
            out.append(f"# {line}")
        else:
            out += textwrap.wrap(line, WIDTH - 2, initial_indent="# ", subsequent_indent="# ")
    return out


def _section(name: str, cls: type) -> list[str]:
    lines = [f"[{name}]"]
    for d in declared(cls):
        value = d.default if d.key.example is NOTHING else d.key.example
        lines += comment(d.key.help)
        if value is None:
            raise ValueError(f"{name}.{d.name}: declare an example for the example file")
        lines.append(("# " if d.key.commented else "") + f"{d.name} = {toml_value(value)}")
    return lines


def rules_help() -> dict[str, str]:
    """The engine's `#:` comment above each `RulesSettings` field, and `# --- Part ---`
    headings as keys `--- Part ---`, in source order."""
    out: dict[str, str] = {}
    pending: list[str] = []
    for raw in inspect.getsource(RulesSettings).splitlines():
        line = raw.strip()
        if line.startswith("#:"):
            pending.append(line[2:].strip())
        elif m := re.match(r"# (--- [^-]+?) -+$", line):
            out[m.group(1) + " ---"] = ""
        elif m := re.match(r"(\w+):", line):
            if pending:
                out[m.group(1)] = " ".join(pending)
            pending = []
        elif line:
            pending = []
    return out


def _rules() -> list[str]:
    defaults = RulesSettings()
    names = {f.name for f in dataclasses.fields(RulesSettings)}
    lines = ["[rules]", *comment(RULES_INTRO)]
    for name, help_ in rules_help().items():
        if name.startswith("---"):
            if not name.startswith("--- dealing"):
                lines.append(f"# {name}")
        elif name == "role_tables":
            lines += comment(ROLE_TABLES_HELP)
        elif name in names:
            lines += comment(help_)
            lines.append(f"{name} = {toml_value(getattr(defaults, name))}")
    return lines


def _overrides() -> list[str]:
    lines = comment(OVERRIDE_INTRO)
    for kind, (keys, what) in OVERRIDE_USAGE.items():
        wrapped = textwrap.wrap(what, WIDTH - 45) or [""]
        lines.append(f"#   {kind:<15} {keys:<24} {wrapped[0]}".rstrip())
        lines += [f"#{'':44}{more}" for more in wrapped[1:]]
    return lines + [f"# {line}".rstrip() for line in OVERRIDE_OUTRO.splitlines()]


def example_toml() -> str:
    """The whole commented example file."""
    parts = [comment(HEADER)]
    parts += [_section(name, cls) for name, cls in SECTIONS.items()]
    parts += [_rules(), _overrides()]
    return "\n\n".join("\n".join(p) for p in parts) + "\n"

"""What more than one sub-command needs, in one place: the game configs a command line names
(one file, or several and folders of them), a game database opened only if it exists, and
the files and times the `parse` commands read. Every refusal here is a `UsageError` (exit 2)
saying what to fix; the commands import this module and never each other."""

from __future__ import annotations

from datetime import datetime

from mafiabot.exitcodes import UsageError

# what the `parse` commands never need is imported where it is used: a quick command does not
# pay for the config, the database or the rules engine at start-up (nor for typing and
# pathlib, which the annotations name: mypy reads a `TYPE_CHECKING` block whatever defines it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any

    from engine.state import GameState
    from mafiabot.config import Config
    from mafiabot.store import Store
    from parser.letters.reading import ReadingSettings

__all__ = [
    "UsageError",
    "configs",
    "database_fault",
    "existing_store",
    "iso",
    "load_cast",
    "one_config",
    "parse_now",
    "read_cast",
    "read_html",
    "read_nicks",
    "reading_settings",
    "refuse_overlap",
    "single_config",
]

# -- game configs ------------------------------------------------------------------------------


def single_config(value: str | Path | list[str]) -> str | Path | None:
    """The one config file a command line names (None: several, or a folder of them)."""
    import os

    from mafiabot.configs import given_configs

    given = given_configs(value)
    return given[0] if len(given) == 1 and not os.path.isdir(given[0]) else None


def one_config(path: str | Path) -> Config:
    """A config file, or `UsageError` with every problem in it."""
    from mafiabot.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as exc:
        raise UsageError(str(exc)) from exc


def configs(value: str | Path | list[str]) -> list[tuple[Path, Config]]:
    """Every config the command line names (files, folders of `*.toml`), each read before
    anything starts (`mafiabot.configs.load_configs`)."""
    from pathlib import Path

    from mafiabot.configs import given_configs, load_configs

    single = single_config(value)
    if single is not None:
        return [(Path(single), one_config(single))]
    return load_configs(given_configs(value))


# -- the game database -------------------------------------------------------------------------


def existing_store(url: str, busy_timeout: float = 5.0) -> Store | None:
    """The game database if it already exists, else None. The commands that only read
    (`status`, `web`) never create a database file nor run a migration (that is `run`'s
    job). A path that is no database file, a corrupt, locked or unreachable database is its
    one line (`HostError`), never taken for "no database yet"."""
    import os
    from pathlib import Path

    import sqlalchemy as sa

    from mafiabot.dbfile import check_regular, check_sqlite_file
    from mafiabot.store import Store

    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if path == ":memory:" or not os.path.lexists(path):
            return None
        check_regular(Path(path))  # a device or a FIFO is no database: one line, exit 2
        check_sqlite_file(Path(path))
    try:
        st = Store(url, busy_timeout=busy_timeout)
    except Exception as exc:
        raise database_fault(exc, url) from None
    try:
        if not sa.inspect(st.engine).has_table("games"):
            st.close()
            return None
    except Exception as exc:
        # locked, corrupt, unreachable: said as such, never taken for "no database yet"
        st.close()
        raise database_fault(exc, url) from None
    return st


def database_fault(exc: Exception, url: str) -> Exception:
    """A database fault as its one line naming the database (else `exc` itself)."""
    from mafiabot.dbfile import database_error

    return database_error(exc, url) or exc


# -- what the parse commands read --------------------------------------------------------------


def read_nicks(path: str | None, what: str = "players") -> list[str]:
    """A nick list file: one nick a line (UTF-8, BOM allowed), blank lines ignored; a board
    user id after a nick (`read_cast`) is dropped."""
    return list(read_cast(path, what))


def read_cast(path: str | None, what: str = "players") -> dict[str, int | None]:
    """A nick list file, each nick with the board user id the line gives: ``nick = 61`` or
    ``nick<TAB>61`` (None when the line is a bare nick)."""
    out: dict[str, int | None] = {}
    for line in _lines(path, what):
        nick, uid = line, None
        for sep in ("\t", " = "):
            head, found, tail = line.rpartition(sep)
            if found and head.strip():
                if not tail.strip().isdecimal():
                    raise UsageError(
                        f"the {what} file {path}: {line!r}: after the nick, a board user id "
                        "(a number) is expected"
                    )
                nick, uid = head.strip(), int(tail)
                break
        out[nick] = uid
    return out


def _lines(path: str | None, what: str) -> list[str]:
    if path is None:
        return []
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"cannot read the {what} file {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"the {what} file {path} is not UTF-8 text") from None
    return [line.strip() for line in text.splitlines() if line.strip()]


def refuse_overlap(living: list[str], dead: list[str]) -> None:
    """A nick both living and dead is a mistake in the lists: say so instead of guessing."""
    from parser.identity import nick_key

    dead_keys = {nick_key(n) for n in dead}
    both = [n for n in living if nick_key(n) in dead_keys]
    if both:
        raise UsageError(f"listed both as playing and as dead: {', '.join(both)}")


def parse_now(value: str | None) -> datetime | None:
    """`--now`: the ISO time a page was fetched (for «Сегодня»), or None."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise UsageError(f"--now: not an ISO 8601 time: {value!r}") from None


def iso(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


def read_html(path: str) -> str:
    """A saved board page as text (its encoding read from the page)."""
    from parser.pages import read_page

    try:
        return read_page(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def _read_cast(path: str) -> dict[str, Any]:
    import json

    try:
        with open(path, encoding="utf-8") as f:
            data = json.loads(f.read())
    except OSError as exc:
        raise UsageError(f"cannot read the cast {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(data, dict):
        raise UsageError(f"{path}: the cast must be a JSON object")
    return data


def load_cast(path: str, ruleset: str | None) -> GameState:
    """The game CAST.json describes; `ruleset` (None: the cast's own) must match the cast's."""
    from parser.sender import CastError, cast_state

    data = _read_cast(path)
    if ruleset is not None and data.setdefault("ruleset", ruleset) != ruleset:
        raise UsageError(f"{path} is a {data['ruleset']} cast, not {ruleset}")
    if "ruleset" not in data:
        raise UsageError(f'{path}: the cast names no "ruleset" (or pass --ruleset)')
    try:
        return cast_state(data)
    except CastError as exc:
        raise UsageError(f"{path}: {exc}") from exc


# -- the host's reading settings ----------------------------------------------------------------

#: the `parse moves` / `parse pm` flags of the host's reading settings: flag → `[rules]` key
_READING_FLAGS = {
    "threshold": "move_confidence",
    "member_suggestion": "member_suggestion",
    "move_question": "move_question",
    "mafioso_suggestion": "mafioso_suggestion",
    "verb_outside_vocabulary": "verb_outside_vocabulary",
}


def reading_settings(args: argparse.Namespace) -> ReadingSettings:
    """The host's reading settings the `parse` commands read letters with: the ``[rules]``
    defaults, each setting replaced by its flag when the flag is given — built as the daemon
    and `mafiabot replay` build theirs (`ReadingSettings.of`)."""
    import dataclasses

    from engine.settings import RulesSettings
    from parser.letters.reading import ReadingSettings

    given = {
        key: getattr(args, flag)
        for flag, key in _READING_FLAGS.items()
        if getattr(args, flag, None) is not None
    }
    return ReadingSettings.of(dataclasses.replace(RulesSettings(), **given))

"""Several games' configs from one command line: every `-c` is a config file or a folder
whose `*.toml` files are configs (sorted by name). `run`, `status`, `web` and `check-config`
read their list through here, so a folder means the same thing to each of them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mafiabot.config import Config, ConfigError, load_config
from mafiabot.exitcodes import UsageError


def given_configs(value: str | Path | Sequence[str | Path]) -> list[str | Path]:
    """`args.config` as a list (one `-c` may come as a bare string from a caller)."""
    return [value] if isinstance(value, str | Path) else list(value)


def config_paths(given: Sequence[str | Path]) -> list[Path]:
    """Each -c: a config file, or a folder whose *.toml files are configs. A file named twice
    is one game, not two hosts of it."""
    out: list[Path] = []
    for g in given:
        p = Path(g)
        found = sorted(p.glob("*.toml")) if p.is_dir() else [p]
        out += [f for f in found if f.resolve() not in {o.resolve() for o in out}]
    return out


def load_configs(given: Sequence[str | Path]) -> list[tuple[Path, Config]]:
    """Every config, or `UsageError` (exit 2) naming the file of each problem — before
    anything starts: one bad file stops them all rather than leaving a game unhosted
    unnoticed. Two files hosting the same topic of the same board are refused too."""
    paths = config_paths(given)
    if not paths:
        raise UsageError(f"no config file in {', '.join(str(g) for g in given)}")
    loaded: list[tuple[Path, Config]] = []
    errors: list[str] = []
    for path in paths:
        try:
            loaded.append((path, load_config(path)))
        except ConfigError as exc:
            # the message names the file already; say it once
            errors.append(str(exc) if str(path) in str(exc) else f"{path}: {exc}")
    seen: dict[tuple[str, int], Path] = {}
    for path, cfg in loaded:
        key = (cfg.board.url.rstrip("/"), cfg.game.topic)
        if key in seen:
            errors.append(f"{path}: hosts topic {cfg.game.topic} like {seen[key]}")
        seen.setdefault(key, path)
    if errors:
        raise UsageError("\n".join(errors))
    return loaded

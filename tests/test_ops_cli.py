"""The host's operating surface of the `mafiabot` command: version, logging options, exit
codes, a closed output pipe, private data files."""

from __future__ import annotations

import io
import logging
import os
import stat
import subprocess
import sys
import types
from pathlib import Path

import pytest

from mafiabot import __version__, cli, logs
from mafiabot.config import ConfigError
from mafiabot.exitcodes import (
    DatabaseUnusable,
    ExitCode,
    InstanceLocked,
    LoginRefused,
    UsageError,
)
from scraper.errors import LoginFailed

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "fixtures" / "phpbb" / "topic_p1.html"


def _mafiabot(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mafiabot", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_version_prints_the_package_version() -> None:
    res = _mafiabot("--version")
    assert res.returncode == 0
    assert res.stdout.strip() == f"mafiabot {__version__}"


def test_help_documents_the_exit_codes() -> None:
    out = _mafiabot("--help").stdout
    for code in ("0 done", "1 runtime failure", "2 bad config", "3 the board refused", "130"):
        assert code in " ".join(out.split())


@pytest.mark.parametrize(
    ("exc", "code"),
    [
        (UsageError("x"), 2),
        (ConfigError("c.toml", [("game.topic", "missing")]), 2),
        (DatabaseUnusable("x"), 2),
        (LoginRefused("x"), 3),
        (LoginFailed("Ведущий"), 3),
        (InstanceLocked("x"), 1),
        (KeyboardInterrupt(), 130),
        (RuntimeError("a bug"), None),
    ],
)
def test_one_mapping_from_error_to_exit_code(exc: BaseException, code: int | None) -> None:
    assert cli.exit_code_for(exc) == code


def test_check_config_and_run_agree_bad_config_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[board]\nurl = "http://127.0.0.1:9/"\n', "utf-8")
    for argv in (("check-config", "-c", str(bad)), ("run", "--once", "-c", str(bad))):
        res = _mafiabot(*argv)
        assert res.returncode == ExitCode.BAD_INPUT, (argv, res.stderr)
        assert "Traceback" not in res.stderr


def test_logging_options_before_or_after_the_command() -> None:
    ap = cli._build_parser()
    a = ap.parse_args(["-v", "status", "-c", "x.toml"])
    assert a.log_level == "DEBUG" and a.log_file is None
    b = ap.parse_args(["status", "-c", "x.toml", "--log-level", "warning", "--log-file", "f"])
    assert b.log_level == "warning" and b.log_file == "f"
    c = ap.parse_args(["--log-file", "g", "parse", "posts", "p.html"])
    assert c.log_file == "g" and c.log_level is None


def test_an_unknown_log_level_is_a_usage_error() -> None:
    res = _mafiabot("--log-level", "LOUD", "check-config", "-c", "x.toml")
    assert res.returncode == 2
    assert "unknown log level 'LOUD'" in res.stderr


def test_log_file_gets_iso_stamped_lines_and_is_private(tmp_path: Path) -> None:
    log_file = tmp_path / "bot.log"
    res = _mafiabot("-v", "--log-file", str(log_file), "parse", "posts", str(PAGE))
    assert res.returncode == 0, res.stderr
    text = log_file.read_text("utf-8")
    assert stat.S_IMODE(log_file.stat().st_mode) == 0o600
    first = text.splitlines()[0]
    # 2026-12-01T22:35:00.123+00:00 DEBUG name: message
    stamp, level = first.split(" ")[:2]
    assert stamp[4] == "-" and stamp[10] == "T" and stamp[-6] in "+-"
    assert level in logs.LEVELS


def _stream_on_fd(path: Path) -> io.TextIOWrapper:
    return open(path, "w", encoding="utf-8")


def test_under_systemds_journal_lines_carry_priority_not_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "journal"
    with _stream_on_fd(out) as stream:
        st = os.fstat(stream.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{st.st_dev}:{st.st_ino}")
        assert logs.under_journal(stream)
        logs.setup(logging.INFO, stream=stream)
        try:
            logging.getLogger("mafiabot.test").warning("flood control, waiting")
            logging.getLogger("mafiabot.test").debug("not shown at INFO")
        finally:
            logs.setup(logging.WARNING, stream=sys.stderr)
    assert out.read_text("utf-8") == "<4>mafiabot.test: flood control, waiting\n"


def test_a_redirected_stderr_under_systemd_is_not_the_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", "1:2")  # systemd's stream, but ours was redirected
    with _stream_on_fd(tmp_path / "x") as stream:
        assert not logs.under_journal(stream)
    monkeypatch.setenv("JOURNAL_STREAM", "garbage")
    with _stream_on_fd(tmp_path / "y") as stream:
        assert not logs.under_journal(stream)


def test_a_closed_output_pipe_is_no_traceback() -> None:
    """`mafiabot … | head -1`: the reader leaves after one line; the bot exits quietly."""
    argv = [sys.executable, "-m", "mafiabot", "parse", "posts", *([str(PAGE)] * 30)]
    with subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith("{")
        proc.stdout.close()  # far more than a pipe buffer is still to come
        err = proc.stderr.read()
        rc = proc.wait()
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert rc == 0


def test_files_the_bot_creates_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The umask `main` sets while a command runs: the database, its WAL, cookie jar and lock
    hold roles and PMs. The umask of the calling process is restored afterwards."""
    seen: list[int] = []

    def probe(_args: object) -> int:
        f = tmp_path / "made-by-command"
        f.write_text("x")
        seen.append(stat.S_IMODE(f.stat().st_mode))
        return 0

    module = types.ModuleType("mafiabot.commands.parse_posts")
    module.main = probe  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mafiabot.commands.parse_posts", module)
    before = os.umask(0o022)
    try:
        assert cli.main(["parse", "posts", "p.html"]) == 0
        assert os.umask(0o022) == 0o022  # restored
    finally:
        os.umask(before)
    assert seen == [0o600]

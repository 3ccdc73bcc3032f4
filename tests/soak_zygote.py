"""Starts `mafiabot run --once` processes quickly for the kill soak (tests/test_kill_soak.py).

Importing the bot costs about a second of CPU; a soak of dozens of process lives would spend
most of its time there. This process imports everything once, then forks one child per
`RUN <iso time>` line read on stdin, printing `PID <pid>` and, when the child ends,
`EXIT <pid> <code>` (a negative code: killed by that signal). Each child is a fresh process
running the real command line (`mafiabot.cli.main`), with its clock set to the given game
time and its output appended to the log file. `RUN <iso time> <k>` (k > 0) has the child
SIGKILL itself at the k-th write statement it makes inside a unit of work
(`Store.transaction`: the start's or a deadline's one transaction), before the database
sees it.

The soak's board enforces no flood interval and accepts a form at once (as for an account
exempt from flood control), so the child's phpBB client is told the same; nothing else
differs from a production `run --once`.

    python tests/soak_zygote.py CONFIG.toml LOG_FILE
"""

from __future__ import annotations

import dataclasses
import os
import signal
import sys
import traceback
from datetime import datetime
from typing import Any

import time_machine

from mafiabot import bootstrap, cli
from mafiabot.bootstrap import make_client


def _fast_client(cfg: Any, transport: Any = None) -> Any:
    client: Any = make_client(cfg, transport)
    # the soak board has no flood interval (the client adds 0.5 s to the one it is told)
    client.settings = dataclasses.replace(client.settings, flood_interval=-0.5, min_form_age=0.0)
    return client


def _die_at_write(k: int) -> None:
    """SIGKILL this process at its k-th write statement inside a unit of work."""
    import sqlalchemy as sa

    from mafiabot.store import Store

    opened = Store.__init__
    writes = [0]

    def patched(self: Store, url: str, **options: Any) -> None:
        opened(self, url, **options)  # (`busy_timeout`, as `open_store` passes it)

        def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if getattr(self._unit, "session", None) is None:
                return  # not inside a transaction of the start or a deadline
            if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
                writes[0] += 1
                if writes[0] == k:
                    sys.stdout.flush()
                    os.kill(os.getpid(), signal.SIGKILL)

        sa.event.listen(self.engine, "before_cursor_execute", before)

    setattr(Store, "__init__", patched)  # noqa: B010 - this life only


def _child(config: str, log_file: str, when: datetime, kill_at_write: int = 0) -> int:
    fd = os.open(log_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    print(f"--- pid {os.getpid()} at {when.isoformat()}", flush=True)
    setattr(bootstrap, "make_client", _fast_client)  # noqa: B010 - what `run` calls
    if kill_at_write:
        _die_at_write(kill_at_write)
    time_machine.travel(when, tick=True).start()
    return cli.main(["run", "--once", "-c", config])


def _warm_up() -> None:
    """What every life would load again: the migrations (alembic) and the templates."""
    from mafiabot.store import open_store

    open_store("sqlite:///:memory:").close()


def main() -> None:
    config, log_file = sys.argv[1], sys.argv[2]
    _warm_up()
    for line in sys.stdin:
        cmd, _, arg = line.strip().partition(" ")
        if cmd != "RUN":
            break
        arg, _, k = arg.partition(" ")
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = _child(config, log_file, datetime.fromisoformat(arg), int(k or 0))
            except BaseException:
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        print(f"PID {pid}", flush=True)
        _, status = os.waitpid(pid, 0)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        print(f"EXIT {pid} {code}", flush=True)


if __name__ == "__main__":
    main()

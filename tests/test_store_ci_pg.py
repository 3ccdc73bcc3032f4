""".ci/pg: every CI run gets its own PostgreSQL server, and stopping one leaves the others be.

Concurrent runs on one machine used to share a data directory and port 55432; one run's exit
trap then stopped the server under another run's tests (connection refused mid-suite).
Needs the PostgreSQL binaries (.ci/run installs them, so this always runs under CI).
"""

from __future__ import annotations

import glob
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
PG = ROOT / ".ci" / "pg"
HAVE_PG = bool(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))

pytestmark = pytest.mark.skipif(
    not HAVE_PG and not os.environ.get("CI"), reason="PostgreSQL binaries are not installed"
)


def _answers(url: str) -> bool:
    eng = sa.create_engine(url, connect_args={"connect_timeout": 5})
    try:
        with eng.connect() as conn:
            return conn.execute(sa.text("select 1")).scalar() == 1
    except sa.exc.OperationalError:
        return False
    finally:
        eng.dispose()


def test_concurrent_ci_runs_get_their_own_servers_and_stop_only_their_own() -> None:
    # as .ci/run makes them: mktemp -d in the temp dir (the postgres account must reach it,
    # which pytest's private tmp_path does not allow when the suite runs as root)
    runs = [Path(tempfile.mkdtemp(prefix="mafiabot-ci-pg-test.")) for _ in range(2)]
    # both start at once, as two CI runs on one machine would
    procs = [
        subprocess.Popen(
            ["bash", str(PG), "start", str(r)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for r in runs
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    try:
        for p, (_out, err) in zip(procs, outs, strict=True):
            assert p.returncode == 0, err
        urls = [out.strip() for out, _err in outs]
        assert urls[0] != urls[1], "two runs were handed the same server"
        assert all(_answers(u) for u in urls)

        subprocess.run(["bash", str(PG), "stop", str(runs[0])], check=True, capture_output=True)
        assert not runs[0].exists(), "stop leaves its run directory behind"
        assert not _answers(urls[0])
        assert _answers(urls[1]), "stopping one run's server took down the other run's"
    finally:
        for r in runs:
            if r.exists():
                subprocess.run(["bash", str(PG), "stop", str(r)], capture_output=True)
    assert not runs[1].exists()


def test_stop_leaves_a_directory_it_did_not_set_up_alone(tmp_path: Path) -> None:
    other = tmp_path / "someone-elses"
    other.mkdir()
    (other / "keep.txt").write_text("not ours")
    res = subprocess.run(
        ["bash", str(PG), "stop", str(other)], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0
    assert (other / "keep.txt").read_text() == "not ours"

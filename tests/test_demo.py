"""`mafiabot demo`: a recorded PEFL game, played offline through the whole product."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden_newspapers" / "demo_pefl.txt"
GOLDEN_GAMBLER = ROOT / "tests" / "golden_newspapers" / "demo_gambler.txt"


def _demo(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mafiabot", "demo", "--db", str(tmp_path / "d.sqlite"), *extra],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # works from anywhere: its data is package data
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


def test_demo_gambler_game_golden(tmp_path: Path) -> None:
    res = _demo(tmp_path, "--game", "gambler")
    assert res.returncode == 0, res.stderr
    if os.environ.get("MAFIABOT_UPDATE_GOLDEN"):
        GOLDEN_GAMBLER.write_text(res.stdout, "utf-8")
    assert res.stdout == GOLDEN_GAMBLER.read_text("utf-8")
    assert "номинации дня 2" in res.stdout and "итоги дня 3" in res.stdout


def test_demo_prints_every_newspaper_of_the_recorded_game(tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "mafiabot", "demo", "--db", str(tmp_path / "d.sqlite")],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # works from anywhere: its data is package data
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    out = res.stdout
    if os.environ.get("MAFIABOT_UPDATE_GOLDEN"):
        GOLDEN.write_text(out, "utf-8")
    assert out == GOLDEN.read_text("utf-8")
    # the shape a newcomer sees: a start post, a paper per turn 0..3 numbered as the turns
    # (the zero turn's paper is named, not «выпуск 0»), the final reveal
    assert "итоги нулевого хода[/b]" in out and "выпуск 0" not in out
    for n in range(1, 4):
        assert f"выпуск {n}[/b]" in out
    assert "игра окончена — победили мирные жители" in out
    assert "mafiabot 1/" not in out  # markers are stripped from what is printed
    assert (tmp_path / "d.sqlite").exists()


def test_P_P_1_demo_papers_never_name_a_killer_or_a_check() -> None:
    papers = GOLDEN.read_text("utf-8").split("────")
    night_papers = [
        p for p in papers if ("выпуск" in p or "нулевого хода" in p) and "выпуск 3" not in p
    ]
    assert len(night_papers) == 3
    for paper in night_papers:
        night = paper.split("[/i]")[-1]  # the night's news follow its line of colour
        # the maniac killed every night: never named as the killer (his vote or abstention
        # in the day's record is public, P-V.1/P-V.5)
        assert "Jack_Sparrow" not in night
        assert "проверк" not in paper  # checks go by PM only
        # the saved one is not news (he is named only as a voter or a vote's target)
        assert "лечил" not in paper and "Шерлок" not in night

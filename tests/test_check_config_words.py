"""`mafiabot check-config` in the host's language: Russian unless `[game] host_language` is
"en", key names and paths as written in the config, English kept for the English mode."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from mafiabot.commands import check_config
from mafiabot.newspaper.config_words import problem_ru, problems_head

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "config.example.toml"


def _bad(tmp_path: Path, *, english: bool = False) -> Path:
    """The example with a misspelt key, a wrong type and an unknown time zone."""
    text = (
        EXAMPLE.read_text("utf-8")
        .replace("[game]\n", "[game]\nplayrs = []\n", 1)
        .replace('timezone = "Europe/Moscow"', 'timezone = "Europe/Mosco"', 1)
        .replace("interim_every = 5", 'interim_every = "five"', 1)
    )
    if english:
        text = text.replace('host_language = "ru"', 'host_language = "en"', 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, "utf-8")
    return path


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = check_config.main(argparse.Namespace(config=str(path)))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_problems_are_told_in_russian_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    path = _bad(tmp_path)
    code, _out, err = _check(path, capsys)
    assert code == 2  # the words change, the verdict does not
    lines = err.splitlines()
    assert lines[0] == f"{path}: 3 ошибки"
    assert "  game.playrs: неизвестный ключ; может быть, имелось в виду «players»?" in lines
    assert "  game.interim_every: должен быть целым числом" in lines
    assert (
        "  board.timezone: неизвестный часовой пояс «Europe/Mosco» (нужно имя IANA, например "
        "Europe/Moscow)"
    ) in lines
    said = err.replace(str(path), "")
    assert "problem" not in said and "unknown" not in said


def test_the_english_mode_stays_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    path = _bad(tmp_path, english=True)
    code, _out, err = _check(path, capsys)
    assert code == 2
    lines = err.splitlines()
    assert lines[0] == f"{path}: 3 problem(s)"
    assert "  game.playrs: unknown key; did you mean 'players'?" in lines
    assert "  game.interim_every: must be an integer" in lines


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "всё в порядке — игра «Мафия – 12» (правила ПЕФЛ) в теме 4, 6 игроков, "
               "0 решений ведущего"),
        ("en", "OK — pefl game 'Мафия – 12' in topic 4, 6 players, 0 override(s)"),
    ],
)  # fmt: skip
def test_a_usable_config_is_one_line_in_the_hosts_language(
    lang: str,
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    text = EXAMPLE.read_text("utf-8").replace("2026-11-2", "2099-11-2")  # no warnings
    if lang == "en":
        text = text.replace('host_language = "ru"', 'host_language = "en"', 1)
    path = tmp_path / "ok.toml"
    path.write_text(text, "utf-8")
    code, out, err = _check(path, capsys)
    assert code == 0, err
    assert out.strip() == f"{path}: {said}"


def test_warnings_are_russian_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAFIABOT_PASSWORD", "x")
    path = tmp_path / "old.toml"
    path.write_text(EXAMPLE.read_text("utf-8").replace("2026-11-2", "2020-11-2"), "utf-8")
    code, out, err = _check(path, capsys)
    assert code == 0
    start = next(ln for ln in err.splitlines() if "game.start" in ln)
    assert re.fullmatch(
        rf"{re.escape(str(path))}: предупреждение: game\.start: 2020-11-27 12:00 — это \d+ "
        r"(день|дня|дней) назад: конфигурация скопирована из старой игры\? Задайте старт новой "
        r"игры \(и дедлайны\)",
        start,
    ), start
    assert "2 предупреждения" in out


def test_a_config_with_many_kinds_of_problem_has_no_english_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every section's checks at once: each message comes out of the table, none falls back
    to its English words."""
    monkeypatch.delenv("MAFIABOT_PASSWORD", raising=False)
    text = (
        EXAMPLE.read_text("utf-8")
        .replace("[game]\n", "[game]\ncourt_topic = 5\nregistration_topic = 7\n", 1)
        .replace("host_nicks = []", 'host_nicks = ["Шерлок"]', 1)
        .replace('url = "sqlite', 'url = "mysql', 1)
        .replace("min_reason_words = 3", "min_reason_words = -1", 1)
        .replace("move_confidence = 0.8", "move_confidence = 2", 1)
        .replace('green_colors = ["family:green"', 'green_colors = ["family:pinkish", "zzz"', 1)
        .replace("[[14, 3], [9, 2], [0, 1]]", "[[14, 3], [9], [-1, 0]]", 1)
    ) + "\n[rules.role_tables]\nx = 1\n5 = {mafia = 1, civilian = -1, wizard = 2}\n"
    text += '\n[[override]]\nkind = "hang"\nnick = "Шерлок"\n'
    path = tmp_path / "many.toml"
    path.write_text(text, "utf-8")
    code, _out, err = _check(path, capsys)
    assert code == 2
    problems = [ln for ln in err.splitlines() if ln.startswith("  ")]
    assert len(problems) >= 15, err
    for line in problems:
        assert "проверка сообщает" not in line, line
    # what stays Latin is the config's own: keys, values, names of roles and colours
    words = set(re.findall(r"[A-Za-z_]{4,}", "\n".join(ln.split(": ", 1)[1] for ln in problems)))
    assert words <= {
        "family", "pinkish", "rrggbb", "black", "white", "gray", "orange", "brown", "yellow",
        "green", "cyan", "blue", "purple", "pink", "players", "registration_topic",
        "kamikaze", "army", "thug_accident", "ambush", "testament", "ninja", "yakuza",
        "triad", "maniac", "sheriff", "mafia", "harakiri", "override", "civilian",
        "commissar", "sergeant", "doctor", "necromancer", "bastard", "thug", "kind", "hang",
        "postgresql", "sqlite", "mysql", "MAFIABOT_PASSWORD", "export", "systemd",
        "EnvironmentFile", "turn",
    }, words  # fmt: skip


@pytest.mark.parametrize(
    ("n", "said"), [(1, "1 ошибка"), (2, "2 ошибки"), (5, "5 ошибок"), (21, "21 ошибка")]
)
def test_the_count_of_problems_agrees(n: int, said: str) -> None:
    assert problems_head("ru", "c.toml", n) == f"c.toml: {said}"
    assert problems_head("en", "c.toml", n) == f"c.toml: {n} problem(s)"


def test_a_message_the_table_does_not_know_keeps_its_words() -> None:
    assert problem_ru("something new") == "проверка сообщает: something new"
    assert problem_ru("unknown key; did you mean 'players' or 'player'?") == (
        "неизвестный ключ; может быть, имелось в виду «players» или «player»?"
    )

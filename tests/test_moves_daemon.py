"""The daemon reads letters through the sender's role (C-2) and asks back when unsure: the
recorded PEFL demo game (mafiabot/demo) with extra letters from its doctor, Dr.Watson."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from mafiabot.demo.play import DemoRun, setup, strip_marker, tick_times


def _answers(tmp_path: Path, letters: list[tuple[str, str]], until: str) -> list[str]:
    return _sent(_played(tmp_path, letters, until))


def _played(tmp_path: Path, letters: list[tuple[str, str]], until: str) -> DemoRun:
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")

    def at(iso: str) -> datetime:
        return datetime.fromisoformat(iso).replace(tzinfo=run.cfg.board.tz)

    for when, text in letters:
        run.board.add_pm("Dr.Watson", at(when), "письмо", text)
    extra = {at(when) + timedelta(minutes=1) for when, _ in letters}
    for t in sorted(set(tick_times(run, data)) | extra):
        if t > at(until):
            break
        run.clock[0] = t
        run.daemon.tick(t)
    return run


def _sent(run: DemoRun) -> list[str]:
    return [
        strip_marker(m.html)
        for m in run.board.sent
        if m.to == ("Dr.Watson",) and m.subject == "Re: письмо"
    ]


def test_C_2_the_doctors_visit_is_a_heal_and_a_choice_is_asked_about(tmp_path: Path) -> None:
    asked, healed = _answers(
        tmp_path,
        [
            ("2026-11-28T19:40", "Лечу Кота или Шерлока, не знаю"),
            ("2026-11-28T19:50", "Иду к Коту с аптечкой"),
        ],
        until="2026-11-28T21:00",
    )
    # a question is not a refusal (C-2): the host asks, and the doctor's recorded 19:30
    # letter («Лечу Шерлок») stays in force until he answers
    assert asked.startswith("Dr.Watson, я не совсем понял ваше письмо.")
    assert "Кого из двух: Кота или Шерлока?" in asked and "не принят" not in asked
    assert "в силе ваш прежний ход: лечение — Шерлок" in asked
    assert "ваш ход изменён: лечение" in healed and "Кот" in healed


def test_C_2_each_move_is_stored_with_how_surely_the_reader_read_it(tmp_path: Path) -> None:
    # the host's dashboard shows the reader's own figure: a move written plainly is sure,
    # one inferred from the doctor's role («иду к … с аптечкой») a little less
    run = _played(
        tmp_path,
        [("2026-11-28T19:40", "Лечу Кот"), ("2026-11-28T19:50", "Иду к Коту с аптечкой")],
        until="2026-11-28T21:00",
    )
    g = run.daemon.game()
    read = [
        (m.pm_board_id, m.action, m.targets, m.confidence)
        for m in run.store.moves(g.id, 1)
        if m.actor == "Dr.Watson"
    ]
    plain, inferred = read[-2:]
    assert plain[1:] == ("heal", ["Кот"], 1.0)
    assert inferred[1:3] == ("heal", ["Кот"])
    assert inferred[3] is not None and 0.8 <= inferred[3] < 1.0
    assert all(c is not None for *_rest, c in read)  # the recorded 19:30 letter too


def test_C_3_a_move_on_a_player_already_out_names_him_and_asks_for_another(
    tmp_path: Path,
) -> None:
    # Марго died on night 0 (the maniac's recorded letter): «Лечу Марго» is answered with
    # her name as listed, not as a nick not found, another player asked for; the doctor's
    # recorded 19:30 letter («Лечу Шерлок») stays in force
    run = _played(
        tmp_path,
        [("2026-11-28T19:40", "Лечу Марго")],
        until="2026-11-28T21:00",
    )
    (asked,) = _sent(run)
    assert asked.startswith("Dr.Watson, игрок [b]Марго[/b] уже выбыл из игры"), asked
    assert "ход «лечение» не засчитан" in asked
    assert "Выберите, пожалуйста, другого игрока" in asked
    assert "в силе ваш прежний ход: лечение — Шерлок" in asked
    assert "не нашёл" not in asked and "такого ника нет" not in asked
    g = run.daemon.game()
    assert [m.targets for m in run.store.moves(g.id, 1) if m.actor == "Dr.Watson"] == [["Шерлок"]]

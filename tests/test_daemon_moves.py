"""Move letters and their answers: the acknowledgement says what the engine will do (P-M.0).

The recorded demo games (mafiabot/demo/*_game.json) with extra letters added to the board.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from mafiabot.demo.play import DemoRun, setup, strip_marker, tick_times
from mafiabot.newspaper.grammar import inflect


def _at(run: DemoRun, iso: str) -> datetime:
    return datetime.fromisoformat(iso).replace(tzinfo=run.cfg.board.tz)


def _play_with_letters(
    name: str, tmp_path: Path, sender: str, letters: list[tuple[str, str]], until: str
) -> tuple[DemoRun, list[str]]:
    run, data = setup(name, f"sqlite:///{tmp_path / 'g.sqlite'}")
    subject = "доп. письмо"
    for at, text in letters:
        run.board.add_pm(sender, _at(run, at), subject, text)
    extra = {_at(run, at) + timedelta(minutes=1) for at, _ in letters}
    for t in sorted(set(tick_times(run, data)) | extra):
        if t > _at(run, until):
            break
        run.clock[0] = t
        run.daemon.tick(t)
    answers = [
        strip_marker(m.html)
        for m in run.board.sent
        if m.to == (sender,) and m.subject == f"Re: {subject}"
    ]
    return run, answers


def test_P_M_0_second_letter_is_a_change_and_the_third_is_refused(tmp_path: Path) -> None:
    # the doctor's recorded letter (19:30 «Лечу Шерлок») is his first; two more follow
    run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:40", "Лечу Кот"), ("2026-11-28T19:50", "Лечу Граф Монте-Кристо")],
        until="2026-11-28T22:01",
    )
    first = [
        strip_marker(m.html)
        for m in run.board.sent
        if m.to == ("Dr.Watson",) and "Шерлок" in m.html
    ]
    assert any("ваш ход принят" in a for a in first)
    second, third = answers
    assert "ваш ход изменён" in second and "Кот" in second
    assert "ход не принят" in third and "ваш ход принят" not in third
    assert "изменён" not in third
    # what the store keeps agrees with the answers, and the engine healed Кот
    g = run.daemon.game()
    moves = [
        (m.targets, m.status, m.reason) for m in run.store.moves(g.id, 1) if m.actor == "Dr.Watson"
    ]
    assert moves == [
        (["Шерлок"], "accepted", ""),
        (["Кот"], "accepted", ""),
        (["Граф Монте-Кристо"], "refused", "third_request"),
    ]


def test_P_M_0_a_refused_letter_does_not_use_up_the_change(tmp_path: Path) -> None:
    # a letter naming no such player is asked about, not taken as a request: the next one
    # is the change
    _run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:40", "Лечу Васю"), ("2026-11-28T19:50", "Лечу Кот")],
        until="2026-11-28T21:00",
    )
    asked, changed = answers
    assert "не совсем понял" in asked and "в силе ваш прежний ход: лечение — Шерлок" in asked
    assert "нельзя" not in asked  # the change is still his
    assert "ваш ход изменён" in changed


def test_P_M_0_a_question_after_the_last_change_says_the_answer_will_be_refused(
    tmp_path: Path,
) -> None:
    # the recorded «Лечу Шерлок» and «Лечу Кот» use the doctor's first request and his one
    # change: a question on the next letter tells him a new move would be refused
    _run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:40", "Лечу Кот"), ("2026-11-28T19:50", "Лечу Васю")],
        until="2026-11-28T21:00",
    )
    changed, asked = answers
    assert "ваш ход изменён" in changed and "нельзя" not in changed
    assert "не совсем понял" in asked and "вы уже не можете" in asked
    assert "В силе ваш прежний ход: лечение — Кот." in asked
    assert "Ответьте новым письмом" not in asked


def test_G_M_gambler_each_new_letter_replaces_the_last(tmp_path: Path) -> None:
    # Gambler has no limit on changes: the newest letter stands, each answered as a change
    _run, answers = _play_with_letters(
        "gambler",
        tmp_path,
        "Dr.Watson",
        [("2026-12-04T18:40", "Лечу Кот"), ("2026-12-04T18:50", "Лечу Марго")],
        until="2026-12-04T21:00",
    )
    assert len(answers) == 2
    assert all("ваш ход изменён" in a for a in answers)
    assert "Кот" in answers[0] and "Марго" in answers[1]


def test_C_2_a_letter_with_no_move_is_not_refused(tmp_path: Path) -> None:
    # what a player expects: a question gets no «ход не принят» (the host answers questions);
    # a letter naming an action without a readable move gets the short «хода … я не нашёл»
    run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:40", "Когда дедлайн?"), ("2026-11-28T19:50", "Кого лечить сегодня?")],
        until="2026-11-28T21:00",
    )
    assert len(answers) == 1
    (note,) = answers
    assert "хода в вашем письме я не нашёл" in note and "не принят" not in note
    flags = run.daemon.flags(1)
    assert any("от игрока Dr.Watson: хода в нём нет" in f for f in flags)


def test_C_2_ruling_a_move_asked_about_is_answered_as_the_hosts_question(tmp_path: Path) -> None:
    # «Можно ли лечить себя?» asks leave for a move (setting `move_question = "ask"`): the
    # host asks back with the reading spelt out, the standing move kept, nothing refused
    _run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Dr.Watson",
        [("2026-11-28T19:50", "Можно ли лечить себя?")],
        until="2026-11-28T21:00",
    )
    assert len(answers) == 1
    (question,) = answers
    assert "лечение — себя?" in question and "«Лечу Dr.Watson»" in question, question
    assert "не принят" not in question and "хода в вашем письме я не нашёл" not in question


def test_C_2_a_letter_from_a_non_player_is_never_answered_but_reported(tmp_path: Path) -> None:
    run, answers = _play_with_letters(
        "pefl",
        tmp_path,
        "Прохожий",
        [("2026-11-28T19:40", "Лечу Кот"), ("2026-11-28T19:50", "Возьмёте в следующую игру?")],
        until="2026-11-28T21:00",
    )
    assert answers == []
    assert [m for m in run.board.sent if m.to == ("Прохожий",)] == []
    flags = [f for f in run.daemon.flags(1) if "от постороннего (отправитель — Прохожий)" in f]
    assert len(flags) == 2


def test_C_2_a_question_back_shows_its_example_with_a_players_nick(tmp_path: Path) -> None:
    # the reader's question writes «Проверяю Ник»; the player reads a nick of his game
    run, answers = _play_with_letters(
        "pefl", tmp_path, "Шерлок", [("2026-11-28T19:40", "Проверяю его")], "2026-11-28T21:00"
    )
    (asked,) = answers
    assert "не совсем понял" in asked and "Ник»" not in asked, asked
    example = asked.split("например: «", 1)[1].split("»", 1)[0]
    living = run.daemon.shell.store.players(run.daemon.game().id)
    named = [
        p.nick
        for p in living
        if p.nick != "Шерлок" and example.endswith((p.nick, inflect(p.nick, "accs") or p.nick))
    ]
    assert example.startswith("Проверяю ") and named, example


def test_G_M_10_a_kill_letters_story_is_acknowledged(tmp_path: Path) -> None:
    # the sheriff (Марго in the recorded Gambler game) shoots with a story on night 2
    _run, answers = _play_with_letters(
        "gambler",
        tmp_path,
        "Марго",
        [("2026-12-03T19:40", "Стреляю в Кота\nСпособ: в упор, на рассвете")],
        until="2026-12-03T21:00",
    )
    (said,) = answers
    assert "ваш ход принят" in said
    assert "газета напечатает ваш рассказ под именем жертвы, не называя убийцу" in said, said


def test_G_S_2_a_move_on_the_introduction_day_is_told_when_its_night_comes(
    tmp_path: Path,
) -> None:
    # the commissar (Шерлок in the recorded Gambler game) writes on day 1: no night moves yet
    _run, answers = _play_with_letters(
        "gambler", tmp_path, "Шерлок", [("2026-12-01T19:40", "Проверяю Кота")], "2026-12-02T10:00"
    )
    (said,) = answers
    assert "ход не принят" in said and "день знакомства" in said, said
    assert "Ваш первый ход — в следующую ночь." in said

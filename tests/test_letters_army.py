"""Batch 13's letter classes (a veterans' forum), each by a rule of the language or the game,
checked on letters of the batch's casts that are not in its corpus (tests/letters/army*.jsonl).

- C-2, corrections: «отставить» (the army's «cancel that») takes back what was said before it,
  like «отмена»; a player who is its object is withdrawn, and a move taken back with nothing
  after it is asked about, never kept.
- P-M.11 / C-2: two action words joined by «и»/«или» share one object; when they are two
  moves of the sender's role the letter is asked which, never read as one of them.
"""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def _read(cast: str, sender: str, text: str) -> dict[str, object]:
    return read_in_cast(cast, sender, text).to_json()


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Скифа. Отставить! Проверяю Штыка.", "Штык"),
        ("Проверка — Граната. Отставить — Фугаса.", "Фугас"),
        ("Отставить Кречета. Проверка — Граната.", "Граната"),
        ("Отставить Кречета! Проверяю Гранату.", "Граната"),
        ("Отменяю Кречета, проверяю Гранату.", "Граната"),
        ("Проверяю Гранату. Отставить, проверка — Штык.", "Штык"),
    ],
)
def test_C_2_otstavit_corrects_like_otmena(text: str, target: str) -> None:
    got = _read("army", "Беркут", text)
    assert got["kind"] == "move", got
    assert got["action"] == "check" and got["targets"] == [target], got


def test_C_2_otstavit_corrects_a_move_to_the_ambush() -> None:
    got = _read("army", "Волкодав", "Убиваю Гранату. Отставить! Сижу в засаде.")
    assert got["kind"] == "move" and got["action"] == "ambush", got


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Гранату. Отставить!",
        "Проверяю Гранату. Отмена!",
        "Проверяю Гранату. Отставить проверку.",
        "Проверяю Гранату. Отмена проверки.",
    ],
)
def test_C_2_a_move_taken_back_with_nothing_after_is_asked(text: str) -> None:
    got = _read("army", "Беркут", text)
    assert got["kind"] == "question", got


@pytest.mark.parametrize(
    "text",
    ["Бью и убиваю Гранату", "Избиваю или убиваю Гранату", "Избиваю и убиваю Гранату."],
)
def test_P_M_11_two_moves_joined_on_one_player_are_asked_naming_both(text: str) -> None:
    got = _read("army", "Кастет", text)
    assert got["kind"] == "question" and got["code"] == "which_action", got
    assert "избиение" in str(got["text"]) and "убийство" in str(got["text"]), got


def test_C_2_one_verb_and_its_synonym_stay_one_move() -> None:
    got = _read("army", "Беркут", "Проверяю и проверяю Гранату")
    assert got["kind"] == "move" and got["action"] == "check", got
    got = _read("army", "Кастет", "Избиваю Гранату")
    assert got["kind"] == "move" and got["action"] == "beat", got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Волкодав", "В 01:30 работаю по Гранате, в 05:00 отход.", "kill", "Граната"),
        ("Беркут", "Проверяю Скифа, после 23.30 напишу ещё", "check", "Скиф"),
        ("Фугас", "Взрываю Скифа в 3:00", "blast", "Скиф"),
    ],
)
def test_C_3_a_clock_time_is_no_nick(sender: str, text: str, action: str, target: str) -> None:
    got = _read("army", sender, text)
    assert got["kind"] == "move", got
    assert got["action"] == action and got["targets"] == [target], got


def test_C_3_a_move_promised_for_a_clock_time_is_no_move_yet() -> None:
    got = _read("army", "Тайфун", "Цель назову позже, после 23:30.")
    assert got["kind"] == "none", got


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Объект — Скиф. Проверка.", "Скиф"),
        ("Цель на ночь — Граната. Проверяю.", "Граната"),
        ("Докладываю: мишень номер один — Фугас. Проверить.", "Фугас"),
    ],
)
def test_C_2_a_labelled_report_line_then_the_action_word_alone(text: str, target: str) -> None:
    got = _read("army", "Беркут", text)
    assert got["kind"] == "move", got
    assert got["action"] == "check" and got["targets"] == [target], got


@pytest.mark.parametrize(
    "text",
    [
        "Вчера Скиф странно голосовал. Проверка.",
        "Цель — не Скиф. Проверка.",
        "Объект — Скиф, Штык. Проверка.",
    ],
)
def test_C_2_a_sentence_that_is_no_labelled_line_gives_no_target(text: str) -> None:
    got = _read("army", "Беркут", text)
    assert got["kind"] != "move", got


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Мортира", "Накрою огнём Капитана Орлова.", "Капитан Орлов"),
        ("Мортира", "Открываю огонь по Урагану.", "Ураган"),
        ("Вьюга", "Огонь по Урагану!", "Ураган"),
    ],
)
def test_C_2_G_M_4_fire_aimed_at_a_player_is_a_shot(sender: str, text: str, target: str) -> None:
    got = _read("army_g", sender, text)
    assert got["kind"] == "move", got
    assert got["action"] == "kill" and got["targets"] == [target], got


@pytest.mark.parametrize("text", ["Не открываю огонь по Урагану.", "Игра — огонь! Всем спасибо."])
def test_C_2_fire_denied_or_praise_is_no_shot(text: str) -> None:
    got = _read("army_g", "Мортира", text)
    assert got["kind"] != "move", got


@pytest.mark.parametrize("text", ["segodnya bez hoda", "Kazbek: segodnya bez hoda", "bez hoda"])
def test_C_3_a_no_move_typed_in_latin_is_no_move(text: str) -> None:
    got = _read("army_g", "Kazbek_KZ", text)
    assert got["kind"] == "none", got


def test_C_3_a_nick_typed_in_latin_is_still_read() -> None:
    got = _read("army_g", "Kazbek_KZ", "proveryayu sapsana")
    assert got["kind"] == "move" and got["targets"] == ["Сапсан"], got


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Батя", "Урагану — выговор за болтовню. Убиваем Капитана Орлова.", "Капитан Орлов"),
        ("Батя", "Мортире наряд вне очереди, пусть подумает. Цель — Вьюга.", "Вьюга"),
    ],
)
def test_C_2_a_joke_punishment_beside_the_move_accounts_for_its_player(
    sender: str, text: str, target: str
) -> None:
    got = _read("army_g", sender, text)
    assert got["kind"] == "move", got
    assert got["action"] == "kill" and got["targets"] == [target], got


@pytest.mark.parametrize(
    "text", ["Урагану — наряд вне очереди.", "Урагану — на губу, Вьюге — пулю."]
)
def test_C_2_a_joke_punishment_alone_or_in_the_moves_sentence_is_no_move(text: str) -> None:
    got = _read("army_g", "Батя", text)
    assert got["kind"] == "question", got


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Кинжал выходит на охоту: цель Рядовой Пчёлкин.", "Рядовой Пчёлкин"),
        ("Кинжал выходит на дело, цель — Вьюга.", "Вьюга"),
    ],
)
def test_G_M_4_the_senders_own_nick_as_subject_with_a_labelled_target(
    text: str, target: str
) -> None:
    got = _read("army_g", "Кинжал", text)
    assert got["kind"] == "move", got
    assert got["action"] == "kill" and got["targets"] == [target], got


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Выбираю сторону мафии — с ними не пропадёшь.", "mafia"),
        ("Перехожу к мафии? Нет. Остаюсь с мирными.", "town"),
        ("Остаюсь с горожанами.", "town"),
        ("За мафию — не хочу. Я за мирных.", "town"),
    ],
)
def test_G_M_8_a_side_told_in_words_and_its_reason(text: str, side: str) -> None:
    got = _read("army_g", "Незабудка", text)
    assert got["kind"] == "move", got
    assert got["action"] == "choose_side" and got["side"] == side, got


@pytest.mark.parametrize(
    "text",
    [
        "Если Батя не тронет меня — за мафию.",
        "Если мирные не будут меня подозревать — остаюсь с мирными.",
    ],
)
def test_G_M_8_C_2_a_side_on_a_condition_is_asked(text: str) -> None:
    got = _read("army_g", "Незабудка", text)
    assert got["kind"] == "question", got


@pytest.mark.parametrize(
    ("sender", "text"), [("Майор Злобин", "Цель — Штык."), ("Кречет", "Жертва: Штык")]
)
def test_P_M_8_an_order_spelt_out_at_a_clan_mate_is_refused_never_dropped(
    sender: str, text: str
) -> None:
    got = _read("army", sender, text)
    assert got["kind"] == "refused" and got["code"] == "forbidden_target", got


def test_P_M_8_a_mate_spoken_to_beside_the_order_is_still_its_executor() -> None:
    got = _read("army", "Майор Злобин", "Кречет, готовься. Цель — Тайфун.")
    assert got["kind"] == "move" and got["targets"] == ["Тайфун"], got


def _read_at(cast: str, turn: int, sender: str, text: str) -> dict[str, object]:
    return read_in_cast(cast, sender, text, turn=turn).to_json()


@pytest.mark.parametrize(("sender", "text"), [("Скиф", "Дон — Лосев."), ("Кастет", "Доном Лосева")])
def test_P_S_2_a_shared_surname_is_its_only_electable_bearer(sender: str, text: str) -> None:
    got = _read_at("army", 0, sender, text)
    assert got["kind"] == "move", got
    assert got["action"] == "don" and got["targets"] == ["Сергей Лосев"], got


def test_P_S_2_a_shared_surname_no_rule_narrows_is_asked() -> None:
    # the other clan's Don elects: neither Лосев is of his clan, so nothing narrows it
    got = _read_at("army", 0, "Майор Злобин", "Дон — Лосев.")
    assert got["kind"] == "question" and got["code"] == "ambiguous_nick", got

"""Players sharing a surname (spouses, sisters) settled by the letter itself (C-3, issue 17):
the verb's case where the dictionary does not know the surname (her accusative, only his
dative: «Убиваем Рельсову»), the sender who cannot aim her move at herself («Проверяю
Зорину» from one sister), a later verbless answer naming one of them by the first name
(«Лену, не Аню»). Two left — a plural, the nick as listed, a sender who may mean herself,
an answer with a verb of its own — stay asked. Development letters:
tests/letters/surname.jsonl, tests/letters/rail.jsonl, tests/letters/rail_g.jsonl."""

from __future__ import annotations

import pytest

from tests.letter_kit import read_in_cast


def test_C_3_P_M_8_the_verbs_case_settles_a_surname_the_dictionary_does_not_know() -> None:
    got = read_in_cast("rail", "Виктор Рельсов", "Убиваем Рельсову. Исполнитель Трогай.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Галина Рельсова",))


def test_C_3_the_surname_as_listed_stays_asked() -> None:
    got = read_in_cast("rail", "Нарспи", "Лечу Рельсова")
    assert (got.kind, got.code) == ("question", "ambiguous_nick")


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("surname", "Аня Зорина", "Проверяю Зорину"),
        ("ownname", "Ольга Петровна", "Проверяю Ольгу"),
        ("ownname", "Марина Петровна", "lechu petrovnu"),
        ("knit", "Анна Ильинична", "Лечу Анну, она вчера кашляла."),
    ],
)
def test_C_3_a_name_the_sender_shares_is_asked_even_where_she_cannot_mean_herself(
    cast: str, sender: str, text: str
) -> None:
    # rulings §6, «a name the author shares»: who wrote it does not narrow the name to the
    # other player, even where the role may not aim its move at the sender (P-M.1, P-M.5)
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick")
    assert sender in got.text


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Ольга Петровна", "Проверяю Ольгу Сергеевну", "Ольга Сергеевна"),
        ("Игорь Котов", "Убиваю Котову", "Лиза Котова"),  # the case settles it
    ],
)
def test_C_3_a_full_name_or_the_case_still_settles_a_shared_name(
    sender: str, text: str, target: str
) -> None:
    got = read_in_cast("ownname", sender, text)
    assert (got.kind, got.targets) == ("move", (target,))


def test_C_3_a_role_that_may_aim_at_itself_is_asked() -> None:
    # the doctor may heal herself: «Зину» may be her own name
    got = read_in_cast("kitchen_g", "Бабуля Зина", "Лечу Зину.")
    assert (got.kind, got.code) == ("question", "ambiguous_nick")


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("surname", "Дима Ершов", "Лечу Зорину. Лену, не Аню.", "heal", "Лена Зорина"),
        ("rail_g", "Пломба", "Проверяю Шпалову... или Шпалова? Таню, короче.", "check",
         "Таня Шпалова"),
    ],
)  # fmt: skip
def test_C_3_a_verbless_answer_by_first_name_settles_the_surname(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


@pytest.mark.parametrize(
    "text",
    [
        "Лечу Зорину.",
        "Лечу Зорину, а Лену навещу завтра.",  # the first name with a verb of its own
        "Лечу Зорину. Лену или Аню?",
        "Лечу Зорину. Лену?",  # a question back, no answer
    ],
)
def test_C_3_a_shared_surname_not_settled_is_asked(text: str) -> None:
    assert read_in_cast("surname", "Дима Ершов", text).kind == "question"

"""Batch 20's classes (a live-action role-playing club's letters, tests/letters/batch20.md),
each by its shape: P-M.8 — the executor's word shortened («исп.», «испол.», «исп-ль») is
still the executor's word; C-2 — a blow told with its tool and no action word («Кистенем по
шлему — X») proves no move; P-M.8, C-2 — a Don's order relayed by a member under a given
name that is also a common word («Поля велела …») is not the member's own request; C-3 —
an adjective nick's ending tells its gender («Медвежьего»: Бьорн Медвежий, not Сигрид
Медвежья), and the verb's case settles a form two nicks share («Убиваем Морвену»: Морвена's
accusative, Морвен's dative)."""

from __future__ import annotations

import pytest

from parser.letters.tokens import executor_abbreviation
from parser.nicks import declined_in
from tests.letter_kit import read_in_cast


@pytest.mark.parametrize(
    "text",
    [
        "Убиваем Аэлинор, исп. Молот.",
        "Убиваем Аэлинор, испол. Молот.",
        "Убиваем Аэлинор, исп-ль Молот.",
        "убиваем Аэлинор, исп Молот",
        "Убиваем Аэлинор. Исп. Молот.",
        "Молот исп., цель Аэлинор.",
    ],
)
def test_P_M_8_the_executor_word_shortened_names_the_executor(text: str) -> None:
    got = read_in_cast("larp", "Тиндаэль", text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Аэлинор",),
        "Молот",
    )


@pytest.mark.parametrize(
    ("raw", "shortened"),
    [
        ("исп.", True),
        ("испол.", True),
        ("исполн.", True),
        ("исп-ль", True),
        ("Исп.", True),
        ("исп", True),
        ("Исп", False),  # a capitalised bare word may be a nick
        ("ис.", False),  # too short to tell
        ("исполнитель", False),  # the word itself, read as it is
        ("испанский.", False),  # no start of the executor's word
        ("исп-ер", False),  # the end is no end of it
        ("поле.", False),
    ],
)
def test_P_M_8_an_abbreviation_is_told_by_its_shape(raw: str, shortened: bool) -> None:
    assert executor_abbreviation(raw) is shortened


def test_C_2_a_blow_told_with_its_tool_and_no_verb_is_asked() -> None:
    got = read_in_cast("larp_g", "Кистень", "Кистенем по шлему — Zbyszka.")
    assert got.kind == "question" and got.code == "is_it_a_move"
    got = read_in_cast("larp_g", "Кистень", "Молотом по щиту — Вук")
    assert got.kind == "question" and got.code == "is_it_a_move"


@pytest.mark.parametrize("text", ["Цель — Zbyszka.", "Zbyszka.", "Убиваю Zbyszka."])
def test_C_2_a_nick_as_the_letters_message_stays_the_maniacs_kill(text: str) -> None:
    got = read_in_cast("larp_g", "Кистень", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Zbyszek",))


@pytest.mark.parametrize(
    "text", ["Поля велела Родиона, исп я", "Поля велела Родиона, исполнитель я"]
)
def test_P_M_8_a_dons_order_relayed_under_a_name_that_is_a_word_is_no_request(text: str) -> None:
    assert read_in_cast("lecture", "Трофим", text).kind == "none"


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Медвежьего.", "Бьорн Медвежий"),
        ("Проверяю Медвежью.", "Сигрид Медвежья"),
    ],
)
def test_C_3_an_adjective_nicks_form_names_the_nick_of_its_gender(text: str, target: str) -> None:
    got = read_in_cast("larp", "Инквизитор", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", (target,))


def test_C_3_a_clan_name_in_the_masculine_genitive_is_the_man_of_the_two() -> None:
    got = read_in_cast("larp_g", "Дознаватель", "Проверяю Вороньего.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Рагнар Вороний",))


def test_C_3_a_masculine_form_of_a_shared_adjective_in_a_don_vote() -> None:
    got = read_in_cast("larp", "Сигрид Медвежья", "Голосую за Медвежьего доном.", turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Бьорн Медвежий",))


def test_C_3_a_plural_adjective_form_names_no_one_of_the_two() -> None:
    assert read_in_cast("larp", "Инквизитор", "Проверяю Медвежьих.").kind != "move"


def test_C_3_the_verbs_case_settles_a_form_two_nicks_share() -> None:
    got = read_in_cast("larp", "Бьорн Медвежий", "Убиваем Морвену, исполнитель Сигрид.")
    assert (got.kind, got.targets, got.executor) == ("move", ("Морвена",), "Сигрид Медвежья")


@pytest.mark.parametrize(
    ("word", "nick", "case", "declined"),
    [
        ("морвену", "морвена", "accs", True),
        ("морвену", "морвен", "accs", False),
        ("морвену", "морвен", "datv", True),
        ("морвену", "морвена", "datv", False),
        ("ингвэ", "ингвэ", "accs", False),
    ],
)
def test_C_3_a_nicks_case_form_by_its_declension(
    word: str, nick: str, case: str, declined: bool
) -> None:
    assert declined_in(word, nick, case) is declined


@pytest.mark.parametrize(
    "text",
    [
        "Идём на Тень... то есть на Сумрака. Исполнитель Сигрид.",
        "Сим повелеваю клану: в ночном бою идём на Тень... то есть на Сумрака. Исполнитель Сигрид.",
        "Идём на Тень, в смысле на Сумрака. Исполнитель Сигрид.",
    ],
)
def test_P_M_8_a_word_restated_as_a_player_is_the_move_on_that_player(text: str) -> None:
    got = read_in_cast("larp", "Бьорн Медвежий", text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Сумрак",),
        "Сигрид Медвежья",
    )


def test_P_M_8_an_executor_by_a_short_form_two_players_share_is_asked() -> None:
    got = read_in_cast("larp", "Тиндаэль", "Убиваем Инквизитора, исполняет Лаэр.")
    assert got.kind == "question" and got.code == "ambiguous_nick"


@pytest.mark.parametrize(
    "text",
    ["Сим повелеваю: клан бьёт Иголку, исполнитель Сигрид.", "Бьём Иголку, исполнитель Сигрид."],
)
def test_P_M_8_a_dons_word_of_violence_with_an_executor_named_is_the_clans_kill(text: str) -> None:
    got = read_in_cast("larp", "Бьорн Медвежий", text)
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Иголка",),
        "Сигрид Медвежья",
    )


def test_P_M_8_a_mate_told_to_beat_is_still_asked() -> None:
    got = read_in_cast("larp", "Бьорн Медвежий", "Сигрид, бей Иголку.")
    assert got.kind == "question" and got.code == "which_action"


def test_P_M_11_the_senders_own_weapon_nick_in_the_instrumental_is_his_tool() -> None:
    got = read_in_cast("larp", "Молот", "Бью Милоша молотом по шлему.")
    assert (got.kind, got.code, got.targets) == ("refused", "forbidden_target", ("Милош",))
    got = read_in_cast("larp", "Молот", "Бью Иголку молотом.")
    assert (got.kind, got.action, got.targets) == ("move", "beat", ("Иголка",))


def test_C_2_another_weapon_nick_as_a_tool_is_no_second_target() -> None:
    got = read_in_cast("larp", "Молот", "Бью Иголку секирой.")
    assert got.kind == "question" and got.code != "which_target"


@pytest.mark.parametrize("tool", ["молотом", "секирой"])
def test_C_2_P_M_11_a_tool_nick_accounts_for_its_word_not_for_a_kill_beside_it(tool: str) -> None:
    # the beating is no trade talk that leaves the kill proven: two moves, a question
    got = read_in_cast("larp", "Молот", f"Бью Иголку {tool}. А ещё Инквизитора убиваем.")
    assert (got.kind, got.code) == ("question", "unparsed")


def test_P_M_13_the_maniacs_own_nick_as_his_tool() -> None:
    got = read_in_cast("larp_g", "Кистень", "Убиваю Zbyszka кистенем.")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Zbyszek",))


@pytest.mark.parametrize(
    ("cast", "sender", "text"),
    [
        ("larp", "Целитель", "Хилю раненых? Я же Целитель, мне можно лечить Иголку?"),
        ("larp_g", "Ингвэ", "Мастер, а можно мне проверить Ингвэна? Просто интересно."),
    ],
)
def test_C_2_a_role_without_moves_asking_leave_for_one_is_told_it_has_none(
    cast: str, sender: str, text: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.code) == ("refused", "no_moves")


@pytest.mark.parametrize(
    "text", ["Тиндаэль, może Секиру? Я бы его убила.", "Тиндаэль, Секиру? Я бы его убила."]
)
def test_P_M_8_a_member_putting_a_victim_to_her_don_with_a_wish_is_asked(text: str) -> None:
    got = read_in_cast("larp", "Jadwiga", text)
    assert got.kind == "question" and got.code == "undecided" and "Секира" in got.text

"""The shapes batches 17 and 18 showed the vote reader reading silently, each read by rule
for any words of that shape (issue 17 item 2, `development-27`, `development-28`)."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.nicks import AMBIGUOUS_NICK, NickResolver
from parser.votes.names import resolve_nick
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Maxim_T", "MaxDPS", "Alex_R", "Александр Петров", "Марк", "Сова", "Кодекс_105")


_read = reader_for(PLAYERS, by="Сова")


def _name(text: str, cast: tuple[str, ...] = PLAYERS) -> tuple[str | None, str | None]:
    m = resolve_nick(NickResolver(list(cast)), text, "as_moves")
    return m.nick, m.reason


@pytest.mark.parametrize(
    ("text", "cast"),
    [
        ("Макса", PLAYERS),  # a Latin handle spelling the short form, a full Latin name
        ("Макс", PLAYERS),
        ("Алекса", PLAYERS),  # a Latin handle's short form, a Cyrillic full name
    ],
)
def test_C_3_a_full_name_cut_bare_is_shared_with_the_nick_that_spells_it(
    text: str, cast: tuple[str, ...]
) -> None:
    assert _name(text, cast) == (None, AMBIGUOUS_NICK), text


@pytest.mark.parametrize(
    ("text", "nick"),
    [("MaxDPS", "MaxDPS"), ("Maxim_T", "Maxim_T"), ("Марка", "Марк"), ("Максима", "Maxim_T")],
)
def test_C_3_a_name_no_other_player_is_cut_from_still_names_one(text: str, nick: str) -> None:
    assert _name(text) == (nick, None), text


@pytest.mark.parametrize("cast", [("Max", "Maxim", "Сова"), ("Макс", "Максим Танков", "Сова")])
def test_C_3_a_nick_that_is_the_short_name_alone_is_the_player(cast: tuple[str, ...]) -> None:
    assert _name("Макса", cast) == (cast[0], None)


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Против {_red('Макса')}, он весь день молчит и не отвечает", "pefl"),
        (_green("Макс"), "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_shared_short_form_in_colour_is_shown_not_counted(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert got.status == "rejected" and got.reason == AMBIGUOUS_NICK, (body, got)


@pytest.mark.parametrize(
    "body",
    [
        f"Will vote after raid, пока склоняюсь к {_red('Марка')}",
        f"vote later {_red('Марка')}",
        f"I'll vote tomorrow: {_red('Марк')}, he lied",
        f"Голосую завтра против {_red('Марка')}, он врёт весь день",
        f"Пока склоняюсь к {_red('Марку')}: весь день молчит",
        f"Присматриваюсь к {_red('Марку')}, что-то он темнит",
        f"Пока думаю на {_red('Марка')}, он весь день путается",
    ],
)
def test_P_V_1_a_vote_put_off_in_english_or_a_leaning_is_no_vote(body: str) -> None:
    got = _read(body)
    assert got.status == "rejected" and got.reason in ("put_off", "unproven"), (body, got)


@pytest.mark.parametrize(
    "body",
    [
        f"I vote {_red('Марка')}, will explain later",
        f"Голосую против {_red('Марка')}, потом объясню почему",
        f"Думаю на {_red('Марка')}: весь день путается и врёт",
    ],
)
def test_P_V_1_a_vote_cast_now_beside_a_later_word_still_counts(body: str) -> None:
    got = _read(body)
    assert got.status == "vote" and got.target == "Марк", (body, got)


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Голосую против {_red('Марка')}, при условии, что он не объяснится до вечера", "pefl"),
        (f"Зеленю {_green('Марка')} при условии, что он не ответит до вечера", "gambler"),
        (f"Против {_red('Марка')}, в случае если он опять промолчит", "pefl"),
        (f"В случае, если он не ответит, голосую против {_red('Марка')}", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_vote_on_a_longer_conjunction_of_condition_is_conditional(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert got.status == "rejected" and got.reason == "conditional", (body, got)


def test_P_V_1_a_case_noun_without_a_condition_leaves_the_vote() -> None:
    got = _read(f"Голосую против {_red('Марка')}: в случае с проверкой он соврал всем нам")
    assert got.status == "vote" and got.target == "Марк", got


@pytest.mark.parametrize(
    "body", [f"По {_red('ст. 105')} за такое дают до пятнадцати лет", _red("105")]
)
def test_C_3_P_V_1_digits_alone_name_no_nick_with_letters(body: str) -> None:
    got = _read(body)
    assert got.status == "no_vote", (body, got)


@pytest.mark.parametrize("text", ["Кодекс 105", "Кодекса", "Кодекс_105"])
def test_C_3_a_digit_nick_with_its_letters_is_still_read(text: str) -> None:
    assert _name(text) == ("Кодекс_105", None), text


FAMILY = ("Веретенников_П.Р.", "Веретенникова_Е.В.", "Орлов", "Сова")


@pytest.mark.parametrize("text", ["Веретенниковых", "Веретенниковыми", "Веретенниковы"])
def test_C_3_a_plural_surname_names_both_who_bear_it(text: str) -> None:
    assert _name(text, FAMILY) == (None, AMBIGUOUS_NICK), text


@pytest.mark.parametrize(
    ("text", "nick"), [("Веретенниковой", "Веретенникова_Е.В."), ("Орловых", "Орлов")]
)
def test_C_3_a_surname_one_player_bears_or_a_singular_form_names_one(text: str, nick: str) -> None:
    assert _name(text, FAMILY) == (nick, None), text


def _court(text: str) -> tuple[str, str | None]:
    from parser.votes.court import extract_court_votes
    from tests.test_votes import post

    result = extract_court_votes(
        [post(1, "Сова", text=text)], nominees=["Марк", "Орлов"], players=[*PLAYERS, "Орлов"]
    )
    (r,) = result.posts
    return r.status, r.target if r.status == "vote" else r.reason


@pytest.mark.parametrize(
    "text",
    [
        "Выношу решение: Марк виновен по всем пунктам.",
        "Марк виновен.",
        "Суд удаляется... Признаю Марка виновным, хватит.",
    ],
)
def test_G_N_4_a_verdict_of_guilt_jails_the_nominee(text: str) -> None:
    assert _court(text) == ("vote", "Марк"), text


@pytest.mark.parametrize("text", ["Марк невиновен.", "Марк не виновен, отпустите его."])
def test_G_N_4_a_verdict_of_innocence_jails_no_one(text: str) -> None:
    assert _court(text)[0] != "vote", text


@pytest.mark.parametrize(
    "text",
    [
        "Голосую за Орлова… уточняю, прошу считать недействительным: Марк.",
        "Сажаю Орлова. Уточняю: Марк.",
    ],
)
def test_G_N_4_a_correction_in_a_court_post_takes_the_later_name(text: str) -> None:
    assert _court(text) == ("vote", "Марк"), text


def test_P_V_1_a_correction_word_between_two_reds_keeps_the_later() -> None:
    got = _read(f"Против {_red('Сова')}… уточняю, против {_red('Марка')}, он путается весь день")
    assert got.status == "vote" and got.target == "Марк", got

"""A name more than one player may answer to is asked, never given to one (issue 17; round
`reader-55`, tests/letters/README.md): a short form of two players' given names (C-3), a
surname the Don-electing sender shares with a brother (P-S.2, C-3), and a move passed on
for another player (C-2, P-M.8). Development letters: tests/letters/sharedname.jsonl; votes:
tests/votes/dev57/."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import NickResolver, short_form_sharers
from parser.votes.day import extract_votes
from parser.votes.names import resolve_nick
from tests.letter_kit import read_in_cast

CAST = "sharedname"


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Георгий", "Убиваю Лину."),  # Алина, Полина Гай
        ("Вячеслав", "Проверяю Юлю."),  # Юлия, Юлиана Ким
        ("Алина", "Лечу Лёву"),  # Лев (who declines «Льва»), Левон Гаспарян
        ("Алина", "lechu Levu"),
        ("Георгий", "ubivayu Yulyu"),
    ],
)
def test_C_3_a_short_form_two_players_answer_to_is_asked(sender: str, text: str) -> None:
    got = read_in_cast(CAST, sender, text)
    assert (got.kind, got.code) == ("question", "ambiguous_nick")


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Георгий", "Убиваю Костю", "kill", "Костя"),  # the nick declined, not Константин's
        ("Вячеслав", "Проверяю Сашу", "check", "Саша"),
        ("Алина", "Лечу Льва", "heal", "Лев"),
        ("Георгий", "Убиваю Полину", "kill", "Полина Гай"),
        ("Вячеслав", "Проверяю Юлию", "check", "Юлия"),
    ],
)
def test_C_3_a_form_one_player_owns_stays_his(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(CAST, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_3_short_form_sharers_names_every_owner_by_name_knowledge() -> None:
    players = ["Алина", "Полина Гай", "Дмитрий", "Владимир", "Осип", "Осипов", "Иван Петрович",
               "Алексей Иванович"]  # fmt: skip
    resolver = NickResolver(players)
    assert short_form_sharers(resolver, "Лину", "Алина") == ("Полина Гай",)
    # a syllable inside Владимир yields to the tabled Дима of Дмитрий
    assert short_form_sharers(resolver, "Диму", "Дмитрий") == ()
    # a surname and a patronymic are no names a short form is made of
    assert short_form_sharers(resolver, "Осю", "Осип") == ()
    assert short_form_sharers(resolver, "Ваню", "Иван Петрович") == ()


def test_C_3_a_red_short_form_two_players_answer_to_is_shown_as_ambiguous() -> None:
    players = ("Алина", "Полина Гай", "Лев", "Левон Гаспарян", "Тимур")
    body = 'Голосую против <span style="color:red">Лёвы</span>, весь день путается'
    post = post_from_body(1, "Тимур", body, 1)
    got = extract_votes([post], ruleset="pefl", players=players).posts[0]
    assert (got.status, got.reason, got.target) == ("rejected", "ambiguous_nick", None)
    shown = resolve_nick(NickResolver(players), "Лёвы", "as_moves")
    assert set(shown.candidates) == {"Лев", "Левон Гаспарян"}


@pytest.mark.parametrize(
    "text",
    ["Дон — Сомов.", "Доном выбираю Сомова", "Don — Somov", "Предлагаю в доны Сомова, он потянет"],
)
def test_P_S_2_C_3_a_surname_the_sender_shares_with_his_brother_is_asked(text: str) -> None:
    # Егор Сомов is of the other clan: only the sender is electable, yet the name is no proof
    got = read_in_cast(CAST, "Роман Сомов", text, turn=0)
    assert (got.kind, got.code) == ("question", "ambiguous_nick")


@pytest.mark.parametrize(
    ("sender", "text", "target"),
    [
        ("Роман Сомов", "Дон — Сомов, то есть я сам", "Роман Сомов"),
        ("Роман Сомов", "Доном буду я, Сомов", "Роман Сомов"),
        ("Нина", "Дон — Сомов", "Роман Сомов"),  # she bears no such name
    ],
)
def test_P_S_2_C_3_the_sender_named_by_his_own_words_or_by_another(
    sender: str, text: str, target: str
) -> None:
    got = read_in_cast(CAST, sender, text, turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", (target,))


@pytest.mark.parametrize(
    ("sender", "text", "turn"),
    [
        ("Мила", "Передаю от Егора — убиваем Полину Гай, исполнитель Мила", None),
        ("Вячеслав", "Сообщаю за Алину: она лечит Полину Гай", None),
        ("Тимофей", "Брат просил передать: дон Нина", 0),
        ("Тимофей", "Нина просила передать — доном выбирает Тимофея", 0),
    ],
)
def test_C_2_P_M_8_a_move_passed_on_for_another_is_no_move(
    sender: str, text: str, turn: int | None
) -> None:
    got = read_in_cast(CAST, sender, text, turn=turn)
    assert got.kind != "move" and got.kind != "none"


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Вячеслав", "Жена просила передать привет. Проверяю Георгия", "check", "Георгий"),
        ("Алина", "Передаю привет ведущему! Лечу Льва", "heal", "Лев"),
    ],
)
def test_C_2_a_greeting_passed_on_leaves_the_own_move(
    sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(CAST, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_news_passed_on_leaves_the_own_move() -> None:
    text = "Егор просил передать, что задерживается. Мой ход: убиваем Алину, исполнитель Мила"
    got = read_in_cast(CAST, "Мила", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Алина",))

"""Batch 21's classes (a beekeepers' society, tests/letters/batch21.md), each by its shape,
in letters and votes alike. C-3: a woman's name takes the pet stems of the man's name it is
made from (Слава for Владислава as for Вячеслав); a surname's plural names spouses whose
nicks hold it after a given name; a surname form two such nicks share is settled by its
gender in the case the grammar names, never when it is one nick's word as listed; a game word
that is only one word of a longer nick is the role; a Ukrainian genitive equal to another
nick proves neither; an ordinary word placed by a thing («шершня у летка») is the word; a lower-case
word heading its sentence is a red's nick only when its verb does not agree with the word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nameforms import name_pets, tabled_pets
from parser.roles import role_word_of_longer_nick
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.letter_kit import read_in_cast

CAST = json.loads((Path(__file__).parent / "votes/dev32/cast.json").read_text(encoding="utf-8"))
PLAYERS: tuple[str, ...] = tuple(CAST["living"])


def _read(
    body: str, rules: Literal["pefl", "gambler"] = "pefl", players: tuple[str, ...] = PLAYERS
) -> PostReading:
    author = "Кугарчи" if "Кугарчи" in players else players[-1]
    (post,) = extract_votes(
        [post_from_body(1, author, body, 1)], ruleset=rules, players=players
    ).posts
    return post


def _red(text: str, after: str = "") -> str:
    return f'Против <span style="color: red">{text}</span>{after}'


# -- a short form a man's and a woman's name share ----------------------------------------


def test_C_3_a_womans_name_takes_her_mans_names_pet_stems() -> None:
    assert ("владислава", "слав") in tabled_pets("слава")
    assert ("владислава", "слав") in name_pets("владислава")
    # a boy's ending stays his: «Славик» is no Владислава's
    assert all(name != "владислава" for name, _stem in tabled_pets("славик"))
    # a woman's name the dictionary does not know makes none («Ивана» of Иван)
    assert not name_pets("ивана")


def test_C_3_a_short_form_both_genders_share_is_asked_in_letters_and_votes() -> None:
    got = read_in_cast("bees", "Медуница", "Проверю Славу.")
    assert (got.kind, got.code) == ("question", "ambiguous_nick"), got
    green = _read('<span style="color: green">Славу</span>', "gambler")
    assert (green.status, green.reason) == ("rejected", "ambiguous_nick"), green


# -- spouses' surname ------------------------------------------------------------------------


def test_C_3_a_plural_surname_names_both_spouses() -> None:
    green = _read('<span style="color: green">Ульяновых</span> обоих в суд', "gambler")
    assert green.status == "rejected" and green.target is None, green


def test_C_3_the_verbs_case_settles_a_surname_form_of_two_word_nicks() -> None:
    got = read_in_cast("bees", "Гриша Ульянов", "Убиваем Ульянову, исполнитель Акация.")
    assert (got.kind, got.action, got.targets, got.executor) == (
        "move",
        "kill",
        ("Зоя Ульянова",),
        "Акация",
    ), got
    # his accusative and her nick's word as listed: the case settles nothing
    asked = read_in_cast("bees", "Медуница", "Проверяю Ульянова.")
    assert asked.kind == "question", asked


def test_C_3_a_pronoun_after_a_surname_form_pins_the_spouse() -> None:
    red = _read(_red("Ульянова", ": он вчера голосовал за мирного"))
    assert (red.status, red.target) == ("vote", "Гриша Ульянов"), red


# -- a role word opening a longer nick --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "nick", "role"),
    [
        ("комиссара", "Комиссар Ярмарки", True),
        ("Доктора", "Доктор Сотов", True),
        ("Комиссар", "Комиссар_матча", True),
        ("шерифа", "Шериф", False),  # the nick written whole
        ("Ярмарки", "Комиссар Ярмарки", False),
    ],
)
def test_C_3_a_game_word_only_part_of_a_nick_is_the_role(text: str, nick: str, role: bool) -> None:
    assert role_word_of_longer_nick(text, nick) is role


def test_C_3_a_role_word_is_no_title_nick_in_letters_and_votes() -> None:
    order = read_in_cast("bees", "Гриша Ульянов", "Убиваем комиссара, исполнитель Акация.")
    check = read_in_cast("bees_g", "Вощина", "Проверяю Доктора.")
    assert order.kind == "question" and check.kind == "question", (order, check)
    red = _read('<span style="color: red">Комиссар</span> — врёт про проверки, не верю ему')
    assert red.status != "vote", red
    whole = read_in_cast("bees_g", "Вощина", "Проверяю Доктора Сотова.")
    assert (whole.kind, whole.targets) == ("move", ("Доктор Сотов",)), whole


# -- a Ukrainian genitive ----------------------------------------------------------------------


def test_C_3_a_ukrainian_genitive_equal_to_another_nick_proves_neither() -> None:
    uk = _read("Голосую проти " + '<span style="color: red">Сотка</span>, він брехав вчора')
    assert uk.status != "vote", uk
    ru = _read(_red("Сотка", ", врёт весь день про свою роль"))
    assert (ru.status, ru.target) == ("vote", "Сотка"), ru


# -- an ordinary word placed by a thing; a subject that agrees with the word ----------------


def test_C_3_a_word_nick_placed_by_a_thing_is_the_word() -> None:
    placed = read_in_cast("bees_g", "Айгуль", "Убиваю шершня у летка, повадился пчёл таскать.")
    assert placed.kind != "move", placed
    plain = read_in_cast("bees_g", "Айгуль", "Убиваю шершня.")
    assert (plain.kind, plain.targets) == ("move", ("Шершень",)), plain


def test_P_V_1_a_lower_case_word_heading_its_sentence_agreeing_with_its_verb_is_the_word() -> None:
    plant = _read('<span style="color: red">акация</span> в этом году отцвела рано, беда')
    assert plant.status != "vote", plant
    players = ("Огурцы", "Кабачок", "Тыква")
    person = _read(
        '<span style="color: red">огурцы</span> весь день мутит воду и врёт', players=players
    )
    assert (person.status, person.target) == ("vote", "Огурцы"), person


# -- a member's wish put to the Don ------------------------------------------------------------


def test_P_M_8_a_members_wish_in_the_conditional_is_an_offer_asked() -> None:
    got = read_in_cast("bees", "Акация", "Гриша, я бы убила Вячеслава, решай.")
    assert (got.kind, got.code) == ("question", "undecided"), got


# -- after the merge with reader-35 and reader-36 -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Прикрываю от холода Буркуна, обещали заморозки.", False),
        ("Прикрываю Буркуна от дождя.", False),
        ("Прикрываю Буркуна от пули.", True),  # the game's own word
        ("Прикрываю Буркуна от маньяка.", True),  # a being, no thing
        ("Защищаю Буркуна от мафии.", True),  # a clan
        ("Спасаю Буркуна от смерти.", True),  # the game's harm
        ("Лечу Буркуна от простуды.", True),  # a verb of treating cures an illness
    ],
)
def test_C_2_a_heal_verb_of_shelter_from_a_thing_outside_the_game_is_asked(
    text: str, move: bool
) -> None:
    got = read_in_cast("bees", "Кипрей", text)
    if move:
        assert (got.kind, got.action, got.targets) == ("move", "heal", ("Буркун",)), got
    else:
        assert (got.kind, got.code) == ("question", "is_it_a_move"), got


@pytest.mark.parametrize(
    "text",
    [
        "Кого проверить, подскажет Ильгиз, я ему напишу.",
        "Ильгиз скажет, кого проверить.",
    ],
)
def test_C_2_whom_to_act_on_left_to_another_players_answer_is_no_move(text: str) -> None:
    got = read_in_cast("bees", "Медуница", text)
    assert got.kind == "question", got


def test_C_2_an_indirect_question_beside_a_move_of_the_senders_own_leaves_the_move() -> None:
    got = read_in_cast(
        "bees", "Медуница", "Проверяю Буркуна. Кого проверить завтра, подскажет Ильгиз."
    )
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Буркун",)), got


@pytest.mark.parametrize(
    ("when", "move"),
    [("как стемнеет", True), ("как наступит ночь", True), ("как закроется ярмарка", False)],
)
def test_C_2_a_clause_of_nightfall_is_the_moves_own_night_not_a_later_event(
    when: str, move: bool
) -> None:
    got = read_in_cast("bees", "Гриша Ульянов", f"Убиваем Дымаря, исполнитель Акация, {when}.")
    if move:
        assert (got.kind, got.targets, got.executor) == ("move", ("Дымарь",), "Акация"), got
    else:
        assert (got.kind, got.code) == ("question", "undecided"), got


def test_C_3_a_dictionary_word_starting_a_word_nick_is_asked_not_read() -> None:
    word = read_in_cast("bees_g", "Нектар", "Проверяю Липку.")
    assert (word.kind, word.code) == ("question", "low_confidence"), word
    nick = read_in_cast("bees_g", "Нектар", "Проверяю Липовку.")
    assert (nick.kind, nick.targets) == ("move", ("Липовка",)), nick


def test_P_V_1_a_vote_word_in_the_post_keeps_a_heading_red_the_vote() -> None:
    players = ("Маркет", "Кабачок", "Тыква")
    voted = _read(
        '<span style="color: red">маркет</span> сливает нас третий день, голосую.',
        players=players,
    )
    assert (voted.status, voted.target) == ("vote", "Маркет"), voted
    told = _read('<span style="color: red">маркет</span> сегодня закрылся рано.', players=players)
    assert told.status != "vote", told


def test_C_3_a_pet_nick_with_a_digit_tail_shares_the_short_form_of_its_name() -> None:
    fire = json.loads((Path(__file__).parent / "votes/dev34/cast.json").read_text(encoding="utf-8"))
    players = tuple(fire["living"])
    assert {"Вова Чернов", "Вовчик112"} <= set(players)
    shared = _read('<span style="color:red">Вову</span> против, он не в теме.', players=players)
    assert (shared.status, shared.reason) == ("rejected", "ambiguous_nick"), shared
    own = _read('<span style="color:red">Вовчика</span> против, он молчит.', players=players)
    assert (own.status, own.target) == ("vote", "Вовчик112"), own


# -- batches 21 and 23 beside reader-42's verb outside the vocabulary ---------------------------


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("fire", "Лиза_03", "Откачиваю Ерофеича.", "heal", "Ерофеич"),  # «откачать»'s pair
        ("fire_g", "Факел", "Поджигаю Ломика.", "kill", "Ломик"),
        ("fire_g", "Факел", "Сжигаю Ломика.", "kill", "Ломик"),
    ],
)
def test_C_2_the_games_verbs_of_reviving_and_burning_are_moves(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,)), got


@pytest.mark.parametrize("text", ["Жалю Нектара.", "Тушу Нектара."])
def test_C_2_a_trade_verb_outside_the_vocabulary_is_asked(text: str) -> None:
    got = read_in_cast("bees_g", "Шершень", text)
    assert (got.kind, got.code) == ("question", "is_it_a_move"), got

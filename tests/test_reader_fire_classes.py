"""Batch 23's classes (a fire brigade forum's letters and votes, tests/letters/batch23.md),
each by its shape, never by its phrase: C-3 — a plural of a common noun is no case form of
a one-person nick that equals its singular («гидранты» is no form of Гидрант), in the one
resolver the letter and vote readers share; C-3 — a pronoun points back to the nearest noun
of its gender and number, so a lower-case thing word that equals a nick («с каски … её»)
gives the pronoun no player; P-V.1 — a red whose sentence says he is clean («чист») or owns
the author's error about him in the past («я ошибалась») defends him, no vote."""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import NickResolver, plural_of_singular
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading
from tests.letter_kit import read_in_cast
from tests.vote_kit import red as _red


@pytest.mark.parametrize(
    ("word", "nick", "plural"),
    [
        ("гидранты", "гидрант", True),  # only the plural of the noun
        ("карабины", "карабин", True),
        ("гидранта", "гидрант", False),  # a singular case form
        ("каски", "каска", False),  # the genitive singular shares the spelling
        ("саши", "саша", False),  # a name: the name rules decide
        ("жаровы", "жаров", False),  # a surname's plural names the family
        ("гидрант", "гидрант", False),
    ],
)
def test_C_3_a_plural_is_no_case_form_of_a_singular_nick(
    word: str, nick: str, plural: bool
) -> None:
    assert plural_of_singular(word, nick) is plural


@pytest.mark.parametrize("word", ["гидранты", "Гидранты", "гидрантов"])
def test_C_3_the_shared_resolver_reads_no_player_from_a_plural(word: str) -> None:
    got = NickResolver(["Гидрант", "Найда"]).resolve(word, inflected=True)
    assert got.nick is None


def test_C_3_a_singular_case_form_still_names_the_player() -> None:
    assert NickResolver(["Гидрант", "Найда"]).resolve("Гидранта", inflected=True).nick == (
        "Гидрант"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Диспетчер-01 на связи. Проверяю гидранты на выезде до утра, потом сплю.",
        "Проверяю гидранты.",
    ],
)
def test_C_3_a_plural_common_noun_is_no_check_on_the_word_nick(text: str) -> None:
    assert read_in_cast("fire", "Диспетчер-01", text).kind != "move"


def test_C_3_the_singular_is_still_the_check() -> None:
    got = read_in_cast("fire", "Диспетчер-01", "Проверяю Гидранта.")
    assert (got.kind, got.action, got.targets) == ("move", "check", ("Гидрант",))


@pytest.mark.parametrize("text", ["сбиваю пламя с каски, лечу её", "сбиваю пламя с каски. лечу её"])
def test_C_3_a_pronoun_after_a_lower_case_thing_word_names_no_player(text: str) -> None:
    got = read_in_cast("fire", "Лиза_03", text)
    assert (got.kind, got.code) == ("question", "pronoun")


def test_C_3_a_pronoun_after_the_nick_written_as_one_is_that_player() -> None:
    got = read_in_cast("fire", "Лиза_03", "Сбиваю пламя с Каски, лечу её.")
    assert (got.kind, got.action, got.targets) == ("move", "heal", ("Каска",))


def _vote(body: str) -> PostReading:
    post = post_from_body(1, "Пена", body, 1)
    players = ("Гидрант", "Найда", "Каска", "Пена")
    (reading,) = extract_votes([post], ruleset="pefl", players=players).posts
    return reading


@pytest.mark.parametrize(
    "body",
    [
        f"Отбой тревоги, {_red('Гидрант')} чист, я ошибалась.",
        f"{_red('Гидрант')} чист.",
        f"{_red('Найда')} весь день молчала, я ошиблась.",
    ],
)
def test_P_V_1_innocence_said_short_or_an_error_owned_is_no_vote(body: str) -> None:
    got = _vote(body)
    assert got.status != "vote", got


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # owning an error in the present is a hedge beside the reason, not a defence
        (f"{_red('Гидрант')} весь день путается, может я ошибаюсь.", "Гидрант"),
        # an error denied: she was right
        (f"{_red('Найда')} путается весь день, я не ошиблась.", "Найда"),
        # «чистый» said of a thing after him, no innocence of his
        (f"{_red('Каска')} путается, чистая ложь весь день.", "Каска"),
    ],
)
def test_P_V_1_near_misses_of_innocence_are_still_the_vote(body: str, target: str) -> None:
    got = _vote(body)
    assert (got.status, got.target) == ("vote", target), got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вова Чернов", "Дон — Арам? Я не в курсе, кто у вас там, но я за Арама."),
        ("Вова Чернов", "Голосую за Арама."),
        ("Бекзат", "Я за Топорика."),
    ],
)
def test_P_S_2_a_bastards_election_vote_is_refused_with_its_answer(sender: str, text: str) -> None:
    got = read_in_cast("fire", sender, text, turn=0)
    assert (got.kind, got.code) == ("refused", "no_moves")


def test_P_S_2_a_members_election_vote_is_still_read() -> None:
    got = read_in_cast("fire", "Дымов", "Я за Арама.", turn=0)
    assert (got.kind, got.action, got.targets) == ("move", "don", ("Арам",))


@pytest.mark.parametrize(
    "text", ["Ныряю за Гидрантом и Найдой: протект обоим.", "Гидрант и Найда: протект обоим."]
)
def test_P_M_6_both_counts_the_two_players_named(text: str) -> None:
    got = read_in_cast("fire", "Водолаз", text)
    assert (got.kind, got.action, got.targets) == ("move", "protect", ("Гидрант", "Найда"))


@pytest.mark.parametrize(
    "text", ["Гидрант, Найда, Пена: протект обоим.", "Ныряю за Гидрантом: протект обоим."]
)
def test_P_M_6_both_with_three_or_one_named_is_asked(text: str) -> None:
    got = read_in_cast("fire", "Водолаз", text)
    assert got.kind == "question"


@pytest.mark.parametrize(
    "text",
    [
        "Ниндзя: цель — Дымок или Дымов, один из них точно. Беру Дымова.",
        "Дымок или Дымов? Беру Дымова.",
        "Дымок или Дымов? Выбираю Дымова.",
    ],
)
def test_C_2_a_choice_settled_by_a_verb_of_taking(text: str) -> None:
    got = read_in_cast("fire", "Карабин", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Дымов",))


@pytest.mark.parametrize(
    "text",
    [
        "Дымок или Дымов. Беру Дымова и Пену.",  # the closing sentence names two
        "Захожу к Дымку и к Дымову, и кто-то из них не выходит.",  # nobody chosen
    ],
)
def test_C_2_a_choice_not_settled_is_still_asked(text: str) -> None:
    assert read_in_cast("fire", "Карабин", text).kind == "question"


def _court(body: str) -> tuple[str, str | None]:
    post = post_from_body(1, "Ерофеич", body, 1)
    players = ["Гидрант", "Каска", "Лафет", "Ерофеич", "Арам", "Найда"]
    result = extract_court_votes([post], nominees=["Гидрант", "Каска", "Лафет"], players=players)
    (reading,) = result.posts
    return reading.status, reading.target


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Приём. Суд: Гидрант. Конец связи.", "Гидрант"),
        ("Приём. Голос: Лафет. Конец связи.", "Лафет"),
        ("Суд: Гидрант. Хотя нет, Лафет.", "Лафет"),
    ],
)
def test_G_N_4_a_nick_under_the_courts_label_is_the_vote(body: str, target: str) -> None:
    assert _court(body) == ("vote", target)


@pytest.mark.parametrize(
    "body", ["Ара, Каска джан, прости — сажаю тебя.", "Каска, прости — сажаю тебя."]
)
def test_G_N_4_you_after_an_address_is_the_nominee_spoken_to(body: str) -> None:
    assert _court(body) == ("vote", "Каска")


@pytest.mark.parametrize(
    "body",
    [
        "Приём. Гидрант. Конец связи.",  # no label: a nick amid talk
        "Каска, Лафет, сажаю тебя.",  # two spoken to
        "Каску жалко, сажаю тебя.",  # spoken about, not to
        "Каска, сажаю тебя. Шучу.",  # taken back
        "Каска, тебя не сажаю.",  # let off
    ],
)
def test_G_N_4_near_misses_of_the_label_and_the_address_are_no_vote(body: str) -> None:
    assert _court(body)[0] != "vote"


@pytest.mark.parametrize(
    "text",
    [
        "Если не будет выезда — убиваю Смоки. Если будет, пропускаю.",
        "Убиваю Лафета. Если будет выезд, пропускаю.",
    ],
)
def test_C_2_a_skip_on_a_condition_nobody_settles_leaves_the_move_asked(text: str) -> None:
    got = read_in_cast("fire", "Карабин", text)
    assert (got.kind, got.code) == ("question", "undecided")


def test_C_2_a_skip_said_plainly_still_gives_the_turn_up() -> None:
    assert read_in_cast("fire", "Карабин", "Пропускаю. Если что, напишу.").kind == "none"


@pytest.mark.parametrize("text", ["Если Начкар жив — убиваю его.", "Если Начкар жив, убиваю его."])
def test_C_2_a_condition_on_a_living_player_without_a_fallback_is_settled_by_the_cast(
    text: str,
) -> None:
    got = read_in_cast("fire_g", "Факел", text)
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Начкар",))


def test_C_2_the_same_condition_on_a_player_out_moves_nobody() -> None:
    assert read_in_cast("fire_g", "Факел", "Если Огнеборец жив — убиваю его.").kind == "none"


def test_C_3_a_pronoun_after_the_one_player_of_an_open_condition_names_him() -> None:
    got = read_in_cast("fire_g", "Факел", "Если Начкар придёт домой — убиваю его.")
    assert (got.kind, got.code) == ("question", "undecided")
    assert "Начкар" in got.text

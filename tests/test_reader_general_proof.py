"""The general proof a move needs (C-2, C-3, with the roles' rules P-M.8, P-M.9, P-M.11,
G-M.4): a reading that leaves a person-like word unaccounted for, that rests on a pun on the
sender's own nick, on a condition of what is still to come, on an executor from outside the
clan or on a target put off to later is no proof — it becomes a question naming the doubt.
And the name forms a Russian pet name makes of a full name by rule (not from a list), read
only when the name's own letters prove them; a pet consonant the name lacks is a guess,
offered to the sender and never read as the player.

Shown on a cast of its own (nicks no corpus uses)."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import IS_IT_A_MOVE, UNKNOWN_NICK, LetterReading
from parser.nameforms import hypocoristic_kind
from parser.nicks import NickResolver, diminutive_match
from parser.records import Post
from parser.sender import cast_state, sender_view
from parser.votes.day import extract_votes
from tests.test_votes import RED, post

CAST: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 3,
    "players": {
        "Григорий": {"role": "commissar"},
        "Лампа": {"role": "doctor"},
        "Стакан": {"role": "maniac"},
        "Граммофон": {"role": "mafia", "clan": "yakuza", "don": True},
        "Борисыч": {"role": "mafia", "clan": "yakuza"},
        "Ракета": {"role": "kamikaze", "clan": "yakuza"},
        "Тёрка": {"role": "thug", "clan": "triad"},
        "Всеволод": {"role": "civilian"},
        "Нонна": {"role": "civilian"},
        "Валентина": {"role": "civilian"},
        "Евдокия": {"role": "civilian"},
        "Остап": {"role": "civilian"},
    },
}


def letter(sender: str, text: str) -> LetterReading:
    view = sender_view(cast_state(CAST), sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


def resolver() -> NickResolver:
    return NickResolver(tuple(CAST["players"]))


# -- C-2, C-3: a person-like word the reading does not account for ------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Нонну и Жорика",  # a second player after «и», no such nick
        "Проверяю Остапа и Федьку",  # the dictionary's name in a case form
        "Проверяю Нонну или Стёпку",  # a choice with a name no nick fits
    ],
)
def test_C_3_an_unread_name_beside_the_target_is_asked_not_dropped(text: str) -> None:
    got = letter("Григорий", text)
    assert got.kind == "question" and got.code == UNKNOWN_NICK, got


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Проверяю Нонну. Вадик подсказал", "Нонна"),  # a name in the nominative: who spoke
        ("Проверяю Нонну, а Федьку потом", "Нонна"),  # a name put off to later
        ("Проверяю Нонну, не Федьку", "Нонна"),  # a name denied
    ],
)
def test_C_3_an_unread_name_accounted_for_keeps_the_move(text: str, target: str) -> None:
    got = letter("Григорий", text)
    assert (got.kind, got.action, got.targets) == ("move", "check", (target,)), got


# -- C-2 with P-M.9: a pun on the sender's own nick ---------------------------------------------


def test_P_M_9_a_thing_nick_acting_on_the_target_is_asked_not_a_clan_shot() -> None:
    # the kamikaze Ракета: «Ракета стреляет» may be her blast or the clan's shot
    got = letter("Ракета", "Ракета стреляет по Остапу")
    assert got.kind == "question" and got.code == IS_IT_A_MOVE, got


def test_C_2_a_nick_made_a_verb_is_a_pun_not_a_move() -> None:
    got = letter("Стакан", "Стакан звенит над Остапом")
    assert got.kind == "question", got


def test_C_2_the_role_s_own_word_from_a_thing_nick_stays_a_move() -> None:
    # the maniac Стакан with his own verb: no other action the words could mean
    got = letter("Стакан", "Стакан убивает Остапа")
    assert (got.kind, got.action, got.targets) == ("move", "kill", ("Остап",)), got


# -- C-2: a condition on what is still to come -------------------------------------------------


def test_C_2_a_condition_on_the_day_about_a_pronoun_is_undecided() -> None:
    got = letter("Тёрка", "Бью Остапа, если его не посадят днём")
    assert got.kind == "question", got


# -- P-M.8: the executor is a member of the Don's clan -----------------------------------------


def test_P_M_8_an_executor_from_outside_the_clan_is_asked() -> None:
    got = letter("Граммофон", "Убиваем Нонну, исполнитель Остап")
    assert got.kind == "question", got


def test_P_M_8_an_executor_in_a_choice_with_an_unread_name_is_asked() -> None:
    got = letter("Граммофон", "Убиваем Нонну, исполнитель Борисыч или Жорик")
    assert got.kind == "question", got


# -- C-2: every place the target is named puts him off -----------------------------------------


def test_C_2_a_target_named_only_for_later_is_no_target_tonight() -> None:
    got = letter("Стакан", "Убиваю Федьку, Остапа в следующий раз")
    assert got.kind == "question", got


# -- C-3: pet names of a full name, by rule ----------------------------------------------------


@pytest.mark.parametrize(
    ("form", "name", "kind"),
    [
        ("миша", "михаил", "sure"),  # х → ш, the name's own consonant's partner
        ("мишаня", "михаил", "sure"),
        ("дима", "дмитрий", "sure"),  # the opening cluster's second consonant moves on
        ("митя", "дмитрий", "sure"),
        ("серега", "сергей", "sure"),
        ("паша", "павел", "sure"),  # в → ш
        ("ксюха", "ксения", "guess"),  # a pet consonant Ксения lacks
        ("саня", "александр", "guess"),  # a later syllable, which many names share
        ("гоша", "игорь", "guess"),
        ("митя", "михаил", None),  # т comes from nowhere in Михаил
        ("саныч", "александр", None),  # a patronymic's form, not the name's
        ("леша", "лера", None),  # Лера is a pet name already
    ],
)
def test_C_3_pet_names_are_read_by_the_name_s_own_letters(
    form: str, name: str, kind: str | None
) -> None:
    assert hypocoristic_kind(form, name) == kind


@pytest.mark.parametrize(
    ("typed", "nick"),
    [("Мишаню", "Михаил"), ("Диму", "Дмитрий"), ("Серёгу", "Сергей Палыч"), ("Пашу", None)],
)
def test_C_3_a_sure_pet_name_reads_the_player(typed: str, nick: str | None) -> None:
    # a name and patronymic is read by its name; Паша of Павел is the dictionary's, but
    # no Павел plays here, so it is nobody's
    cast = NickResolver(("Михаил", "Дмитрий", "Сергей Палыч", "Остап"))
    m = diminutive_match(cast, typed)
    assert (m.nick if m is not None else None) == nick


def test_C_3_a_guessed_pet_name_is_offered_never_read() -> None:
    # «Масю» with a Марина: the pet consonant с her name lacks, on a name the table of pet
    # names does not give that form (parser.nameforms.PET_STEMS) — never the player, only
    # offered in the question
    cast = NickResolver(("Марина", "Остап"))
    m = diminutive_match(cast, "Масю")
    assert m is not None and m.nick is None and m.candidates == ("Марина",)
    view = sender_view(
        cast_state(
            {
                "ruleset": "pefl",
                "turn": 2,
                "players": {"Марина": {"role": "civilian"}, "Остап": {"role": "doctor"}},
            }
        ),
        "Остап",
    )
    assert view is not None
    got = read_letter("Лечу Масю", view, resolver=cast)
    assert got.kind == "question" and got.code == UNKNOWN_NICK and "Марина" in got.text


# -- C-2: doubts, jokes and descriptions after the move ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Хочу проверить Нонну, но боюсь",  # a fear after the move's word
        "Проверяю Нонну. Не уверен",
        "ну Нонна наверно",  # a maybe right after the player
        "Проверяю Нонну!!! (шутка) сплю",  # a joke said of the move
    ],
)
def test_C_2_a_move_doubted_or_joked_about_after_its_word_is_undecided(text: str) -> None:
    got = letter("Григорий", text)
    assert got.kind == "question", got


def test_C_2_a_doubt_settled_by_a_later_choice_keeps_the_move() -> None:
    got = letter("Григорий", "Проверяю Нонну или Остапа, не знаю, пусть будет Остап")
    assert (got.kind, got.targets) == ("move", ("Остап",)), got


def test_C_2_a_player_picked_by_a_description_is_asked() -> None:
    got = letter("Стакан", "Нонна, Остап, Евдокия — убиваю среднюю")
    assert got.kind == "question", got


def test_P_M_8_an_executor_offered_as_a_choice_is_asked() -> None:
    got = letter("Граммофон", "Убиваем Нонну, исполнитель Борисыч или кто свободен")
    assert got.kind == "question", got


def test_C_3_a_pet_form_of_the_shorter_of_two_near_identical_nicks_is_ambiguous() -> None:
    m = diminutive_match(NickResolver(("Vlad", "Vladik", "Остап")), "Владьку")
    assert m is not None and m.nick is None and set(m.candidates) == {"Vlad", "Vladik"}


# -- P-V.1, G-N.1: votes by the same standard --------------------------------------------------

VOTERS = ("Нонна", "Остап", "Евдокия", "Всеволод")
WHY = ", весь день молчит и путает всех"


def day(*posts_: Post) -> list[tuple[str, str | None]]:
    result = extract_votes(posts_, ruleset="pefl", players=VOTERS)
    return [(r.status, r.target) for r in result.posts]


@pytest.mark.parametrize(
    "text",
    [
        "Голосую за Остапа" + WHY + ", шучу)) пока не голосую",  # a joke after the last nick
        "Остап мафия, голосую. (шутка, пока думаю)",
        "Все голосуют за Остапа, а я нет. Подумаю",  # undecided after it
        "Остап" + WHY + ". Не уверена, подумаю до вечера",
    ],
)
def test_P_V_1_a_red_joked_about_or_left_undecided_is_no_vote(text: str) -> None:
    p = post(1, "Нонна", (RED, "Остап"), text=text)
    assert day(p)[0][0] != "vote"


def test_P_V_1_a_joke_before_a_later_nick_corrects_and_earnest_keeps_the_vote() -> None:
    slip = post(1, "Нонна", (RED, "Остап"), (RED, "Евдокия"), text="Остап. Шучу, Евдокия" + WHY)
    assert day(slip) == [("vote", "Евдокия")]
    earnest = post(2, "Нонна", (RED, "Остап"), text="Голосую за Остапа" + WHY + ", не шучу")
    assert day(earnest) == [("vote", "Остап")]


def test_P_V_1_a_row_of_nicks_only_asked_about_is_no_vote() -> None:
    p = post(1, "Нонна", (RED, "Остапа"), (RED, "Евдокию"), text="Остапа? Евдокию? не могу выбрать")
    assert day(p)[0][0] != "vote"


def test_C_2_a_target_that_is_the_object_of_another_verb_is_asked() -> None:
    got = letter("Стакан", "Нонну убью, Остапа пощажу")
    assert got.kind == "question", got


def test_C_2_a_player_after_a_correction_of_a_targetless_move_is_asked() -> None:
    # the maniac's ambush corrected to a player: not read as the ambush
    got = letter("Стакан", "Засада. Ой нет, Остапа")
    assert got.kind == "question", got


def test_C_3_a_latin_x_between_vowels_is_also_read_as_kh() -> None:
    # Russian typed in Latin writes х as x: «Lexa» is Лёха, in any case form; «Max» stays Макс
    cast = NickResolver(("Lexa", "Max", "Остап"))
    assert [cast.resolve(w, inflected=True).nick for w in ("Лёху", "Лексу", "Макса")] == [
        "Lexa",
        "Lexa",
        "Max",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Может быть, проверяю Нонну",  # a maybe before the move's word
        "Может быть, Нонна",  # before a move with no action word
        "Пока не решил. Думаю: проверяю Нонну",  # a sentence of its own before it
        "Федя сказал: Нонна",  # no action word, the player only in another's words
        "Валю Нонну и Федьку",  # «валю» is the move's verb, no belief: Федька is unread
    ],
)
def test_C_2_a_hedged_or_reported_move_is_asked(text: str) -> None:
    got = letter("Григорий" if "Валю" not in text else "Стакан", text)
    assert got.kind == "question", got


@pytest.mark.parametrize(
    "text",
    ["Кого проверить — не знаю. Пусть будет Нонна", "Не знаю, кого проверить. Проверяю Нонну"],
)
def test_C_2_a_doubt_about_whom_settled_after_it_keeps_the_move(text: str) -> None:
    got = letter("Григорий", text)
    assert (got.kind, got.targets) == ("move", ("Нонна",)), got


@pytest.mark.parametrize(
    "text",
    [
        "Проверяю Нонну. Или Федьку?",  # a question offering another choice after the move
        "Проверяю Нонну. А может Остапа?",
        "Проверяю Нонну. Или нет",  # taken back, no one named after it
        "Проверяю Нонну. Нет.",
    ],
)
def test_C_2_a_move_questioned_or_taken_back_after_it_is_asked(text: str) -> None:
    got = letter("Григорий", text)
    assert got.kind == "question", got


def test_C_2_a_correction_naming_someone_after_no_is_still_read() -> None:
    got = letter("Граммофон", "Убиваем Нонну. Исполнитель Ракета. Ой, нет, исполнитель Борисыч")
    assert (got.kind, got.executor) == ("move", "Борисыч"), got


@pytest.mark.parametrize(
    "text",
    [
        "Остап" + WHY + ". Хотя нет.",  # taken back at the end, past the reason
        "Может быть, Остап" + WHY,  # a maybe in the nick's sentence
        "Пока не решила. Остап" + WHY,  # undecided before it
        "Остап" + WHY + ". Или Федю?",  # a question offering another choice after it
    ],
)
def test_P_V_1_a_red_hedged_taken_back_or_questioned_is_no_vote(text: str) -> None:
    p = post(1, "Нонна", (RED, "Остап"), text=text)
    assert day(p)[0][0] != "vote"


def test_P_V_1_a_doubt_settled_by_but_keeps_the_vote() -> None:
    p = post(1, "Нонна", (RED, "Остапа"), text="Я не уверена, но голосую за Остапа" + WHY)
    assert day(p) == [("vote", "Остап")]
    got = letter("Григорий", "Я не уверен, но проверяю Нонну")
    assert (got.kind, got.targets) == ("move", ("Нонна",)), got


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("Вчера проверял Нонну", False),  # a night gone, told
        ("Вчера: проверяю Нонну", False),  # the sentence labelled with a night gone
        ("Вчера проверял Остапа, сегодня проверяю Нонну", True),
        ("Проверяю Нонну, что вчера всех путала", True),  # the past in a clause about her
    ],
)
def test_C_2_a_move_told_of_a_night_gone_is_no_move_tonight(text: str, moves: bool) -> None:
    got = letter("Григорий", text)
    assert (got.kind == "move") == moves, got


@pytest.mark.parametrize(
    "text",
    [
        "proveryayu Nonnu i Fedyu",  # Russian typed in Latin: «и» and an unread name
        "proveryayu Nonnu. ili net",
        "mozhet proveryu Nonnu",
        "proveryu Nonnu, shuchu",
        "Check Nonna and Fedya",  # English function words read as the Russian ones
        "Check Nonna. Just kidding",
    ],
)
def test_C_2_a_letter_typed_in_latin_is_proven_by_the_same_standard(text: str) -> None:
    got = letter("Григорий", text)
    assert got.kind == "question", got


def test_C_2_a_plain_latin_typed_move_still_reads() -> None:
    got = letter("Григорий", "proveryayu Nonnu")
    assert (got.kind, got.targets) == ("move", ("Нонна",)), got

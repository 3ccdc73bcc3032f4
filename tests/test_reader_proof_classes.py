"""The classes of silent misreading a held-out corpus found (C-2, C-3, P-M.8, P-V.1–P-V.3),
each shown on words and nicks of its own: a name form of a nick, a target put off or taken
back later, a clan mate who is talked about or spoken to rather than sent, a choice settled
at the end, a vote taken back later in its post, and an agreement quoted on a board whose
quotes carry no post id."""

from __future__ import annotations

from typing import Any

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import LetterReading
from parser.nicks import NickResolver, diminutive_match
from parser.pages import parse_topic
from parser.sender import cast_state, sender_view
from parser.votes.day import extract_votes
from tests.test_votes import RED, post
from tests.vote_pages import CasePost, page

CAST: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Валерия": {"role": "commissar"},
        "Прохор": {"role": "doctor"},
        "Ульяна": {"role": "maniac"},
        "Wolf Hunter": {"role": "mafia", "clan": "yakuza", "don": True},
        "Аркадий": {"role": "mafia", "clan": "yakuza"},
        "Тимур": {"role": "thug", "clan": "yakuza"},
        "Олег": {"role": "civilian"},
        "Зоя": {"role": "civilian"},
        "Sparrow": {"role": "civilian"},
    },
}


def letter(sender: str, text: str, cast: dict[str, Any] = CAST) -> LetterReading:
    view = sender_view(cast_state(cast), sender)
    assert view is not None
    return read_letter(text, view, resolver=NickResolver(view.living))


def move(reading: LetterReading) -> tuple[str | None, tuple[str, ...], str | None]:
    assert reading.kind == "move", reading
    return reading.action, reading.targets, reading.executor


# -- C-3: name forms ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "nick"),
    [
        ("Валю", "Валерия"),  # a cut of the name's head, case ending on
        ("Прошу", None),  # a verb of the dictionary is no pet form of Прохор
        ("Ульку", "Ульяна"),
        ("Спэрроу", "Sparrow"),  # a Latin nick as it sounds
        ("Аркаше", "Аркадий"),
        ("Серого", None),  # an adjective of the dictionary is nobody's pet form
    ],
)
def test_C_3_pet_forms_and_sounds_of_a_nick_name_one_player_or_none(
    typed: str, nick: str | None
) -> None:
    resolver = NickResolver(CAST["players"])
    found = diminutive_match(resolver, typed)
    assert (found.nick if found is not None else None) == nick


def test_C_3_a_short_head_of_a_name_fits_only_a_full_name() -> None:
    # «Витю» is Виктор's; «Колю» is neither Костя's (a short name himself) nor Кот's
    assert diminutive_match(NickResolver(["Виктор", "Зоя"]), "Витю") is not None
    assert diminutive_match(NickResolver(["Костя", "Кот", "Зоя"]), "Колю") is None


def test_C_3_a_latin_nick_of_two_words_written_as_it_sounds() -> None:
    resolver = NickResolver(CAST["players"])
    found = diminutive_match(resolver, "Вулф Хантера")
    assert found is not None and found.nick == "Wolf Hunter"


def test_C_2_a_letter_names_a_target_by_its_pet_form() -> None:
    assert move(letter("Прохор", "Лечу Ульку")) == ("heal", ("Ульяна",), None)
    assert move(letter("Валерия", "Проверяю Спэрроу")) == ("check", ("Sparrow",), None)


# -- C-2: a target put off, taken back, corrected, settled -----------------------------------


def test_C_2_a_target_put_off_later_in_the_letter_is_no_proof_of_the_move() -> None:
    # the player to be shot tonight is no player: asked, never the one put off
    got = letter("Ульяна", "Режу Олега. Ой, нет, Олега завтра, сегодня Фёклу")
    assert got.kind == "question" and got.code == "unknown_nick", got


def test_C_2_a_player_put_off_is_not_tonights_target() -> None:
    got = letter("Валерия", "Сегодня Олега проверяю, Зою завтра")
    assert move(got) == ("check", ("Олег",), None)
    # after a dash the later night belongs to the player after it
    assert move(letter("Ульяна", "Режу Олега — Зою потом")) == ("kill", ("Олег",), None)


def test_C_2_a_correction_inside_the_sentence_replaces_the_first_target() -> None:
    got = letter("Ульяна", "Режу Олега — нет, стоп, сначала Зою")
    assert move(got) == ("kill", ("Зоя",), None)


def test_C_2_a_remark_about_another_player_is_no_correction() -> None:
    got = letter("Ульяна", "Режу Олега, хотя Зоя тоже мутная")
    assert move(got) == ("kill", ("Олег",), None)


def test_C_2_a_choice_settled_by_the_closing_sentence() -> None:
    assert move(letter("Ульяна", "Режу Олега или Зою... ладно, Зою")) == ("kill", ("Зоя",), None)
    # no action word: the role's one move on the player chosen
    assert move(letter("Ульяна", "Олег или Зоя... Ладно, Зоя")) == ("kill", ("Зоя",), None)
    # undecided stays a question
    assert letter("Ульяна", "Режу Олега или Зою, не знаю").kind == "question"


def test_C_2_an_ellipsis_around_a_filler_is_a_pause_not_a_sentence_end() -> None:
    assert move(letter("Прохор", "Лечу... хм... Зою")) == ("heal", ("Зоя",), None)


# -- P-M.8: the executor ------------------------------------------------------------------------


def test_P_M_8_a_clan_mate_doing_something_else_is_no_executor() -> None:
    got = letter("Аркадий", "Тимур спит, так что прошу: убиваем Олега")
    assert move(got) == ("kill", ("Олег",), None)
    # a mate who is to carry it out still is
    sent = letter("Wolf Hunter", "Заказ на Олега. Пусть сделает Тимур")
    assert move(sent) == ("kill", ("Олег",), "Тимур")


def test_P_M_8_a_clan_mate_spoken_to_after_the_kill_is_not_its_victim() -> None:
    got = letter("Wolf Hunter", "Ликвидировать Фёклу, Тимур")
    assert got.kind == "question", got


# a clan whose mates hold Latin nicks of two words, each heard as a Russian word («Лейзи»)
CLAN: dict[str, Any] = {
    "ruleset": "pefl",
    "turn": 2,
    "players": {
        "Остап": {"role": "mafia", "clan": "triad", "don": True},
        "Lazy Bones": {"role": "mafia", "clan": "triad"},
        "Пётр": {"role": "thug", "clan": "triad"},
        "Олег": {"role": "civilian"},
        "Зоя": {"role": "civilian"},
        "Фёкла": {"role": "commissar"},
    },
}


def order(text: str, sender: str = "Остап") -> LetterReading:
    return letter(sender, text, CLAN)


@pytest.mark.parametrize(
    "text",
    [
        "Убиваем Олега, исполнитель лейзи",  # lower case after the cue
        "Убиваем Олега. Лейзи идёт на дело",  # opening a sentence, before a verb of going
        "Олега убирает лейзи",  # after a verb of the kill in the third person
        "лейзи, сегодня работаешь ты. Убиваем Олега",  # spoken to
        "Убиваем Олега. Лейзи.",  # a sentence of its own
    ],
)
def test_P_M_8_a_clan_mate_written_as_his_latin_nick_sounds_is_the_executor(text: str) -> None:
    assert move(order(text)) == ("kill", ("Олег",), "Lazy Bones")


def test_P_M_8_a_word_read_as_a_clan_mate_only_where_the_executor_stands() -> None:
    # the same word elsewhere is a plain word: no clan mate is read from it
    got = order("Убиваем Олега, а то мне лейзи ждать")
    assert got.executor is None


@pytest.mark.parametrize(
    "text",
    [
        "Убиваем Олега, пусть стреляет наш новенький",
        "Стреляем в Олега. Исполнитель тот же, что вчера",
        "Убиваем Олега, исполнитель Шмыга",
    ],
)
def test_P_M_8_a_dons_order_naming_an_executor_it_cannot_read_is_asked(text: str) -> None:
    got = order(text)
    assert got.kind == "question" and got.code == "unknown_nick", got


def test_P_M_8_a_dons_order_with_no_executor_named_or_one_left_open_stays_the_order() -> None:
    # the engine answers an order without an executor as P-M.8 says; nothing to ask
    assert move(order("Убиваем Олега")) == ("kill", ("Олег",), None)
    assert move(order("Убиваем Олега. Исполнитель на твоё усмотрение")) == ("kill", ("Олег",), None)


# -- C-2: another player's words reported -------------------------------------------------------


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Lazy Bones", "Остап сказал стреляем в Олега"),
        ("Lazy Bones", "Дон велел убить Зою"),
        ("Lazy Bones", "Остап пишет: «убираем Олега»"),
        ("Фёкла", "Олег предложил проверить Зою"),
    ],
)
def test_C_2_a_move_in_another_players_reported_words_is_not_the_senders(
    sender: str, text: str
) -> None:
    got = order(text, sender)
    assert got.kind == "question" and got.code == "is_it_a_move", got


@pytest.mark.parametrize(
    "text",
    [
        "Ход пропускаю. Остап сказал стреляем",
        "Пропускаю, лейзи сказал стреляем",  # the speaker a word of no noun case
        "Пропускаю. «Стреляем», — сказал Остап",  # the words quoted before the verb
        "Пропускаю. Остап, мол, стреляем",  # «мол» marks them another's
        "ПРОПУСКАЮ. ОСТАП СКАЗАЛ СТРЕЛЯЕМ",  # capitals: no longer name from «ОСТАП СКАЗАЛ»
        "propuskayu. Ostap skazal strelyaem",  # the verb of saying typed in Latin letters
        "Пропускаю, Остап скзал стреляем",  # one letter off
        "Пропускаю. Остап грит стреляем",  # as people say it
    ],
)
def test_C_2_a_skip_and_another_players_order_reported_is_no_move(text: str) -> None:
    got = order(text, "Пётр")
    assert got.kind == "none", got  # never a kill of the player who spoke


@pytest.mark.parametrize(
    ("sender", "text", "expected"),
    [
        # the sender confirms it as his own
        ("Lazy Bones", "Остап сказал стреляем в Олега, я согласен, стреляю", ("kill", ("Олег",))),
        # the sender's own «сказал», with «я» or without
        ("Фёкла", "Я сказал в теме, что проверю Зою. Проверяю Зою", ("check", ("Зоя",))),
        ("Фёкла", "Сказала же в теме — проверю Зою. Проверяю Зою", ("check", ("Зоя",))),
        # the speaker is the target of the sender's own move
        ("Фёкла", "Олег говорит, что он доктор, проверяю", ("check", ("Олег",))),
        # «как велел …»: the sender follows another's word with a move of his own
        ("Фёкла", "Как велел Олег — проверяю Зою", ("check", ("Зоя",))),
        # a role word for the sender himself
        ("Остап", "Дон приказывает: убиваем Олега, исполнитель Пётр", ("kill", ("Олег",))),
    ],
)
def test_C_2_the_senders_own_words_and_his_confirmation_still_move(
    sender: str, text: str, expected: tuple[str, tuple[str, ...]]
) -> None:
    got = order(text, sender)
    assert got.kind == "move", got
    assert (got.action, got.targets) == expected


# -- P-V.1–P-V.3: votes -------------------------------------------------------------------------

VOTERS = ["Валерия", "Прохор", "Ульяна", "Олег", "Зоя", "Sparrow"]
WHY = " — весь день путается в словах"


def day(*posts_: object) -> list[tuple[str, str | None, str | None]]:
    result = extract_votes(posts_, ruleset="pefl", players=VOTERS)  # type: ignore[arg-type]
    return [(r.status, r.target, r.reason) for r in result.posts]


def test_P_V_3_a_vote_taken_back_later_in_its_post_is_not_the_players_vote() -> None:
    back = post(1, "Зоя", (RED, "Олег"), text="Голосую Олег" + WHY + ". Хотя нет, отзываю")
    assert day(back)[0][0] != "vote"
    took = post(2, "Зоя", (RED, "Олег"), text="Олег" + WHY + ". Ой, снимаю голос, рано")
    assert day(took)[0][0] != "vote"
    # a retraction denied keeps the vote, and one about something else before it too
    kept = post(3, "Зоя", (RED, "Олег"), text="Голосую Олег" + WHY + ", голос не отзываю")
    assert day(kept) == [("vote", "Олег", None)]
    other = post(4, "Зоя", (RED, "Олег"), text="Снимаю подозрения с Прохора. Голосую Олег" + WHY)
    assert day(other) == [("vote", "Олег", None)]


def test_P_V_1_several_coloured_nicks_and_a_choice_settled_by_the_last() -> None:
    text = "Олег или Зоя… пусть будет Зоя" + WHY
    p = post(1, "Прохор", (RED, "Олег"), (RED, "Зоя"), (RED, "Зоя"), text=text)
    assert day(p) == [("vote", "Зоя", None)]
    open_ = post(2, "Валерия", (RED, "Олег"), (RED, "Зоя"), text="Олег или Зоя... не знаю")
    assert day(open_)[0][0] != "vote"


def _ipb13(posts_: list[CasePost]) -> list[tuple[str, str | None, str | None]]:
    html, _ids = page("ipb13", posts_)
    parsed = parse_topic(html)
    result = extract_votes(parsed.posts, ruleset="pefl", players=VOTERS)
    return [(r.status, r.target, r.reason) for r in result.posts]


def test_P_V_2_an_agreement_quoted_on_a_board_whose_quotes_carry_no_post_id() -> None:
    first = CasePost("Прохор", 11, f'Голосую <span style="color:red">Олег</span>{WHY}')
    agree = CasePost(
        "Зоя",
        12,
        f'{{quote:0}}Голосую <span style="color:red">Олег</span>{WHY}{{/quote}}'
        '<span style="color:red">Олег</span>',
    )
    assert _ipb13([first, agree]) == [("vote", "Олег", None), ("vote", "Олег", None)]
    # the quoted words must be the accepted vote's: another post of its author is no agreement
    aside = CasePost("Прохор", 11, "Кстати, Олег вчера молчал весь вечер")
    agree_aside = CasePost(
        "Зоя",
        12,
        '{quote:1}Кстати, Олег вчера молчал весь вечер{/quote}<span style="color:red">Олег</span>',
    )
    got = _ipb13([first, aside, agree_aside])
    assert got[0] == ("vote", "Олег", None) and got[2] == ("rejected", "Олег", "no_reason")

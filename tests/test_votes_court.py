"""G-N.4 court posts written the way players write them (C-3 ruling `vote_nicks =
"as_moves"`): a phrase that jails a nominee is a vote for him, one that lets him off is none,
a nick only spoken to is none. Each class was found by the vote corpus (tests/votes/, `b7-`)."""

from __future__ import annotations

from parser.votes.court import extract_court_votes
from parser.votes.records import VoteOptions
from tests.test_votes import RED, post

CAST = ["Рома", "Катя", "Ефим", "Саша Белый", "Жора", "Кот"]
NOMINEES = ["Рома", "Катя", "Саша Белый"]


def read(text: str, *spans: tuple[str, str], **options: object) -> tuple[str, str | None]:
    result = extract_court_votes(
        [post(1, "Ефим", *spans, text=text)],
        nominees=NOMINEES,
        players=CAST,
        options=VoteOptions(**options),  # type: ignore[arg-type]
    )
    (r,) = result.posts
    return r.status, r.target if r.status == "vote" else r.reason


def test_G_N_4_a_phrase_that_jails_a_nominee_is_a_vote_for_him() -> None:
    for text, nick in [
        ("Сажаю Рому", "Рома"),
        ("За посадку Кати", "Катя"),
        ("Белого на нары", "Саша Белый"),
        ("Отправляю за решётку Катю", "Катя"),
        ("Сажаем Катюху", "Катя"),
        ("Против Ромы", "Рома"),  # a vote against a nominee jails him
        ("Меняю голос на Катю", "Катя"),
    ]:
        assert read(text) == ("vote", nick), text


def test_G_N_4_the_clause_that_votes_wins_in_a_long_post() -> None:
    text = "Долго думал. Рома путался в показаниях, а Катя молчала весь день. Мой голос — Катя."
    assert read(text) == ("vote", "Катя")
    # without a vote word: a short post, or the bare nick closing it
    assert read("Передумал. Катя") == ("vote", "Катя")
    assert read("Ладно, Рому оправдываю, Катя") == ("vote", "Катя")
    assert read("Спасибо Кате за интересную игру") == ("no_vote", None)
    assert read("Рома, оправдывайся давай, что ты делал ночью?") == ("no_vote", None)


def test_G_N_4_a_nominee_let_off_in_words_gets_no_vote() -> None:
    for text in ("Оправдать Рому", "Катю не сажать!", "Я против посадки Ромы", "Рома невиновен"):
        assert read(text) == ("no_vote", None), text
    assert read("Сажаю не Рому, а Катю") == ("vote", "Катя")
    assert read("Рома невиновен, голос за Катю") == ("vote", "Катя")
    # a coloured nick taken back is no vote either
    assert read("Не сажаю Рому", (RED, "Рому")) == ("no_vote", None)


def test_G_N_4_a_phrase_naming_a_player_off_trial_or_two_nominees() -> None:
    assert read("Сажаю Жору") == ("rejected", "not_a_nominee")
    assert read("Сажаю Рому или Катю") == ("rejected", "ambiguous_nick")


def test_G_N_4_phrases_are_read_only_under_as_moves() -> None:
    assert read("Сажаю Рому", vote_nicks="exact") == ("no_vote", None)
    assert read("Рома", vote_nicks="exact") == ("vote", "Рома")


def test_G_N_4_an_ordinary_word_nick_in_a_clause_that_jails() -> None:
    assert read("Сажаю кота") == ("rejected", "not_a_nominee")  # Кот is not on trial here
    result = extract_court_votes(
        [post(1, "Ефим", text="Сажаю кота"), post(2, "Рома", text="Какой хитрый кот")],
        nominees=["Кот"],
        players=CAST,
    )
    assert [(r.status, r.target) for r in result.posts] == [("vote", "Кот"), ("no_vote", None)]


def test_G_N_4_a_lone_vote_word_is_not_reported_a_dead_player_is() -> None:
    assert read("Голосую") == ("no_vote", None)
    result = extract_court_votes(
        [post(1, "Ефим", text="Сажаю Олега")], nominees=NOMINEES, players=CAST, dead=["Олег"]
    )
    assert [(r.status, r.reason) for r in result.posts] == [("rejected", "dead_target")]


def test_C_3_a_digit_nick_declined_before_its_digits() -> None:
    result = extract_court_votes(
        [post(1, "Ефим", text="Сажаю Васю2005"), post(2, "Жора", text="Васе-2005 в тюрьму")],
        nominees=["Вася2005"],
        players=[*CAST, "Вася2005", "Вася2006"],
    )
    assert [(r.status, r.target) for r in result.posts] == [("vote", "Вася2005")] * 2


def test_G_N_4_a_bare_nick_before_a_dash_is_the_vote_and_the_rest_its_reason() -> None:
    assert read("Рома — врал весь день, это видно") == ("vote", "Рома")
    assert read("Рома — невиновен, это видно") == ("no_vote", None)
    # a comma is an address, not a vote
    assert read("Рома, объясни, что ты делал ночью") == ("no_vote", None)


def test_G_N_4_a_court_post_typed_in_latin_letters_is_read_as_its_russian() -> None:
    # issue 17 item 3: Russian typed in Latin is read through the transliteration, the
    # capitals kept (an ordinary-word nick needs its capital or a jailing word)
    assert read("sazhaju Katyu, ona vsyo vremya molchit") == ("vote", "Катя")
    assert read("spasibo Rome za igru, sazhaju Katyu") == ("vote", "Катя")
    assert read("ne sazhaju Romu") == ("no_vote", None)
    assert read("spasibo Rome za igru") == ("no_vote", None)


def test_G_N_4_a_nominee_heading_the_post_in_a_case_form_is_the_vote() -> None:
    # «[сажаю] Катю, конечно»: the object of the jailing, the verb left unsaid
    assert read("Катю, конечно, я не передумала") == ("vote", "Катя")
    assert read("Рому. Он весь день врал") == ("vote", "Рома")
    # an address, a question, a doubt, another player, a let-off: no vote (a doubt on the
    # one nominee named is shown to the host: issue 17 item 2)
    assert read("Рома, оправдывайся давай, где был ночью") == ("no_vote", None)
    assert read("Катю? Не знаю даже") == ("rejected", "unproven")
    assert read("Катю, наверное, но подумаю") == ("rejected", "doubted")
    assert read("Катю, хотя Рома тоже мутный") == ("no_vote", None)
    assert read("Катю, но сажать не буду") == ("no_vote", None)


def test_G_N_4_a_jailing_asked_about_or_left_in_doubt_is_no_vote() -> None:
    # «Катю сажаю? Не знаю…»: the jailing word asked about, then a doubt — no vote yet,
    # shown to the host with its doubt (issue 17 item 2)
    assert read("Катю сажаю? Не знаю...") == ("rejected", "doubted")
    assert read("Сажаю Катю, хотя не знаю") == ("rejected", "doubted")
    # a doubt before a decided vote leaves it standing
    assert read("Не знаю, кто мафия, но сажаю Катю") == ("vote", "Катя")
    assert read("Сажаю Катю. Рома пусть живёт") == ("vote", "Катя")


def test_G_N_4_a_jailing_of_him_or_her_is_the_nominee_named_alone_just_before() -> None:
    # «Рома. Его и сажаю»: the pronoun stands for the nominee named alone in the clause
    # before; the pronoun's gender must fit a name's, and a let-off, a doubt or a later
    # correction is read as ever
    assert read("Рома. Его и сажаю, весь день путался") == ("vote", "Рома")
    assert read("Катя. Её сажаю") == ("vote", "Катя")
    assert read("Рома. Её сажаю, врёт весь день")[0] != "vote"
    assert read("Рома. Его не сажаю, он мирный") == ("no_vote", None)
    assert read("Рома. Его сажаю. Хотя нет, Катю") == ("vote", "Катя")


def test_G_N_4_C_3_the_pronoun_fits_the_nicks_gender_as_every_reader_judges_it() -> None:
    # one judgment of a nick's gender (`parser.nicks.nick_genders`): a surname (Соколова,
    # Осипов) has one here as it has for a pronoun after an ambiguous name
    cast = ["Соколова", "Осипов", "Ефим"]

    def read_of(text: str) -> tuple[str, str | None]:
        result = extract_court_votes(
            [post(1, "Ефим", text=text)], nominees=cast[:2], players=cast, options=VoteOptions()
        )
        (r,) = result.posts
        return r.status, r.target

    assert read_of("Соколова. Её сажаю, врёт весь день") == ("vote", "Соколова")
    assert read_of("Соколова. Его сажаю, врёт весь день")[0] != "vote"
    assert read_of("Осипов. Его сажаю, врёт весь день") == ("vote", "Осипов")
    assert read_of("Осипов. Её сажаю, врёт весь день")[0] != "vote"


def test_G_N_4_C_5_a_court_vote_passed_on_for_another_is_shown_not_counted() -> None:
    # a seat votes through its own account: «Ирина просила передать: сажаю Рому» is hers
    assert read("Ирина просила передать: сажаю Рому, у неё сессия") == ("rejected", "proxied")
    assert read("Сажаю Катю — это от Ирины, у неё нет интернета") == ("rejected", "proxied")
    # his own mark keeps the vote his; a figure of speech passes nothing on
    assert read("Мой голос и голос жены — Катя") == ("vote", "Катя")
    assert read("Сажаю Катю, голос разума подсказывает") == ("vote", "Катя")


def test_G_N_4_a_bare_nominee_then_a_doubt_after_it_is_no_vote() -> None:
    # «Мускат, но не уверена» (batch 15): the doubt after the nominee takes the vote back
    assert read("Рома, но не уверена") == ("rejected", "doubted")
    assert read("Катю... не знаю") == ("rejected", "doubted")
    assert read("Рома") == ("vote", "Рома")

"""A coloured nick counts only when the words around it prove the vote (G-N.1, P-V.1–P-V.3):
a nick asked about and turned down for another, a maybe or a doubt after it, a wish told
after it, and all of these typed in Latin letters, leave it uncounted — while a question
answered yes, a sure word («наверняка») and a firm Latin-typed vote still count. Found by
vote batch 19 (tests/votes/dev3)."""

from __future__ import annotations

from parser.records import ColoredSpan
from parser.votes.typed import as_cyrillic
from tests.test_votes import GREEN, RED, post
from tests.test_votes_phrases import read

WHY = ", весь день молчит и путается"


def g(pid: int, text: str, *nicks: str) -> object:
    return post(pid, "Кот", *((GREEN, n) for n in nicks), text=text)


def r(pid: int, text: str, *nicks: str) -> object:
    return post(pid, "Кот", *((RED, n) for n in nicks), text=text)


def test_G_N_1_a_green_asked_about_and_turned_down_gives_way_to_the_one_kept() -> None:
    # «оставляю <X>» with nothing after it keeps the green on X; a several-word Cyrillic
    # nick, a Latin nick and a declined one alike
    for text, nicks, kept in [
        ("Саша Белый? нет уж, оставляю Dr.Watson", ("Саша Белый", "Dr.Watson"), "Dr.Watson"),
        ("Рому? Нет уж, оставляю Жанну", ("Рому", "Жанну"), "Жанна"),
        ("Dr.Watson? нет уж. оставляю Сашу Белого", ("Dr.Watson", "Сашу Белого"), "Саша Белый"),
        ("Рома? Не, оставлю Катю", ("Рома", "Катю"), "Катя"),
    ]:
        assert read("gambler", g(1, text, *nicks)) == [("vote", kept, None)], text


def test_G_N_1_sparing_words_after_leaving_still_spare() -> None:
    assert read("gambler", g(1, "Оставляю в живых Рому", "Рому"))[0][0] != "vote"
    assert read("gambler", g(2, "Рому оставлю на завтра", "Рому"))[0][0] != "vote"


def test_G_N_1_a_question_answered_yes_is_a_green() -> None:
    assert read("gambler", g(1, "Саша Белый? да, точно его", "Саша Белый")) == [
        ("vote", "Саша Белый", None)
    ]
    assert read("gambler", g(2, "Жанна? da, tochno ee", "Жанна")) == [("vote", "Жанна", None)]


def test_P_V_1_a_maybe_or_a_question_typed_in_latin_letters_is_no_vote() -> None:
    for text in [
        "ne znayu za kogo... Рома navernoe? ili net",
        "Рома mozhet byt... ne uveren",
        "ili Рома? ne znayu",
        "dumayu Рома? hotya net, ne znayu",
        "Рома, хотя нет... не знаю",
    ]:
        assert read("pefl", r(1, text, "Рома"))[0][0] != "vote", text


def test_P_V_1_a_firm_vote_typed_in_latin_letters_counts() -> None:
    assert read("pefl", r(1, "golosuyu Рома, on vret ves den i molchit", "Рома")) == [
        ("vote", "Рома", None)
    ]
    sure = r(2, "Катю — наверняка мафия, весь день молчит", "Катю")
    assert read("pefl", sure) == [("vote", "Катя", None)]


def test_P_V_3_a_doubt_after_a_choice_leaves_the_whole_choice_open() -> None:
    # P-V.3: never taken as the player's one vote — not the first nick, not the second
    p = r(1, "Рома или Катя... не знаю, обе мутные", "Рома", "Катя")
    assert read("pefl", p)[0][0] != "vote"


def test_G_N_1_a_wish_told_after_the_nick_and_turned_down_is_no_green() -> None:
    for text in ["Жанна — вот кого я бы зеленила, но … Не она.", "я бы зеленила Жанну… Не она."]:
        nick = "Жанна" if text.startswith("Жанна") else "Жанну"
        assert read("gambler", g(1, text, nick))[0][0] != "vote", text
    assert read("gambler", g(2, "Зеленю Жанну. Не сомневайтесь.", "Жанну")) == [
        ("vote", "Жанна", None)
    ]


def test_latin_typed_words_are_read_in_cyrillic_and_the_nicks_left_as_written() -> None:
    spans = [ColoredSpan(RED, "Dr.Watson"), ColoredSpan(RED, "Рома")]
    text = "ne znayu... Dr.Watson navernoe? UPD: golosuyu Рома"
    assert as_cyrillic(text, spans) == "не знаю... dr.watson наверное? upd: голосую рома"

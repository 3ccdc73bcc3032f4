"""Round `votes-33` (issue 17 item 2, P-V.1, G-N.1): plain reds counted, and a coloured nick
that casts no vote shown to the host.

- A «не» in a red's reason that negates a third person's verb or the author's distrust is
  the reason, not the vote taken back («против <кошки>… ничего не объясняет»); a bare «не,»
  after the nick reads the clause after it («… не, не буду» takes the vote back).
- A noun of guilt in the nominative right after the nick is the vote's predicate with its
  dash left out («<кошка> мафия, …»), for a word or verb-form nick too.
- A coloured nick that is the object of the author's own first-person verb casting no vote,
  with a word that verb governs after it and no vote, jail or accusation in the clause
  («Завтра везу <X> на дачу»), is shown to the host (`unproven`).
- A coloured nick in an address — a courtesy adjective or a clause set off before it,
  «вы»/«ты» or «ваш»/«твой» after it — with no vote cast is shown to the host too."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import UNPROVEN
from tests.vote_kit import green as _green
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

PLAYERS = ("Кошка", "Лавина", "Лезу", "Тимофей", "Марина", "Бублик", "Фёдор Палыч", "Ульяна")


_read = reader_for(PLAYERS, by="Ульяна")


@pytest.mark.parametrize(
    ("body", "nick"),
    [
        (f"против {_red('кошки')}… весь день врёт и ничего не объясняет", "Кошка"),
        (f"против {_red('Лавина')}… мне не нравится как он себя ведёт", "Лавина"),
        (f"Голосую против {_red('лезу')}… не верю ни одному его слову", "Лезу"),
        (f"{_red('кошка')} мафия, весь день врёт и путается", "Кошка"),
        (f"{_red('лезу')} мафия, весь день молчит и уходит от ответов", "Лезу"),
    ],
)
def test_P_V_1_a_plain_red_with_its_reason_is_counted(body: str, nick: str) -> None:
    got = _read(body)
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    "body",
    [
        f"Голосую против {_red('кошки')}… не, не буду, пусть живёт пока",
        f"Голосую против {_red('Тимофея')}… не буду, пусть живёт пока",
    ],
)
def test_P_V_1_a_red_taken_back_after_a_pause_is_no_vote(body: str) -> None:
    got = _read(body)
    assert got.status != "vote", got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Завтра везу {_red('Тимофея')} на дачу, так что вечером меня не будет", "pefl"),
        (f"помогаю {_green('Марине')} с переездом, отвечать буду урывками", "gambler"),
        (f"Учу {_red('Бублика')} играть в шахматы по вечерам, очень способный", "pefl"),
        (f"vezu {_red('Тимофея')} zavtra v aeroport, budu offline do vechera", "pefl"),
        (f"Уважаемый {_red('Тимофей')}, ваш разбор неубедителен", "pefl"),
        (f"{_red('Марина')}, ты не права насчёт ночи", "pefl"),
        (f"{_red('Бублик')}, объясни, пожалуйста, свой вчерашний голос", "pefl"),
        (f"{_red('Тимофей')} ты не прав вообще ни разу", "pefl"),
        (f"Слушай, {_red('Марина')}, твоя логика хромает на обе ноги", "pefl"),
    ],
)
def test_P_V_1_G_N_1_a_nick_that_casts_no_vote_is_shown(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _read(body, rules)
    assert (got.status, got.reason) == ("rejected", UNPROVEN), got


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Подозреваю {_red('Марину')}, слишком уж гладко оправдывается", "pefl", "Марина"),
        (f"Отправляю {_red('Бублика')} на виселицу, хватит его терпеть", "pefl", "Бублик"),
        (f"Предлагаю {_red('Марину')} повесить, она весь день путается", "pefl", "Марина"),
        (f"Обвиняю {_red('Бублика')} во лжи: ночью он был совсем не там", "pefl", "Бублик"),
        (f"Выставляю {_green('Марину')} на голосование, молчит весь день", "gambler", "Марина"),
        (f"{_red('Тимофей')}, ты не прав, поэтому голосую против тебя", "pefl", "Тимофей"),
        (f"{_red('Марина')}, весь день врёт и путается, явная мафия", "pefl", "Марина"),
        (f"ну всё, {_green('Тимофей')}, готовься к суду", "gambler", "Тимофей"),
    ],
)
def test_P_V_1_G_N_1_near_misses_stay_votes(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    got = _read(body, rules)
    assert (got.status, got.target) == ("vote", nick), got


SPOUSES = ("Гвоздев", "Гвоздева", "Тимофей", "Ульяна")


@pytest.mark.parametrize(
    ("body", "rules", "nick"),
    [
        (f"Выставляю {_green('Гвоздеву')}", "gambler", "Гвоздева"),
        (f"Голосую за {_red('Гвоздеву')}, весь день путается в показаниях", "pefl", "Гвоздева"),
        (f"Вешаю {_red('Гвоздеву')}, врёт весь день и не краснеет", "pefl", "Гвоздева"),
    ],
)
def test_C_3_a_form_two_spouses_share_is_read_by_its_governed_case(
    body: str, rules: Literal["pefl", "gambler"], nick: str
) -> None:
    post = post_from_body(1, "Ульяна", body, 1)
    (got,) = extract_votes([post], ruleset=rules, players=SPOUSES).posts
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    "body", [f"{_green('Гвоздеву')} выставляю, весь день молчит", f"Против {_green('Гвоздевых')}"]
)
def test_C_3_a_shared_form_nothing_governs_stays_ambiguous(body: str) -> None:
    post = post_from_body(1, "Ульяна", body, 1)
    (got,) = extract_votes([post], ruleset="gambler", players=SPOUSES).posts
    assert (got.status, got.reason) == ("rejected", "ambiguous_nick"), got

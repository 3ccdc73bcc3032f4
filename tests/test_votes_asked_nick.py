"""Issue 17 item 2 (P-V.1, G-N.1, P-V.3): a coloured nick whose own clause is a question —
«<X> — мафия? Что думаете?», «<X> мафия или нет» — is shown to the host, never counted,
unless another sentence of the author's says his vote for the same player; a clause of
reason after the nick that is itself a question leaves the nick's clause a statement
(development parts 40 and 48: `q40-*`, `q48-*`)."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.votes.day import extract_votes
from tests.vote_pages import bracketed_posts

LIVING = ["Мирон", "Лада", "Бруно", "Тимур", "Агата", "Ника", "Всеволод"]
IDS = {nick: 301 + i for i, nick in enumerate(LIVING)}


def _read(
    body: str, rules: Literal["gambler", "pefl"] = "pefl"
) -> tuple[str, str | None, str | None]:
    posts = bracketed_posts(body, "Всеволод", IDS["Всеволод"], rules)
    got = extract_votes(posts, ruleset=rules, players=LIVING, player_ids=IDS).posts[0]
    return got.status, got.target, got.reason


@pytest.mark.parametrize(
    "body",
    [
        "[Мирон] мафия? Кто что думает?",  # q48-01: a dash-less predicate asked
        "[Лада] — шериф или мафия, кто знает?",  # q48-02: weighed with «или»
        "[Тимур] мафия или нет",  # q48-04, q40-16: no mark at all
        "[Агату] — мафия или мирная, как считаете?",  # q48-08
        "[Бруно] мафия, как думаете?",  # q40-11: the question put to all
        "Интересно, [Ника] уже придумала, что скажет про ночь?",  # q40-19
    ],
)
def test_a_nick_asked_about_is_shown_not_counted(body: str) -> None:
    assert _read(body) == ("rejected", None, "unproven")


def test_a_green_asked_about_is_shown_not_counted() -> None:
    assert _read("[Агата] мафия? что скажете", "gambler") == ("rejected", None, "unproven")


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # q40-22, q48-21: a clause of reason after the nick, itself a question
        ("[Бруно], потому что кто ещё мог так путаться в ночных ходах?", "Бруно"),
        # q40-33, q48-22, q48-30: the question is the reason's own
        ("Против [Тимура]: а зачем мирному скрывать свою проверку?", "Тимур"),
        ("Против [Агаты], ибо зачем она вчера так рьяно защищала Тимура?", "Агата"),
        # q48-28: «согласны?» after the vote
        ("Мой голос против [Лады], согласны? Она весь день путается в показаниях.", "Лада"),
        # q40-25, q48-24: the question answered by a vote verb with her pronoun
        ("Почему [Ника] вчера молчала весь вечер? Голосую против неё, хватит.", "Ника"),
        # b28-55: «кто, если не он?» names him
        ("Кто, если не [Мирон]? Весь день отмалчивается", "Мирон"),
    ],
)
def test_a_question_elsewhere_keeps_the_vote(body: str, target: str) -> None:
    assert _read(body)[:2] == ("vote", target)


def test_da_net_is_no_yes() -> None:
    # q48-15: «Да нет, вряд ли» answers the question no
    assert _read("[Агата] — мафия? Да нет, вряд ли, просто молчит.")[0] == "rejected"

"""Round `votes-38` (issue 17 item 2, P-V.1, P-V.3, G-N.1): a coloured nick in talk.

Nicks named after characters of books turn up in colour in talk about the book: the subject of
the story told, a name inside a line retold in quotation marks, an address in a post that casts
no vote, a name in English talk. With no vote grammar around the nick and no vote word of the
author's own in the post, such a nick is shown to the host (`unproven`), never counted — and
the author's real vote later in the thread is then his first (P-V.3). A vote said beside the
same talk stays a vote."""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import UNPROVEN, PostReading

PLAYERS = ("Обломов", "Базаров", "Чацкий", "Наташа", "Pierre", "Holden", "Штольц")

Rules = Literal["pefl", "gambler"]


def _colour(nick: str, rules: Rules) -> str:
    return f'<span style="color:{"red" if rules == "pefl" else "green"}">{nick}</span>'


def _thread(bodies: list[str], rules: Rules, author: str = "Штольц") -> list[PostReading]:
    posts = [post_from_body(n + 1, author, body, n + 1) for n, body in enumerate(bodies)]
    return list(extract_votes(posts, ruleset=rules, players=PLAYERS).posts)


TALK = [
    # the subject of the story: a past deed to a person outside the game, or a verb after a
    # scene is set
    ("{} всю первую часть спорил с Захаром о переезде, вот это сила воли.", "Обломов"),
    ("Там {} в конце всё-таки уезжает в деревню к отцу.", "Базаров"),
    # a line of the book retold in quotation marks
    ("Грибоедов же писал: «{} карету мне, карету!» — вот и я так.", "Чацкий"),
    # an address in a post that says it casts no vote
    ("Я тут не по роли пишу, {}, это просто ник из романа!", "Наташа"),
    # English talk
    ("Curious about {} today", "Pierre"),
    ("Honestly, {} reminds me of my school years.", "Holden"),
    ("Rewatched the film with {} yesterday", "Pierre"),
]


@pytest.mark.parametrize("rules", ["pefl", "gambler"])
@pytest.mark.parametrize(("body", "nick"), TALK)
def test_P_V_1_G_N_1_a_nick_talked_of_is_shown_not_counted(
    body: str, nick: str, rules: Rules
) -> None:
    (got,) = _thread([body.format(_colour(nick, rules))], rules)
    assert got.status != "vote" and got.target is None, got
    # a past-tense story in green was already no vote with nothing shown (G-N.1)
    assert got.reason == UNPROVEN or (rules == "gambler" and got.status == "no_vote"), got


@pytest.mark.parametrize("rules", ["pefl", "gambler"])
def test_P_V_3_the_vote_after_the_talk_is_the_first(rules: Rules) -> None:
    talk = f"Там {_colour('Базаров', rules)} в конце всё-таки уезжает в деревню к отцу."
    vote = ("Голосую против " if rules == "pefl" else "Зеленю ") + _colour("Обломова", rules)
    vote += ", весь день спит и молчит"
    first, second = _thread([talk, vote], rules)
    assert first.status != "vote", first
    assert second.status == "vote" and second.target == "Обломов", second


@pytest.mark.parametrize(
    ("body", "nick", "rules"),
    [
        ("{} врёт весь день, голосую против.", "Обломов", "pefl"),
        ("Голосую против {}: он убил Ленского вчера в игре.", "Базарова", "pefl"),
        ("Против {}. Curious why he stays silent today.", "Pierre", "pefl"),
        ("Голосую против {}, её «я просто спала» никого не убедило.", "Наташи", "pefl"),
        ("{}, голосую против тебя: ты путаешь версии.", "Чацкий", "pefl"),
        ("{} весь день юлит и молчит, голосую.", "Holden", "pefl"),
        ("Вот {} и попался: путается в версиях с самого утра", "Обломов", "pefl"),
        ("{} не ответил ни на один вопрос за день", "Базаров", "pefl"),
        ("{} вчера защищал мафию и сегодня юлит", "Holden", "pefl"),
        ("Шах и мат тебе, {}, рокировка уже не спасёт.", "Чацкий", "pefl"),
        ("{} to court", "Holden", "gambler"),
        ("g0l0suyu pr0tiv {}, on n00b i vr3t", "Pierre", "pefl"),
        ("Holden? nu net, ostavlyayu {}", "Pierre", "gambler"),
        ("Поддерживаю ./viewtopic.php?p=5000#p5000 — {}", "Базаров", "pefl"),
        ("{} врёт весь день, зеленю.", "Обломов", "gambler"),
        ("Зеленю {}: он убил Ленского вчера в игре.", "Базарова", "gambler"),
        ("{}. Curious why he keeps quiet.", "Pierre", "gambler"),
        ("{}, ты мафия!", "Чацкий", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_vote_beside_the_same_talk_stays_a_vote(
    body: str, nick: str, rules: Rules
) -> None:
    (got,) = _thread([body.format(_colour(nick, rules))], rules, author="Наташа")
    assert got.status == "vote", got

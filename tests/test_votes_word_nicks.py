"""Votes beside nicks that are ordinary words, skips and signatures (G-N.1, P-V.1, C-3):
a coloured nick needs the grammar of a vote when it is a word of the sentence, a post
that abstains counts no bare coloured nick, and a signature is no vote."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import pytest

from parser.records import ColoredSpan, Post
from parser.votes.day import extract_votes

RED, GREEN = "#ff0000", "#008000"
LIVING = ["Молчу", "Жду", "Потом", "Пас", "Нина", "Олег", "Тимур"]


def _post(author: str, own: str, *spans: tuple[str, str], html: str = "") -> Post:
    return Post(
        id=1,
        author=author,
        author_id=None,
        posted_at=datetime(2026, 12, 1, 12, 0, tzinfo=UTC),
        body_html=html,
        text=own,
        own_text=own,
        colored=tuple(ColoredSpan(c, t) for c, t in spans),
    )


def _counted(ruleset: str, post: Post) -> dict[str, str]:
    rules: Literal["gambler", "pefl"] = "gambler" if ruleset == "gambler" else "pefl"
    got = extract_votes([post], ruleset=rules, players=LIVING)
    return {v.voter: v.target for v in got.votes}


@pytest.mark.parametrize(
    ("ruleset", "color", "own", "span"),
    [
        ("pefl", RED, "Молчу, молчу, больше ни слова", "Молчу"),
        ("pefl", RED, "Жду, жду... жду, когда вы все проголосуете", "Жду"),
        ("gambler", GREEN, "Потом позеленю, сейчас рано", "Потом"),
        ("pefl", RED, "Пас, пас, сегодня без голоса", "Пас"),
    ],
)
def test_P_V_1_G_N_1_a_word_nick_used_as_its_word_is_no_vote(
    ruleset: str, color: str, own: str, span: str
) -> None:
    assert _counted(ruleset, _post("Тимур", own, (color, span))) == {}


@pytest.mark.parametrize(
    ("ruleset", "color", "own", "span"),
    [
        ("pefl", RED, "Голосую против Молчу, весь день молчит и ничего не пишет", "Молчу"),
        ("pefl", RED, "Жду — мафия, слишком тихо сидит весь день", "Жду"),
        ("pefl", RED, "Голосую против Пас, он всё время пасует, подозрительно", "Пас"),
        ("gambler", GREEN, "Жду", "Жду"),  # a bare green: the colour itself nominates
        ("gambler", GREEN, "Жду. Слишком тихий весь день", "Жду"),
    ],
)
def test_P_V_1_G_N_1_a_word_nick_with_a_votes_grammar_counts(
    ruleset: str, color: str, own: str, span: str
) -> None:
    assert _counted(ruleset, _post("Тимур", own, (color, span))) == {"Тимур": span}


def test_G_N_1_a_skip_stands_beside_a_green_named_after_it() -> None:
    own = "Без зелёных сегодня. Нина мутная, но подожду"
    assert _counted("gambler", _post("Тимур", own, (GREEN, "Нина"))) == {}


def test_P_V_1_a_vote_said_for_later_is_no_vote() -> None:
    own = "Скоро проголосую против Олег, пока думаю"
    assert _counted("pefl", _post("Нина", own, (RED, "Олег"))) == {}


def test_P_V_1_a_signature_is_no_vote_on_boards_that_lose_the_line_breaks() -> None:
    own = "Голосовать пока не буду. -- Олег — мирный житель с 2004 года"
    html = 'Голосовать пока не буду.<br />--<br /><span style="color:red">Олег</span> — мирный'
    assert _counted("pefl", _post("Олег", own, (RED, "Олег"), html=html)) == {}
    own = "Голосую против Нина, путается весь день. -- Олег — мирный житель с 2004 года"
    html = "Голосую против …<br />--<br />…"
    got = _counted("pefl", _post("Олег", own, (RED, "Нина"), (RED, "Олег"), html=html))
    assert got == {"Олег": "Нина"}

"""P-V.1: the words of a vote's own formula («А я против <X>», «Я тоже за <X>», «Ну и я
<X>») give no reason; P-V.2: under the quote of an accepted vote for the same target such a
red is still an agreement (tests/votes/dev40, `votes-29`)."""

from __future__ import annotations

import pytest

from parser.pages import parse_topic
from parser.records import Post
from parser.votes.day import extract_votes
from parser.votes.reasons import formula_word
from tests.vote_pages import BOARDS, CasePost, page

PLAYERS = ["Тарас", "Глеб", "Кира", "Савва"]
IDS = {nick: 201 + i for i, nick in enumerate(PLAYERS)}
RED = "<span style='color:red'>{}</span>"
VOTE = RED.format("Кира") + " весь день врёт о проверке."


def _last(board: str, bodies: list[tuple[str, str]]) -> tuple[str, str | None, str | None]:
    html, _ids = page(board, [CasePost(by, IDS[by], body) for by, body in bodies])
    posts: list[Post] = list(parse_topic(html).posts)
    got = extract_votes(posts, ruleset="pefl", players=PLAYERS, player_ids=IDS).posts[-1]
    return got.status, got.target, got.reason


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    "body",
    [
        "А я против {}",
        "Я тоже за {}",
        "Ну и я {}",
        "И я тоже голосую против {}",
        "Мой голос тоже против {}",
        "Ya tozhe protiv {}",
        "Тоже голосую против {}, да и всё.",
    ],
)
def test_P_V_1_the_vote_formula_alone_gives_no_reason(board: str, body: str) -> None:
    got = _last(board, [("Глеб", body.format(RED.format("Саввы")))])
    assert got == ("rejected", "Савва", "no_reason")


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    "body",
    [
        "Я тоже против {}: весь день врёт про ночь.",
        "Егор мутный тип, голосую против {}",  # a sentence with a reason counts every word
        "Я тоже за {}, потому что он странно голосовал вчера",  # «голосовал»: told, a reason
        "ya tozhe protiv {}, on vret vsyu noch",
        "Мы с Кирой тоже против {}",  # another player's name is a word of the own text
    ],
)
def test_P_V_1_the_formula_beside_a_reason_still_votes(board: str, body: str) -> None:
    got = _last(board, [("Глеб", body.format(RED.format("Саввы")))])
    assert got == ("vote", "Савва", None)


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_2_the_formula_under_a_quoted_vote_for_the_same_target_agrees(board: str) -> None:
    agree = "{quote:0}" + VOTE + "{/quote}Я тоже против " + RED.format("Киры")
    assert _last(board, [("Тарас", VOTE), ("Савва", agree)]) == ("vote", "Кира", None)


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_2_the_formula_under_a_quoted_vote_for_another_target_is_no_reason(
    board: str,
) -> None:
    other = "{quote:0}" + VOTE + "{/quote}А я против " + RED.format("Глеба")
    assert _last(board, [("Тарас", VOTE), ("Савва", other)]) == ("rejected", "Глеб", "no_reason")


@pytest.mark.parametrize(
    ("word", "formula"),
    [
        ("я", True),
        ("тоже", True),
        ("против", True),
        ("мой", True),
        ("голосую", True),
        ("голосовал", False),
        ("врёт", False),
        ("мутный", False),
        ("Kasparov", False),  # unknown to the dictionary: never taken for the formula
    ],
)
def test_P_V_1_formula_words_are_read_by_their_grammar(word: str, formula: bool) -> None:
    assert formula_word(word) is formula

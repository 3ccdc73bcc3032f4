"""C-3: a nick that fits several players is asked about in words that fit what the player
wrote — a part of a longer nick is to be written whole («Напишите ник полностью»), a whole
word that several nicks share (a case form, a pet form) as the nick stands in the list."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parser.letters.reader import read_letter
from parser.letters.reading import AMBIGUOUS
from parser.nicks import NickResolver
from parser.records import ColoredSpan, Post
from parser.sender import SenderView
from parser.votes.day import extract_votes

AS_LISTED = "Напишите ник точно так, как он стоит в списке игроков."


def _asked(living: list[str], text: str) -> str:
    view = SenderView("Доктор", living=(*living, "Доктор"))
    got = read_letter(text, view, resolver=NickResolver(view.living))
    assert got.code == AMBIGUOUS, got
    return got.text


def test_C_3_a_part_of_two_longer_nicks_is_to_be_written_whole() -> None:
    text = _asked(["Саша Белый", "Саша Серый", "Катя"], "Проверяю Сашу")
    assert "(Саша Белый, Саша Серый)" in text and text.endswith("Напишите ник полностью.")


@pytest.mark.parametrize(
    ("living", "text"),
    [
        # a case form of both, no verb before it to govern its case (after «Проверяю» it is
        # the accusative, so Александра's)
        (["Александр", "Александра", "Катя"], "Проверка: Александру"),
    ],
)
def test_C_3_a_whole_word_several_nicks_share_is_to_be_written_as_listed(
    living: list[str], text: str
) -> None:
    asked = _asked(living, text)
    assert asked.endswith(AS_LISTED) and "полностью" not in asked


def test_C_3_an_ambiguous_vote_is_told_to_write_the_nick_as_listed() -> None:
    text = "Голосую против Александру, весь день молчит и путает всех подряд"
    post = Post(
        id=1,
        author="Катя",
        author_id=None,
        posted_at=datetime(2026, 11, 27, 9, 0, tzinfo=UTC),
        body_html="",
        text=text,
        own_text=text,
        colored=(ColoredSpan("#ff0000", "Александру"),),
    )
    got = extract_votes([post], ruleset="pefl", players=["Александр", "Александра", "Катя"])
    (refused,) = got.rejected
    assert refused.reason == "ambiguous_nick"
    assert "полностью" not in refused.detail and "как он стоит в списке игроков" in refused.detail

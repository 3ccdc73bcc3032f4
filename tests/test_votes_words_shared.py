"""The day reader's checks share one post's words (P-V.1: the same readings, each text split
once): `parser.votes.records.words_of` and `parser.votes.proof.new_post` (issue 20 item 3)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from parser.vocab import ukrainian_sentence, ukrainian_text
from parser.votes import records
from parser.votes.day import extract_votes
from tests.test_votes import RED, post

LIVING = ["Вася", "Петя", "Маша"]
POSTS = [
    "Маша весь день отмалчивается и путает показания, голосую против",
    "Голосую против Маша. Вечером объясню подробнее, пока присмотрюсь к Пете",
    "Не знаю... ладно, Маша — за неё, хотя завтра может передумаю",
]


class _Splits:
    """`records.WORD_RE` as the reader meets it, each text it splits counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.seen: Counter[str] = Counter()

    def findall(self, text: str) -> list[Any]:
        self.seen[text] += 1
        return self.pattern.findall(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


@pytest.mark.parametrize("text", POSTS)
def test_P_V_1_each_text_of_a_post_is_split_into_words_once(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    before = extract_votes(
        [post(1, "Вася", (RED, "Маша"), text=text)], ruleset="pefl", players=LIVING
    )
    splits = _Splits(records.WORD_RE)
    monkeypatch.setattr(records, "WORD_RE", splits)
    records.new_post()
    after = extract_votes(
        [post(1, "Вася", (RED, "Маша"), text=text)], ruleset="pefl", players=LIVING
    )
    assert splits.seen, "the reader splits the post's words"
    assert max(splits.seen.values()) == 1, splits.seen.most_common(3)
    assert after.posts == before.posts and after.rejected == before.rejected


def test_P_V_1_the_shared_words_are_the_callers_own_and_bounded() -> None:
    records.new_post()
    words = records.words_of("голосую против Маши")
    words.append("чужое")  # a check that changes its list changes no other check's
    assert records.words_of("голосую против Маши") == ["голосую", "против", "Маши"]
    for n in range(1000):  # a caller that never begins a post holds a few posts' texts
        records.words_of(f"слово{n}")
    assert len(records._WORDS_SEEN) <= records._WORDS_KEPT


@pytest.mark.parametrize(
    "text",
    ["голосую проти сотка, він мовчить", "вб'ємо його", "fox'а мовчит", "голосую за машу", ""],
)
def test_a_texts_ukrainian_letters_are_found_as_in_its_words(text: str) -> None:
    assert ukrainian_text(text) == ukrainian_sentence(text.split())

"""A choice settled later in the letter (C-2): a sentence of «не» alone answers the move
before it as «нет» does, so the player named after it is the move; «не» opening a longer
sentence stays a plain negation. Development letters: tests/letters/post9b.jsonl."""

from __future__ import annotations

from parser.letters.tokens import tokenize


def test_C_2_a_sentence_of_ne_alone_says_no() -> None:
    words = [t.word for t in tokenize("Проверю Зосиму. не. Созона")]
    assert words == ["проверю", "зосиму", "нет", "созона"]


def test_C_2_ne_opening_a_longer_sentence_stays_a_negation() -> None:
    words = [t.word for t in tokenize("Проверяю Созона. Не пропусти результат!")]
    assert "нет" not in words
    first = [t.word for t in tokenize("не. Созона")]
    assert first[0] == "не"  # nothing before it to answer

"""What the board readers report as a post's coloured text (the input of C-3, G-N.1, P-V.1),
on phpBB 3.3, IPB 1.3 and IPS 4.1 chromes of real saved pages: struck words inside a colour
are not its text, and code shows colours without making coloured spans. Both were found by
the vote corpus (tests/test_votes_corpus.py)."""

from __future__ import annotations

import pytest

from parser.pages import parse_topic
from parser.records import ColoredSpan
from tests.vote_pages import BOARDS, CasePost, page


def spans(board: str, body: str) -> list[tuple[str, bool]]:
    html, _ids = page(board, [CasePost("Катя", 101, body)])
    (post,) = parse_topic(html).posts
    return [(s.text, s.struck) for s in post.colored if isinstance(s, ColoredSpan)]


@pytest.mark.parametrize("board", BOARDS)
def test_G_N_1_struck_words_inside_a_colour_are_not_its_text(board: str) -> None:
    red = '<span style="color:red">{}</span>'
    assert spans(board, red.format("<s>Рома</s>") + " " + red.format("Жора")) == [("Жора", False)]
    assert spans(board, red.format("Рома <del>Катя</del>") + " зачем") == [("Рома", False)]
    # a strike around the colour still marks the whole span struck
    assert spans(board, "<s>" + red.format("Рома") + "</s>") == [("Рома", True)]


@pytest.mark.parametrize("board", BOARDS)
def test_G_N_1_colours_in_code_are_shown_not_cast(board: str) -> None:
    body = 'Пример: <pre><code><span style="color:green">Рома</span></code></pre> и всё'
    assert spans(board, body) == []

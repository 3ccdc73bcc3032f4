"""A signature typed into a post is cut by the post's record (P-V.1, G-N.1): the page readers
find where it begins by the body's lines (`Post.words_end`), on boards whose own text keeps
the lines (Invision) and on those whose own text is one line (phpBB), and the vote reader
reads the record — never the body's markup again."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parser.pages import parse_topic
from parser.records import Post
from parser.votes.day import extract_votes
from parser.votes.proof import words_end
from tests.vote_pages import BOARDS, CasePost, page

VOTERS = ["Олег", "Зоя", "Прохор"]
RED = '<span style="color:red">{}</span>'
MOTTO = RED.format("Олег") + " — мирный житель с 2004 года"
SIGNED = {
    "dashes": f"Всем доброе утро.<br />--<br />{MOTTO}",
    "sign-off": f"Всем доброе утро.<br /><br />С уважением,<br />{MOTTO}",
}


def _post(board: str, body: str) -> Post:
    html, _ids = page(board, [CasePost("Зоя", 101, body)])
    return parse_topic(html).posts[0]


def _status(post: Post) -> str:
    return extract_votes([post], ruleset="pefl", players=VOTERS).posts[0].status


@pytest.mark.parametrize("kind", SIGNED)
@pytest.mark.parametrize("board", BOARDS)
def test_P_V_1_a_signature_is_cut_by_the_record_on_every_board(board: str, kind: str) -> None:
    post = _post(board, SIGNED[kind])
    assert post.words_end is not None
    assert post.own_text[: post.words_end].strip() == "Всем доброе утро."
    # the vote reader reads the record alone: the body's markup is not looked at again
    blind = replace(post, body_html="")
    assert _status(blind) != "vote"
    # the cut is what keeps the signature's coloured nick from counting
    assert _status(replace(blind, words_end=len(post.own_text))) == "vote"


@pytest.mark.parametrize("board", BOARDS)
def test_P_V_1_a_post_without_a_signature_keeps_all_its_words(board: str) -> None:
    body = "Голосую " + RED.format("Олег") + " — весь день путается<br />-- в словах и датах"
    post = _post(board, body)
    assert post.words_end == len(post.own_text)  # a dash in a line of words signs nothing
    assert _status(post) == "vote"


@pytest.mark.parametrize("board", BOARDS)
def test_a_record_stored_before_it_kept_the_cut_reads_its_stored_body_once(board: str) -> None:
    post = _post(board, SIGNED["dashes"])
    stored = replace(post, words_end=None)  # as decoded from a record of an older release
    assert words_end(stored) == post.words_end
    assert _status(stored) != "vote"

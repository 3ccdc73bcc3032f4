"""The readers' shortcuts give exactly what the readings they replace give.

Each fast path of the board readers (issue 20 item 4) is held here to its reference, on the
real pages' strings and on generated ones: member ids found by literal search against the
pattern search, one-line text against the line-by-line layout, the raw-markup patterns
rewritten for speed against their first spelling.
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from parser.ipb.text import MEMBER_ID, finish_text, member_id_in
from parser.rawmarkup import _INLINE, _TOKENIZER_MARK, _TOKENIZER_TAGS, caseless, text_of
from tests.conftest import FIXTURES

_HREF = re.compile(r"""href=["']([^"']*)["']""")


def _reference_member_id(address: str) -> int | None:
    m = MEMBER_ID.search(htmllib.unescape(address))
    return int(m.group(1)) if m else None


def test_member_ids_of_every_fixture_link() -> None:
    hrefs: set[str] = set()
    for path in FIXTURES.rglob("*.html"):
        hrefs.update(_HREF.findall(path.read_bytes().decode("utf-8", "replace")))
    assert len(hrefs) > 1000
    named = [h for h in hrefs if _reference_member_id(h) is not None]
    assert len(named) > 20  # profile links of every generation are among them
    for href in hrefs:
        assert member_id_in(href) == _reference_member_id(href), href


_PIECES = st.sampled_from(
    [
        "showuser=", "SHOWUSER=", "/profile/", "/User/", "?mid=", "&MID=", ";mid=", "mid=",
        "hovercard-id=", "hovercard-id='", 'HoverCard-Id="', "act=qms&", "act=qms&amp;",
        "act=QMS&amp;mid=", "&amp;", "&#49;", "&", "12", "7", "١٢", "x", "=", "/", "İ", "?", " ",
    ]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_member_ids_of_generated_addresses(address: str) -> None:
    assert member_id_in(address) == _reference_member_id(address)


def _reference_layout(text: str) -> str:
    # `finish_text` line by line, the one-line shortcut left out
    out: list[str] = []
    blank = 0
    for line in text.replace("\u200b", " ").split("\n"):
        words = line.split()
        if words:
            if blank and out:
                out.append("")
            blank = 0
            out.append(" ".join(words))
        else:
            blank += 1
    return "\n".join(out)


_TEXT = st.text(
    st.sampled_from(list("ab \t\r\n\x0b\x0c\x1c\x85\xa0\u2028\u200b\u3000Ё")), max_size=20
)


@given(st.lists(_TEXT, max_size=4))
def test_one_line_text_is_laid_out_as_every_line(parts: list[str]) -> None:
    assert finish_text(parts) == _reference_layout("".join(parts))


# the patterns as first spelt, before they were made to fail faster
_FIRST_ATTRS = r"(?=[\s/>])(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>"
_FIRST_INLINE = re.compile(r"</?(?:" + caseless(*_INLINE) + r")" + _FIRST_ATTRS)
_FIRST_BR = re.compile(r"</?" + caseless("br") + _FIRST_ATTRS)
_FIRST_MARK = re.compile(r"<(?:\?|!(?!--(?!-?>))|(?:" + caseless(*_TOKENIZER_TAGS) + "))")

_MARKUP = st.lists(
    st.sampled_from(
        [
            "<b>", "</B>", "<a href='x'>", '<a title="a>b">', "<a title='", "<br>", "<BR/>",
            "<br class=x>", "<span>", "<i", ">", "'", '"', "Ник", " ", "&amp;", "<Script>",
            "<!-- c -->", "<!--", "<!DOCTYPE x>", "<?x>", "<svg>", "<title>", "<img src=y>",
            "<strong\n>", "<u x=\"'\">", "<s>", "<tEmplate>",
        ]
    ),
    max_size=10,
).map("".join)  # fmt: skip


def _first_text_of(piece: str, lines: bool) -> str | None:
    if "\r" in piece or "\x00" in piece or "&#" in piece:
        return None
    if "<" in piece:
        piece = _FIRST_INLINE.sub("", _FIRST_BR.sub("\n" if lines else "", piece))
        if "<" in piece:
            return None
    return htmllib.unescape(piece) if "&" in piece else piece


@given(_MARKUP, st.booleans())
def test_raw_markup_patterns_read_as_first_spelt(piece: str, lines: bool) -> None:
    # refusing more than the first spelling did is allowed (a quote the tokenizer reads as
    # part of a name, not a value's start, now makes a tag unread); reading otherwise is not
    read = text_of(piece, lines=lines)
    assert read is None or read == _first_text_of(piece, lines)
    found, first = _TOKENIZER_MARK.search(piece), _FIRST_MARK.search(piece)
    assert (found and found.span()) == (first and first.span())


# --- phpBB: the quoting reply read without the body walk ------------------------------------


def _content(body: str) -> Any:
    from parser.html import parse_html

    node = parse_html(f'<div class="content">{body}</div>').css_first("div.content")
    assert node is not None
    return node


def _walked(body: str) -> Any:
    from parser.phpbb.walk import walk_body

    content = _content(body)
    html = content.inner_html or ""
    text = " ".join(content.text(separator=" ").split())
    return walk_body(content, html, text, True, "olor" in html or "OLOR" in html)


_CITE = (
    '<cite><a href="./memberlist.php?mode=viewprofile&amp;u=68">Марго</a> писал(а): '
    '<a href="./viewtopic.php?p=57#p57" data-post-id="57">↑</a>'
    '<span class="responsive-hide">27 ноя 2026, 12:50</span></cite>'
)
_REPLIES = [
    f'<blockquote cite="./viewtopic.php?p=57#p57"><div>{_CITE}Голосую: '
    '<span style="color:red">Вася</span></div></blockquote>Не согласен.',
    f"<blockquote><div>{_CITE}a <b><span style='color:green'>Кот</span></b></div></blockquote>"
    f"<blockquote><div>{_CITE}b</div></blockquote> <span style='color:red'>Марго</span>",
    f"<blockquote><div>{_CITE}x</div></blockquote>"
    '<a href="./viewtopic.php?p=99#p99">ссылка</a> и <a href="#p12">ещё</a>',
    f"<blockquote><div>{_CITE}<span style='color:red'>внешний "
    "<span style='color:blue'>внутренний</span></span></div></blockquote>",
    f"<blockquote><div>{_CITE}<blockquote><div>{_CITE}вложенная</div></blockquote>"
    "</div></blockquote>после",
    "<blockquote class='uncited'><div>без заголовка <span style='color:red'>Кот</span>"
    "</div></blockquote>ответ",
    f"<blockquote><div>{_CITE}</div></blockquote><s>Кот</s> Марго",
    f"<blockquote><div>{_CITE}код</div></blockquote><code>[color=red]x[/color]</code>",
    f"<span style='color:red'><blockquote><div>{_CITE}в цвете</div></blockquote>хвост</span>",
    f"<blockquote style='color:red'><div>{_CITE}цветная</div></blockquote>",
    f"<!-- c --><blockquote><div>{_CITE}<!-- d -->текст</div></blockquote><br>ответ<br>",
    f"<blockquote><div><span style='color:red'>{_CITE}</span>в заголовке</div></blockquote>",
    f"<blockquote><div>{_CITE}x</div></blockquote><cite>ещё заголовок</cite>",
    f"<blockquote><div>{_CITE}x</div></blockquote>"
    "<span class='username' style='color:red'>Ник</span>",
]


def _reply_bodies() -> list[str]:
    from parser.pages import parse_topic, read_page

    bodies = list(_REPLIES)
    for path in sorted((FIXTURES / "phpbb").glob("*topic*.html")):
        bodies += [p.body_html for p in parse_topic(read_page(path)).posts]
    return [b for b in bodies if "<blockquote" in b]


def test_quoting_replies_read_as_the_walk_reads_them() -> None:
    from parser.phpbb.body import read_body
    from parser.phpbb.replies import shallow_quotes

    bodies = _reply_bodies()
    assert len(bodies) > 20
    shortcut = 0
    for body in bodies:
        assert read_body(_content(body), "post 1") == _walked(body), body
        content = _content(body)
        html = content.inner_html or ""
        text = " ".join(content.text(separator=" ").split())
        shortcut += shallow_quotes(content, html, text, "olor" in html) is not None
    assert shortcut > len(bodies) // 2  # the shortcut is really the common case

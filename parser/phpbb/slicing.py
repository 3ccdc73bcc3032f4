"""A prosilver topic page cut before parsing: the block from the title to the bottom action bar,
per-post chrome nothing reads dropped.
"""

from __future__ import annotations

TYPE_CHECKING = False  # AnyStr is for mypy: the readers start without typing
if TYPE_CHECKING:
    from typing import AnyStr

# Per-post chrome nothing reads (edit/quote/report buttons, the contact dropdown): two thirds
# of the posts block. Cut out with str.find before parsing; bodies cannot contain these tags
# as markup (phpBB escapes user HTML), so the cut never reaches into a post body.
_CHROME = (
    ('<ul class="post-buttons">', "</ul>"),
    ('<dl class="postprofile"', "</dl>"),  # the author is read from p.author instead
    ('<div class="back2top">', "</div>"),
)


_CHROME_B = tuple((o.encode(), c.encode()) for o, c in _CHROME)


def _drop_chrome(block: AnyStr, chrome: tuple[tuple[AnyStr, AnyStr], ...]) -> AnyStr:
    for opener, closer in chrome:
        i = block.find(opener)
        if i < 0:
            continue
        parts: list[AnyStr] = []
        pos = 0
        while i >= 0:
            j = block.find(closer, i)
            if j < 0:
                break
            parts.append(block[pos:i])
            pos = j + len(closer)
            i = block.find(opener, pos)
        parts.append(block[pos:])
        block = block[:0].join(parts)
    return block


def _first_post_at(html: AnyStr, opener: AnyStr, tail: AnyStr) -> int:
    i = html.find(opener)
    n = len(opener)
    while i >= 0:
        j = k = i + n
        while k < len(html) and html[k : k + 1].isdigit():
            k += 1
        if k > j and html.startswith(tail, k):
            return i
        i = html.find(opener, k)
    return -1


def slice_page(html: AnyStr) -> AnyStr | None:
    """The title/pagination block and the posts block of a prosilver topic page, chrome
    removed, or None when the page does not have the usual shape. Works on text or on UTF-8
    bytes (bytes skip a decode and lexbor's re-encode)."""
    if isinstance(html, bytes):
        return _slice_of(html, _MARKS_B, _CHROME_B)
    return _slice_of(html, _MARKS, _CHROME)


_MARKS = ('<div id="p', '" class="post', '<div class="action-bar bar-bottom">',
          '<h2 class="topic-title"', '<div id="page-body"',
          '<div class="action-bar bar-top">', '<div class="pagination">')  # fmt: skip


_MARKS_B = tuple(m.encode() for m in _MARKS)


def _slice_of(
    html: AnyStr, marks: tuple[AnyStr, ...], chrome: tuple[tuple[AnyStr, AnyStr], ...]
) -> AnyStr | None:
    start = _first_post_at(html, marks[0], marks[1])
    if start < 0:
        return None
    end = html.rfind(marks[2], start)  # from the end: the footer is short
    if end < 0:
        end = len(html)
    top = html.rfind(marks[3], 0, start)
    if top < 0:
        top = html.rfind(marks[4], 0, start)
    if top < 0:
        top = 0
    # The top bar's buttons, topic tools and search form (a sixth of what is left to parse)
    # sit between the bar's opening tag and its pagination, which is all that is read there:
    # cut them, keeping the bar's own tags so the tree around the pagination stays as it was.
    bar = html.find(marks[5], top, start)
    if bar >= 0:
        bar += len(marks[5])
        pag = html.find(marks[6], bar, start)
        if pag >= 0:
            return html[top:bar] + html[pag:start] + _drop_chrome(html[start:end], chrome)
    return html[top:start] + _drop_chrome(html[start:end], chrome)

"""Table layouts (subsilver2 and its derivatives, phpBB 3.0).

A post is a run of table rows: <a name="pN"></a><b class="postauthor">Nick</b>, a header cell
td.gensmall with two divs (subject, then the post link and the time, each after a bold label in
the board's language), the body div.postbody, then an optional signature (span.postbody), edit
note (span.gensmall) and a bottom row whose profile button links the author's profile (the
name itself is plain text). One query in document order, like `parser.phpbb.posts`: every
part belongs to the anchor before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from selectolax.lexbor import LexborNode

from parser.dates import read_date
from parser.html import node_text, user_id_from_href
from parser.phpbb.body import post_body
from parser.phpbb.posts import edit_note
from parser.records import EditNote, ParseIssue, Post, post_record

_TABLE_PARTS_SEL = (
    "a[name], a[href*='viewprofile'], b.postauthor, td.gensmall, div.gensmall, div.postbody, "
    "span.gensmall"
)


_ANCHOR_ID_RE = re.compile(r"p(\d+)\Z")


@dataclass(slots=True)
class _TableParts:
    id: int
    author: LexborNode | None = None  # b.postauthor
    author_link: LexborNode | None = None  # styles that print the name as a profile link
    header: list[LexborNode] = field(default_factory=list)
    body: LexborNode | None = None
    notices: list[LexborNode] = field(default_factory=list)
    profile: LexborNode | None = None


def _after_label(div: LexborNode) -> str:
    """A header div's text without its bold label ("Post subject:", "Заголовок сообщения:")."""
    text = node_text(div)
    label = div.css_first("b, strong")
    if label is not None:
        lt = node_text(label)
        i = text.find(lt)
        if i >= 0:
            text = text[i + len(lt) :]
    return text.strip()


def _table_header(cells: list[LexborNode]) -> tuple[str, str]:
    """Subject and printed time from a post's header: the part holding the post's own link
    (its icon) carries the time, another labelled part the subject (styles may drop it)."""
    parts: list[LexborNode] = []
    for cell in cells:
        inner = cell.css("div") if cell.tag == "td" else []
        parts.extend(inner or [cell])
    subject = ""
    posted = ""
    for part in parts:
        text = _after_label(part)
        if not text:
            continue
        if not posted and part.css_first("a[href*='#p']") is not None:
            posted = text
        elif not subject and part.css_first("b, strong") is not None:
            subject = text
    return subject, posted


def read_table_posts(
    root: LexborNode,
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    first_position: int | None,
) -> list[Post]:
    # As in read_posts: one pass groups the parts, then per-post helpers (never per node).
    posts: list[Post] = []
    for i, g in enumerate(_group_table_parts(root)):
        where = f"post {g.id}"
        author, author_id = _table_author(g, where, issues)
        subject, posted_text = _table_header(g.header)
        posted_at: datetime | None = None
        if posted_text:
            posted_at, why = read_date(posted_text, tz=tz, now=now)
            if why:
                issues.append(ParseIssue(where, why))
        else:
            issues.append(ParseIssue(where, "no post time"))
        body = post_body(g.body, where, issues, "div.postbody")
        edited: EditNote | None = None
        for notice in g.notices:
            edited = edit_note(notice, tz, now, issues, where)
            if edited is not None:
                break
        posts.append(
            post_record(
                g.id,
                author,
                author_id,
                posted_at,
                body,
                edited=edited,
                deleted=False,
                subject=subject,
                position=None if first_position is None else first_position + i,
                shown=posted_text,
            )
        )
    return posts


def _group_table_parts(root: LexborNode) -> list[_TableParts]:
    """One query in document order: every part belongs to the `<a name="pN">` before it."""
    groups: list[_TableParts] = []
    cur: _TableParts | None = None
    for node in root.css(_TABLE_PARTS_SEL):
        tag = node.tag
        if tag == "a":
            m = _ANCHOR_ID_RE.match(node.attributes.get("name") or "")
            if m:
                cur = _TableParts(int(m.group(1)))
                groups.append(cur)
            elif cur is not None:
                _table_link(cur, node)
            continue
        if cur is None:
            continue
        if tag == "b":
            if cur.author is None:
                cur.author = node
        elif tag == "td" or (tag == "div" and "gensmall" in (node.attributes.get("class") or "")):
            if cur.body is None:
                cur.header.append(node)
        elif tag == "div":
            if cur.body is None:
                cur.body = node
        elif tag == "span" and cur.body is not None:
            cur.notices.append(node)

    return groups


def _table_link(cur: _TableParts, node: LexborNode) -> None:
    """A profile link of the current post: the author's name before the body (styles that
    print it as a link), the bottom row's profile button after it."""
    if cur.body is None:
        if cur.author_link is None and node_text(node):
            cur.author_link = node
    elif cur.profile is None:
        # the profile button of the bottom row, not a link inside the body
        parent = node.parent
        if parent is not None and "gensmall" in (parent.attributes.get("class") or ""):
            cur.profile = node


def _table_author(g: _TableParts, where: str, issues: list[ParseIssue]) -> tuple[str, int | None]:
    """The author's name (bold, or a profile link in some styles) and user id, the id
    taken from the bottom row's profile button when the name carries none."""
    author_id: int | None = None
    if g.author is not None:
        author = node_text(g.author)
        link = g.author.css_first("a[href]")
        if link is not None:
            author_id = user_id_from_href(link.attributes.get("href"))
    else:
        author = node_text(g.author_link)
        if g.author_link is not None:
            author_id = user_id_from_href(g.author_link.attributes.get("href"))
    if not author:
        issues.append(ParseIssue(where, "no author"))
    if author_id is None and g.profile is not None:
        author_id = user_id_from_href(g.profile.attributes.get("href"))
    return author, author_id

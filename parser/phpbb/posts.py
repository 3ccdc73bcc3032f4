"""prosilver topic posts: every `div.post`'s parts found by one query, then each post's author,
time and edit note.
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from selectolax.lexbor import LexborNode

from parser.dates import parse_iso, read_date
from parser.html import collapse, node_text, user_id_from_href
from parser.phpbb.body import post_body
from parser.records import EditNote, ParseIssue, Post, post_record

POST_ID_RE = re.compile(r"p(\d+)\Z")


_EDIT_RE = re.compile(
    r"(?:Последний раз редактировалось|Last edited by|Zuletzt geändert von)\s+(?P<rest>.*?)"
    r"(?:,\s*всего редактировалось|,\s*edited|,\s*insgesamt)\s+(?P<count>\d+)",
    re.IGNORECASE | re.DOTALL,
)


_REASON_RE = re.compile(r"(?:Причина|Reason)\s*:\s*(?P<reason>.+)$", re.IGNORECASE | re.DOTALL)


def profile_author(post: LexborNode) -> tuple[str, int | None]:
    node = post.css_first(
        "dl.postprofile dt a.username, dl.postprofile dt a.username-coloured, "
        "dl.postprofile dt .username, dl.postprofile dt .username-coloured"
    )
    if node is None:
        node = post.css_first("p.author .username, p.author .username-coloured, p.author strong")
    if node is None:
        return "", None
    href = node.attributes.get("href") if node.tag == "a" else None
    return collapse(node.text()), user_id_from_href(href)


def edit_note(
    notice: LexborNode, tz: tzinfo, now: datetime | None, issues: list[ParseIssue], where: str
) -> EditNote | None:
    raw = node_text(notice)
    m = _EDIT_RE.search(raw)
    if not m:
        return None
    rest = m.group("rest")
    by: str | None = None
    link = notice.css_first("a.username, a.username-coloured, a")
    if link is not None:
        by = node_text(link)
    when_text = rest
    if by and rest.startswith(by):
        when_text = rest[len(by) :]
    elif by is None:
        # no link (deleted editor): the name is everything before the date
        parts = rest.split(" ")
        by = parts[0] if parts else None
        when_text = " ".join(parts[1:])
    when_text = when_text.strip()
    if when_text.lower().startswith(("on ", "am ")):  # "… by X on DATE", "… von X am DATE"
        when_text = when_text[3:]
    at, why = read_date(when_text, tz=tz, now=now)
    if why:
        issues.append(ParseIssue(where, f"edit time: {why}"))
    reason: str | None = None
    em = notice.css_first("em")
    rm = _REASON_RE.search(raw)
    if rm:
        reason = node_text(em) if em is not None else rm.group("reason").strip()
    return EditNote(by=by or None, at=at, count=int(m.group("count")), reason=reason or None)


# One query finds every per-post element; lexbor returns matches in document order, so each
# element belongs to the div.post that precedes it (posts do not nest). Cheaper than a query
# per post (selector set-up) or a parent walk per element.
_POST_PARTS_SEL = (
    "div.post, p.author strong, p.author time, div.postbody h3, div.content, div.notice"
)


class _Parts:
    """A post's elements as the page's one query finds them."""

    __slots__ = ("author", "content", "deleted", "h3", "id", "node", "notices", "time")

    def __init__(self, node: LexborNode, pid: int, deleted: bool) -> None:
        self.node = node
        self.id = pid
        self.deleted = deleted
        self.author: LexborNode | None = None
        self.time: LexborNode | None = None
        self.h3: LexborNode | None = None
        self.content: LexborNode | None = None
        self.notices: list[LexborNode] = []


def read_posts(
    root: LexborNode,
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    first_position: int | None,
) -> list[Post]:
    # One pass over the page groups the parts; then one record per post. The per-post
    # helpers run once per post, never per node, so the split costs the hot path nothing.
    posts: list[Post] = []
    for i, g in enumerate(_group_post_parts(root)):
        pid = g.id
        where = f"post {pid}"
        author, author_id = _post_author(g, where, issues)
        posted_at, posted_text = _post_time(g, tz, now, issues, where)
        content = g.content
        body = post_body(content, where, issues, "div.content")
        edited = _post_edit_note(g.notices, tz, now, issues, where)
        h3 = g.h3
        posts.append(
            post_record(
                pid,
                author,
                author_id,
                posted_at,
                body,
                edited=edited,
                deleted=g.deleted,
                subject=node_text(h3),
                position=None if first_position is None else first_position + i,
                shown=posted_text,
            )
        )
    return posts


def _group_post_parts(root: LexborNode) -> list[_Parts]:
    """One query in document order: every part (author, time, subject, body, notices)
    belongs to the div.post before it; a div.post without a board id is not a topic post."""
    groups: list[_Parts] = []
    cur: _Parts | None = None
    for node in root.css(_POST_PARTS_SEL):
        tag = node.tag
        if tag == "div":
            classes = (node.attributes.get("class") or "").split()
            if "post" in classes:
                m = POST_ID_RE.search(node.id or "")
                # a div.post without a board id is not a topic post: skip its parts
                cur = _Parts(node, int(m.group(1)), "deleted" in classes) if m else None
                if cur is not None:
                    groups.append(cur)
            elif cur is None:
                continue
            elif "content" in classes:
                if cur.content is None:
                    cur.content = node
            elif "notice" in classes:
                cur.notices.append(node)
        elif cur is None:
            continue
        elif tag == "strong":
            if cur.author is None:
                cur.author = node
        elif tag == "time":
            if cur.time is None:
                cur.time = node
        elif tag == "h3" and cur.h3 is None:
            cur.h3 = node
    return groups


def _post_author(g: _Parts, where: str, issues: list[ParseIssue]) -> tuple[str, int | None]:
    """The post's author and board user id (None for a guest's plain-text name)."""
    a: LexborNode | None = None
    if g.author is not None:
        a = g.author
        for child in g.author.iter():  # <strong><a …>Nick</a></strong> or a <span> for guests
            if child.tag in ("a", "span"):
                a = child
                break
    if a is None:
        issues.append(ParseIssue(where, "no author"))
        return "", None
    author = " ".join(a.text().split())
    author_id = user_id_from_href(a.attributes.get("href")) if a.tag == "a" else None
    if not author:
        issues.append(ParseIssue(where, "no author"))
    return author, author_id


def _post_time(
    g: _Parts, tz: tzinfo, now: datetime | None, issues: list[ParseIssue], where: str
) -> tuple[datetime | None, str]:
    """When the post was made and the time as printed: the <time datetime> attribute
    where the style has one, else the printed text after «» in p.author."""
    posted_at: datetime | None = None
    posted_text = ""
    t = g.time
    if t is not None:
        posted_text = " ".join(t.text().split())
        dt_attr = t.attributes.get("datetime")
        if dt_attr:
            posted_at = parse_iso(dt_attr, tz)
    else:
        pa = g.node.css_first("p.author")
        if pa is not None:
            posted_text = node_text(pa).rsplit("»", 1)[-1].strip()
    if posted_at is None:
        if posted_text:
            posted_at, why = read_date(posted_text, tz=tz, now=now)
            if why:
                issues.append(ParseIssue(where, why))
        else:
            issues.append(ParseIssue(where, "no post time"))
    return posted_at, posted_text


def _post_edit_note(
    notices: list[LexborNode],
    tz: tzinfo,
    now: datetime | None,
    issues: list[ParseIssue],
    where: str,
) -> EditNote | None:
    """The first readable edit note among the post's notices; unreadable ones are issues."""
    for notice in notices:
        ncls = notice.attributes.get("class") or ""
        if "post_deleted_msg" in ncls:
            continue
        edited = edit_note(notice, tz, now, issues, where)
        if edited is not None:
            return edited
        issues.append(ParseIssue(where, "unreadable notice: " + node_text(notice)[:80]))
    return None

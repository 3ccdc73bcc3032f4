"""PM folder listings and PM view pages."""

from __future__ import annotations

import re
from datetime import datetime

from selectolax.lexbor import LexborHTMLParser, LexborNode

from parser.dates import get_tz, read_date
from parser.html import (
    CUT_SHORT,
    collapse,
    cut_short,
    first_int,
    node_text,
    parse_html,
    query_int,
    user_id_from_href,
)
from parser.phpbb.body import safe_body
from parser.phpbb.detect import Tz, login_state
from parser.phpbb.posts import profile_author
from parser.records import Body, ParseIssue, PMFolder, PMSummary, PrivateMessage, pm_record

_PM_ID_RE = re.compile(r"post-(\d+)\Z")


def _unread_badge(root: LexborNode | None) -> int | None:
    if root is None:
        return None
    for a in root.css("a"):
        href = a.attributes.get("href") or ""
        if "i=pm" in href and "folder=inbox" in href:
            badge = a.css_first("strong.badge")
            if badge is not None:
                return first_int(node_text(badge))
            return 0
    return None


def parse_pm_folder(
    html: str, *, tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PMFolder:
    """Read a PM folder listing (ul.pmlist li.row)."""
    zone = get_tz(tz)
    issues: list[ParseIssue] = []
    tree = parse_html(html)
    root = tree.root
    rows: list[PMSummary] = []
    for li in tree.css("ul.pmlist li.row"):
        dl = li.css_first("dl.row-item") or li.css_first("dl")
        classes = ((dl.attributes.get("class") if dl is not None else "") or "").split()
        link = li.css_first("a.topictitle")
        msg_id = query_int(link.attributes.get("href") if link is not None else None, "p")
        if msg_id is None:
            issues.append(ParseIssue("pm row", "row without a message id"))
            continue
        where = f"pm {msg_id}"
        sender_node = li.css_first(
            "div.list-inner a.username, div.list-inner a.username-coloured, "
            "div.list-inner span.username, div.list-inner span.username-coloured"
        )
        sender = node_text(sender_node)
        sender_id = (
            user_id_from_href(sender_node.attributes.get("href"))
            if sender_node is not None
            else None
        )
        inner = li.css_first("div.list-inner")
        sent_text = node_text(inner).rsplit("»", 1)[-1].strip() if inner is not None else ""
        sent_at, why = read_date(sent_text, tz=zone, now=now) if sent_text else (None, "no time")
        if why:
            issues.append(ParseIssue(where, why))
        rows.append(
            PMSummary(
                id=msg_id,
                sender=sender,
                sender_id=sender_id,
                subject=node_text(link),
                sent_at=sent_at,
                unread=any(c.startswith("pm_unread") for c in classes),
            )
        )
    if not rows and tree.css_first("ul.pmlist") is None:
        issues.append(ParseIssue("page", "no PM list on this page"))
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    return PMFolder(
        messages=tuple(rows),
        unread_count=_unread_badge(root),
        logged_in=login_state(html),
        issues=tuple(issues),
        next_links=_next_link(tree),
    )


def _next_link(tree: LexborHTMLParser) -> tuple[str, ...]:
    """The `rel="next"` link of the page's first pagination block that has one."""
    for pag in tree.css("div.pagination"):
        a = pag.css_first("a[rel='next']")
        href = a.attributes.get("href") if a is not None else None
        if href:
            return (href,)
    return ()


_SENT_LABELS = ("отправлено", "sent", "дата", "date")


_FROM_LABELS = ("от", "from", "автор", "author")


_TO_LABELS = ("получатель", "получатели", "кому", "to", "recipient", "recipients", "копия", "bcc")


def _pm_header(
    pa: LexborNode,
    sender: str,
    sender_id: int | None,
    recipients: list[str],
    sent_parts: list[str],
) -> tuple[str, int | None]:
    """Walk a PM's labelled header line («Отправлено:», «Кому:», «От:»): recipients and the
    sent time's text go into the given lists; the sender (when the page named none
    elsewhere) is returned. Apart from `parse_pm`: the label state machine is its own job."""
    label = ""
    for child in pa.iter(include_text=True):
        tag = child.tag
        if tag == "strong":
            label = node_text(child).rstrip(":").strip().lower()
        elif tag == "br":
            label = ""
        elif tag == "a" or (tag == "span" and "username" in (child.attributes.get("class") or "")):
            name = node_text(child)
            if label in _TO_LABELS and name:
                recipients.append(name)
            elif label in _FROM_LABELS and not sender:
                sender = name
                sender_id = user_id_from_href(child.attributes.get("href"))
        elif child.is_text_node and label in _SENT_LABELS:
            sent_parts.append(child.text_content or "")
    return sender, sender_id


def parse_pm(
    html: str, *, tz: Tz = "Europe/Moscow", now: datetime | None = None
) -> PrivateMessage | None:
    """Read a PM view page: the message in div.post.pm (not the #topicreview history)."""
    zone = get_tz(tz)
    tree = parse_html(html)
    node = None
    for cand in tree.css("div.post.pm"):
        if _PM_ID_RE.search(cand.id or ""):
            node = cand
            break
    if node is None:
        return None
    issues: list[ParseIssue] = []
    m = _PM_ID_RE.search(node.id or "")
    msg_id = int(m.group(1)) if m else 0
    where = f"pm {msg_id}"
    sender, sender_id = profile_author(node)
    recipients: list[str] = []
    sent_parts: list[str] = []
    pa = node.css_first("p.author")
    if pa is not None:
        sender, sender_id = _pm_header(pa, sender, sender_id, recipients, sent_parts)
    sent_text = collapse(" ".join(sent_parts))
    sent_at: datetime | None = None
    if sent_text:
        sent_at, why = read_date(sent_text, tz=zone, now=now)
        if why:
            issues.append(ParseIssue(where, why))
    else:
        issues.append(ParseIssue(where, "no sent time"))
    if not sender:
        issues.append(ParseIssue(where, "no sender"))
    subj = node.css_first("div.postbody h3") or node.css_first("h3")
    content = node.css_first("div.content")
    if content is None:
        issues.append(ParseIssue(where, "no message body (div.content)"))
        body = Body()
    else:
        body = safe_body(content, where, issues)
    if cut_short(html):
        issues.append(ParseIssue(where, CUT_SHORT))
    return pm_record(
        msg_id,
        sender,
        sender_id,
        node_text(subj),
        sent_at,
        body,
        recipients=tuple(recipients),
        issues=tuple(issues),
    )

"""Messenger pages: PM folders, the messages of a conversation, one message (template-derived for
every generation where no real page was available).
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import replace
from datetime import datetime, tzinfo
from urllib.parse import parse_qs, urlsplit

from parser.dialects import Dialect
from parser.html import CUT_SHORT, cut_short, parse_html
from parser.ipb.blocks import block_posts
from parser.ipb.body import ReadContext, read_body
from parser.ipb.detect import login_state, resolve_dialect
from parser.ipb.text import (
    as_tz,
    attr_of,
    collapse_text,
    member_id_from,
    normalize_nick,
    parse_board_date,
    select_all,
    select_first,
    visible_text,
)
from parser.records import Body, ParseIssue, PMFolder, PMSummary, PrivateMessage, pm_record

# Messenger (template-derived for every generation: no real PM page was available)


def _msg_id(href: str) -> int | None:
    href = htmllib.unescape(href)
    q = parse_qs(urlsplit(href).query)
    for key in ("MSID", "topicID", "msid"):
        if key in q and q[key][0].isdigit():
            return int(q[key][0])
    m = re.search(r"/messenger/(\d+)", href)
    return int(m.group(1)) if m else None


def _find_date(text: str, d: Dialect, tz: tzinfo, now: datetime | None) -> datetime | None:
    """A time somewhere at the end of a line such as «Started by X, 17 August 2015 - 02:33 PM»."""
    text = collapse_text(text)
    found = parse_board_date(text, tz=tz, now=now, formats=d.date_formats)
    if found is not None:
        return found
    for m in re.finditer(r"(?:,\s*|\s)(?=\S)", text):
        found = parse_board_date(text[m.end() :], tz=tz, now=now, formats=d.date_formats)
        if found is not None:
            return found
    return None


def parse_ipb_pm_folder(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> PMFolder:
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect)
    if d is None:
        return PMFolder(messages=(), issues=(ParseIssue("page", "not an Invision board page"),))
    zone = as_tz(tz)
    tree = parse_html(html)
    out: list[PMSummary] = []
    seen: set[int] = set()
    for row in select_all(tree.root, d.sel("pm_row")):
        link = select_first(row, d.sel("pm_row_link"))
        if link is None:
            continue
        mid = attr_of(row, "data-messageid")
        msg_id = int(mid) if mid and mid.isdigit() else _msg_id(attr_of(link, "href") or "")
        if msg_id is None:
            m = re.search(r"MT_(\d+)", attr_of(row, "id") or "")
            msg_id = int(m.group(1)) if m else None
        if msg_id is None or msg_id in seen:
            continue
        seen.add(msg_id)
        where = f"pm {msg_id}"
        sender_node = select_first(row, d.sel("pm_row_sender"))
        sender = normalize_nick(sender_node.text()) if sender_node is not None else ""
        sent_at = None
        date_node = select_first(row, d.sel("pm_row_date")) if d.sel("pm_row_date") else None
        if date_node is not None:
            sent_at = _find_date(
                attr_of(date_node, "datetime") or visible_text(date_node), d, zone, now
            )
        else:
            for td in select_all(row, "td"):
                sent_at = _find_date(visible_text(td), d, zone, now)
                if sent_at is not None:
                    break
        if sent_at is None:
            issues.append(ParseIssue(where, "unreadable PM time"))
        # IPB 1.3/2.x keep the read state in a hidden input named after the message id.
        state = select_first(row, f"input[type='hidden'][name='{msg_id}']")
        unread = (
            bool(select_first(row, d.sel("pm_unread")))
            or "unread" in (attr_of(row, "class") or "").lower()
            or (state is not None and (attr_of(state, "value") or "") == "0")
        )
        out.append(
            PMSummary(
                id=msg_id,
                sender=sender,
                sender_id=member_id_from([sender_node] if sender_node is not None else []),
                subject=collapse_text(link.text()),
                sent_at=sent_at,
                unread=unread,
            )
        )
    if cut_short(html):
        issues.append(ParseIssue("page", CUT_SHORT))
    selector = d.sel("next_link")
    found = tree.css(selector) if selector else []
    links = [htmllib.unescape(a.attributes.get("href") or "") for a in found]
    return PMFolder(
        messages=tuple(out),
        unread_count=sum(1 for m in out if m.unread),
        logged_in=login_state(html, d),
        issues=tuple(issues),
        # page links, not anchors or scripts (the client follows them)
        next_links=tuple(h for h in links if h and not h.startswith(("#", "javascript:"))),
    )


def parse_ipb_conversation(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> tuple[PrivateMessage, ...]:
    """Every message on a messenger page: one for IPB 1.x/2.x, a whole conversation for IPB 3
    and IPS 4/5 (whose messages use the topic post markup)."""
    d = resolve_dialect(html, dialect)
    if d is None or d.layout == "msgnumber":
        return (parse_ipb_pm(html, dialect=d or "auto", tz=tz, now=now),)
    zone = as_tz(tz)
    issues: list[ParseIssue] = []
    ctx = ReadContext(dialect=d, tz=zone, now=now, issues=issues)
    tree = parse_html(html)
    title_node = select_first(tree.root, d.sel("pm_title"))
    subject = collapse_text(title_node.text()) if title_node is not None else ""
    out: list[PrivateMessage] = []
    for pid, sender, sender_id, sent_at, _shown, body in block_posts(tree, ctx):
        here = (f"pm {pid}", f"post {pid}")
        mine = tuple(i for i in issues if i.where in here)
        out.append(pm_record(pid, sender, sender_id, subject, sent_at, body, issues=mine))
    if out and cut_short(html):
        # the cut reaches the last message read (and whatever came after it)
        last = out[-1]
        out[-1] = replace(last, issues=(*last.issues, ParseIssue(f"pm {last.id}", CUT_SHORT)))
    return tuple(out)


def parse_ipb_pm(
    html: str,
    *,
    dialect: Dialect | str = "auto",
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
    msg_id: int | None = None,
) -> PrivateMessage:
    """A messenger view page → one message (for a conversation: `msg_id`, else the newest)."""
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect)
    zone = as_tz(tz)
    if d is not None and d.layout != "msgnumber":
        messages = parse_ipb_conversation(html, dialect=d, tz=zone, now=now)
        # without an id, the newest message: the one that made the conversation unread
        chosen = next((m for m in messages if m.id == msg_id), messages[-1] if messages else None)
        if chosen is not None:
            return chosen
        issues.append(ParseIssue("pm", "no message found on the page"))
    if d is None or d.layout != "msgnumber":
        if d is None:
            issues.append(ParseIssue("page", "not an Invision board page"))
        return pm_record(msg_id or 0, "", None, "", None, Body(), issues=tuple(issues))
    tree = parse_html(html)
    root = tree.root
    if msg_id is None:
        m = re.search(r"MSID=(\d+)", html)
        msg_id = int(m.group(1)) if m else 0
    where = f"pm {msg_id}"
    title_node = select_first(root, d.sel("pm_title"))
    subject = collapse_text(title_node.text()) if title_node is not None else ""
    sender_node = select_first(root, d.sel("pm_sender"))
    sender = normalize_nick(sender_node.text()) if sender_node is not None else ""
    sent_at = None
    for date_node in select_all(root, d.sel("pm_date")):
        sent_at = _find_date(visible_text(date_node), d, zone, now)
        if sent_at is not None:
            break
    if sent_at is None:
        issues.append(ParseIssue(where, "unreadable PM time"))
    # The body: the cell holding the first postcolor (1.3 splits it around quotes like posts).
    first_body = select_first(root, d.sel("pm_body"))
    cell = first_body.parent if first_body is not None else None
    if cell is None:
        issues.append(ParseIssue(where, "PM body not found"))
        body = Body()
    else:
        body = read_body(cell.inner_html or "", d, tz=zone, now=now, where=where, issues=issues)
    if cut_short(html):
        issues.append(ParseIssue(where, CUT_SHORT))
    links = select_all(sender_node, "a") + ([sender_node] if sender_node else [])
    sender_id = member_id_from(links)
    return pm_record(msg_id, sender, sender_id, subject, sent_at, body, issues=tuple(issues))

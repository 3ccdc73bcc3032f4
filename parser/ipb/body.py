"""A post or PM body read into the records' `Body`: signature, scripts and edit note taken out,
the rest read by `parser.ipb.tree.read_tree`; and the context a page is read in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, tzinfo

from selectolax.lexbor import LexborNode

from parser.dates import Now
from parser.dialects import IPB2, Dialect
from parser.ipb.detect import resolve_dialect
from parser.ipb.text import (
    as_tz,
    attr_of,
    collapse_text,
    fragment,
    may_match,
    normalize_nick,
    parse_board_date,
    select_all,
    select_first,
    visible_text,
)
from parser.ipb.tree import read_tree
from parser.records import Body, EditNote, ParseIssue


def _edit_note(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: Now,
    where: str,
    issues: list[ParseIssue],
) -> EditNote | None:
    note: EditNote | None = None
    for node in select_all(root, dialect.sel("edit")):
        if not dialect.edit_pattern.search(collapse_text(visible_text(node))):
            continue  # e.g. 4PDA's «Прикрепленные файлы» label shares span.edit
        reason = None
        # The reason sits inside the note (IPB 3 span.reason) or right after it (IPB 2, 4PDA).
        rnode = (
            select_first(root, dialect.sel("edit_reason")) if dialect.sel("edit_reason") else None
        )
        if rnode is not None:
            reason = re.sub(
                r"^(?:Причина редактирования|Reason for edit)\s*:\s*",
                "",
                collapse_text(visible_text(rnode)),
            )
            rnode.decompose()
        raw = collapse_text(visible_text(node))
        m = dialect.edit_pattern.search(raw)
        if not m:
            continue
        rm = re.search(r"(?:Причина редактирования|Reason for edit)\s*:\s*(.+)$", raw)
        if reason is None and rm:
            reason = rm.group(1).strip()
        by = m.group("by")
        if dialect.name != "ips4":
            by_node = select_first(node, "b, strong, a[href*='showuser='], a[href*='/profile/']")
            if by_node is not None and collapse_text(by_node.text()):
                by = collapse_text(by_node.text())
        at_text = m.group("at").rstrip(". ")
        time_node = select_first(node, "time[datetime]")
        at = parse_board_date(
            attr_of(time_node, "datetime") or at_text, tz=tz, now=now, formats=dialect.date_formats
        )
        if at is None:
            issues.append(ParseIssue(where, f"unreadable edit time {at_text!r}"))
        note = EditNote(by=normalize_nick(by) if by else None, at=at, reason=reason or None)
        node.decompose()
    return note


def read_body(
    html: str,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: Now,
    where: str,
    issues: list[ParseIssue],
) -> Body:
    return read_body_node(fragment(html), dialect, tz=tz, now=now, where=where, issues=issues)


def read_body_node(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: Now,
    where: str,
    issues: list[ParseIssue],
) -> Body:
    """Read a body element in place (its signature, scripts and edit note are removed)."""
    body_html = root.inner_html or ""
    # Selector queries cost as much as the rest of a short body's reading: ask only those
    # the markup can answer (`may_match`).
    low = body_html.lower()
    changed = False
    for node in (
        select_all(root, dialect.sel("signature"))
        if may_match(low, dialect.sel("signature"))
        else ()
    ):
        node.decompose()
        changed = True
    if "<script" in low or "<style" in low:
        for node in select_all(root, "script, style"):
            node.decompose()
            changed = True
    edited = None
    if may_match(low, dialect.sel("edit")):
        edited = _edit_note(root, dialect, tz=tz, now=now, where=where, issues=issues)
        changed = True
    if changed:
        body_html = root.inner_html or ""
        low = body_html.lower()
    try:
        body = read_tree(root, dialect, where, issues, low, html=body_html)
    except Exception as exc:  # one hostile body never costs the page
        issues.append(ParseIssue(where, f"body unreadable: {exc!r}"))
        body = Body(html=body_html.strip())
    return body if edited is None else replace(body, edited=edited)


def parse_ipb_body(
    html: str,
    *,
    dialect: Dialect | str,
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> tuple[Body, tuple[ParseIssue, ...]]:
    """Read one post/PM body's inner HTML (also a body cut out of a partial page)."""
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect) or IPB2
    body = read_body(html, d, tz=as_tz(tz), now=now, where="body", issues=issues)
    return body, tuple(issues)


# A post read, in both layouts: board id, author, author's member id, time, the time as shown,
# and the body (a topic page makes it a `Post`, a conversation a `PrivateMessage`).
PostParts = tuple[int, str, int | None, datetime | None, str, Body]


@dataclass
class ReadContext:
    dialect: Dialect
    tz: tzinfo
    now: Now  # (a function: the page's own clock, read on first need)
    issues: list[ParseIssue] = field(default_factory=list)

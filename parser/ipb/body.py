"""A body as the records want it (`BodyParts`): signature, scripts and edit note taken out, the
rest read by `parser.ipb.tree.read_tree`; the context a page is read in, and a post's record
built from its header facts and its body.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from selectolax.lexbor import LexborNode

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
from parser.records import ColoredSpan, EditNote, ParseIssue, Post, Quote


@dataclass(frozen=True, slots=True)
class BodyParts:
    """What a post or PM body holds, as the records want it."""

    html: str
    text: str
    own_text: str
    colored: tuple[ColoredSpan, ...]
    quotes: tuple[Quote, ...]
    edited: EditNote | None
    links: tuple[int, ...] = ()  # post ids linked outside quotes and signatures (P-V.2)


def _edit_note(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: datetime | None,
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
    now: datetime | None,
    where: str,
    issues: list[ParseIssue],
) -> BodyParts:
    return read_body_node(fragment(html), dialect, tz=tz, now=now, where=where, issues=issues)


def read_body_node(
    root: LexborNode,
    dialect: Dialect,
    *,
    tz: tzinfo,
    now: datetime | None,
    where: str,
    issues: list[ParseIssue],
) -> BodyParts:
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
        text, own_text, colored, quotes, links = read_tree(
            root, dialect, where, issues, low, html=body_html
        )
    except Exception as exc:  # one hostile body never costs the page
        issues.append(ParseIssue(where, f"body unreadable: {exc!r}"))
        text, own_text, colored, quotes, links = "", "", [], [], ()
    return BodyParts(
        html=body_html.strip(),
        text=text,
        own_text=own_text,
        colored=tuple(colored),
        quotes=tuple(quotes),
        edited=edited,
        links=links,
    )


def parse_ipb_body(
    html: str,
    *,
    dialect: Dialect | str,
    tz: tzinfo | str | None = None,
    now: datetime | None = None,
) -> tuple[BodyParts, tuple[ParseIssue, ...]]:
    """Read one post/PM body's inner HTML (also a body cut out of a partial page)."""
    issues: list[ParseIssue] = []
    d = resolve_dialect(html, dialect) or IPB2
    body = read_body(html, d, tz=as_tz(tz), now=now, where="body", issues=issues)
    return body, tuple(issues)


@dataclass
class ReadContext:
    dialect: Dialect
    tz: tzinfo
    now: datetime | None
    issues: list[ParseIssue] = field(default_factory=list)


def post_record(
    pid: int,
    author: str,
    author_id: int | None,
    posted_at: datetime | None,
    shown: str,
    body: BodyParts,
) -> Post:
    """One post's record from its header facts and its read body (both layouts)."""
    return Post(
        id=pid,
        author=author,
        author_id=author_id,
        posted_at=posted_at,
        body_html=body.html,
        text=body.text,
        own_text=body.own_text,
        colored=body.colored,
        quotes=body.quotes,
        edited=body.edited,
        linked_posts=body.links,
        posted_at_text=shown,
    )

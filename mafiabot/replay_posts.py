"""Scenario posts and PMs as the parser reads them.

A scenario gives a post as its body HTML (what the board renders inside the post); this module
turns it into the same `Post` record the board parsers produce, then hands the posts to the
vote parser (`parser.votes`) and PM text to the move parser (`parser.moves`). Where those are
not available yet, a small built-in reader with the same rules is used so replay keeps working.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from typing import Any

from selectolax.lexbor import LexborHTMLParser as HTMLParser
from selectolax.lexbor import LexborNode as Node

from engine import GameState, InputRejected, Move, RulesSettings, Vote
from parser.records import ColoredSpan, Post, Quote

_NAMED = {
    "red": "#ff0000",
    "darkred": "#8b0000",
    "crimson": "#dc143c",
    "green": "#008000",
    "lime": "#00ff00",
    "darkgreen": "#006400",
    "limegreen": "#32cd32",
    "blue": "#0000ff",
    "black": "#000000",
}
_STYLE_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
_RGB = re.compile(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", re.I)
_POST_REF = re.compile(r"(?:[?&]p=|#p|post[=/-]?|findpost&p=|comment=)(\d+)", re.I)


def canonical_color(raw: str) -> str:
    c = raw.strip().lower()
    if c in _NAMED:
        return _NAMED[c]
    m = _RGB.fullmatch(c)
    if m:
        return "#" + "".join(f"{min(int(x), 255):02x}" for x in m.groups())
    if re.fullmatch(r"#[0-9a-f]{3}", c):
        return "#" + "".join(ch * 2 for ch in c[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", c):
        return c
    if re.fullmatch(r"[0-9a-f]{6}", c):
        return "#" + c
    return c


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _color_of(node: Node) -> str | None:
    style = node.attributes.get("style") or ""
    m = _STYLE_COLOR.search(style)
    if m:
        return m.group(1).strip()
    font_color = node.attributes.get("color") if node.tag == "font" else None
    return str(font_color) if font_color else None


def _quote_post_id(node: Node) -> int | None:
    for n in [node, *node.traverse()]:
        for key in ("data-post-id", "data-postid", "data-pid"):
            v = n.attributes.get(key) if n.attributes else None
            if v and v.isdigit():
                return int(v)
        for key in ("cite", "href", "data-cite"):
            v = n.attributes.get(key) if n.attributes else None
            if v:
                m = _POST_REF.search(v)
                if m:
                    return int(m.group(1))
    return None


def post_from_body(pid: int, author: str, html: str, position: int) -> Post:
    """A `Post` record from a post body's HTML (quotes split off, coloured spans read)."""
    tree = HTMLParser(f"<div id='mb-body'>{html}</div>")
    root = tree.css_first("#mb-body")
    text = _collapse(root.text(separator=" ")) if root else ""
    quotes: list[Quote] = []
    if root is not None:
        for q in root.css("blockquote"):
            author_attr = q.attributes.get("data-author") or None
            cite = q.css_first("cite")
            qauthor = author_attr or (_collapse(cite.text()).split(" ")[0] if cite else None)
            quotes.append(
                Quote(author=qauthor, post_id=_quote_post_id(q), text=_collapse(q.text()))
            )
        for q in root.css("blockquote"):
            q.decompose()
    own = _collapse(root.text(separator=" ")) if root else ""
    spans: list[ColoredSpan] = []
    if root is not None:
        for node in root.traverse():
            color = _color_of(node)
            if not color:
                continue
            struck = False
            parent = node.parent
            while parent is not None:
                if parent.tag in ("s", "del", "strike"):
                    struck = True
                parent = parent.parent
            spans.append(
                ColoredSpan(
                    color=canonical_color(color),
                    text=_collapse(node.text(separator=" ")),
                    struck=struck,
                    raw_color=color,
                )
            )
    return Post(
        id=pid,
        author=author,
        author_id=None,
        posted_at=None,
        body_html=html,
        text=text,
        own_text=own,
        colored=tuple(spans),
        quotes=tuple(quotes),
        position=position,
    )


# ============================================================================================
def extract(
    ruleset: str,
    kind: str,
    posts: Sequence[Post],
    state: GameState,
    settings: RulesSettings,
    nominees: Sequence[str] = (),
) -> tuple[list[Vote], list[InputRejected]]:
    """Votes of a phase (kind: green | court | red) from the parser, or the fallback."""
    players = [p.nick for p in state.players]
    living = list(state.living_nicks())
    excused = [
        p.nick
        for p in state.living
        if p.beaten_turn is not None and p.beaten_turn == state.turn - 1
    ]
    try:
        pv: Any = importlib.import_module("parser.votes")
    except ImportError:
        pv = None
    if pv is not None and hasattr(pv, "extract_votes"):
        return _extract_with_parser(
            pv, ruleset, kind, posts, players, living, excused, settings, nominees
        )
    return _fallback_extract(kind, posts, players, living, excused, settings, nominees)


def _extract_with_parser(
    pv: Any,
    ruleset: str,
    kind: str,
    posts: Sequence[Post],
    players: list[str],
    living: list[str],
    excused: list[str],
    settings: RulesSettings,
    nominees: Sequence[str],
) -> tuple[list[Vote], list[InputRejected]]:
    opts = pv.VoteOptions(min_reason_words=settings.min_reason_words)
    if kind == "court" and hasattr(pv, "extract_court_votes"):
        res = pv.extract_court_votes(posts, players=living, nominees=list(nominees), options=opts)
    else:
        res = pv.extract_votes(posts, ruleset=ruleset, players=living, options=opts)
    votes = [v if v.kind == kind else _rekind(v, kind) for v in res.votes]
    return votes, list(res.rejected)


def _rekind(v: Vote, kind: str) -> Vote:
    from dataclasses import replace

    return replace(v, kind=kind)


_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


def _fold(s: str) -> str:
    return s.strip(" \t\n.,!?:;«»\"'()").casefold()


def _is_red(c: str) -> bool:
    return c in ("#ff0000", "#dd0000", "#cc0000", "#e00000", "#8b0000", "#dc143c", "#f00000")


def _is_green(c: str, settings: RulesSettings) -> bool:
    allowed = {canonical_color(x) for x in settings.green_colors}
    return c in allowed or c in ("#008000", "#00ff00", "#006400", "#32cd32", "#00aa00")


def _fallback_extract(
    kind: str,
    posts: Sequence[Post],
    players: list[str],
    living: list[str],
    excused: list[str],
    settings: RulesSettings,
    nominees: Sequence[str],
) -> tuple[list[Vote], list[InputRejected]]:
    """The rules of G-N.1, G-N.4, P-V.1–P-V.3 in brief (until parser.votes is merged)."""
    by_fold = {_fold(n): n for n in living}
    votes: list[Vote] = []
    rejected: list[InputRejected] = []
    accepted_by_post: dict[int, str] = {}
    voted: dict[str, Vote] = {}
    for post in posts:
        if post.author not in players:
            if kind != "court" and any(not s.struck for s in post.colored):
                rejected.append(InputRejected(post.author, "not_a_player", post_id=post.id))
            continue
        if kind == "court":
            target = by_fold.get(_fold(post.own_text))
            if post.author not in living:
                rejected.append(InputRejected(post.author, "dead", post_id=post.id))
            elif target is None:
                rejected.append(InputRejected(post.author, "unknown_nick", post_id=post.id))
            elif target not in nominees:
                rejected.append(InputRejected(post.author, "not_a_nominee", post_id=post.id))
            else:
                v = Vote(post.author, target, "court", post_id=post.id)
                voted[post.author] = v
            continue
        spans = [
            s
            for s in post.colored
            if not s.struck
            and (_is_red(s.color) if kind == "red" else _is_green(s.color, settings))
        ]
        if not spans:
            continue
        if post.author not in living:
            rejected.append(InputRejected(post.author, "dead", post_id=post.id))
            continue
        if kind == "red" and post.author in excused:
            rejected.append(InputRejected(post.author, "beaten", post_id=post.id))
            continue
        target = next((by_fold[_fold(s.text)] for s in spans if _fold(s.text) in by_fold), None)
        if target is None:
            rejected.append(InputRejected(post.author, "unknown_nick", post_id=post.id))
            continue
        if kind == "green":
            voted[post.author] = Vote(post.author, target, "green", post_id=post.id)
            continue
        if post.author in voted:
            if voted[post.author].target != target:
                rejected.append(InputRejected(post.author, "changed_vote", post_id=post.id))
            continue
        words = [w for w in _WORD.findall(post.own_text)]
        nick_words = {w.casefold() for s in spans for w in _WORD.findall(s.text)}
        reason = [w for w in words if w.casefold() not in nick_words]
        agreed = next(
            (
                q.post_id
                for q in post.quotes
                if q.post_id is not None and accepted_by_post.get(q.post_id) == target
            ),
            None,
        )
        if len(reason) < settings.min_reason_words and agreed is None:
            rejected.append(InputRejected(post.author, "no_reason", post_id=post.id))
            continue
        v = Vote(post.author, target, "red", post_id=post.id, agreed_with=agreed)
        voted[post.author] = v
        accepted_by_post[post.id] = target
        votes.append(v)
    if kind in ("green", "court"):
        votes = list(voted.values())
    return votes, rejected


# ============================================================================================
_FALLBACK_VERBS = {
    "kill": ("убить", "убиваю", "стреляю", "выстрел", "kill", "убийство", "убей"),
    "check": ("проверить", "проверяю", "проверка", "check"),
    "heal": ("лечить", "лечу", "heal", "лечение"),
    "block": ("пригласить", "приглашаю", "block"),
    "beat": ("избить", "избиваю", "бью", "beat"),
    "blast": ("подрыв", "взорвать", "взрываю", "blast"),
    "protect": ("протект", "защищаю", "protect"),
    "ambush": ("засада", "ambush"),
    "army": ("армия", "army"),
    "don": ("дон", "don"),
}


def parse_pm(text: str, actor: str, living: Sequence[str]) -> Move | InputRejected | None:
    """A PM body → Move via parser.moves (or the brief fallback reader)."""
    try:
        pm: Any = importlib.import_module("parser.moves")
    except ImportError:
        return _fallback_pm(text, actor, living)
    result: Move | InputRejected | None = pm.parse_move(text, actor=actor, players=living)
    return result


def _fallback_pm(text: str, actor: str, living: Sequence[str]) -> Move | InputRejected | None:
    words = [w.casefold() for w in _WORD.findall(text)]
    action = next(
        (a for a, verbs in _FALLBACK_VERBS.items() if any(w in verbs for w in words)), None
    )
    if action is None:
        return None
    by_fold = {n.casefold(): n for n in living}
    targets: list[str] = []
    executor = None
    low = text.casefold()
    for n_fold, nick in by_fold.items():
        if n_fold in low:
            targets.append(nick)
    if "исполнитель" in low or "executor" in low:
        tail = low.split("исполнитель" if "исполнитель" in low else "executor", 1)[1]
        executor = next((nick for f, nick in by_fold.items() if f in tail), None)
        targets = [t for t in targets if t != executor]
    if action == "ambush":
        return Move(actor, action, ())
    if not targets:
        return InputRejected(actor, "unknown_nick")
    return Move(
        actor,
        action,
        tuple(targets[:2] if action in ("army", "protect") else targets[:1]),
        executor=executor,
    )

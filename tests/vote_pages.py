"""Put synthetic post bodies into the chrome of real saved board pages, so a vote corpus is
read through the production page parsers (`parser.pages.parse_topic`), not hand-built `Post`s.

Three chromes, as bench/parse_ipb.py moves bodies between them:

* ``phpbb``: phpBB 3.3 prosilver (fixtures/phpbb/topic_p2.html), one ``div.post`` per body;
* ``ipb13``: IPB 1.3 (fixtures/ipb/1x-2x, ``<!--Begin Msg Number-->`` layout);
* ``ips4``: IPS 4.1 (fixtures/ipb/4x-5x, ``<article>`` layout).

The post's author name, board user id and post id are written into the copied post markup.
A body may hold board-neutral placeholders, expanded into each board's own markup:

* ``{quote:N}…{/quote}``: a quote of the case's post N (0-based) with its author and, where
  the board's quote carries one, its post id; ``{quote}…{/quote}`` an anonymous quote;
* ``{url:N}``: the board's permalink of the case's post N.

A post may carry an edit note (`CasePost.edited`: minutes after the time its chrome shows),
written as the saved page shows one: phpBB's ``div.notice`` after the content (topic_p2.html
has one), IPB 1.3's ``span.edit`` closing the body (the page of showtopic 2969 has one). No
saved IPS 4 page here carries its edit line, so that chrome takes no edited post.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path

from parser.pages import parse_topic
from parser.records import Post

FIX = Path(__file__).resolve().parent.parent / "fixtures"
PHPBB_PAGE = FIX / "phpbb/topic_p2.html"
IPB13_PAGE = FIX / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"
IPS4_PAGE = FIX / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
BOARDS = ("phpbb", "ipb13", "ips4")
FIRST_POST_ID = 5000


@dataclass(frozen=True, slots=True)
class CasePost:
    author: str
    author_id: int
    body: str
    edited: int | None = None  # minutes after the post's shown time, by its author


# the post time each chrome shows (its copied post's), as the page prints it
_PHPBB_SHOWN = datetime(2026, 11, 27, 13, 2)
_IPB13_SHOWN = datetime(2014, 7, 31, 12, 57)


def _edited_at(shown: datetime, minutes: int) -> datetime:
    at = shown + timedelta(minutes=minutes)
    # the notes below print the post's own day: an edit on another day would need its month
    assert minutes >= 0 and at.date() == shown.date(), minutes
    return at


def _phpbb_edit_note(p: CasePost) -> str:
    if p.edited is None:
        return ""
    at = _edited_at(_PHPBB_SHOWN, p.edited)
    return (
        '\n\t\t\t<div class="notice">\n\t\t\t\tПоследний раз редактировалось '
        f'<a href="./memberlist.php?mode=viewprofile&amp;u={p.author_id}" class="username">'
        f"{p.author}</a> {at.day} ноя {at.year}, {at:%H:%M}, всего редактировалось 1 раз."
        "\n\t\t\t</div>"
    )


def _ipb13_edit_note(p: CasePost) -> str:
    if p.edited is None:
        return ""
    at = _edited_at(_IPB13_SHOWN, p.edited)
    return (
        f"<br /><br /><span class='edit'>Это сообщение отредактировал <b>{p.author}</b> - "
        f"{at.day}.{at.month:02}.{at.year} - {at:%H:%M}</span>"
    )


# -- placeholders -----------------------------------------------------------------------------

# innermost first: a quote's text holds no other quote's opening
_QUOTE_RE = re.compile(r"\{quote(?::(\d+))?\}((?:(?!\{quote).)*?)\{/quote\}", re.S)
_URL_RE = re.compile(r"\{url:(\d+)\}")


def _url(board: str, pid: int) -> str:
    if board == "phpbb":
        return f"./viewtopic.php?p={pid}#p{pid}"
    if board == "ipb13":
        return f"http://hustle-sa.ru/forum/index.php?showtopic=2969&amp;view=findpost&amp;p={pid}"
    return (
        "https://www.rllmukforum.com/index.php?/topic/286745-mafiascum-sign-up/"
        f"&amp;do=findComment&amp;comment={pid}"
    )


def _quote(board: str, text: str, who: CasePost | None, pid: int | None) -> str:
    if board == "phpbb":
        if who is None or pid is None:
            return f'<blockquote class="uncited"><div>{text}</div></blockquote>'
        return (
            f'<blockquote cite="./viewtopic.php?p={pid}#p{pid}"><div><cite>'
            f'<a href="./memberlist.php?mode=viewprofile&amp;u={who.author_id}">{who.author}</a>'
            f' писал(а): <a href="./viewtopic.php?p={pid}#p{pid}" data-post-id="{pid}" '
            'onclick="if(document.getElementById(hash.substr(1)))href=hash">↑</a>'
            '<span class="responsive-hide">27 ноя 2026, 12:50</span></cite>\n'
            f"{text}\n</div></blockquote>\n"
        )
    if board == "ipb13":
        head = f"-{who.author}+7.09.2014 - 01:17" if who is not None else ""
        title = f" ({who.author} @ 7.09.2014 - 01:17)" if who is not None else ""
        return (
            f"<!--QuoteBegin{head}--></div><table border='0' align='center' width='95%' "
            f"cellpadding='3' cellspacing='1'><tr><td><b>Цитата</b>{title}</td></tr>"
            f"<tr><td id='QUOTE'><!--QuoteEBegin-->{text}<!--QuoteEnd--> </td></tr></table>"
            "<div class='postcolor'> <!--QuoteEEnd-->"
        )
    if who is None or pid is None:
        return (
            '<blockquote class="ipsQuote" data-ipsquote=""><div class="ipsQuote_citation">'
            f'Quote</div><div class="ipsQuote_contents"><p>{text}</p></div></blockquote>'
        )
    return (
        '<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-contentapp="forums" '
        'data-ipsquote-contentclass="forums_Topic" '
        f'data-ipsquote-contentcommentid="{pid}" data-ipsquote-contentid="286745" '
        'data-ipsquote-contenttype="forums" data-ipsquote-timestamp="1492701431" '
        f'data-ipsquote-userid="{who.author_id}" data-ipsquote-username="{who.author}">\n'
        f'\t<div class="ipsQuote_citation">\n\t\t22 minutes ago, {who.author} said:\n\t</div>\n'
        f'\t<div class="ipsQuote_contents">\n\t\t<p>{text}</p>\n\t</div>\n</blockquote>\n'
    )


def expand(board: str, body: str, posts: list[CasePost], ids: list[int]) -> str:
    """The body with its placeholders written in `board`'s markup."""

    def quote(m: re.Match[str]) -> str:
        n = m.group(1)
        if n is None:
            return _quote(board, m.group(2), None, None)
        return _quote(board, m.group(2), posts[int(n)], ids[int(n)])

    while True:  # nested quotes: the inner one is written first
        body, n = _QUOTE_RE.subn(quote, body)
        if not n:
            break
    return _URL_RE.sub(lambda m: _url(board, ids[int(m.group(1))]), body)


# -- chromes ----------------------------------------------------------------------------------


@cache
def _phpbb_parts() -> tuple[str, str, str, str]:
    html = PHPBB_PAGE.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r'<div id="p\d+" class="post', html)]
    post = html[starts[0] : starts[1]]
    tail = html[html.index('\n\t\n\n\t<div class="action-bar bar-bottom">', starts[-1]) :]
    b0 = post.index('<div class="content">') + len('<div class="content">')
    b1 = post.index("</div>\n\n\t\t\t\n", b0)
    return html[: starts[0]], post[:b0] + "\x00BODY\x00" + post[b1:], tail, "58"


def _phpbb_post(p: CasePost, pid: int, body: str) -> str:
    _head, post, _tail, old = _phpbb_parts()
    out = re.sub(rf"(?<=[p=e])({old})\b", str(pid), post)  # p58, profile58, p=58, content58
    out = out.replace("u=62", f"u={p.author_id}").replace(
        "author_id=62", f"author_id={p.author_id}"
    )
    out = out.replace(">Dr.Watson<", f">{p.author}<").replace("пользователя Dr.Watson", "")
    return out.replace("\x00BODY\x00</div>", body + "</div>" + _phpbb_edit_note(p))


@cache
def _ipb13_parts() -> tuple[str, str, str]:
    html = IPB13_PAGE.read_text(encoding="utf-8")
    first = html.index("<!--Begin Msg Number")
    second = html.index("<!--Begin Msg Number", first + 10)
    last = html.rindex("<!--Begin Msg Number")
    tail = html[last:]
    tail = tail[tail.index("<!-- THE POST -->") :]
    tail = tail[tail.index("</table>") :]
    post = html[first:second]
    post = re.sub(
        r"(<!--\s*THE POST 19014\s*-->).*?(<!--\s*THE POST\s*-->)",
        lambda m: (
            m.group(1)
            + "\n        <div class='postcolor'>\x00BODY\x00</div>\n        "
            + m.group(2)
        ),
        post,
        flags=re.S,
    )
    return html[:first], post, tail


def _ipb13_post(p: CasePost, pid: int, body: str, last: bool) -> str:
    _head, post, tail = _ipb13_parts()
    out = post.replace("19014", str(pid)).replace("41141", str(p.author_id))
    out = out.replace("Хастл-Центр", p.author.replace("'", "&#39;"))
    out = out.replace("\x00BODY\x00", body + _ipb13_edit_note(p))
    if last:  # the page's own ending follows the last post's body
        out = out[: out.index("<!-- THE POST -->")] + "<!-- THE POST -->" + tail
    return out


@cache
def _ips4_parts() -> tuple[str, str, str]:
    html = IPS4_PAGE.read_text(encoding="utf-8")
    first = html.index("<article")
    end = html.index("</article>", first) + len("</article>")
    last_end = html.rindex("</article>") + len("</article>")
    article = re.sub(
        r"(data-role='commentContent'[^>]*>).*?(\n\t\t</div>)",
        lambda m: m.group(1) + "\x00BODY\x00" + m.group(2),
        html[first:end],
        count=1,
        flags=re.S,
    )
    return html[:first], article, html[last_end:]


def _ips4_post(p: CasePost, pid: int, body: str) -> str:
    assert p.edited is None, "no saved IPS 4 page shows an edit line to copy"
    _head, article, _tail = _ips4_parts()
    out = article.replace("11352560", str(pid)).replace("9775", str(p.author_id))
    name = p.author.replace("&", "&amp;").replace('"', "&quot;")
    out = out.replace(">stefcha<", f">{name}<").replace("alt='stefcha'", f"alt='{name}'")
    out = out.replace("&quot;stefcha&quot;", f"&quot;{name}&quot;")
    return out.replace("\x00BODY\x00", body)


def page(board: str, posts: list[CasePost]) -> tuple[str, list[int]]:
    """A whole topic page of `board` holding `posts` in order, and their board post ids."""
    ids = [FIRST_POST_ID + 7 * n for n in range(len(posts))]
    bodies = [expand(board, p.body, posts, ids) for p in posts]
    if board == "phpbb":
        head, _post, tail, _old = _phpbb_parts()
        parts = [_phpbb_post(p, i, b) for p, i, b in zip(posts, ids, bodies, strict=True)]
        return head + "".join(parts) + tail, ids
    if board == "ipb13":
        head13, _p13, _t13 = _ipb13_parts()
        n = len(posts)
        parts = [
            _ipb13_post(p, i, b, k == n - 1)
            for k, (p, i, b) in enumerate(zip(posts, ids, bodies, strict=True))
        ]
        return head13 + "".join(parts), ids
    if board == "ips4":
        head4, _art, tail4 = _ips4_parts()
        parts = [_ips4_post(p, i, b) for p, i, b in zip(posts, ids, bodies, strict=True)]
        return head4 + "\n".join(parts) + tail4, ids
    raise ValueError(f"unknown chrome {board!r}")


def bracketed_posts(body: str, by: str, uid: int, rules: str = "pefl") -> list[Post]:
    """One post by `by` on a phpBB page, each `[nick]` of `body` in the rule set's vote
    colour (green for Gambler, red for PEFL), read back as the topic reader gives it: the
    unit tests' way to put a coloured post through the real page reader."""
    colour = "green" if rules == "gambler" else "red"
    html = body.replace("[", f'<span style="color:{colour}">').replace("]", "</span>")
    topic, _ids = page("phpbb", [CasePost(by, uid, html)])
    return list(parse_topic(topic).posts)

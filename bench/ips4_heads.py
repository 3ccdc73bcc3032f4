"""What an IPS 4 post header costs to parse, and what a string-search reading of it must beat.

Run from the repository root:  python bench/ips4_heads.py [--rounds N]

On the real IPS 4.1 page (fixtures/ipb/4x-5x, 25 posts), per post, best of N (wall time of
many repetitions; the figures are microseconds, so a run's noise is a few per cent):
  * lexbor's parse of the page's cut posts (`slice_blocks`) with each article's header (from
    its tag to its body's `<div data-role='commentContent'>`) and without it;
  * the `author` and `author_link` selector queries of each article;
  * passes over the headers a reading from raw markup would need: `str.find` of a missing
    word, counting "<", the tag names by `re.findall`, every tag read quote by quote, and a
    pattern of the first header's own template (its quoted values and texts as classes), and
    the reader's own template (`parser.ipb.heads`) with the fields read from its match.
A reading of the headers from their markup pays only when its checks cost less than what
leaving the headers out saves (bench/README.md has the figures and the verdict).
"""

from __future__ import annotations

import argparse
import re
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parser.dialects import IPS4  # noqa: E402
from parser.html import parse_html  # noqa: E402
from parser.ipb import heads as learnt  # noqa: E402
from parser.ipb.blocks import slice_blocks  # noqa: E402

PAGE = ROOT / "fixtures/ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"

_NAMES = re.compile(r"<(/?[a-z][a-z0-9]*+)(?=[\s/>])")
_TAGS = re.compile(
    r"<(/?[a-z][a-z0-9]*+)(?=[\s/>])[^<>\"'=]*+(?:=\s*+(?:\"[^\"<>]*+\"|'[^'<>]*+'|)[^<>\"'=]*+)*+>"
)


def headers(posts: str) -> tuple[list[str], str]:
    """Each article's header in the cut posts, and the posts without them."""
    heads: list[str] = []
    kept: list[str] = []
    pos = 0
    while True:
        art = posts.find("<article", pos)
        if art < 0:
            break
        art_end = posts.find(">", art) + 1
        body = posts.rfind("<", art_end, posts.find("commentContent", art_end))
        heads.append(posts[art_end:body])
        kept.append(posts[pos:art_end])
        pos = body
    kept.append(posts[pos:])
    return heads, "".join(kept)


def _whole_heads(html: str) -> list[str]:
    """Each post's markup from its `<article` to the end of its body's opening tag."""
    out: list[str] = []
    pos = 0
    while True:
        art = html.find("<article", pos)
        if art < 0:
            return out
        end = html.find(">", html.find("commentContent", art)) + 1
        out.append(html[art:end])
        pos = end


def template(head: str) -> re.Pattern[str]:
    """A pattern of `head`'s own markup: its tags as written, quoted values and texts as
    character classes."""
    out: list[str] = []
    for m in re.finditer(r"<[^>]*>", head):
        tag = re.sub(r"'[^']*'", "'\x01'", m.group(0))
        tag = re.sub(r'"[^"]*"', '"\x02"', tag)
        tag = re.escape(tag).replace("\x01", "[^'<>]*+").replace("\x02", '[^"<>]*+')
        out += ("[^<>]*+", tag)
    out.append("[^<>]*+")
    return re.compile("".join(out))


def _us(fn: Callable[[], object], rounds: int, per: int) -> float:
    n = 200
    return min(timeit.repeat(fn, number=n, repeat=rounds)) / n / per * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    rounds = ap.parse_args().rounds
    html = PAGE.read_text(encoding="utf-8")
    assert IPS4.page_slice is not None
    cut = slice_blocks(html, IPS4.page_slice)
    assert cut is not None
    posts = cut[1]
    heads, without = headers(posts)
    n = len(heads)
    size = sum(map(len, heads)) // n
    print(f"{PAGE.name}: {n} posts, headers {size} characters on average")
    tree = parse_html(posts)
    arts = tree.css(IPS4.sel("post"))
    author, link = IPS4.sel("author"), IPS4.sel("author_link")
    pattern = template(heads[0])
    matched = sum(1 for h in heads if pattern.fullmatch(h))
    # the reader's own template (`parser.ipb.heads`): each header from its `<article` to the
    # end of its body's tag, matched as a string of its own, its fields read from the match
    whole = _whole_heads(html)
    date_attrs = tuple(IPS4.sel("date_attrs").split())
    own = learnt.learn(whole[0], date_attrs)
    assert own is not None
    own_matched = sum(1 for h in whole if own.pattern.fullmatch(h))

    def own_reading() -> object:
        out = []
        for h in whole:
            m = own.pattern.fullmatch(h)
            out.append(learnt.fields(own, m) if m is not None else None)
        return out

    rows: list[tuple[str, Callable[[], object]]] = [
        ("parse the cut posts, headers included", lambda: parse_html(posts)),
        ("parse the cut posts, headers left out", lambda: parse_html(without)),
        ("author query", lambda: [a.css_first(author) for a in arts]),
        ("profile-link query", lambda: [a.css_first(link) for a in arts]),
        ("str.find of a missing word", lambda: [h.find("\x01word") for h in heads]),
        ('count of "<"', lambda: [h.count("<") for h in heads]),
        ("tag names, re.findall", lambda: [_NAMES.findall(h) for h in heads]),
        ("tags read quote by quote, re.findall", lambda: [_TAGS.findall(h) for h in heads]),
        (
            f"the first header's template pattern ({matched} of {n} match)",
            lambda: [pattern.fullmatch(h) for h in heads],
        ),
        (
            f"the reader's learnt template, fields read ({own_matched} of {n} match)",
            own_reading,
        ),
    ]
    for label, fn in rows:
        print(f"  {label:<55} {_us(fn, rounds, n):6.1f} µs a post")


if __name__ == "__main__":
    main()

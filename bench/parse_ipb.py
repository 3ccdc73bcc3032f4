"""IPB topic-page parsing speed, and IPB against phpBB per post on the same posts.

Run from the repository root:  python bench/parse_ipb.py [--rounds N]

Prints:
  * per real saved page (fixtures/ipb/): best-of-N time of `parser.ipb.topic.parse_ipb_topic`
    (full records: authors, member ids, times, text, quotes, edit notes, coloured spans),
    posts per second, and the time of `parser.encoding.decode_html` on the raw bytes;
  * the same posts on both boards: the 70 posts of the seven real phpBB topic pages
    (fixtures/phpbb/topic_p1-7.html), and those posts' bodies put, ten a page, into the
    chrome of a real IPB 1.3 page (fixtures/ipb/1x-2x, `<!--Begin Msg Number-->` layout) and
    of a real IPS 4.1 page (fixtures/ipb/4x-5x, `<article>` layout): CPU time per post of
    each reader (pages given as text, as the daemon hands IPB pages over), and the IPB/phpBB
    ratios; the Invision pages both with the generation detected on every page and with it
    known beforehand, as the daemon's client reads them;
  * `--keep-freed`: the same, with glibc told to keep the memory a page frees (as
    `mafiabot parse posts` runs 16 pages or more); the Invision readers' large pages otherwise
    fault the same memory in again page after page;
  * beside that (never instead), the same with each Invision board's own page size (IPB 1.x
    20, IPS 4 25 posts a page), where a page's own work weighs half as much per post;
  * `--fresh`: the same posts only, the real pages not read first: the allocator as a process
    has it that has read no large page yet (reading the real pages, some of them large, makes
    glibc keep freed memory from then on, so no reader faults it in again afterwards);
  * `--stages`: where an IPS 4.1 page's time goes, per page (ten posts, the kind known): how
    much markup lies before, among and after the posts and how much of it lexbor is given,
    each stage of `parse_ipb_topic` timed alone, and the whole reading beside the same with
    the page-level work (the chrome's parse and every field read from it) left out, the most
    any cheaper reading of the chrome could save.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parser.encoding import decode_html  # noqa: E402
from parser.ipb.detect import detect_ipb  # noqa: E402
from parser.ipb.topic import parse_ipb_topic  # noqa: E402
from parser.phpbb.topic import parse_topic  # noqa: E402
from parser.records import TopicPage  # noqa: E402

FIX = ROOT / "fixtures"
IPB13 = FIX / "ipb/1x-2x/ipb13ru_hustle-sa_showtopic2969_utf8.html"
IPS41 = FIX / "ipb/4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"
PER_PAGE = 10


def _best(fn: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()  # CPU time of this process: less skewed by other load
        fn()
        best = min(best, time.process_time() - start)
    return best


def real_pages(rounds: int) -> None:
    print(f"{'page':<75} {'decode ms':>9} {'parse ms':>9} {'posts':>5} {'posts/s':>8}")
    for path in sorted((FIX / "ipb").glob("*/*.html")):
        data = path.read_bytes()
        html = decode_html(data)
        posts = len(parse_ipb_topic(html).posts)
        dec = _best(lambda data=data: decode_html(data), rounds)  # type: ignore[misc]
        par = _best(lambda html=html: parse_ipb_topic(html), rounds)  # type: ignore[misc]
        rate = posts / par if posts else 0.0
        print(f"{path.name:<75} {dec * 1000:9.1f} {par * 1000:9.1f} {posts:5d} {rate:8.0f}")


def phpbb_pages() -> list[str]:
    return [(FIX / f"phpbb/topic_p{i}.html").read_text(encoding="utf-8") for i in range(1, 8)]


def _bodies(pages: list[str]) -> list[str]:
    return [p.body_html for page in pages for p in parse_topic(page).posts]


def _keep_ends(body: str) -> Callable[[re.Match[str]], str]:
    """A re.sub replacement putting `body` between the match's two groups."""

    def sub(m: re.Match[str]) -> str:
        return m.group(1) + body + m.group(2)

    return sub


def _read_phpbb(pages: list[str]) -> list[TopicPage]:
    return [parse_topic(h) for h in pages]


def _read_ipb(pages: list[str]) -> list[TopicPage]:
    return [parse_ipb_topic(h) for h in pages]


def _read_ipb_known(pages: list[str]) -> list[TopicPage]:
    """As the daemon reads: the board's generation is known (detected once at login, or
    named in `board.kind`), so no page is scanned for it."""
    dialect = detect_ipb(pages[0])
    assert dialect is not None
    return [parse_ipb_topic(h, dialect=dialect) for h in pages]


def _page_text(path: Path) -> str:
    """A saved page as the daemon hands it to the reader: its bytes through `decode_html` (the
    saved IPS 4.1 page opens with a byte-order mark, which that drops; kept, it made every
    search of the page and of its chrome run over two-byte text)."""
    return decode_html(path.read_bytes())


def ipb13_pages(bodies: list[str], per_page: int = PER_PAGE) -> list[str]:
    """IPB 1.3 pages: the real page's chrome, its first post's markup repeated per body."""
    html = _page_text(IPB13)
    first = html.index("<!--Begin Msg Number")
    second = html.index("<!--Begin Msg Number", first + 10)
    last_end = html.rindex("<!--Begin Msg Number")
    tail = html[last_end:]
    tail = tail[tail.index("<!-- THE POST -->") :]
    tail = tail[tail.index("</table>") :]  # the page after the last post's body
    post = html[first:second]
    pid = re.search(r"Begin Msg Number (\d+)", post)
    assert pid is not None
    old = pid.group(1)
    body = re.compile(rf"(<!--\s*THE POST {old}\s*-->).*?(<!--\s*THE POST\s*-->)", re.S)
    pages = []
    for k in range(0, len(bodies), per_page):
        parts = [html[:first]]
        for j, b in enumerate(bodies[k : k + per_page]):
            new = str(900000 + k + j)
            one = body.sub(_keep_ends(b), post).replace(old, new)
            parts.append(one)
        last = parts.pop()
        parts.append(last[: last.index("<!-- THE POST -->")] + "<!-- THE POST -->" + tail)
        pages.append("".join(parts))
    return pages


def ips4_pages(bodies: list[str], per_page: int = PER_PAGE) -> list[str]:
    """IPS 4.1 pages: the real page's chrome, its first <article> repeated per body."""
    html = _page_text(IPS41)
    first = html.index("<article")
    end = html.index("</article>", first) + len("</article>")
    last_end = html.rindex("</article>") + len("</article>")
    article = html[first:end]
    cid = re.search(r"elComment_(\d+)", article)
    assert cid is not None
    old = cid.group(1)
    content = re.compile(r"(data-role='commentContent'[^>]*>).*?(\n\t\t</div>)", re.S)
    pages = []
    for k in range(0, len(bodies), per_page):
        arts = []
        for j, b in enumerate(bodies[k : k + per_page]):
            new = str(9000000 + k + j)
            arts.append(content.sub(_keep_ends(b), article, 1))
            arts[-1] = arts[-1].replace(old, new)
        pages.append(html[:first] + "\n".join(arts) + html[last_end:])
    return pages


def same_posts(rounds: int, per_page: dict[str, int] | None = None) -> None:
    """The same posts read from each board's markup, per post, best of `rounds` (interleaved).
    `per_page`: posts a page of IPB 1.3 and IPS 4.1 (default: phpBB's 10, as the posts come)."""
    php = phpbb_pages()
    bodies = _bodies(php)
    sizes = per_page or {"ipb13": PER_PAGE, "ips4": PER_PAGE}
    ipb13, ips4 = ipb13_pages(bodies, sizes["ipb13"]), ips4_pages(bodies, sizes["ips4"])
    sets: dict[str, tuple[list[str], Callable[[list[str]], list[TopicPage]]]] = {
        "phpBB 3.3 prosilver": (php, _read_phpbb),
        "IPB 1.3 (Msg Number)": (ipb13, _read_ipb),
        "IPS 4.1 (article)": (ips4, _read_ipb),
        "IPB 1.3, kind known": (ipb13, _read_ipb_known),
        "IPS 4.1, kind known": (ips4, _read_ipb_known),
    }
    print(
        f"\nthe same {len(bodies)} posts, phpBB {PER_PAGE}, IPB 1.3 {sizes['ipb13']},"
        f" IPS 4.1 {sizes['ips4']} a page, each board's markup (best of {rounds}):"
    )
    counts = {
        label: sum(len(t.posts) for t in read(pages)) for label, (pages, read) in sets.items()
    }
    best = dict.fromkeys(sets, float("inf"))
    for _ in range(rounds):  # interleaved: a load spike on the machine hits every reader
        for label, (pages, read) in sets.items():
            start = time.process_time()
            read(pages)
            best[label] = min(best[label], time.process_time() - start)
    per_post: dict[str, float] = {}
    for label, (pages, _read) in sets.items():
        n = counts[label]
        per_post[label] = best[label] / n
        kb = sum(len(p) for p in pages) / len(pages) / 1024
        print(
            f"  {label:<22} {n:4d} posts  {best[label] / n * 1e6:7.1f} µs/post"
            f"  ({kb:.0f} KB a page)"
        )
    base = per_post["phpBB 3.3 prosilver"]
    for label in list(per_post)[1:]:
        print(f"  {label} / phpBB: {per_post[label] / base:.2f}x per post")


def stages(rounds: int) -> None:
    """Per page: the IPS 4.1 pages' markup, each stage alone, and the page-level work's share
    of the whole reading (see the module docstring)."""
    # (imported here: the rest of the script also runs against older trees, for comparisons)
    from selectolax.lexbor import LexborHTMLParser

    from parser.html import cut_short, parse_html, parse_utf8
    from parser.ipb import topic as ipb_topic
    from parser.ipb.blocks import block_posts, drop_post_tails, post_tails_utf8, slice_blocks
    from parser.ipb.body import ReadContext
    from parser.ipb.detect import login_state, resolve_dialect
    from parser.ipb.navigation import board_now, find_topic_id, page_jump, pagination, topic_title
    from parser.ipb.text import as_tz
    from parser.pager import Nav

    php = phpbb_pages()
    pages = ips4_pages(_bodies(php))
    d = detect_ipb(pages[0])
    assert d is not None and d.page_slice is not None
    sl, zone, n = d.page_slice, as_tz(None), len(pages)
    cuts = [slice_blocks(h, sl) for h in pages]
    assert all(c is not None for c in cuts)
    chromes = [c[0] for c in cuts if c is not None]
    postss = [c[1] for c in cuts if c is not None]
    h, chrome = pages[0], chromes[0]
    first, last = h.index("<article"), h.rindex("</article>") + len("</article>")
    head = chrome.index(">", chrome.index("<body")) + 1
    print(f"\nIPS 4.1 at {PER_PAGE} a page, the kind known, per page (characters):")
    print(f"  the page {len(h):,}: before the first post {first:,}, the posts {last - first:,}")
    print(f"  (lexbor is given {len(postss[0]):,}: each post's tail left out), after them")
    print(f"  {len(h) - last:,}; the chrome lexbor is given {len(chrome):,}: the head and")
    print(f"  <body> tag {head:,}, above and below the posts {len(chrome) - head:,}")
    trees = [parse_html(c) for c in chromes]
    bounds = [(p.index("<article"), p.rindex("</article>") + len("</article>")) for p in pages]
    ids = [find_topic_id(t, p, d) for t, p in zip(trees, pages, strict=True)]

    def each(fn: Callable[[int], object]) -> Callable[[], object]:
        return lambda: [fn(i) for i in range(n)]

    # the posts as the reading gives them to lexbor: UTF-8 built a part at a time
    utf8s = [post_tails_utf8(h, sl, *bounds[i]) for i, h in enumerate(pages)]

    def parse_posts(i: int) -> LexborHTMLParser:
        return parse_utf8(utf8s[i], lambda: postss[i])

    def read_posts(i: int) -> object:
        return block_posts(parse_posts(i), ReadContext(dialect=d, tz=zone, now=None))

    def tails(i: int) -> object:
        return drop_post_tails(pages[i], sl, *bounds[i])

    def nav(i: int) -> Nav:
        return pagination(trees[i], chromes[i], d, None, ids[i], page_jump(chromes[i]))

    def signs(i: int) -> object:
        return login_state(pages[i], d), cut_short(pages[i])

    timed: list[tuple[str, Callable[[], object]]] = [
        ("the kind detected (not in the known reading)", each(lambda i: resolve_dialect(pages[i]))),
        (
            "the board clock (read only for a relative day)",
            each(lambda i: board_now(pages[i], zone, d)),
        ),
        ("cutting the page (slice_blocks)", each(lambda i: slice_blocks(pages[i], sl))),
        ("  of it, the posts' tails left out", each(tails)),
        (
            "  the posts built as UTF-8 (tails left out)",
            each(lambda i: post_tails_utf8(pages[i], sl, *bounds[i])),
        ),
        (
            "  the posts encoded whole (as selectolax did)",
            each(lambda i: postss[i].encode("utf-8", "ignore")),
        ),
        ("the posts' parse (as text, as before)", each(lambda i: parse_html(postss[i]))),
        ("the posts' parse (as UTF-8)", each(parse_posts)),
        ("the posts' parse and reading", each(read_posts)),
        ("the chrome's parse", each(lambda i: parse_html(chromes[i]))),
        ("  of it, an empty document", each(lambda i: parse_html(""))),
        ("pagination (page jump searched once)", each(nav)),
        ("title", each(lambda i: topic_title(trees[i], d))),
        ("topic id", each(lambda i: find_topic_id(trees[i], pages[i], d))),
        ("login state, cut-short check", each(signs)),
        ("the whole reading", lambda: _read_ipb_known(pages)),
        ("phpBB's whole reading, same posts", lambda: _read_phpbb(php)),
    ]
    print(f"  each stage alone, best of {rounds}:           µs a page  µs a post")
    for label, fn in timed:
        us = _best(fn, rounds) / n * 1e6
        print(f"  {label:<45} {us:9.1f} {us / PER_PAGE:9.2f}")
    # in place: the same reading with the chrome's parse and the fields read from it (and the
    # page-wide searches for login state, cut-short and page jump) left out, interleaved
    empty = parse_html("")
    navs = [nav(i) for i in range(n)]
    saved = {k: getattr(ipb_topic, k) for k in _PAGE_LEVEL}
    free: dict[str, object] = {
        "find_topic_id": lambda *a: ids[0],
        "pagination": lambda *a: navs[0],
        "topic_title": lambda *a: "",
        "page_jump": lambda *a: None,
        "login_state": lambda *a: True,
        "cut_short": lambda *a: False,
    }
    # (the posts' document is parsed by `parse_utf8`: every `parse_html` is the chrome's)
    free["parse_html"] = lambda *a: empty
    best = {"whole": float("inf"), "free": float("inf")}
    for _ in range(rounds):
        for key in best:
            for k in _PAGE_LEVEL:
                setattr(ipb_topic, k, free[k] if key == "free" else saved[k])
            start = time.process_time()
            _read_ipb_known(pages)
            best[key] = min(best[key], time.process_time() - start)
    for k in _PAGE_LEVEL:
        setattr(ipb_topic, k, saved[k])
    whole, bare = (best[k] / n * 1e6 for k in ("whole", "free"))
    print(f"  in place: the whole reading {whole:.0f} µs a page; without the page-level work")
    print(f"  {bare:.0f} ({(whole - bare) / PER_PAGE:.1f} µs a post less)")


# what `stages` leaves out of the reading in place: the chrome's parse and what reads it
_PAGE_LEVEL = (
    "parse_html",
    "find_topic_id",
    "pagination",
    "topic_title",
    "page_jump",
    "login_state",
    "cut_short",
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument(
        "--keep-freed",
        action="store_true",
        help="glibc keeps freed memory, as `mafiabot parse posts` has it from 16 pages on",
    )
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="the same posts only, in a process that has read no large page before",
    )
    ap.add_argument(
        "--stages",
        action="store_true",
        help="only where an IPS 4.1 page's time goes, per page, stage by stage",
    )
    args = ap.parse_args()
    if args.stages:
        stages(args.rounds)
        return
    if args.keep_freed:
        from mafiabot.heap import keep_freed_memory

        keep_freed_memory()
        print("allocator: freed memory kept (mallopt), as `parse posts` runs long inputs")
    if not args.fresh:
        real_pages(args.rounds)
    same_posts(args.rounds)
    # beside it, not instead: each Invision board's own page size (IPB 1.x 20, IPS 4 25 posts)
    same_posts(args.rounds, {"ipb13": 20, "ips4": 25})


if __name__ == "__main__":
    main()

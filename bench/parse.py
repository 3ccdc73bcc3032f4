"""Topic-page parsing speed: mafiabot's reader against a plain lxml.html + XPath reader.

Run from the repository root:  python bench/parse.py [--rounds N]

Prints, for the real phpBB fixture pages repeated to 2,000 posts and for a synthetic 200-page
topic (real pages repeated, post ids and page numbers renumbered):
  * posts/s of `parser.pages.parse_topic` (full records: authors, times, text, quotes, edit
    notes and coloured spans), of the same parse followed by `parser.votes.extract_votes` on
    each page's posts (the game's 14 players, the host ignored) for one rule set — PEFL,
    reds with reasons, the costlier; a game reads one — which is the figure issue 2's
    ≥10,000 posts/s target is about, and for both rule sets; and of the lxml reader (posts,
    authors, times, coloured spans outside quotes), best of N interleaved rounds measured in
    CPU time of this one-threaded process (other work on the machine skews it less than wall
    time), and the ratios; a bare selectolax read (parse + the same queries, no records) is
    shown for reference;
  * peak Python heap (tracemalloc) parsing page by page and keeping every record, and the
    process's max RSS;
  * whole-process CPU time of `python -m mafiabot parse posts` on ~2,100 posts against a
    script doing the lxml read of the same files (start-up and JSON output included), both
    with bytecode as an installed package has it, interleaved, each run with a randomly
    padded environment (memory layout moves a process's CPU time by several per cent): best
    and median of `--process-rounds` runs (`--process-only`: just this).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parser.pages import parse_topic  # noqa: E402
from parser.votes.day import extract_votes  # noqa: E402
from parser.votes.records import Ruleset, VoteOptions  # noqa: E402

FIX = ROOT / "fixtures" / "phpbb"
TOPIC_PAGES = [f"topic_p{i}.html" for i in range(1, 9)]
TARGET_POSTS_PER_S = 10_000  # issue 2 item 8: parse + vote extraction, one core

LXML_READER = r"""
import json, re, sys
import lxml.html

COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
POSTS = '//div[contains(concat(" ", @class, " "), " post ") and starts-with(@id, "p")]'
AUTHOR = './/dl[contains(@class, "postprofile")]//dt//a[contains(@class, "username")]'
SPANS = './/span[contains(@style, "color")][not(ancestor::blockquote)]'

def read(html):
    doc = lxml.html.fromstring(html)
    out = []
    for post in doc.xpath(POSTS):
        author = post.xpath(AUTHOR)
        when = post.xpath('.//p[@class="author"]//time/@datetime')
        content = post.xpath('.//div[@class="content"]')
        spans = []
        if content:
            for s in content[0].xpath(SPANS):
                m = COLOR.search(s.get("style", ""))
                if m:
                    spans.append({
                        "color": m.group(1).strip().lower(),
                        "text": " ".join(s.text_content().split()),
                        "struck": bool(s.xpath("ancestor::s|ancestor::del|ancestor::strike")),
                    })
        out.append({
            "id": int(post.get("id")[1:]),
            "author": author[0].text_content() if author else None,
            "posted_at": when[0] if when else None,
            "text": " ".join(content[0].text_content().split()) if content else "",
            "colored": spans,
        })
    return out
"""

_ns: dict[str, object] = {}
exec(LXML_READER, _ns)
lxml_read: Callable[[bytes], list[dict[str, object]]] = _ns["read"]  # type: ignore[assignment]


def _load(name: str) -> str:
    return (FIX / name).read_text(encoding="utf-8")


def repeated_pages(target_posts: int) -> list[str]:
    """The fixture topic pages cycled until they hold `target_posts` posts."""
    pages: list[str] = []
    n = 0
    real = [(_load(name), len(parse_topic(_load(name)).posts)) for name in TOPIC_PAGES]
    i = 0
    while n < target_posts:
        html, count = real[i % len(real)]
        pages.append(html)
        n += count
        i += 1
    return pages


def synthetic_topic(pages: int = 200) -> list[str]:
    """A 200-page topic built from the seven full real pages: ids and page numbers renumbered."""
    real = [_load(f"topic_p{i}.html") for i in range(1, 8)]
    out = []
    next_id = 1000
    for k in range(pages):
        html = real[k % len(real)]
        mapping: dict[str, str] = {}

        def renumber(m: re.Match[str], mapping: dict[str, str] = mapping) -> str:
            nonlocal next_id
            old = m.group(1)
            if old not in mapping:
                mapping[old] = str(next_id)
                next_id += 1
            return m.group(0).replace(old, mapping[old])

        html = re.sub(r'<div id="p(\d+)"', renumber, html)
        html = re.sub(
            r"Страница <strong>\d+</strong> из <strong>\d+</strong>",
            f"Страница <strong>{k + 1}</strong> из <strong>{pages}</strong>",
            html,
        )
        out.append(html)
    return out


def _count_ours(pages: list[bytes]) -> int:
    # bytes in, as the scraper gets them from httpx (and as the lxml reader gets them)
    n = 0
    for html in pages:
        n += len(parse_topic(html).posts)
    return n


def _game() -> tuple[list[str], VoteOptions]:
    import json

    game = json.loads((FIX / "truth.json").read_text(encoding="utf-8"))["game12"]
    return list(game["players"]), VoteOptions(ignore_authors=frozenset([game["host"]]))


def _count_ours_with_votes(pages: list[bytes], rulesets: tuple[Ruleset, ...]) -> int:
    """parse_topic, then the rule sets' vote reading of every page's posts."""
    players, options = _game()
    n = votes = 0
    for html in pages:
        posts = parse_topic(html).posts
        n += len(posts)
        for ruleset in rulesets:
            r = extract_votes(posts, ruleset=ruleset, players=players, options=options)
            votes += len(r.votes) + len(r.rejected)
    assert votes > 0  # the pages hold votes: the readers really ran
    return n


def _count_lxml(pages: list[bytes]) -> int:
    return sum(len(lxml_read(b)) for b in pages)


def _count_bare_selectolax(pages: list[bytes]) -> int:
    """What the lxml reader does, with selectolax: a floor for any selectolax-based reader."""
    from selectolax.lexbor import LexborHTMLParser

    n = 0
    for b in pages:
        tree = LexborHTMLParser(b)
        for post in tree.css("div.post"):
            n += 1
            content = post.css_first("div.content")
            if content is not None:
                content.text(separator=" ")
                for s in content.css("span[style*=color]"):
                    s.text()
    return n


def best_rates(fns: dict[str, Callable[[], int]], rounds: int) -> dict[str, tuple[float, int]]:
    """Best-of-`rounds` posts/s for each reader, rounds interleaved so load spikes hit all."""
    best = dict.fromkeys(fns, float("inf"))
    posts = dict.fromkeys(fns, 0)
    for _ in range(rounds):
        for name, fn in fns.items():
            gc.collect()
            t0 = time.process_time()  # CPU time of this process: one core, load-independent
            posts[name] = fn()
            best[name] = min(best[name], time.process_time() - t0)
    return {name: (posts[name] / best[name], posts[name]) for name in fns}


def peak_heap(fn: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    fn()
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def _process_env() -> dict[str, str]:
    """The environment the whole-process runs get: this one, with the checkout on the path and
    bytecode written and read as an installed package has it (pip compiles at install; a
    shell's PYTHONDONTWRITEBYTECODE would make every run compile every module of ours)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _lxml_script(folder: Path) -> Path:
    script = folder / "lxml_reader.py"
    script.write_text(
        LXML_READER
        + textwrap.dedent(
            """
            for path in sys.argv[1:]:
                with open(path, "rb") as f:
                    for post in read(f.read()):
                        sys.stdout.write(json.dumps(post, ensure_ascii=False) + "\\n")
            """
        ),
        encoding="utf-8",
    )
    return script


def whole_process(rounds: int) -> None:
    """CPU of whole `mafiabot parse posts` and lxml-script processes over the same 210 pages,
    interleaved. Each round runs both with an environment padded to a new random size: where a
    process's memory lands moves its CPU time by several per cent either way (a fixed
    environment would pin one lucky or unlucky layout for a whole run), so the figures are
    the best and the median over many layouts."""
    pages = [f"topic_p{i}.html" for i in range(1, 8)] * 30  # 210 pages, 2,100 posts
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, name in enumerate(pages):
            dst = Path(tmp) / f"{i:03d}_{name}"
            dst.write_bytes((FIX / name).read_bytes())
            files.append(str(dst))
        script = _lxml_script(Path(tmp))
        env = _process_env()
        cmds = {
            "mafiabot parse posts": [sys.executable, "-m", "mafiabot", "parse", "posts", *files],
            "lxml reader script": [sys.executable, str(script), *files],
        }
        for cmd in cmds.values():  # once first: bytecode written, files in the page cache
            subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True)
        cpu: dict[str, list[float]] = {label: [] for label in cmds}
        lines: dict[str, int] = {}
        rng = random.Random(20)
        load = os.getloadavg()[0]
        for _ in range(rounds):  # interleaved: a load spike hits both
            padded = dict(env, MAFIABOT_BENCH_PAD="x" * rng.randrange(4096))
            for label, cmd in cmds.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                res = subprocess.run(cmd, cwd=ROOT, env=padded, capture_output=True, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                c = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                cpu[label].append(c)
                lines[label] = res.stdout.count(b"\n")
        load = max(load, os.getloadavg()[0])
        print(
            f"\nwhole process, {len(files)} pages, CPU over {rounds} runs"
            f" (load average up to {load:.1f}):"
        )
        for label in cmds:
            n, runs = lines[label], cpu[label]
            print(
                f"  {label:22s} best {min(runs):6.3f} s  median {statistics.median(runs):6.3f} s"
                f"  ({n / min(runs):5.0f} posts/s)  {n} posts"
            )
        ours, ref = cpu["mafiabot parse posts"], cpu["lxml reader script"]
        print(
            f"  mafiabot / lxml: {min(ref) / min(ours):.2f}x best,"
            f" {statistics.median(ref) / statistics.median(ours):.2f}x median"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-process", action="store_true", help="skip the whole-process timing")
    ap.add_argument(
        "--process-rounds", type=int, default=20, help="whole-process runs of each (default 20)"
    )
    ap.add_argument("--process-only", action="store_true", help="only the whole-process timing")
    args = ap.parse_args()
    if args.process_only:
        whole_process(max(1, args.process_rounds))
        return

    sets = {
        "fixture pages to 2,000 posts": repeated_pages(2000),
        "synthetic 200-page topic": synthetic_topic(200),
    }
    for label, pages in sets.items():
        as_bytes = [p.encode("utf-8") for p in pages]
        rates = best_rates(
            {
                "ours": lambda b=as_bytes: _count_ours(b),  # type: ignore[misc]
                "votes": lambda b=as_bytes: _count_ours_with_votes(b, ("pefl",)),  # type: ignore[misc]
                "votes2": lambda b=as_bytes: _count_ours_with_votes(b, ("gambler", "pefl")),  # type: ignore[misc]
                "lxml": lambda b=as_bytes: _count_lxml(b),  # type: ignore[misc]
                "bare": lambda b=as_bytes: _count_bare_selectolax(b),  # type: ignore[misc]
            },
            args.rounds,
        )
        (ours, n_ours), (ref, n_ref), (bare, _n) = rates["ours"], rates["lxml"], rates["bare"]
        with_votes, with_both = rates["votes"][0], rates["votes2"][0]
        last = parse_topic(as_bytes[-1])
        spans = sum(len(p.colored) for h in as_bytes[:20] for p in parse_topic(h).posts)

        def stream(b: list[bytes] = as_bytes) -> object:
            for h in b:
                parse_topic(h)
            return None

        def keep(b: list[bytes] = as_bytes) -> object:
            return [parse_topic(h) for h in b]

        print(f"{label}: {len(pages)} pages, {n_ours} posts (lxml reader saw {n_ref});")
        print(f"  last page read as {last.page}/{last.total_pages}; {spans} spans in 20 pages")
        print(f"  mafiabot parse_topic (full records)  {ours:8.0f} posts/s")
        print(
            f"  parse_topic + extract_votes (PEFL)    {with_votes:8.0f} posts/s"
            f"  (target {TARGET_POSTS_PER_S:,}: "
            f"{'met' if with_votes >= TARGET_POSTS_PER_S else 'NOT met'})"
        )
        print(f"  … + Gambler and PEFL both             {with_both:8.0f} posts/s")
        print(f"  lxml + XPath reader                   {ref:8.0f} posts/s")
        print(f"  bare selectolax read (reference)      {bare:8.0f} posts/s")
        print(f"  mafiabot / lxml                       {ours / ref:8.2f}x")
        print(f"  mafiabot with votes / lxml            {with_votes / ref:8.2f}x")
        print(
            f"  peak Python heap: {peak_heap(stream) / 1e6:.1f} MB page by page, "
            f"{peak_heap(keep) / 1e6:.1f} MB keeping all records"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"max RSS of this process: {rss / 1024:.0f} MB")
    if not args.no_process:
        whole_process(max(1, args.process_rounds))


if __name__ == "__main__":
    main()

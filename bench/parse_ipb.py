"""IPB topic-page parsing speed on the real saved pages (fixtures/ipb/).

Run from the repository root:  python bench/parse_ipb.py [--rounds N]

Prints, per real page, the best-of-N time of `parser.ipb.parse_ipb_topic` (full records:
authors, member ids, times, text, quotes, edit notes, coloured spans) and posts per second,
plus the time of `parser.encoding.decode_html` on the raw bytes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from parser.encoding import decode_html  # noqa: E402
from parser.ipb import parse_ipb_topic  # noqa: E402


def _best(fn: object, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    print(f"{'page':<75} {'decode ms':>9} {'parse ms':>9} {'posts':>5} {'posts/s':>8}")
    for path in sorted((ROOT / "fixtures" / "ipb").glob("*/*.html")):
        data = path.read_bytes()
        html = decode_html(data)
        posts = len(parse_ipb_topic(html).posts)
        dec = _best(lambda data=data: decode_html(data), args.rounds)
        par = _best(lambda html=html: parse_ipb_topic(html), args.rounds)
        rate = posts / par if posts else 0.0
        print(f"{path.name:<75} {dec * 1000:9.1f} {par * 1000:9.1f} {posts:5d} {rate:8.0f}")


if __name__ == "__main__":
    main()

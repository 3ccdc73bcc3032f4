"""Night-letter reading speed: the corpus of tests/letters read through each sender's role.

    python bench/letters.py [--rounds N] [--first N]

Prints letters per second for a cold reader (fresh caches: the first letters of a game)
and a warm one (the word and nick caches filled, as in a running game). With `--first N`,
the first letter's latency instead: N fresh processes, each with the dictionary loaded (as
after a first poll's votes) reading the corpus's first letter, the vocabulary's index
included (read from the package's prebuilt data, or built when it does not match).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from parser import morph, nicks, vocab
from parser.letters.reader import read_letter
from parser.nicks import NickResolver
from parser.sender import SenderView, at_turn, cast_state, sender_view

LETTERS = Path(__file__).resolve().parent.parent / "tests" / "letters"


def _corpus() -> list[tuple[SenderView, str]]:
    out: list[tuple[SenderView, str]] = []
    for ruleset in ("pefl", "gambler"):
        state = cast_state(json.loads((LETTERS / f"cast_{ruleset}.json").read_text("utf-8")))
        for line in (LETTERS / f"{ruleset}.jsonl").read_text("utf-8").splitlines():
            row = json.loads(line)
            view = sender_view(at_turn(state, row.get("turn", state.turn)), row["from"])
            assert view is not None, row["from"]
            out.append((view, row["text"]))
    return out


def _round(corpus: list[tuple[SenderView, str]]) -> float:
    resolvers: dict[tuple[str, ...], NickResolver] = {}
    start = time.perf_counter()
    for view, text in corpus:
        resolver = resolvers.setdefault(view.living, NickResolver(view.living))
        read_letter(text, view, resolver=resolver)
    return time.perf_counter() - start


def _first_letter() -> float:
    """Seconds this process takes to read its first letter, the dictionary loaded."""
    view, text = _corpus()[0]
    morph.analyzer()
    morph.parse("голосую")  # the vote reader's lookups came first
    start = time.perf_counter()
    read_letter(text, view, resolver=NickResolver(view.living))
    return time.perf_counter() - start


def _first_letters(runs: int) -> None:
    import statistics
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    child = [sys.executable, "-c", "from bench import letters; print(letters._first_letter())"]
    took = [float(subprocess.check_output(child, cwd=root, text=True)) for _ in range(runs)]
    print(
        f"first letter of a fresh process: {min(took) * 1000:.0f} ms fastest, "
        f"{statistics.median(took) * 1000:.0f} ms median of {runs}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--first", type=int, help="the first letter's latency, in N processes")
    args = ap.parse_args()
    if args.first:
        _first_letters(args.first)
        return
    corpus = _corpus()
    morph.analyzer()  # loading the dictionary is a one-off, not reading
    for cache in (morph.parse, morph.lemmas, morph.common_word, vocab.lookup):
        cache.cache_clear()
    nicks.casefold_key.cache_clear()
    cold = _round(corpus)
    warm = min(_round(corpus) for _ in range(args.rounds))
    print(f"{len(corpus)} letters")
    print(f"cold: {len(corpus) / cold:8.0f} letters/s")
    print(f"warm: {len(corpus) / warm:8.0f} letters/s")


if __name__ == "__main__":
    main()

"""Night-letter reading speed: the corpus of tests/letters read through each sender's role.

    python bench/letters.py [--rounds N]

Prints letters per second for a cold reader (fresh caches: the first letters of a game)
and a warm one (the word and nick caches filled, as in a running game).
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
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

"""Per-word cost of the two readings C-3 asks of a word no player's nick is: a typo proven
by its slip (`parser.nicks.proven_typo`) and a Latin word's English pronunciations
(`parser.english.pronunciations`, the CMU Pronouncing Dictionary's data file).

    python bench/english_typo.py [--words N] [--check] [--rss]

Prints milliseconds per word, each word new to the caches (the letters' scripts cast with
its two players out; unknown Cyrillic and Latin words, typos of nicks among them):
`proven_typo` as it reads (a one-edit word looked up only when it is a player's nick form)
and with every one-edit word looked up, as it was before. With
`--check`, every word of the dictionary's file is looked up and compared with one parse of
the whole file (the readings must be identical). With `--rss`, the peak resident memory of
a fresh process that reads a Cyrillic letter (the reader warm), then one Latin-typed letter
naming a nick that is an English word (the dictionary's first use).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

LETTERS = Path(__file__).resolve().parent.parent / "tests" / "letters"

#: words no player's nick is, typed as a player would: slips of the cast's nicks, words
#: of talk, Latin words (English and not)
_CYRILLIC = (
    "лвсточку", "ласточу", "пельмнея", "ласточточку", "тимор", "лсточк", "бурвн", "щеголя",
    "метелт", "лотсоа", "громм", "воронна", "сапсна", "кобрау", "рейнджера", "найтоа",
    "каубоя", "хантира", "литера", "кнехта", "пушистика", "завхоза", "огурчика", "бармалея",
)  # fmt: skip
_LATIN = (
    "knight", "hunter", "later", "cowboy", "tiger", "maverick", "sunset", "sorry", "tonight",
    "guess", "mean", "done", "tomorrow", "doubt", "kobbra", "kobta", "vortx", "rangr",
    "huntre", "knigth", "sunsett", "cowbay", "tigger", "oscar",
)  # fmt: skip


def _resolvers() -> tuple[object, object]:
    from parser.nicks import NickResolver

    cast = json.loads((LETTERS / "cast_scripts.json").read_text("utf-8"))
    dead = list(cast["dead"])
    living = [p for p in cast["players"] if p not in dead]
    return NickResolver(living), NickResolver(dead, partial=False)


def _clear() -> None:
    from parser import english, nicks

    for name in ("pronunciations", "_phones_of", "_sound_patterns"):
        getattr(english, name).cache_clear()
    for fn in vars(nicks).values():
        if hasattr(fn, "cache_clear") and getattr(fn, "__module__", "") == "parser.nicks":
            fn.cache_clear()


class _EveryWord:
    """Stands for the cast's nick forms: every one-edit word is looked up, as before."""

    def __contains__(self, _word: object) -> bool:
        return True


def _per_word(words: int) -> None:
    from parser import english
    from parser.morph import parse
    from parser.nicks import proven_typo

    resolver, gone = _resolvers()
    english.english_word("warm")  # the file's first use apart
    for w in (*_CYRILLIC, *_LATIN):
        parse(w)  # the morphology's own caches apart
    typo: list[float] = []
    every: list[float] = []
    sound: list[float] = []
    for _ in range(words):
        _clear()
        t = time.perf_counter()
        for w in (*_CYRILLIC, *_LATIN):
            proven_typo(resolver, w, gone)  # type: ignore[arg-type]
        typo.append((time.perf_counter() - t) / (len(_CYRILLIC) + len(_LATIN)))
        # before: every one-edit word near a head looked up, nick form or not
        _clear()
        with mock.patch("parser.nicks._cast_forms", lambda _players: _EveryWord()):
            t = time.perf_counter()
            for w in (*_CYRILLIC, *_LATIN):
                proven_typo(resolver, w, gone)  # type: ignore[arg-type]
            every.append((time.perf_counter() - t) / (len(_CYRILLIC) + len(_LATIN)))
        _clear()
        t = time.perf_counter()
        for w in _LATIN:
            english.pronunciations(w)
        sound.append((time.perf_counter() - t) / len(_LATIN))
    print(
        f"proven_typo: {min(typo) * 1000:.2f} ms a word, nick forms made once a nick; "
        f"{min(every) * 1000:.2f} ms with every one-edit word looked up (best of {words})"
    )
    print(f"pronunciations: {min(sound) * 1000:.3f} ms a word (best of {words})")


def _check() -> None:
    from parser import english

    text = Path(english._path()).read_bytes()
    # each word's lines in file order, told apart as written (stress marks on), as the
    # reader has always told them apart
    table: dict[str, dict[bytes, None]] = {}
    for m in re.finditer(rb"^([a-z'][^ (\n]*)(?:\(\d+\))? ([A-Z0-9 ]+)$", text, re.MULTILINE):
        table.setdefault(m.group(1).decode(), {})[m.group(2)] = None
    wrong = 0
    for word, lines in table.items():
        found = (tuple(p.rstrip("012") for p in line.decode().split()) for line in lines)
        want = tuple(found) if re.fullmatch("[a-z][a-z']*", word) else ()
        if english.pronunciations(word) != want:
            wrong += 1
            print("differs:", word, english.pronunciations(word), want)
    print(f"checked {len(table)} words of the file: {wrong} differ")


_ONE_LETTER = """
import json, resource, sys
from parser.letters.reader import read_letter
from parser.nicks import NickResolver
from parser.sender import cast_state, sender_view
cast = json.loads(open(sys.argv[1], encoding="utf-8").read())
view = sender_view(cast_state(cast), "Kedr")
read_letter("убиваю Ворону", view)  # the reader warm: the morphology, the vocabulary
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
read_letter("ubivayu Naita segodnya", view)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(before / 1024, after / 1024)
"""


def _rss() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _ONE_LETTER, str(LETTERS / "cast_scripts.json")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    print(
        f"peak RSS: {float(out[0]):.1f} MB after a Cyrillic letter, {float(out[1]):.1f} MB "
        "after one Latin-typed letter"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--words", type=int, default=3)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--rss", action="store_true")
    args = ap.parse_args()
    if args.rss:
        _rss()
    elif args.check:
        _check()
    else:
        _per_word(args.words)


if __name__ == "__main__":
    main()

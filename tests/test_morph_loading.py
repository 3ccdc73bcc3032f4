"""The Russian dictionary's loading (`parser.morph`): built once per process, and its DAWG
files, mapped read-only instead of read into arrays, answer exactly as the library's own
loading does, over every word of the development corpora (tests/letters, tests/votes)."""

from __future__ import annotations

import json
import mmap
import re
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from parser import morph

TESTS = Path(__file__).resolve().parent
_WORD = re.compile(r"\w+(?:-\w+)*")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def corpus_words() -> list[str]:
    """Every word (and hyphenated word) of the letter and vote corpora's development files,
    lower case, sorted."""
    files = [
        *(TESTS / "letters").glob("*.json*"),
        *(TESTS / "votes").rglob("*.json*"),
    ]
    words: set[str] = set()
    for f in files:
        if "heldout" in f.parts:
            continue
        text = f.read_text("utf-8")
        docs = (
            [json.loads(line) for line in text.splitlines() if line.strip()]
            if f.suffix == ".jsonl"
            else [json.loads(text)]
        )
        for s in _strings(docs):
            for w in _WORD.findall(s):
                words.add(w.casefold())
                words.update(w.casefold().split("-"))
    words.discard("")
    return sorted(words)


def _reading(analyzer: Any, word: str) -> object:
    """Everything pymorphy3 says of `word`: each parse whole (form, tag, normal form, score,
    how it was found) and the lexeme of the best one."""
    try:
        parses = analyzer.parse(word)
    except (KeyError, ValueError) as e:
        return type(e).__name__
    out: list[object] = [
        (p.word, str(p.tag), p.normal_form, p.score, repr(p.methods_stack), p.is_known)
        for p in parses
    ]
    if parses:
        out.append([(f.word, str(f.tag)) for f in parses[0].lexeme])
    return out


def test_the_mapped_dictionary_reads_as_the_library_loads_it() -> None:
    words = corpus_words()
    assert len(words) > 2000  # the corpora, not an empty glob
    mapped = morph.analyzer()
    plain = morph._build(mapped=False)
    assert plain is not mapped
    for k, word in enumerate(words):
        if k % 97 == 0:
            morph.release_pages()  # pages given back are read again, the same
        assert _reading(mapped, word) == _reading(plain, word), word


def test_the_dawg_files_are_mapped_with_the_checked_versions_and_read_otherwise() -> None:
    morph.analyzer()
    if morph.mappable():
        views = morph._maps
        assert len(views) >= 6  # words, three prediction suffix files, the probabilities
        assert all(isinstance(v.obj, mmap.mmap) for v in views)
        units = morph.analyzer().dictionary.words.dct._units
        assert isinstance(units, memoryview) and units.format == "I"
    else:  # another DAWG reader or version: the library's own loading, nothing mapped
        assert morph._maps == []


def test_loading_is_left_as_the_library_does_it_when_the_versions_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(morph.CHECKED_VERSIONS, "dawg_python", "0.0.1")
    assert not morph.mappable()
    before = list(morph._maps)
    plain = morph._build(mapped=True)  # asks for mapping, gets the library's loading
    assert morph._maps == before
    assert type(plain.dictionary.words.dct._units).__name__ == "array"
    assert _reading(plain, "проверяю") == _reading(morph.analyzer(), "проверяю")


def test_threads_asking_at_once_build_one_analyzer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morph, "_built", [])
    monkeypatch.setattr(morph, "builds", 0)
    got: list[Any] = []
    start = threading.Barrier(6)

    def ask() -> None:
        start.wait()
        got.append(morph.analyzer())

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert morph.builds == 1
    assert len(got) == 6 and all(a is got[0] for a in got)


def test_the_dictionary_is_loaded_once_per_process_by_every_reader() -> None:
    """A fresh process reads the letters of two games (PEFL and Gambler casts), the vote
    corpus on every board, and inflects nicks for the newspaper: one analyzer for all."""
    probe = textwrap.dedent(
        """
        from parser import morph
        from parser.letters.reader import read_letter
        from mafiabot.newspaper import grammar
        from bench.letters import _corpus
        from tests.test_votes_corpus import score
        assert morph.builds == 0, "loaded at import"
        letters = _corpus()
        for view, text in letters:
            read_letter(text, view)
        score()
        grammar.inflect("Шерлок", "gent")
        print(len(letters), morph.builds)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    letters, builds = out.stdout.split()
    assert int(letters) > 500
    assert builds == "1"


def _released(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts `release_pages` calls (each appends the lookups counted so far)."""
    calls: list[int] = []
    monkeypatch.setattr(morph, "release_pages", lambda: calls.append(morph._looked_up[0]))
    monkeypatch.setattr(morph, "_looked_up", [0])
    return calls


def test_a_burst_of_lookups_gives_the_pages_back_after_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = corpus_words()[:40]
    outside = [morph.parse.__wrapped__(w) for w in words]
    calls = _released(monkeypatch)
    [morph.parse.__wrapped__(w) for w in words]
    assert len(calls) == len(words) // morph.RELEASE_EVERY  # every fourth lookup
    calls.clear()
    with morph.each_lookup_released():
        inside = [morph.parse.__wrapped__(w) for w in words]
        with morph.each_lookup_released():  # nested: still after each
            morph.forms.__wrapped__("проверить")
    assert len(calls) == len(words) + 1 + 2  # and as each block ends
    assert inside == outside  # the same readings, whatever is given back
    calls.clear()
    [morph.parse.__wrapped__(w) for w in words]  # the block over: every fourth again
    assert len(calls) == len(words) // morph.RELEASE_EVERY
    assert morph._bursts == [0]


def test_the_letter_vocabulary_is_built_giving_pages_back_after_each_lemma(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parser import vocab

    calls = _released(monkeypatch)
    monkeypatch.setattr(vocab, "forms", morph.forms.__wrapped__)  # no cached lemma
    index = vocab._build_index()  # as when the prebuilt data does not match the code
    assert morph._looked_up[0] > 200  # the vocabulary's lemmas
    assert len(calls) == morph._looked_up[0] + 1  # and as the build's block ends
    assert sorted(index.forms()) == sorted(vocab._index().forms())


def test_a_burst_gives_back_as_it_ends_what_its_last_lookup_and_its_walks_touched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a walk of the words DAWG (`dictionary_step`, the Latin-typed readings) counts no lookup;
    # what it and the block's last lookup touched is not left under the next reading
    calls = _released(monkeypatch)
    root = morph.dictionary_root()
    with morph.each_lookup_released():
        assert morph.dictionary_step(root, "провер") is not None
        assert calls == []
    assert calls == [0]
    with morph.each_lookup_released():
        morph.parse.__wrapped__("проверяю")
    assert len(calls) == 3  # before the lookup, and as the block ends


def test_the_english_dictionary_is_given_back_with_the_russian_one() -> None:
    from parser import english

    assert english.pronunciations("knight")  # maps the file
    mapped = english._text()
    assert any(m is mapped for m in morph._mapped_with)
    morph.release_pages()  # its pages given back, read again on the next search
    assert english.pronunciations.__wrapped__("knight") == english.pronunciations("knight")

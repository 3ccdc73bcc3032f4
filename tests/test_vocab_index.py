"""The move vocabulary's index of word forms (C-2) is stored compactly (`parser.vocab._Index`:
byte runs of records, no object per form); it must answer exactly what a plain dict of every
form of every lemma would: the same readings for every form, nothing for anything else, and
the same verb forms for the typo search — built from the dictionary or read from the
package's prebuilt data alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from parser import vocab
from parser.morph import forms

# the index as `vocab._index` may get it: built from the dictionary, or read from the data
_WAYS: dict[str, Callable[[], vocab._Index | None]] = {
    "built": vocab._build_index,
    "read": lambda: vocab._load_index(vocab._DATA),
}


@pytest.fixture(params=sorted(_WAYS))
def index(request: pytest.FixtureRequest) -> vocab._Index:
    got = _WAYS[request.param]()
    assert got is not None, f"the prebuilt vocabulary does not load: {vocab.REBUILD}"
    return got


def _plain() -> dict[str, set[tuple[str, frozenset[str]]]]:
    """The index as the vocabulary describes it: form → {(kind, grammemes)}."""
    kinds = [
        *vocab._LEMMAS.items(),
        ("visit", vocab._VISIT_LEMMAS),
        ("call", vocab._CALL_LEMMAS),
        ("skip", vocab._SKIP_LEMMAS),
        ("executor", vocab._EXECUTOR_LEMMAS),
    ]
    out: dict[str, set[tuple[str, frozenset[str]]]] = {}
    for kind, lemmas in kinds:
        for lemma in lemmas:
            for form, grams in forms(lemma):
                out.setdefault(form, set()).add((kind, grams))
            out.setdefault(lemma, set()).add((kind, frozenset()))
    return out


def test_C_2_every_form_reads_as_the_plain_index_and_no_other_word_does(
    index: vocab._Index,
) -> None:
    plain = _plain()
    assert len(plain) > 5000  # every form of ~270 lemmas, not a handful
    assert Counter(index.forms()) == Counter(list(plain))  # each form once
    for form, readings in plain.items():
        assert index.get(form) == vocab._word_from(tuple(readings), 1.0), form
    for other in ("", "убит\t", "\nубить", "у", "убитьь", "ubit", "дом", "проверк", "бить\n"):
        assert (index.get(other) is None) == (other not in plain), other


def test_C_2_the_typo_search_walks_the_same_verb_forms(index: vocab._Index) -> None:
    plain = _plain()
    verbish = sorted(
        form
        for form, readings in plain.items()
        if len(form) >= 5 and any(g & vocab._VERBISH for _k, g in readings)
    )
    walked = [
        form
        for n in sorted({len(f) for f in verbish})
        for first in sorted({f[0] for f in verbish})
        for form in index.verb_forms(n, first)
    ]
    assert sorted(walked) == verbish
    assert "проверяю" in walked and "проверка" not in walked
    assert list(index.verb_forms(8, "п")) == sorted(
        f for f in verbish if len(f) == 8 and f[0] == "п"
    )
    # and the typo reading itself: one letter off a verb form, as before
    assert vocab.lookup("провераю") == vocab.Word(frozenset({"check"}), vocab.TYPO_CONFIDENCE)

"""The letter reader's vocabulary ships prebuilt (`parser/vocab_forms.bin`, issue 20 item 3:
its forms read at the first letter instead of inflected through the dictionary on top of a
first poll's memory). It never goes stale silently: the shipped file must be exactly what the
build gives from today's lemma lists and the installed dictionary (else this fails, naming
the command that rebuilds it), and data that does not match the code's lemma lists is not
used at run time — the index is then built from the dictionary as without it (C-2: the same
readings either way)."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser import morph, vocab


def test_the_shipped_vocabulary_is_what_the_lemma_lists_give_now() -> None:
    built = vocab._serialised(vocab._build_index())
    shipped = vocab._DATA.read_bytes() if vocab._DATA.exists() else b""
    assert shipped == built, (
        f"{vocab._DATA.name} is not what parser/vocab.py's lemma lists and the installed "
        f"dictionary give: rebuild it with `{vocab.REBUILD}` and commit it"
    )


def test_the_data_is_the_same_whatever_order_the_lemmas_are_inflected_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = vocab._serialised(vocab._build_index())
    kinds = vocab._kinds()
    monkeypatch.setattr(
        vocab, "_kinds", lambda: [(k, frozenset(sorted(v))) for k, v in kinds[::-1]]
    )
    assert vocab._serialised(vocab._build_index()) == first


def test_reading_the_data_asks_the_dictionary_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morph, "_looked_up", [0])
    index = vocab._load_index(vocab._DATA)
    assert index is not None
    assert morph._looked_up == [0]
    assert index.get("убиваем") == vocab._build_index().get("убиваем")
    assert morph._looked_up[0] > 200  # the build does: one lookup a lemma


def test_C_2_data_for_other_lemma_lists_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lemma added in the source (an edited tree, no rebuild): the data is set aside and the
    new lemma's forms are read, as they would be with the data rebuilt."""
    lemmas = dict(vocab._LEMMAS)
    lemmas["kill"] = lemmas["kill"] | {"умертвить"}
    monkeypatch.setattr(vocab, "_LEMMAS", lemmas)
    assert vocab._load_index(vocab._DATA) is None
    index = vocab._index.__wrapped__()
    found = index.get("умертвлю")
    assert found is not None and found.actions == {"kill"}


def test_data_for_another_dictionary_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import pymorphy3_dicts_ru

    assert vocab._load_index(vocab._DATA) is not None
    monkeypatch.setattr(pymorphy3_dicts_ru, "__version__", "0.0.0")
    assert vocab._load_index(vocab._DATA) is None


@pytest.mark.parametrize("cut", ["missing", "short", "longer", "not json"])
def test_a_damaged_file_is_not_used(tmp_path: Path, cut: str) -> None:
    data = vocab._DATA.read_bytes()
    path = tmp_path / "vocab_forms.bin"
    damaged = {
        "short": data[:-1],
        "longer": data + b"x",
        "not json": b"{" + data,
    }
    if cut != "missing":
        path.write_bytes(damaged[cut])
    assert vocab._load_index(path) is None
    path.write_bytes(data)
    assert vocab._load_index(path) is not None

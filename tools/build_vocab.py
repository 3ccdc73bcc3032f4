"""Writes the letter reader's prebuilt vocabulary, `parser/vocab_forms.bin`: every form of
every lemma of `parser/vocab.py`, inflected by the installed pymorphy3 and its Russian
dictionary, in the compact index the reader keeps (`parser.vocab._serialised`).

Run it from the checkout after changing a lemma list, `Word`, or the dictionary's version::

    python -m tools.build_vocab

`tests/test_vocab_data.py` fails until the file is what this writes; a file that does not
match the code's lemma lists at run time is ignored (the index is then built from the
dictionary, as without it), so a stale file never changes a reading.
"""

from __future__ import annotations

import sys

from parser import vocab


def main() -> int:
    data = vocab._serialised(vocab._build_index())
    old = vocab._DATA.read_bytes() if vocab._DATA.exists() else b""
    if old == data:
        print(f"{vocab._DATA.name}: up to date ({len(data):,} bytes)")
        return 0
    vocab._DATA.write_bytes(data)
    print(f"{vocab._DATA.name}: written ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

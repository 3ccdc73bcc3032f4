"""The development letters as replay reads them, kept once for the whole test session.

pytest imports a test file under its own name (`test_letters_corpus`) while another test
imports it as `tests.test_letters_corpus`: two module objects, and a cache kept in that file
would be filled twice — every development letter read twice in a full run. This module is
imported under one name only, so its dict is the one both copies fill and read.
"""

from __future__ import annotations

from parser.moves import LetterRead

#: by corpus name, in the corpus's order (`tests.test_letters_corpus.replay_readings`)
READINGS: dict[str, tuple[LetterRead, ...]] = {}

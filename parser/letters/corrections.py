"""The shared correction recogniser (`parser.correction`) applied to a letter's tokens."""

from __future__ import annotations

from collections.abc import Sequence

from parser.correction import corrects
from parser.letters.tokens import Token
from parser.letters.words import CANCEL, DASHES
from parser.morph import parse
from parser.vocab import lookup


def correcting(tokens: Sequence[Token], k: int) -> bool:
    """Whether the word at `k` takes back what the letter said before it (C-2): a particle
    of correction anywhere, a noun or verb of correction by its place in its clause."""
    t = tokens[k]
    if not t.word:
        return False
    opens = k == 0 or tokens[k - 1].clause_end or tokens[k - 1].sentence != t.sentence
    before = None if opens or tokens[k - 1].raw in DASHES else tokens[k - 1].word or None
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    closes = (
        t.clause_end
        or t.raw.endswith(("—", "–", "...", "…"))
        or nxt is None
        or nxt.sentence != t.sentence
        or nxt.raw in DASHES
    )
    after = None if closes or nxt is None else nxt.word or None
    said = {u.word for u in tokens[:k]}
    top = parse(t.word)[:1]
    if after is not None and t.word in CANCEL and top and top[0].pos == "NOUN":
        found = lookup(after)
        if found is not None and found.actions:
            return True  # «Отмена проверки.»: the move itself is what it cancels
    if after is not None and t.word in CANCEL and top and top[0].pos != "NOUN":
        # «Отставить Фугаса!», «отменяю Зарницу»: a cancelling verb with the player it takes
        # back as its object takes back what was said of him (`mentions`, as after «не»)
        return before is None
    return corrects(t.word, before, after, said)

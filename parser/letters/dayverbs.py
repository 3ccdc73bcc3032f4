"""Verbs of the day's phase in a night letter (C-2, C-3): the court's jailing (G-N.4), the
day's hanging and voting (P-O.1, P-V.*). They are the players' moves by day, decided by the
table, and no night role's action: a night letter whose player is only the object of such a
verb of the sender's own («Сажаю X» from the maniac) proves none of the sender's moves —
beside a move it is talk, alone it is a question, never the role's only action inferred.
"""

from __future__ import annotations

from typing import Final

from parser.morph import parse

#: the lemmas of the day's verdicts: jailing, hanging, nominating, acquitting (a vote in a
#: night letter is the Don's election or a member's offer, read where those are); «слить»,
#: «сливать» — the table's word for pushing a player out by the day's vote («его вчера
#: хотели слить»), as a trader's for selling off: in neither sense a night move
DAY_LEMMAS: Final = frozenset(
    ("сажать", "посадить", "засадить", "садить", "вешать", "повесить", "линчевать", "осудить",
     "судить", "арестовать", "арестовывать", "выставить",
     "выставлять", "оправдать", "оправдывать", "зеленить", "номинировать", "слить",
     "сливать")
)  # fmt: skip


def day_verb(word: str) -> bool:
    """A verb (or infinitive) of the day's phase, in any form."""
    return any(p.lemma in DAY_LEMMAS and p.pos in ("VERB", "INFN") for p in parse(word)[:2])

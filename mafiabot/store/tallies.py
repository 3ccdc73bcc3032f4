"""Each phase's live tally, kept as posts arrive: a restart and an idle tick read it back in one
statement instead of reading the turn's posts again (`mafiabot.daemon.tally`).

A kept tally stands for the phase's posts up to the board id `through`; a later post is read
on from it. A revision stored after it was kept for a post at or below `through` — an edit of
a post it has read, or a post seen late below it — voids it: `kept_tally` answers None, and
the next reading starts again from the phase's first post. Storing posts costs nothing for
it; the look is one indexed probe of the revisions stored since, when the tally is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import sqlalchemy as sa

from mafiabot.store.codec import JsonObject
from mafiabot.store.database import Database
from mafiabot.store.posts import insert_many, record_value
from mafiabot.store.tables import PostRevision, PostRow, TallyRejectionRow, TallyRow

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: the refused votes `keep_tally` encodes and inserts in one statement
REJECTIONS_AT_ONCE = 500


@dataclass(frozen=True, slots=True)
class KeptTally:
    """A phase's tally as kept: see `TallyRow` (the refused votes are read apart, when asked
    for: `Store.tally_rejections`)."""

    topic_id: int
    key: str
    through: int | None
    kind: str
    votes: list[JsonObject] = field(default_factory=list)
    agreed: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class TallyStore(Database):
    """Live tallies and the votes they refused."""

    def kept_tally(self, game_id: int, tag: str) -> KeptTally | None:
        """The phase's kept tally, None when there is none or a later revision voids it."""
        t = TallyRow.__table__  # type: ignore[attr-defined]
        posts_t = PostRow.__table__  # type: ignore[attr-defined]
        revs_t = PostRevision.__table__  # type: ignore[attr-defined]
        voided = sa.exists().where(
            revs_t.c.id > sa.func.coalesce(t.c.revisions_through, 0),
            posts_t.c.id == revs_t.c.post_id,
            posts_t.c.game_id == t.c.game_id,
            posts_t.c.topic_id == t.c.topic_id,
            posts_t.c.board_id <= t.c.through,
        )
        q = sa.select(
            t.c.topic_id,
            t.c.key,
            t.c.through,
            t.c.kind,
            t.c.votes,
            t.c.agreed,
            t.c.notes,
            voided.label("voided"),
        ).where(t.c.game_id == game_id, t.c.tag == tag)
        with self.engine.connect() as conn:
            row = conn.execute(q).first()
        if row is None or row.voided:
            return None
        return KeptTally(
            topic_id=row.topic_id,
            key=row.key,
            through=row.through,
            kind=row.kind,
            votes=list(row.votes or ()),
            agreed={int(k): str(v) for k, v in (row.agreed or {}).items()},
            notes=[str(n) for n in row.notes or ()],
        )

    def keep_tally(
        self,
        game_id: int,
        tag: str,
        tally: KeptTally,
        rejected: Sequence[JsonObject | DataclassInstance],
        *,
        read_on_from: KeptTally | None = None,
    ) -> bool:
        """Keep `tally`, with the votes it refused (each as JSON or as the reader's record,
        which the store encodes: `record_value`). `read_on_from`: the kept tally it was read
        on from, whose refusals stay and get `rejected` added — kept only if that one still
        stands as it was read (False otherwise: a tick elsewhere moved it on, or an edit
        voided it; the next reading sees what stands). Without it, `tally` replaces whatever
        the phase kept."""
        t = TallyRow.__table__  # type: ignore[attr-defined]
        r = TallyRejectionRow.__table__  # type: ignore[attr-defined]
        revs_t = PostRevision.__table__  # type: ignore[attr-defined]
        values = {
            # every revision stored so far has been read (or is above `through`)
            "revisions_through": sa.select(sa.func.max(revs_t.c.id)).scalar_subquery(),
            "topic_id": tally.topic_id,
            "key": tally.key,
            "through": tally.through,
            "kind": tally.kind,
            "votes": tally.votes,
            "agreed": {str(k): v for k, v in tally.agreed.items()},
            "notes": tally.notes,
        }
        mine = sa.and_(t.c.game_id == game_id, t.c.tag == tag)
        with self.engine.begin() as conn:
            if read_on_from is not None:
                was = read_on_from
                stands = sa.and_(
                    mine,
                    t.c.key == was.key,
                    t.c.through.is_(None) if was.through is None else t.c.through == was.through,
                )
                moved_on = conn.execute(sa.update(t).where(stands).values(**values))
                if moved_on.rowcount != 1:
                    return False
                tally_id = conn.execute(sa.select(t.c.id).where(mine)).scalar_one()
            else:
                tally_id = conn.execute(sa.select(t.c.id).where(mine)).scalar()
                if tally_id is None:
                    tally_id = conn.execute(
                        sa.insert(t).values(game_id=game_id, tag=tag, **values).returning(t.c.id)
                    ).scalar_one()
                else:
                    conn.execute(sa.update(t).where(t.c.id == tally_id).values(**values))
                    conn.execute(sa.delete(r).where(r.c.tally_id == tally_id))
            if rejected:
                # a first read refuses thousands of votes (every later one a change): each
                # record encoded once and inserted by an executemany at the driver, a few
                # hundred at a time, so that no more than those are held encoded at once
                dialect = conn.dialect
                for k in range(0, len(rejected), REJECTIONS_AT_ONCE):
                    insert_many(
                        conn,
                        r,
                        ("tally_id", "record"),
                        [
                            (tally_id, record_value(dialect, x))
                            for x in rejected[k : k + REJECTIONS_AT_ONCE]
                        ],
                    )
        return True

    def tally_rejections(self, game_id: int, tag: str) -> list[JsonObject]:
        """The votes the phase's kept tally refused, in reading order."""
        t = TallyRow.__table__  # type: ignore[attr-defined]
        r = TallyRejectionRow.__table__  # type: ignore[attr-defined]
        q = (
            sa.select(r.c.record)
            .join(t, t.c.id == r.c.tally_id)
            .where(t.c.game_id == game_id, t.c.tag == tag)
            .order_by(r.c.id)
        )
        with self.engine.connect() as conn:
            return [rec for (rec,) in conn.execute(q) if rec is not None]

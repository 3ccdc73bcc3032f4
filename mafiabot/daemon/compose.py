"""Outbox composition: the rows a deadline (or the start) sends — the newspaper, the court
topic, each player's PM, the host's report, the final post — rendered from the engine's
events and what the store knew (`Facts`, gathered before anything is rendered).

A `Composer` holds the game's config, rule set and renderer and no store: nothing here reads
or writes. The caller commits the rows with the turn, and the poster sends them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from engine import Event, GameState, RuleSet
from engine import events as ev
from engine.actions import InputRejected, Vote
from mafiabot import keys
from mafiabot.config import Config
from mafiabot.keys import OutboxKind, TurnTag
from mafiabot.newspaper.chart import vote_chart
from mafiabot.newspaper.host_words import Nick, Turn, note
from mafiabot.newspaper.links import board_links
from mafiabot.newspaper.view import event_dict
from mafiabot.newspaper.words import failure_ru, outbox_kind_ru, turn_word
from mafiabot.store.codec import JsonObject, to_json
from poster.outbox import OutboxKey, OutboxRow

if TYPE_CHECKING:
    from mafiabot.newspaper.render import Renderer


@dataclass(frozen=True, slots=True)
class Facts:
    """What the messages of a deadline print that only the store knows, read once before
    any of them is rendered."""

    game_id: int
    #: seat → the board account that plays it (where the seat's PMs go, C-6)
    accounts: Mapping[str, str] = field(default_factory=dict)
    #: the host's notes raised in the turn, in the order raised
    flags: tuple[str, ...] = ()
    #: those of the notes a report of the turn has carried already
    reported: frozenset[str] = frozenset()
    #: the host overrides recorded for the turn (their descriptions)
    overrides: tuple[str, ...] = ()
    #: every counted vote of the game's closed phases, in order (the final post's record)
    vote_record: tuple[JsonObject, ...] = ()
    #: the deal's proof, printed by the final post
    salt: str = ""
    commitment: str = ""

    def account(self, nick: str) -> str:
        return self.accounts.get(nick, nick)


def event_row(e: Event) -> tuple[str, str, JsonObject]:
    """An event as the store keeps it: (kind, audience, payload)."""
    d = event_dict(e)
    return (e.kind, str(e.audience), to_json(d))


def counted_votes(turn: int, votes: Sequence[Vote], events: Sequence[Event]) -> list[JsonObject]:
    """The phase's votes the engine counted, as the newspaper's vote record takes them (and as
    the store keeps them for the final post): the parser's accepted votes without those
    the engine ignored (a dead or beaten voter …)."""
    ignored = [(e.nick, e.post_id) for e in events if isinstance(e, ev.VoteIgnored)]
    out: list[JsonObject] = []
    for v in votes:
        if any(n == v.voter and p in (None, v.post_id) for n, p in ignored):
            continue
        out.append(
            {
                "turn": turn,
                "voter": v.voter,
                "target": v.target,
                "kind": v.kind,
                "post_id": v.post_id,
                "at": v.at.isoformat() if v.at else None,
                "agreed_with": v.agreed_with,
            }
        )
    return out


def game_votes(kept: Mapping[str, Sequence[JsonObject]]) -> list[JsonObject]:
    """Every counted vote of the game's closed phases, in order: `kept` maps a phase's
    `TurnTag` to the votes it counted (`Store.vote_records`, written at each deadline)."""
    ordered = sorted(kept.items(), key=lambda item: TurnTag.parse(item[0]).order())
    return [v for _tag, vs in ordered for v in vs]


@dataclass(frozen=True, slots=True)
class Composer:
    """The game's voice: its config, rule set and renderer — everything a message is made
    of besides the data handed to it."""

    cfg: Config
    rules: RuleSet
    renderer: Renderer
    # the board's engine as the client found it (`links.board_engine`), for `auto` boards
    board_found: str = ""

    def turn_outbox(
        self,
        facts: Facts,
        before: GameState,
        after: GameState,
        events: Sequence[Event],
        rejected: Sequence[InputRejected],
        notes: Sequence[str],
        deadline: datetime,
        next_deadline: datetime | None,
        votes: Sequence[JsonObject] = (),
    ) -> list[OutboxRow]:
        """Everything the closing of `before`'s phase sends. `votes`: the phase's counted
        votes (`counted_votes`), printed as who voted for whom; `notes`: the host notes the
        turn's assembly made."""
        cfg = self.cfg
        gid = facts.game_id
        turn, phase = before.turn, before.phase
        tz = cfg.board.tz
        rows: list[OutboxRow] = []
        # a rehearsal's hour is a minute, like every other span of its calendar
        last_word = (
            deadline + cfg.game.hour * cfg.game.last_word_hours if self.rules.last_word else None
        )
        paper = self.renderer.newspaper(
            ruleset=self.rules,
            game_name=cfg.game.name,
            turn=turn,
            phase=phase,
            events=events,
            next_deadline=next_deadline,
            tz=tz,
            announce_check_roles=cfg.rules.announce_check_roles,
            last_word_until=last_word,
            clans={p.nick: p.clan for p in after.players if not p.alive},
            votes=votes,
            # the votes the bot did not count, named with why (P-V.5)
            rejected=[*rejected, *(e for e in events if isinstance(e, ev.VoteIgnored))],
            genders=cfg.game.genders,
            kill_stories=cfg.rules.kill_stories,
        )
        chart = None
        if cfg.newspaper.vote_chart:  # the day's vote flow as a PNG on the same post
            chart = vote_chart(votes, game_name=cfg.game.name, turn=turn, phase=phase, tz=tz)
        rows.append(
            OutboxRow(
                key=keys.key(gid, turn, keys.paper(phase, self.rules.ends_turn(phase))),
                channel="topic",
                topic_id=cfg.game.topic,
                text=paper,
                attachment=chart,
            )
        )
        # a host-named court_topic wins over court_forum
        court_forum = None if cfg.game.court_topic else cfg.game.court_forum
        if court_forum and after.nominees and self.rules.court_votes(after.phase):
            # G-N.3/G-N.4: the bot opens the day's court topic; the outbox records its
            # id (board_ids[0]) and the court votes are read there
            subject, text = self.renderer.court_topic(
                game_name=cfg.game.name,
                turn=turn,
                nominees=after.nominees,
                deadline=next_deadline,
                tz=tz,
            )
            rows.append(
                OutboxRow(
                    key=keys.key(gid, turn, keys.COURT_TOPIC),
                    channel="newtopic",
                    topic_id=court_forum,
                    subject=subject,
                    text=text,
                )
            )
        rows += self.player_pms(
            facts, turn, events, kind=keys.phase_pms(phase), state=after, deadline=next_deadline
        )
        unreported = [f for f in [*facts.flags, *notes] if f not in facts.reported]
        rows.append(
            self.host_report_row(
                facts,
                turn,
                keys.host_report(phase),
                events,
                rejected=rejected,
                notes_for_host=unreported,
            )
        )
        if after.over:
            rows.append(self.final_post(facts, after, turn, votes))
        return rows

    def final_post(
        self, facts: Facts, after: GameState, turn: int, votes: Sequence[JsonObject]
    ) -> OutboxRow:
        """The game's last post: the winner, every role, the deal's proof and the whole
        game's vote record (earlier phases as stored, and this one)."""
        cfg = self.cfg
        return OutboxRow(
            key=keys.key(facts.game_id, turn, keys.FINAL),
            channel="topic",
            topic_id=cfg.game.topic,
            text=self.renderer.final_post(
                ruleset=self.rules,
                game_name=cfg.game.name,
                winner=after.winner,
                seats=[(p.nick, p.role, p.clan) for p in after.players],
                seed=cfg.game.seed,
                salt=facts.salt,
                commitment=facts.commitment,
                vote_record=[*facts.vote_record, *votes],
                tz=cfg.board.tz,
            ),
        )

    def player_pms(
        self,
        facts: Facts,
        turn: int,
        events: Sequence[Event],
        *,
        kind: OutboxKind,
        state: GameState | None = None,
        deadline: datetime | None = None,
    ) -> list[OutboxRow]:
        """One PM per player with everything the engine told him (role, allies, checks).
        `state`: the game as the PMs leave it — the living players, whose nicks the role
        PM's examples use, and each player's clan mates; `deadline`: the next one."""
        by_nick: dict[str, list[Event]] = {}
        for e in events:
            if e.audience.kind == "player" and e.audience.nick:
                if isinstance(e, ev.MoveAccepted | ev.MoveRejected):
                    continue  # answered on arrival already
                by_nick.setdefault(e.audience.nick, []).append(e)
        cfg = self.cfg
        return [
            OutboxRow(
                key=keys.key(facts.game_id, turn, kind, nick),
                channel="pm",
                subject=f"{cfg.game.name}: {turn_word(self.rules)} {turn}",
                text=self.renderer.player_pm(
                    ruleset=self.rules,
                    game_name=cfg.game.name,
                    nick=nick,
                    turn=turn,
                    events=evs,
                    players=state.living_nicks() if state is not None else (),
                    deadline=deadline,
                    tz=cfg.board.tz,
                    settings=cfg.rules,
                    clan=self._mates(state, nick),
                ),
                recipients=(facts.account(nick),),
            )
            for nick, evs in by_nick.items()
        ]

    def _mates(self, state: GameState | None, nick: str) -> tuple[str, ...]:
        """`nick`'s living mafia mates (none: not a mafioso, or no state to ask)."""
        if state is None or state.player(nick) is None:
            return ()
        return self.rules.letter_mates(state, nick)

    def failure_notice(
        self, game_id: int, refused: OutboxKey, error: str, text: str
    ) -> tuple[str, OutboxRow | None]:
        """A message the board refused for good: the line the host's views show («не
        отправлено: газета, ход 3 — …») and a PM to the host with its `text`, to post or
        forward by hand (None when the refused message is such a notice itself)."""
        what = outbox_kind_ru(refused.kind)
        host = host_recipient(self.cfg)
        line = note(
            "refused" if refused.recipient in (keys.TOPIC, host) else "refused_to",
            self.rules,
            what=what,
            to=Nick(refused.recipient),
            turn=Turn(refused.turn),
            why=failure_ru(error),
        )
        if keys.is_failure_notice(refused.kind):
            return line, None
        notice = OutboxRow(
            key=keys.key(game_id, refused.turn, keys.failure_notice(refused), host),
            channel="pm",
            subject=note("refused_subject", self.rules, game=self.cfg.game.name, what=what),
            text=self.renderer.failure_notice(
                what=what,
                turn=refused.turn,
                recipient=None if refused.recipient == keys.TOPIC else refused.recipient,
                why=failure_ru(error),
                text=text,
                ruleset=self.rules,
            ),
            recipients=(host,),
        )
        return line, notice

    def host_report_row(
        self,
        facts: Facts,
        turn: int,
        kind: OutboxKind,
        events: Sequence[Event],
        *,
        rejected: Sequence[InputRejected] = (),
        notes_for_host: Sequence[str] = (),
        notes: Sequence[str] = (),
    ) -> OutboxRow:
        """The host's PM for a turn (or the deal): events, refused votes, flags, overrides."""
        cfg = self.cfg
        host = host_recipient(cfg)
        return OutboxRow(
            key=keys.key(facts.game_id, turn, kind, host),
            channel="pm",
            subject=note("report_subject", self.rules, game=cfg.game.name, turn=Turn(turn)),
            text=self.renderer.host_report(
                game_name=cfg.game.name,
                turn=turn,
                events=events,
                rejected=[
                    {
                        "author": r.author,
                        "reason": r.reason,
                        "detail": r.detail,
                        "post_id": r.post_id,
                        "target": r.target,
                    }
                    for r in rejected
                ],
                flags=list(notes_for_host),
                overrides=list(facts.overrides),
                notes=list(notes),
                ruleset=self.rules,
                links=board_links(cfg.board.url, cfg.board.kind, self.board_found),
            ),
            recipients=(host,),
        )


def host_recipient(cfg: Config) -> str:
    """Where the host's reports go: the first host nick, else the bot's own account."""
    return cfg.game.host_nicks[0] if cfg.game.host_nicks else cfg.board.username

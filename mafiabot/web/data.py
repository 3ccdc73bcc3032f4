"""One game's dashboard page as data, read from the store (read-only queries only).

The live tally and "who has not acted" come from the daemon's read model (`status`, `tally`
over a board-less shell, as `mafiabot status` uses), so the dashboard counts exactly as the
deadline will; everything else (roles, letters and how
the bot read them, replies, flags, events, outbox) is read straight from the store's rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.actions import Vote
from engine.state import GameState
from engine.words_ru import ACTION_WORDS
from mafiabot import keys
from mafiabot.bootstrap import read_model
from mafiabot.config import Config
from mafiabot.daemon.context import Shell
from mafiabot.daemon.status import status
from mafiabot.daemon.tally import tally
from mafiabot.newspaper.chart import Flow, flow_chart_svg, flow_from_votes, vote_flow
from mafiabot.newspaper.host import audience_ru, host_line
from mafiabot.newspaper.host_words import (
    error_word,
    exit_word,
    labels,
    move_status_word,
    outbox_kind_word,
    outbox_status_word,
    phase_word,
    reject_word,
    ruleset_word,
    status_word,
    vote_kind_word,
    when_word,
    winner_word,
)
from mafiabot.newspaper.links import board_links
from mafiabot.newspaper.words import NICK_MATCH_RU, refusal_ru, role_label
from mafiabot.store import Store
from mafiabot.store.tables import Game
from parser.nicks import NickResolver

#: at most this many snapshots of a Gambler day's votes (each is one recount)
MAX_SNAPSHOTS = 40
#: the event log shows the latest turns' events, newest turn first
EVENT_TURNS = 3

_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)


@dataclass
class GameSource:
    """A hosted game as the dashboard sees it: its config and its (already open) store."""

    cfg: Config
    store: Store
    #: the game's own clock when it is not the wall clock (a replayed or recorded game)
    clock: Callable[[], datetime] | None = None
    _shell: Shell | None = None
    _flow_cache: dict[tuple[Any, ...], Flow] = field(default_factory=dict)

    @property
    def shell(self) -> Shell:
        # the game's shell with a client that never reaches the board: reads only
        if self._shell is None:
            self._shell = read_model(self.cfg, self.store)
        return self._shell

    def game(self) -> Game | None:
        return self.store.find_game(self.cfg.game.topic)


def countdown(deadline: datetime | None, now: datetime, lang: str = "ru") -> str:
    """«2 ч 05 мин» until the deadline; «дедлайн прошёл» once it is past (English: «2 h 05
    min», «deadline passed»)."""
    if deadline is None:
        return ""
    en = lang == "en"
    left = int((deadline - now).total_seconds())
    if left <= 0:
        return "deadline passed" if en else "дедлайн прошёл"
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    out = f"{hours} h {minutes:02d} min" if en else f"{hours} ч {minutes:02d} мин"
    return f"{days} {'d' if en else 'д'} {out}" if days else out


def _snapshot(votes: Sequence[Vote]) -> dict[str, str]:
    return {v.voter: v.target for v in votes if v.kind != "self"}


def day_flow(src: GameSource, g: Game, state: GameState, now: datetime) -> Flow:
    """The current phase's vote flow. Where the first vote counts it never changes (PEFL
    reds, P-V.3): the cast times make the flow. Where the last one counts (Gambler greens and
    court votes, G-N.1/G-N.4) the tally is recounted as it stood at the times posts arrived (at
    most MAX_SNAPSHOTS of them), so a switch shows."""
    sh = src.shell
    if sh.rules.vote_order == "first":
        _k, votes, _r, _f = tally(sh, g, state, None)
        return flow_from_votes([(v.at, v.voter, v.target) for v in votes if v.at is not None])
    posts = src.store.posts(g.id, turn=state.turn)
    times = sorted({p.posted_at for p in posts if p.posted_at is not None and p.posted_at <= now})
    key = (g.id, state.turn, state.phase, len(posts), times[-1] if times else None)
    if key in src._flow_cache:
        return src._flow_cache[key]
    if len(times) > MAX_SNAPSHOTS:
        step = len(times) / MAX_SNAPSHOTS
        times = [times[int(i * step)] for i in range(MAX_SNAPSHOTS - 1)] + [times[-1]]
    snaps = [(t, _snapshot(tally(sh, g, state, t)[1])) for t in times]
    flow = vote_flow([s for s in snaps if s[1]] or snaps)
    src._flow_cache = {key: flow}
    return flow


_WORD = re.compile(r"[^\s,.;:!?«»\"()]+")


def nick_confidence(text: str, nick: str, resolver: NickResolver) -> tuple[str, float] | None:
    """How surely `nick` is named in a letter: the best (tier, confidence) of the resolver over
    the letter's runs of one to four words that resolve to him — a host's hint where a target
    was read from a case form, a transliteration or a fuzzy match rather than written as is."""
    words = _WORD.findall(text)
    best: tuple[str, float] | None = None
    for i in range(len(words)):
        for n in range(1, 5):
            if i + n > len(words):
                break
            m = resolver.resolve(" ".join(words[i : i + n]), inflected=True)
            if m.ok and m.nick == nick and (best is None or m.confidence > best[1]):
                best = (m.method, m.confidence)
    return best


def _letters(src: GameSource, g: Game, state: GameState) -> list[dict[str, Any]]:
    """The turn's PMs with the moves the bot read from them, how surely each target was read,
    and the reply it queued."""
    turn = state.turn
    tz = src.cfg.board.tz
    lang = src.cfg.game.host_language
    links = board_links(src.cfg.board.url, src.cfg.board.kind, g.board_kind)
    texts = {pm.board_id: pm.text for pm in src.store.pms(g.id) if pm.turn == turn}
    resolver = NickResolver([p.nick for p in state.players])
    moves: dict[int | None, list[dict[str, Any]]] = {}
    for m in src.store.moves(g.id, turn):
        reason = refusal_ru(m.reason)[0] if m.reason else ""
        # the reader's own confidence, stored with the move; a move stored before it was
        # kept gets the per-target guess from the letter's words instead
        read: dict[str, str] = {}
        if m.confidence is None:
            text = texts.get(m.pm_board_id or -1, "")
            for t in m.targets or []:
                how = nick_confidence(text, t, resolver)
                read[t] = f"{_matched(lang, how[0])}, {how[1]:.2f}" if how else "?"
        moves.setdefault(m.pm_board_id, []).append(
            {
                "action": ACTION_WORDS.get(m.action, "ход"),
                "targets": list(m.targets or []),
                "confidence": "" if m.confidence is None else f"{m.confidence:.2f}",
                "read": read,
                "executor": m.executor,
                "status": m.status,
                "status_word": move_status_word(lang, m.status),
                "reason": reason,
            }
        )
    replies = {r.key.kind: r for r in src.store.outbox(g.id).all() if r.key.turn == turn}
    out = []
    for pm in src.store.pms(g.id):
        if pm.turn != turn:
            continue
        reply = replies.get(keys.reply(pm.board_id))
        out.append(
            {
                "id": pm.board_id,
                "url": links.pm(pm.board_id) if links else None,
                "sender": pm.sender,
                "when": when_word(lang, pm.sent_at, tz),
                "text": pm.text,
                "moves": moves.get(pm.board_id, []),
                "handled": pm.handled,
                "reply": reply.text if reply else "",
                "reply_status": reply.status if reply else "",
                "reply_status_word": outbox_status_word(lang, reply.status) if reply else "",
            }
        )
    return out


def _matched(lang: str, method: str) -> str:
    return method if lang == "en" else NICK_MATCH_RU.get(method, "иначе")


def _events(src: GameSource, g: Game, turn: int) -> list[dict[str, Any]]:
    lang = src.cfg.game.host_language
    rows = [e for e in src.store.events(g.id) if e.turn > turn - EVENT_TURNS]
    out = []
    for e in sorted(rows, key=lambda e: (-e.turn, e.seq)):
        d: Mapping[str, Any] = {"kind": e.kind, "audience": e.audience, **(e.payload or {})}
        out.append(
            {
                "turn": e.turn,
                "audience": e.audience if lang == "en" else audience_ru(e.audience),
                "kind": e.kind,
                "text": host_line(g.ruleset, d),
            }
        )
    return out


def _outbox(src: GameSource, g: Game) -> list[dict[str, Any]]:
    lang = src.cfg.game.host_language
    links = board_links(src.cfg.board.url, src.cfg.board.kind, g.board_kind)
    rows = src.store.outbox(g.id).all()
    return [
        {
            "turn": r.key.turn,
            "kind": r.key.kind,
            "what": outbox_kind_word(lang, r.key.kind),
            "recipient": r.key.recipient,
            "channel": r.channel,
            "status": r.status,
            "status_word": outbox_status_word(lang, r.status),
            "error": error_word(lang, r.error) if r.error else "",
            "subject": r.subject,
            "text": r.text,
            "parts": len(r.board_ids),
            # where it is on the board (a post in a topic; PMs: the sent folder's number)
            "url": links.post(r.board_ids[0])
            if links and r.board_ids and r.channel != "pm"
            else None,
        }
        for r in reversed(rows)
    ]


def game_view(src: GameSource, now: datetime) -> dict[str, Any]:
    """Everything the game's page shows (host-only data included: the page is behind the
    access token), in the host's language (`[game] host_language`), times in board time."""
    cfg = src.cfg
    tz = cfg.board.tz
    lang = cfg.game.host_language
    if src.clock is not None:
        now = src.clock()
    g = src.game()
    base: dict[str, Any] = {
        "name": cfg.game.name,
        "ruleset": cfg.game.ruleset,
        "ruleset_word": ruleset_word(lang, cfg.game.ruleset),
        "topic": cfg.game.topic,
        "topic_url": _topic_url(cfg),
        "say": labels(lang),
        "lang": lang,
        "updated": when_word(lang, now, tz),
    }
    if g is None or g.state is None or g.id is None:
        status_code = "registration" if g is None else g.status
        return {
            **base,
            "started": False,
            "status": status_code,
            "status_word": status_word(lang, status_code),
            "start": when_word(lang, cfg.game.start, tz),
            "countdown": countdown(cfg.game.start, now, lang),
            "failed": [],
        }
    st = status(src.shell, now)
    state = src.shell.state(g)
    kind = str(st.get("vote_kind") or "")
    flow = day_flow(src, g, state, now) if kind and g.status != "over" else None
    chart = ""
    if flow is not None and flow.series:  # no votes yet: no empty plot
        chart = _SCRIPT.sub("", flow_chart_svg(flow, tz))
    flags = [f.text for f in src.shell.store.host_flags(g.id, state.turn)]
    return {
        **base,
        "started": True,
        "status": g.status,
        "status_word": status_word(lang, g.status),
        "turn": state.turn,
        "phase": state.phase,
        "phase_word": phase_word(lang, cfg.game.ruleset, state.turn, state.phase),
        "deadline": when_word(lang, g.deadline, tz),
        "countdown": countdown(g.deadline, now, lang),
        "vote_kind": kind,
        "vote_kind_word": vote_kind_word(lang, kind),
        "tally": [
            {"target": t, "count": len(vs), "voters": list(vs)} for t, vs in st["tally"].items()
        ],
        "rejected": [{**r, "why": reject_word(lang, r["reason"])} for r in st.get("rejected", [])],
        "not_posted": st.get("not_posted", []),
        "not_voted": st.get("not_voted", []),
        "not_moved": st.get("not_moved", []),
        "chart": chart,
        "switches": [
            {
                "when": when_word(lang, s.at, tz),
                "voter": s.voter,
                "old": s.old,
                "new": s.new,
            }
            for s in (flow.switches if flow else ())
        ],
        "players": [
            {
                "nick": p.nick,
                "role": role_label(src.shell.rules, p.role, p.clan),
                "alive": p.alive,
                "out": exit_word(lang, p.out_by),
                "out_turn": p.out_turn,
            }
            for p in state.players
        ],
        "letters": _letters(src, g, state),
        "flags": flags,
        "failed": st.get("failed", []),
        "events": _events(src, g, state.turn),
        "outbox": _outbox(src, g),
        "pending": st.get("pending_messages", 0),
        "winner": g.winner,
        "winner_word": winner_word(lang, g.winner),
    }


def _topic_url(cfg: Config) -> str | None:
    """The game topic on the board, where its engine is known."""
    base = cfg.board.url if cfg.board.url.endswith("/") else cfg.board.url + "/"
    if cfg.board.kind == "phpbb":
        return f"{base}viewtopic.php?t={cfg.game.topic}"
    if cfg.board.kind == "ipb":
        return f"{base}index.php?showtopic={cfg.game.topic}"
    return None

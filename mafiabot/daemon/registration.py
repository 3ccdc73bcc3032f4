"""Before the game: sign-ups from the registration topic; at the start: the deal (seeded), the
role PMs, the start post with the SHA-256 commitment, and the host's deal report."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import datetime

from engine.dealing import deal
from engine.state import Seat
from mafiabot.daemon import compose, flags
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import read_topic_page
from mafiabot.newspaper.proof import commitment
from mafiabot.newspaper.words import role_label
from mafiabot.store.codec import to_json
from mafiabot.store.tables import Game
from parser.identity import nick_key
from poster.outbox import OutboxKey, OutboxRow

log = logging.getLogger("mafiabot.daemon")


def read_registrations(sh: Shell, g: Game) -> list[str]:
    """Sign-ups (Gambler B.2 style): every non-host author of the registration topic, in the
    order of their first post; banned players (P-B.1) are refused by PM."""
    cfg = sh.cfg
    if cfg.game.players or cfg.game.registration_topic is None:
        return list(cfg.game.players)
    topic = cfg.game.registration_topic
    pages = sh.client.read_topic_pages(topic)
    nicks: list[str] = []
    keys: dict[str, str] = {}  # nick_key -> the sign-up that holds it
    for fetch in pages:
        page = read_topic_page(sh, fetch.raw.html, None)
        for post in page.posts:
            if sh.is_host(post.author) or post.deleted:
                continue
            first = keys.get(nick_key(post.author))
            if first is not None:
                if first.casefold() != post.author.casefold():  # one account up to case
                    # two accounts whose names read the same cannot both be seated: votes
                    # and letters naming one would be the other's too
                    flags.flag(
                        sh.store,
                        g,
                        0,
                        f"запись {post.author} (сообщение {post.id}) не принята: ник читается "
                        f"так же, как у записавшегося раньше {first}",
                    )
                continue
            keys[nick_key(post.author)] = post.author
            ban = sh.store.ban(post.author, current_game=g.id)
            if ban is not None:
                sh.outbox(g).add(
                    OutboxRow(
                        key=OutboxKey(str(g.id), 0, "registration_refused", post.author),
                        channel="pm",
                        subject=f"{cfg.game.name}: запись",
                        text=(
                            f"{post.author}, запись не принята: за удаления из прошлых игр "
                            f"вы пропускаете ещё {ban.games_left} игр(ы) (P-B.1)."
                        ),
                        recipients=(post.author,),
                    )
                )
                continue
            nicks.append(post.author)
    return nicks


def start(sh: Shell, g: Game, now: datetime, salt: Callable[[], str]) -> None:
    """Deal, seat the players and queue the start post, role PMs and the deal report."""
    cfg = sh.cfg
    nicks = read_registrations(sh, g)
    seed = cfg.game.seed
    if cfg.game.cast:
        seats = tuple(Seat(n, *cfg.game.cast[n]) for n in nicks if n in cfg.game.cast)
    else:
        seats = deal(sh.rules, nicks, random.Random(seed))
    state = sh.rules.new_game(seats)
    intro = sh.rules.introductions(state)
    drawn = salt()
    triples = [(s.nick, s.role, s.clan) for s in seats]
    commit = commitment(triples, seed, drawn)
    deadline = sh.deadline_for(state.turn, state.phase)
    key = str(g.id)
    # the role PMs are queued (and so sent) before the start post that says they went out
    rows = compose.player_pms(sh, g, state.turn, intro, kind="role")
    rows.append(
        OutboxRow(
            key=OutboxKey(key, state.turn, "start", "topic"),
            channel="topic",
            topic_id=cfg.game.topic,
            text=sh.renderer.start_post(
                ruleset=cfg.game.ruleset,
                game_name=cfg.game.name,
                players=nicks,
                commitment=commit,
                first_deadline=deadline,
                tz=sh.tz,
                token=g.token,
            ),
        )
    )
    rows.append(
        compose.host_report_row(
            sh,
            g,
            state.turn,
            "deal_report",
            intro,
            notes=[f"{n} — {role_label(cfg.game.ruleset, r, c)}" for n, r, c in triples],
        )
    )
    sh.store.add_players(g.id, nicks)
    for s in seats:
        sh.store.update_player(g.id, s.nick, role=s.role, clan=s.clan)
    sh.players_changed()
    sh.store.commit_turn(
        g.id,
        turn=state.turn,
        state=to_json(state),
        events=[compose.event_row(e) for e in intro],
        outbox=[sh.stamp(g, r) for r in rows],
        game_values={
            "status": "running",
            "turn": state.turn,
            "deadline": deadline,
            "salt": drawn,
            "commitment": commit,
        },
        now=now,
    )
    log.info("game started: %d players, first deadline %s", len(nicks), deadline)

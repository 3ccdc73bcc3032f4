"""Before the game: sign-ups from the registration topic; at the start: the deal (seeded), the
role PMs, the start post with the SHA-256 commitment, and the host's deal report."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import datetime

from engine.dealing import deal
from engine.state import Seat
from mafiabot import keys
from mafiabot.daemon import flags
from mafiabot.daemon.compose import Facts, event_row
from mafiabot.daemon.context import Shell
from mafiabot.daemon.ingest import page_of
from mafiabot.newspaper.host_words import Nick, note
from mafiabot.newspaper.proof import commitment
from mafiabot.newspaper.words import SIGNUP_BANNED_SUBJECT_RU, role_label, signup_banned_ru
from mafiabot.store.codec import to_json
from mafiabot.store.tables import Game
from parser.identity import nick_key
from poster.outbox import OutboxRow

log = logging.getLogger("mafiabot.daemon")


def read_registrations(sh: Shell, g: Game) -> list[str]:
    """Sign-ups (Gambler B.2 style): every non-host author of the registration topic, in the
    order of their first post; banned players (P-B.1) are refused by PM."""
    return list(signups(sh, g))


def signups(sh: Shell, g: Game) -> dict[str, int | None]:
    """The players in seating order, each with the board user id his sign-up post showed
    (None for the config's list: those ids come from `[game.user_ids]` or first posts)."""
    cfg = sh.cfg
    if cfg.game.players or cfg.game.registration_topic is None:
        return dict.fromkeys(cfg.game.players)
    topic = cfg.game.registration_topic
    pages = sh.client.read_topic_pages(topic)
    nicks: dict[str, int | None] = {}
    signed: dict[str, str] = {}  # nick_key -> the sign-up that holds it
    for fetch in pages:
        page = page_of(sh, fetch, None)
        for post in page.posts:
            if sh.is_host(post.author) or post.deleted:
                continue
            first = signed.get(nick_key(post.author))
            if first is not None:
                if first.casefold() != post.author.casefold():  # one account up to case
                    # two accounts whose names read the same cannot both be seated: votes
                    # and letters naming one would be the other's too
                    flags.flag(
                        sh.store,
                        g,
                        0,
                        note(
                            "signup_lookalike",
                            sh.rules,
                            author=Nick(post.author),
                            post=post.id,
                            first=Nick(first),
                        ),
                    )
                continue
            signed[nick_key(post.author)] = post.author
            ban = sh.store.ban(post.author, current_game=g.id)
            if ban is not None:
                sh.outbox(g).add(
                    OutboxRow(
                        key=keys.key(g.id, 0, keys.REGISTRATION_REFUSED, post.author),
                        channel="pm",
                        subject=SIGNUP_BANNED_SUBJECT_RU.format(game=cfg.game.name),
                        text=signup_banned_ru(post.author, ban.games_left),
                        recipients=(post.author,),
                    )
                )
                continue
            # his own sign-up post: the account's id, learned the way a first post teaches it
            nicks[post.author] = post.author_id
    return nicks


def start(sh: Shell, g: Game, now: datetime, salt: Callable[[], str]) -> None:
    """Deal, seat the players and queue the start post, role PMs and the deal report — in
    one transaction."""
    cfg = sh.cfg
    ids = signups(sh, g)
    nicks = list(ids)
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
    # what the messages print from the store, read before any is rendered
    facts = Facts(
        game_id=g.id,
        overrides=tuple(o.description for o in sh.store.applied_overrides(g.id, state.turn)),
    )
    stamp = sh.stamper(g)
    composer = sh.composer
    # the role PMs are queued (and so sent) before the start post that says they went out
    rows = composer.player_pms(
        facts, state.turn, intro, kind=keys.ROLE, state=state, deadline=deadline
    )
    rows.append(
        OutboxRow(
            key=keys.key(g.id, state.turn, keys.START),
            channel="topic",
            topic_id=cfg.game.topic,
            text=sh.renderer.start_post(
                ruleset=sh.rules,
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
        composer.host_report_row(
            facts,
            state.turn,
            keys.DEAL_REPORT,
            intro,
            notes=[f"{n} — {role_label(sh.rules, r, c)}" for n, r, c in triples],
        )
    )
    with sh.store.transaction():
        sh.store.add_players(g.id, nicks)
        for s in seats:
            sh.store.update_player(g.id, s.nick, role=s.role, clan=s.clan, user_id=ids.get(s.nick))
        sh.store.commit_turn(
            g.id,
            turn=state.turn,
            state=to_json(state),
            events=[event_row(e) for e in intro],
            outbox=[stamp(r) for r in rows],
            game_values={
                "status": "running",
                "turn": state.turn,
                "deadline": deadline,
                "salt": drawn,
                "commitment": commit,
            },
            now=now,
        )
    sh.players_changed()
    log.info("game started: %d players, first deadline %s", len(nicks), deadline)

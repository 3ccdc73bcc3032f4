"""Night moves by PM (C-2): each stored, unanswered letter is read as a move, checked the way
the engine will take it at the deadline, stored, and answered by PM.

`answer_moves` is the one entry: PM rows → move → engine intake → reply.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from engine import GameState, Move
from engine import events as ev
from engine.actions import InputRejected
from engine.common import SIDE_LETTERS, take_moves
from engine.rules import RuleSet
from mafiabot import keys
from mafiabot.daemon import flags
from mafiabot.daemon.context import Shell
from mafiabot.newspaper.host_words import Nick, note
from mafiabot.newspaper.words import WHICH_GAME_RU
from mafiabot.store.codec import from_json
from mafiabot.store.tables import Game, MoveRow, PMRow
from parser.morph import each_lookup_released
from parser.records import PrivateMessage
from poster.outbox import OutboxRow


def answer_moves(sh: Shell, g: Game, now: datetime, only: Collection[int] = ()) -> None:
    """Acknowledge or refuse each stored, unanswered PM of the current (or a past) turn."""
    state = sh.state(g)
    rows = [
        row
        for row in sh.store.pms(g.id, unhandled=True)
        if not (only and row.board_id not in only)
        # written after the deadline: it waits for its own turn
        and not (row.turn is not None and row.turn > g.turn)
    ]
    if not rows:
        return
    # letters come in the tick that read the posts (a first poll's pages among them): the
    # dictionary's mapped pages their words touch are given back after every lookup and
    # after every letter, not stacked on that tick's memory under the next letter's reading
    # (`parser.morph.each_lookup_released`)
    for row in rows:
        late = row.turn is not None and row.turn < g.turn and not only
        with each_lookup_released():
            _answer(sh, g, state, row, late=late)


def _answer(sh: Shell, g: Game, state: GameState, row: PMRow, *, late: bool) -> None:
    # the letter reader (~12 ms of imports) and its settings' readings (`parser.letters`, a
    # dozen modules more) are loaded by the first letter a process reads: a tick that reads
    # none (an idle run, a first poll of the posts) does without them
    from parser.letters.reading import DEAD_TARGET, NO_MOVES, QUESTION_CODES, ReadingSettings
    from parser.moves import has_action_word, letter_words, read_letter_from

    pm = from_json(PrivateMessage, row.record)
    if pm is None:  # every letter is stored with its reading (ingest.poll_pms)
        raise ValueError(f"letter {row.board_id} was stored without its reading")
    seat = sh.seat_of(g, pm.sender, pm.sender_id)
    if seat is not None and seat != pm.sender:
        pm = dataclasses.replace(pm, sender=seat)
    # read through the sender's role (C-2); a reading below the host's confidence (or two
    # candidates, a pronoun …) comes back as a question, answered as the host's question
    read = read_letter_from(
        letter_words(pm),
        pm.sender,
        living=state.living_nicks(),
        players=[p.nick for p in state.players],
        state=state,
        settings=ReadingSettings.of(sh.rules.settings),
        at=pm.sent_at,
        source_id=pm.id,
    )
    got, confidence = read.input, read.confidence
    # the reader's own words on a move the role may not make now go back with the refusal
    why_not = read.reading.text if read.refused and read.reading is not None else ""
    nick = seat or pm.sender
    if late and got is not None:
        got = InputRejected(nick, "late", "", source_id=row.board_id)
    replaced = False
    if isinstance(got, Move):
        earlier = [m for m in turn_moves(sh, g, g.turn) if m.actor == got.actor]
        status, reason, replaced = receipt(sh.rules, state, got, earlier)
        why = reason or ""
        sh.store.add_move(
            MoveRow(
                game_id=g.id,
                turn=g.turn,
                pm_board_id=row.board_id,
                actor=got.actor,
                action=got.action,
                targets=list(got.targets),
                executor=got.executor,
                story=got.story,
                side=got.side,
                status=status,
                reason=why,
                at=got.at or row.sent_at,
                confidence=confidence,
            )
        )
        spent = reason is None and no_change_left(
            sh, [m for m in turn_moves(sh, g, g.turn) if m.actor == got.actor]
        )
        text = sh.renderer.move_reply(
            nick=nick,
            accepted=reason is None,
            action=got.action,
            targets=got.targets,
            executor=got.executor,
            reason=why,
            detail=why_not if reason is not None else "",
            replaced=replaced,
            conditional=status == "conditional",
            last_change=spent and replaced,
            role_moves=not (read.refused and read.reading and read.reading.code == NO_MOVES),
            side=got.side,
            story=got.story,
            stories_printed=sh.rules.paper.kill_story and sh.rules.settings.kill_stories,
            **_reply_context(sh, g, state, nick),
        )
    elif (
        isinstance(got, InputRejected)
        and got.reason in QUESTION_CODES
        and got.detail
        and any(_reply_context(sh, g, state, nick)[k] for k in ("moves_now", "moves_if"))
    ):
        # a Gambler mafioso is asked too while the godfather lives: his own kill letter is
        # kept for a night the court jails the godfather before (G-M.5/G-M.6)
        # the reader asks instead of guessing: a host's question, not «ход не принят»
        standing = [m for m in turn_moves(sh, g, g.turn) if m.actor == got.author]
        last = standing[-1] if standing else None
        # a standing letter kept on a condition is said back with it (G-M.5/G-M.6)
        held = sh.rules.check_move(state, last) if last else None
        kept = last is not None and sh.rules.conditional_letter(state, last, held)
        # a move on a player already out: he is named as listed, another player asked for
        out = read.reading if got.reason == DEAD_TARGET and read.reading is not None else None
        text = sh.renderer.move_question(
            nick=nick,
            question=got.detail,
            action=last.action if last else "",
            targets=last.targets if last else (),
            executor=last.executor if last else None,
            final=no_change_left(sh, standing),
            deadline=g.deadline,
            tz=sh.tz,
            players=state.living_nicks(),
            clan=sh.rules.letter_mates(state, nick) if state.player(nick) is not None else (),
            condition=(held or "") if kept else "",
            dead=out.targets[0] if out is not None and out.targets else "",
            asked=(out.action or "") if out is not None else "",
        )
    elif isinstance(got, InputRejected) and not _unanswered(sh, g, row, pm, got):
        # a question to a sender with no move tonight would invite what he cannot do: the
        # reply says what he can (a civilian: nothing by night)
        text = sh.renderer.move_reply(
            nick=nick,
            accepted=False,
            action="",
            reason=got.reason,
            detail=got.detail,
            role_moves=got.reason != NO_MOVES,
            **_reply_context(sh, g, state, nick),
        )
    elif got is None and has_action_word(letter_words(pm)):
        # a living player named an action but no move could be read: a short note,
        # not a refusal (it may have been a question about the action)
        text = sh.renderer.move_reply(
            nick=nick, accepted=False, action="", no_move=True, **_reply_context(sh, g, state, nick)
        )
    else:
        if got is None:
            flags.flag(
                sh.store,
                g,
                g.turn,
                note("pm_no_move", sh.rules, pm=row.board_id, sender=Nick(pm.sender)),
            )
        sh.store.mark_pm_handled(g.id, row.board_id)
        return
    subject = f"Re: {pm.subject}" if pm.subject else sh.cfg.game.name
    seating = getattr(sh.client, "games_seating", None)
    if seating is not None and seating(pm.sender, pm.sender_id) > 1:
        # one account hosts several games he plays in: say which one answers
        name = sh.cfg.game.name
        if name.casefold() not in subject.casefold():
            subject = f"{name}: {subject}"
        text = f"{WHICH_GAME_RU.format(game=name)}\n\n{text}"
    sh.outbox(g).add(
        OutboxRow(
            key=keys.key(g.id, g.turn, keys.reply(row.board_id), nick),
            channel="pm",
            subject=subject,
            text=text,
            recipients=(pm.sender if seat is None else sh.account(g, nick),),
        )
    )
    sh.store.mark_pm_handled(g.id, row.board_id)


def _reply_context(sh: Shell, g: Game, state: GameState, nick: str) -> dict[str, Any]:
    """`reply_context` with the turn, the deadline and the board's time zone."""
    return {
        **reply_context(sh.rules, state, nick),
        "turn": g.turn,
        "deadline": g.deadline,
        "tz": sh.tz,
    }


def reply_context(rules: RuleSet, state: GameState, nick: str) -> dict[str, Any]:
    """What a reply says beyond the letter: the sender's role and the moves it allows him now
    (a refusal offers only what he can still do), those a letter of his is kept for on a
    condition (`moves_if`: a Gambler mafioso's kill while the godfather lives, G-M.5/G-M.6),
    and the living players and his mafia mates for an example letter."""
    me = state.player(nick)
    living = me is not None and me.alive
    return {
        "ruleset": rules,
        "role": me.role if me is not None else None,
        "moves_now": rules.letter_actions(state, nick)[1] if living else (),
        "moves_if": conditional_moves(rules, state, nick) if living else (),
        "players": state.living_nicks(),
        "clan": rules.letter_mates(state, nick) if me is not None else (),
    }


def _unanswered(sh: Shell, g: Game, row: PMRow, pm: PrivateMessage, got: InputRejected) -> bool:
    """Letters from outside the game get no answer (the bot writes from the host's account,
    whose inbox also holds unrelated mail) but the host sees them; a dead player's letter is
    answered only when it looks like a move."""
    from parser.moves import DEAD, NOT_A_PLAYER, has_action_word, letter_words

    if got.reason == NOT_A_PLAYER:
        sh.flag_outsider(
            g, g.turn, "pm_outsider", pm.sender, pm.sender_id, pm=row.board_id, sender=pm.sender
        )
        return True
    if got.reason == DEAD and not has_action_word(letter_words(pm)):
        flags.flag(
            sh.store, g, g.turn, note("pm_dead", sh.rules, pm=row.board_id, sender=pm.sender)
        )
        return True
    return False


def receipt(
    rules: RuleSet, state: GameState, move: Move, earlier: Sequence[Move] = ()
) -> tuple[str, str | None, bool]:
    """How a letter's move is answered at receipt: (status, refusal code or None, whether it
    replaces an earlier request). Status is "accepted", "refused", or "conditional" — a kill
    that stands only if the clan's head sends none (G-M.5/G-M.6). The engine's own intake
    judges it with the actor's earlier standing letters of the turn before it, so the answer
    is the engine's P-M.0 decision: PEFL takes a first request and one change and refuses a
    third (`third_request`); Gambler lets each new letter replace the last."""
    _intake, events = take_moves(state, [*earlier, move], rules.check_move, rules.request_changes())
    verdict = events[-1] if events else None
    if isinstance(verdict, ev.MoveRejected):
        reason, replaced = verdict.reason, False
    elif isinstance(verdict, ev.MoveAccepted):
        reason, replaced = None, verdict.replaced
    else:
        reason, replaced = rules.check_move(state, move), False
    status = "accepted" if reason is None else "refused"
    if rules.conditional_letter(state, move, reason):  # G-M.5/G-M.6
        status = "conditional"
    return status, reason, replaced


def conditional_moves(rules: RuleSet, state: GameState, nick: str) -> tuple[tuple[str, str], ...]:
    """The actions of a living player's role the rules refuse him now but keep a letter of
    on a condition checked at the deadline, each with the refusal code that names the
    condition: a Gambler mafioso's kill while the godfather lives is kept for a night the
    court jails the godfather before (G-M.5/G-M.6). The engine's own check decides, on a
    sample letter naming a player outside the sender's mafia."""
    actions, allowed = rules.letter_actions(state, nick)
    mates = set(rules.letter_mates(state, nick)) | {nick}
    target = next((n for n in state.living_nicks() if n not in mates), None)
    if target is None:
        return ()
    out: list[tuple[str, str]] = []
    for action in actions:
        if action in allowed or action == "choose_side":
            continue
        sample = Move(actor=nick, action=action, targets=(target,))
        reason = rules.check_move(state, sample)
        if reason is not None and rules.conditional_letter(state, sample, reason):
            out.append((action, reason))
    return tuple(out)


def no_change_left(sh: Shell, standing: list[Move]) -> bool:
    """Whether the actor of these standing letters has used every change of request the rules
    allow this turn (P-M.0), so a further request would be refused as `third_request`. Side
    letters are not requests and use no change, as in the engine's intake."""
    changes = sh.rules.request_changes()
    if changes is None:
        return False
    return sum(m.action not in SIDE_LETTERS for m in standing) >= 1 + changes


def turn_moves(sh: Shell, g: Game, turn: int) -> list[Move]:
    """The turn's standing moves (accepted, or conditional on the court) as the engine's."""
    out = []
    for m in sh.store.moves(g.id, turn):
        if m.status not in ("accepted", "conditional"):
            continue
        out.append(
            Move(
                actor=m.actor,
                action=m.action,
                targets=tuple(m.targets or ()),
                executor=m.executor,
                story=m.story,
                side=m.side,
                at=m.at,
                source_id=m.pm_board_id,
            )
        )
    return out

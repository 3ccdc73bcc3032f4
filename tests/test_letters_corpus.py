"""The night-letter corpus (C-2, C-3, P-M.*, G-M.*): letters as players write them, each with
the reading a careful host would give it, written before the reader was run on it.

Every tests/letters/NAME.jsonl holds one letter a line: ``from`` (the sender), ``text``,
``expect`` — a move (``action``, ``targets``, optional ``executor``/``side``/``story``), a
question (``{"ask": code}``, or ``{"ask": true}`` for any question), no move
(``{"none": true}``), or no move where silence and a question are both fine
(``{"no_move": true}``) — an optional ``turn`` (turn 0: the Don election, P-S.2) and an
optional ``known_miss`` (why the reader asks where the host would read a move; such a
letter must still never be read silently wrong, and must stay a miss until fixed), and an
optional ``corrected`` (why an expectation was changed after a batch's first run), and an
optional ``known_silent`` (a silent misreading whose class another round is fixing: see the
development test). The
senders' roles are in its own cast, tests/letters/cast_NAME.json (the CAST.json format of
`mafiabot parse moves`). ``pefl``/``gambler`` reuse one cast of ordinary names; the ``_b``
casts hold the nicks that make reading hard on real boards: Russian words and role nouns
(Доктор, Ночь, Шериф, Мафиози), adjectives that decline (Рыжий, Тихая), short (Ли, Ян),
Latin and mixed (Dr.House, xXx_Killer, Neo-1), multi-word (Игорь Петрович, Ночной Дозор).

A miss is any letter read otherwise; a *silent* misreading is the worst kind: a move
accepted that the host would not have accepted (a wrong action, target or executor, or a
move where he would have asked or ignored the letter). Both must be zero.

tests/letters/heldout/ is the held-out part (tests/letters/README.md): letters to casts no
other corpus uses, written in another hand and never used to fix the reader. It is only
measured: no silent misreading is allowed there either, while its misses are counted and
reported (``python -m tests.test_letters_corpus``), not failed.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Final

import pytest

from engine.actions import Move
from engine.rules import ruleset_class
from engine.settings import RulesSettings
from engine.state import GameState
from mafiabot.daemon.moves import receipt
from mafiabot.replay_posts import read_pm_text
from parser.letters.reader import read_letter
from parser.letters.reading import (
    DEFAULT_READING,
    LetterReading,
    ReadingSettings,
    as_verb_outside,
)
from parser.moves import LetterRead, reject_sender
from parser.nicks import NickResolver
from parser.sender import TARGET_REASONS, SenderView, at_turn, cast_state, sender_view
from tests.letter_readings import READINGS

LETTERS = Path(__file__).parent / "letters"
HELDOUT = LETTERS / "heldout"


CORPORA: Final = tuple(sorted(p.stem for p in LETTERS.glob("*.jsonl")))
HELDOUT_CORPORA: Final = tuple(sorted(p.stem for p in HELDOUT.glob("*.jsonl")))


def _load(name: str) -> tuple[GameState, list[dict[str, Any]]]:
    folder = HELDOUT if name in HELDOUT_CORPORA else LETTERS
    cast = json.loads((folder / f"cast_{name}.json").read_text(encoding="utf-8"))
    rows = [
        json.loads(line)
        for line in (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return cast_state(cast), rows


def replay_readings(name: str) -> tuple[LetterRead, ...]:
    """Each letter of corpus `name` read once a test session as `mafiabot replay` reads it
    (`read_pm_text`: the one entry point, `parser.moves.read_letter_from`, with the reading
    settings of a default ``[rules]``). Shared by the corpus test here and by the test that
    `parse moves` reads every corpus letter as replay does (tests/test_one_reading.py): for a
    living sender under the default settings it is the very reading `read_letter` gives the
    corpus test (the same view, living players and settings), so one reading serves both."""
    kept = READINGS.get(name)  # one dict for the session, whichever copy of this file asks
    if kept is not None:
        return kept
    state, rows = _load(name)
    settings = ReadingSettings.of(RulesSettings())
    read: list[LetterRead] = []
    for row in rows:
        turn_state = at_turn(state, row.get("turn", state.turn))
        living = turn_state.living_nicks()
        read.append(read_pm_text(row["text"], row["from"], living, turn_state, settings))
    READINGS[name] = tuple(read)
    return READINGS[name]


def _verdict(expect: dict[str, Any], got: LetterReading) -> str:
    """Verdict: "ok", "miss" (asked or ignored where the host reads a move, or the wrong question)
    or "silent" (a move the host would not have accepted)."""
    if "none" in expect:
        return "silent" if got.kind == "move" else ("ok" if got.kind == "none" else "miss")
    if "no_move" in expect:
        return "silent" if got.kind == "move" else "ok"
    if "ask" in expect:
        if got.kind == "move":
            return "silent"
        if got.kind == "none":
            return "miss"
        return "ok" if expect["ask"] is True or expect["ask"] == got.code else "miss"
    if got.kind != "move":
        return "miss"
    same = (
        got.action == expect["action"]
        and list(got.targets) == expect["targets"]
        and got.executor == expect.get("executor")
        and got.side == expect.get("side")
    )
    if not same:
        return "silent"
    if "story" in expect and got.story != expect["story"]:
        return "miss"
    return "ok"


def _answered(got: LetterReading, sender: str, state: GameState) -> LetterReading:
    """The reading as the player is answered: a sender out of the game is answered so before
    his letter is read (`parser.moves.reject_sender`, as `read_pm` does for the daemon); a
    move goes through the daemon's own check at receipt (`mafiabot.daemon.moves.receipt`:
    the engine's intake, C-2), so a move the engine refuses is answered with its reason and
    is no accepted move; a Gambler mafioso's kill while the godfather lives is answered
    «принято условно» (G-M.5/G-M.6): the move where the host reads that move, and no silent
    acceptance where he reads none."""
    refused = reject_sender(
        sender, living=state.living_nicks(), players=[p.nick for p in state.players]
    )
    if refused is not None:  # the daemon answers a sender out of the game before reading
        return LetterReading(code=refused.reason, text=refused.detail)
    move = got.as_input(sender)
    if got.kind != "move" or not isinstance(move, Move):
        return got
    rules = ruleset_class(state.ruleset)(RulesSettings())
    status, reason, _replaced = receipt(rules, state, move)
    if status == "refused":
        return dataclasses.replace(got, code=reason, text=f"refused at receipt: {reason}")
    if status == "conditional":
        return dataclasses.replace(got, code=status, text="accepted on condition")
    return got


def _member_kill(view: SenderView, expect: dict[str, Any], got: LetterReading) -> bool:
    """A PEFL clan member's kill letter (not his Don's), as the host reads it and as read."""
    kill = expect.get("action") == "kill" and got.kind == "move" and got.action == "kill"
    return kill and view.ruleset == "pefl" and bool(view.clan_mates) and not view.is_don


def _score(name: str, *, answered: bool = False) -> tuple[int, list[str], list[str], list[str]]:
    """(letters, misses, silent misreadings, known misses read right after all): of the
    reader's reading alone, or (``answered``) of the reading as the player is answered."""
    state, rows = _load(name)
    resolvers: dict[int, NickResolver] = {}
    misses: list[str] = []
    silent: list[str] = []
    fixed: list[str] = []
    for number, row in enumerate(rows, 1):
        turn_state = at_turn(state, row.get("turn", state.turn))
        view = sender_view(turn_state, row["from"])
        if view is None:
            # an account that is no player of the game (C-2, C-5): the daemon answers it
            # before any reading (`read_pm`), and no role exists to read it by — in both
            # measures the letter gets that answer
            got = _answered(LetterReading(), row["from"], turn_state)
        else:
            # a row may name the host's `verb_outside_vocabulary` setting it is read under
            outside = as_verb_outside(row.get("verb_outside_vocabulary", "ask"))
            settings = ReadingSettings(verb_outside=outside)
            # a development letter is read once a session (`replay_readings`)
            shared = replay_readings(name)[number - 1].reading if name in CORPORA else None
            if shared is not None and settings == DEFAULT_READING:
                got = shared  # a living sender read under the default settings
            else:  # a held-out letter, a dead sender (refused before reading), another setting
                resolver = resolvers.setdefault(turn_state.turn, NickResolver(view.living))
                got = read_letter(row["text"], view, resolver=resolver, settings=settings)
        if answered and view is not None:
            got = _answered(got, row["from"], turn_state)
            if got.code == "conditional" and "action" in row["expect"]:
                # the move the host reads, told to stand unless the godfather sends one
                got = dataclasses.replace(got, code=None, text="")
        expect = row["expect"]
        if view is not None and _member_kill(view, expect, got):
            # P-M.8: a member's kill is carried out by its sender, whatever executor it names
            # (the engine's own rule, `check_kill`): the executor named is no part of it
            expect = {**expect, "executor": row["from"]}
            got = dataclasses.replace(got, executor=row["from"])
        verdict = _verdict(expect, got)
        if verdict == "silent" and not answered and view is not None:
            # a move the daemon's check at receipt refuses, or takes only on a condition it
            # tells the player (P-M.8: a Don's order without an executor, or naming herself
            # while clan mates live, stands only if she is left alone by the deadline), is
            # no silent acceptance: the player is told so, judged as that answer
            told = _answered(got, row["from"], turn_state)
            if told.kind != "move":
                verdict = _verdict(expect, told)
        line = (
            f"{name}:{number} {row['from']}: {row['text']!r} → {got.to_json()} "
            f"(expected {row['expect']})"
        )
        if verdict == "silent":
            silent.append(line)
        elif "known_miss" in row:
            if verdict == "ok":
                fixed.append(line)
        elif verdict == "miss":
            misses.append(line)
    return len(rows), misses, silent, fixed


@pytest.mark.parametrize("name", CORPORA)
def test_C_2_letters_corpus_is_read_as_a_host_reads_it(name: str) -> None:
    """A development letter marked ``known_silent`` (the class of its misreading, and the
    round that fixes that class) is a batch's silent misreading moved in before the round
    that fixes its class has landed: listed, never hidden, and it must still be silent while
    it is listed, so the round that reads it right drops the mark."""
    total, misses, silent, fixed = _score(name)
    _state, rows = _load(name)
    marked = {f"{name}:{n}" for n, row in enumerate(rows, 1) if "known_silent" in row}
    ids = {line.split(" ", 1)[0] for line in silent}
    assert marked <= ids, f"known silent but read otherwise now: {sorted(marked - ids)}"
    silent = [line for line in silent if line.split(" ", 1)[0] not in marked]
    report = "\n".join(["SILENT:", *silent, "MISSED:", *misses])
    assert not silent, f"{len(silent)} silent misreadings of {total}\n{report}"
    assert not misses, f"{len(misses)} misses of {total}\n{report}"
    assert not fixed, "known misses now read right: drop their known_miss\n" + "\n".join(fixed)


#: Held-out letters (``corpus:line``) the player is still answered silently wrong after the
#: fixes made from development batches alone. They are listed, not hidden: the held-out part
#: is never used to fix the reader, so these wait for a fix found on new development letters
#: (tests/letters/README.md). Each must still be silent while listed. (Part 5's four letters
#: that the reader alone reads as moves but the daemon answers as not standing — three
#: mafiosi's kills while the godfather lives or before kills are open, one Don election for
#: a kamikaze — left the list when the test began to count the answer.)
#: (Part 6's two, a member's offered victim read as his request, left when the P-M.8 ruling
#: `member_suggestion = "ask"` made such a letter a question.)
KNOWN_SILENT: Final[dict[str, str]] = {
    # parts 1-8: none since the `reader-14` round: `ho7_gambler:49`, `ho8_pefl:8` and
    # `ho8_gambler:45` (a move or a side on a condition the reader does not settle) are asked
    # by the rule that any such condition makes the letter a question, and `ho8_pefl:47` (a
    # Don's executor called by a short name two players share) by the rule that such a name
    # in an order without an executor is asked naming both — each rule found and checked on
    # development letters (`handles`, tests/test_letters_conditions.py) alone.
    # held-out part 9's three (`ho9_pefl:52`, `ho9_gambler:35`, `:79`) left in the `reader-16`
    # round: their classes were fixed from their descriptions here and in the corpus README
    # (a Don's order corrected after its executor line; an invitation beside a pending side
    # choice; a kinship word spelt like a case form of a nick), on development letters alone
    # (`post9`, `post9_g`) — so part 9 no longer measures them (tests/letters/README.md).
    # held-out part 10, its first and only run (tests/letters/README.md): one, (a), a
    # misreading of the words — `ho10_gambler:66`, a side chosen on a condition of being told
    # something, read as chosen. It left in the `reader-19` round: its class was fixed from
    # that description alone, on development letters (`relay_g`, a condition on what the
    # sender is told or learns, tests/test_letters_conditions.py) — so part 10 no longer
    # measures it.
    # held-out parts 11 and 12, measured at the start and at the end of the stop that wrote
    # part 12 (tests/letters/README.md): every one (a), a misreading of the words
    "ho11_pefl:46": "(a) an executor corrected by «Y, не X» after the order, the first kept",
    "ho11_pefl:53": "(a) a member retelling his Don's order «for your information», read as his",
    "ho12_pefl:23": "(a) a kill on the target being alive after the night, read as settled now",
    "ho12_pefl:80": "(a) «Гордеева режу» from Гордеев: his own accusative read as her nick",
    "ho12_pefl:93": "(a) «X в реанимацию» (ward talk) read as the doctor's heal",
    "ho12_gambler:64": "(a) a kill on the target being alive after the night, read as settled now",
    # held-out parts 13 and 14, measured at the start and at the end of the stop that wrote
    # part 14 (tests/letters/README.md): every one (a), a misreading of the words
    "ho14_pefl:54": "(a) a seaman's «травить» (to spin a yarn) read as the role's kill",
    "ho14_pefl:68": "(a) a member acting alone after his Don's hanging without an action word",
    "ho14_gambler:36": "(a) a bare Latin nick after talk, read as the role's only action",
    # held-out part 15, measured at the start and at the end of the stop that wrote it
    # (tests/letters/README.md): every one (a), a misreading of the words
    "ho15_pefl:52": "(a) a hunter's «сижу в засаде на вышке» read as the role's ambush",
    "ho15_pefl:128": "(a) a lower-case breed-word nick in talk of a hurt paw read as a heal",
    # held-out part 16, measured at the start and at the end of the stop that wrote it
    # (tests/letters/README.md): every one (a), a misreading of the words. `ho16_pefl:20` and
    # `ho16_gambler:30` (a lower-case word nick as the thing of trade talk) left in the
    # `reader-43` round, `ho16_pefl:22` and `ho16_gambler:35` (a loose fit of a nick) in the
    # `reader-44` round, each class fixed from its description on development letters alone
    # (`thingnick`, `loosefit`)
    # held-out part 18, measured at the start and at the end of the stop that wrote it
    # (tests/letters/README.md): every one (a), a misreading of the words
    "ho18_pefl:19": "(a) «Лёву», a short form two players may share, read as one of them",
    "ho18_pefl:35": "(a) «Лёву», a short form two players may share, read as one of them",
    "ho18_gambler:48": "(a) a club verb that is also the role's («спасаю») on a bare Latin nick",
    "ho18_gambler:52": "(a) «режу <nick>» from the maniac, read as his kill (the writer asks)",
    # held-out part 19, measured at the start and at the end of the stop that wrote it
    # (tests/letters/README.md): every one (a), a misreading of the words
    "ho19_pefl:37": "(a) a spouse's surname form (her accusative, his dative) read as the husband",
    "ho19_pefl:38": "(a) fish-keeping talk on a lower-case word nick, «по игре пока думаю», read",
    "ho19_pefl:42": "(a) «отсаживаю X в карантин и лечу его там» (hobby talk) read as a heal",
    # held-out part 21, measured at the start and at the end of the stop that wrote it
    # (tests/letters/README.md): (a) a misreading of the words, (b) the host's judgement.
    # `ho21_pefl:21`, `:38`, `:133` («Толстого», a case form Толстой and Толстый share) left
    # in the `reader-71` round: the class fixed from its description on development letters
    # alone (`twinforms`)
    "ho21_gambler:42": "(a) a kill on two players under «или» with «не помню», read as the first",
    "ho21_gambler:93": "(b) the godfather's kill of his own mafioso, taken (the writer asks)",
    # held-out part 22, measured before and after the stop's last wave of rounds
    # (tests/letters/README.md): (a) a misreading of the words, (b) the host's judgement
    "ho22_pefl:78": "(b) a Don's order naming the kamikaze executor, taken (the writer asks)",
    # held-out part 23, measured at the stop's start (tests/letters/README.md)
    "ho23_gambler:60": "(b) the godfather's kill of his own mafioso, taken (the writer asks)",
    # held-out part 24, measured at the stop's start (tests/letters/README.md)
    "ho24_pefl:87": "(b) a Don's order naming the kamikaze executor, taken (the writer asks)",
    "ho24_pefl:115": "(a) a member retelling the Don's order («Белый сказал, цель …»), taken",
    "ho24_gambler:59": "(b) the godfather's kill of his own mafioso, taken (the writer asks)",
    # held-out part 20's three (`ho20_pefl:46`, a twin form that may be the writer herself;
    # `ho20_gambler:35`, `:52`, a Latin nick that spells a Russian word, met in that word's
    # everyday sense) left in the `reader-68` round: both classes fixed from their
    # descriptions on development letters alone (`selftwin`, `latinword`), so part 20 no
    # longer measures them
}


@pytest.mark.parametrize("name", HELDOUT_CORPORA)
def test_C_2_held_out_letters_are_never_read_silently_wrong(name: str) -> None:
    """The held-out parts are only measured: their misses are reported, not failed, but a
    move accepted that the host would not accept is as wrong there as anywhere — save the
    listed known silent misreadings, which must still be silent while they are listed.
    Counted as the player is answered (issue 17's measure): each move through the daemon's
    own check at receipt (`_answered`), so a move the engine refuses, or accepts only on a
    condition the player is told, is no silent acceptance."""
    total, _misses, silent, _fixed = _score(name, answered=True)
    ids = {line.split(" ", 1)[0] for line in silent}
    listed = {k for k in KNOWN_SILENT if k.startswith(f"{name}:")}
    unlisted = [line for line in silent if line.split(" ", 1)[0] not in KNOWN_SILENT]
    assert not unlisted, f"{len(unlisted)} silent misreadings of {total}\n" + "\n".join(unlisted)
    assert listed <= ids, f"listed as silent but read otherwise now: {sorted(listed - ids)}"


def test_C_2_letters_corpus_is_big_and_covers_every_moving_role() -> None:
    senders: dict[str, set[str]] = {"pefl": set(), "gambler": set()}
    count = 0
    for name in CORPORA:
        state, rows = _load(name)
        count += len(rows)
        roles = {p.nick: p.role for p in state.players}
        senders[state.ruleset] |= {roles[r["from"]] for r in rows if "action" in r["expect"]}
    assert {"pefl", "gambler", "pefl_b", "gambler_b"} <= set(CORPORA)
    assert count >= 300
    assert senders["pefl"] >= {
        "commissar",
        "ninja",
        "doctor",
        "necromancer",
        "mafia",
        "thug",
        "kamikaze",
        "maniac",
    }
    assert senders["gambler"] >= {
        "commissar",
        "sheriff",
        "doctor",
        "maniac",
        "prostitute",
        "godfather",
        "lawyer",
    }


def _figure(name: str, *, answered: bool = False) -> tuple[str, list[str], list[str]]:
    n, m, s, f = _score(name, answered=answered)
    _state, rows = _load(name)
    known = sum("known_miss" in r for r in rows) - len(f)
    right = n - len(m) - len(s) - known
    return f"{right}/{n} read right, {len(m)} misses, {len(s)} silent", m, s


if __name__ == "__main__":  # python -m tests.test_letters_corpus: every part's scores
    # two figures a part: the reader's reading alone (the development test's criterion), and
    # the reading as the player is answered — passed through the daemon's check at receipt
    # (the held-out test's criterion)
    for part, names in (("development", CORPORA), ("held-out", HELDOUT_CORPORA)):
        for name in names:
            alone, m, s = _figure(name)
            as_answered, _m, _s = _figure(name, answered=True)
            print(f"{part} {name}: {alone}; as the player is answered: {as_answered}")
            for line in ["  SILENT:", *s, "  MISSED:", *m]:
                print("   ", line)


@pytest.mark.parametrize("name", CORPORA + HELDOUT_CORPORA)
def test_every_expected_move_is_one_the_rules_allow_its_sender(name: str) -> None:
    """The corpora's ground truth, held to the rule book: a letter expected as a move must not
    aim it at a target the rules forbid its sender (a doctor healing himself, P-M.5; a clan
    shooting its own bastard, P-M.8): a careful host refuses those, so expecting the move
    would score a wrong reading as right. Reasons of the turn rather than the target (a
    member's suggestion while the Don lives, a Don's order without an executor: P-M.8,
    G-M.6) are the engine's to give at the deadline and stay out of this check. Held-out
    parts too: it checks what their writers expected against the rules, never the reader."""
    state, rows = _load(name)
    rules = ruleset_class(state.ruleset)(RulesSettings())
    wrong: list[str] = []
    for number, row in enumerate(rows, 1):
        expect = row["expect"]
        if "action" not in expect:
            continue
        turn_state = at_turn(state, row.get("turn", state.turn))
        move = Move(
            row["from"],
            expect["action"],
            tuple(expect["targets"]),
            executor=expect.get("executor"),
            side=expect.get("side"),
        )
        reason = rules.check_move(turn_state, move)
        if reason in TARGET_REASONS:
            wrong.append(f"{name}:{number} {row['text']!r} → {expect}: the engine says {reason}")
    assert not wrong, "expected moves the rules refuse:\n" + "\n".join(wrong)

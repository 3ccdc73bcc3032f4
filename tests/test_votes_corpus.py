"""The vote corpus (C-3, G-N.1, P-V.1–P-V.3): synthetic posts as boards render them, each with
the reading a careful host would give it, read through real board pages (tests/votes/README.md).

Every case is put into the chrome of each saved board page its markup belongs to (phpBB 3.3,
IPB 1.3, IPS 4.1), parsed by `parser.pages.parse_topic` and read by `extract_votes` with the
rule set's defaults. A *miss* is any post read otherwise than expected; a *silent* misreading
is the worst kind — a vote counted that the host would not count (another target, or a post
that holds no vote). Both must be zero.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Final

import pytest

from engine import Seat, get_ruleset
from mafiabot.turn_inputs import TurnPost, phase_votes
from parser.pages import parse_topic
from parser.records import Post
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading, VoteOptions, VoteResult
from tests.vote_pages import BOARDS, CasePost, page

HERE = Path(__file__).parent / "votes"
#: the development parts (HERE, and HERE/dev2 with a cast of its own) and the held-out parts
#: (HERE/heldout…, tests/votes/README.md): each folder holds its own cast.json and corpus.jsonl
PARTS = {
    "development": HERE,
    "held-out": HERE / "heldout",
    "held-out-2": HERE / "heldout2",
    "held-out-3": HERE / "heldout3",  # part 3, PEFL cast
    "held-out-3g": HERE / "heldout3g",  # part 3, Gambler cast
    "held-out-4": HERE / "heldout4",  # part 4, PEFL cast
    "held-out-4g": HERE / "heldout4g",  # part 4, Gambler cast
    "held-out-5": HERE / "heldout5",  # part 5, PEFL cast
    "held-out-5g": HERE / "heldout5g",  # part 5, Gambler cast
    "held-out-6": HERE / "heldout6",  # part 6, PEFL cast
    "held-out-6g": HERE / "heldout6g",  # part 6, Gambler cast
    "held-out-7": HERE / "heldout7",  # part 7, PEFL cast
    "held-out-7g": HERE / "heldout7g",  # part 7, Gambler cast
    "held-out-8": HERE / "heldout8",  # part 8, PEFL cast
    "held-out-8g": HERE / "heldout8g",  # part 8, Gambler cast
    "held-out-9": HERE / "heldout9",  # part 9, PEFL cast
    "held-out-9g": HERE / "heldout9g",  # part 9, Gambler cast
    "held-out-10": HERE / "heldout10",  # part 10, PEFL cast
    "held-out-10g": HERE / "heldout10g",  # part 10, Gambler cast
    "held-out-11": HERE / "heldout11",  # part 11, PEFL cast
    "held-out-11g": HERE / "heldout11g",  # part 11, Gambler cast
    "held-out-12": HERE / "heldout12",  # part 12, PEFL cast
    "held-out-12g": HERE / "heldout12g",  # part 12, Gambler cast
    "held-out-13": HERE / "heldout13",  # part 13, PEFL cast
    "held-out-13g": HERE / "heldout13g",  # part 13, Gambler cast
    "held-out-14": HERE / "heldout14",  # part 14, PEFL cast
    "held-out-14g": HERE / "heldout14g",  # part 14, Gambler cast
    "held-out-15": HERE / "heldout15",  # part 15, PEFL cast
    "held-out-15g": HERE / "heldout15g",  # part 15, Gambler cast
    "held-out-16": HERE / "heldout16",  # part 16, PEFL cast
    "held-out-16g": HERE / "heldout16g",  # part 16, Gambler cast
    "held-out-17": HERE / "heldout17",  # part 17, PEFL cast
    "held-out-17g": HERE / "heldout17g",  # part 17, Gambler cast
    "held-out-18": HERE / "heldout18",  # part 18, PEFL cast (30 seats)
    "held-out-18g": HERE / "heldout18g",  # part 18, Gambler cast (Latin nicks only)
    "held-out-19": HERE / "heldout19",  # part 19, PEFL cast (multi-word, adjective nicks)
    "held-out-19g": HERE / "heldout19g",  # part 19, Gambler cast (mixed-script nicks)
    "held-out-20": HERE / "heldout20",  # part 20, PEFL cast (30 seats, word nicks)
    "held-out-20g": HERE / "heldout20g",  # part 20, Gambler cast (Latin nicks only)
    "held-out-21": HERE / "heldout21",  # part 21, PEFL cast (literary characters' names)
    "held-out-21g": HERE / "heldout21g",  # part 21, Gambler cast (mixed-script pen names)
    "held-out-22": HERE / "heldout22",  # part 22, PEFL cast (place and word nicks)
    "held-out-22g": HERE / "heldout22g",  # part 22, Gambler cast (Latin model codes)
    "held-out-23": HERE / "heldout23",  # part 23, PEFL cast (sky words and names)
    "held-out-23g": HERE / "heldout23g",  # part 23, Gambler cast (star names and codes)
    "held-out-24": HERE / "heldout24",  # part 24, PEFL cast (mushroom words)
    "held-out-24g": HERE / "heldout24g",  # part 24, Gambler cast (Latin species names)
    "development-2": HERE / "dev2",  # batch 18: name forms, retractions, a choice in words
    "development-3": HERE / "dev3",  # batch 19: asked and refused, Latin-typed hedges, wishes
    "development-4": HERE / "dev4",  # batch 20: pet forms, near-identical nicks, slips, doubts
    "development-5": HERE / "dev5",  # batch 21: verb and adverb nicks, skips, signatures
    "development-6": HERE / "dev6",  # batch 22: pet forms of names, Latin nicks with endings
    "development-7": HERE / "dev7",  # batch 23: voice input, autocorrect, slang, Ukrainian
    "development-8": HERE / "dev8",  # batch 24: dictionary words near name nicks, swapped letters
    "development-9": HERE / "dev9",  # batch 25: a nick spelt as a case form of another nick
    "development-10": HERE / "dev10",  # batch 26: a lecturer's forum — stories, pet forms, translit
    "development-11": HERE / "dev11",  # batch 27: a correction to a name no player bears
    "development-12": HERE / "dev12",  # batch 29: batch 10's votes — a theatre forum
    "development-13": HERE / "dev13",  # batch 28: a coloured nick in a thanks, praise, question
    "development-14": HERE / "dev14",  # batch 31: batch 11's votes — a club of Latin handles
    "development-15": HERE / "dev15",  # batch 30: every coloured span accounted for
    "development-16": HERE / "dev16",  # batch 32: a coloured nick left open, never unseen
    "development-17": HERE / "dev17",  # batch 33: a pet form two names share, a gendered form
    "development-18": HERE / "dev18",  # batch 34: one nick coloured in two adjacent tags
    "development-19": HERE / "dev19",  # batch 12's votes: a mothers' forum — pet forms, wishes
    "development-21": HERE / "dev21",  # names-21: a name form agrees with the gender of the name
    "development-19x": HERE / "dev19x",  # batch 35: a vote cast for another, a choice in words
    "development-20": HERE / "dev20",  # batch 13: a veterans' forum — relayed votes, call signs
    "development-22": HERE / "dev22",  # batch 14: a football forum — praise in red, near twins
    "development-23": HERE / "dev23",  # batch 15: a cooks' forum — a short name two players share
    "development-24": HERE / "dev24",  # batch 16: a chess club — piece words, notation, Блиц/Блик
    "development-25": HERE / "dev25",  # names-27: two nicks heard alike, a Latin one among them
    "development-26": HERE / "dev26",  # votes-23: a nick asked about, spoken to, a vote put off
    "development-27": HERE / "dev27",  # batch 17: a guild forum — shared short forms, English
    "development-28": HERE / "dev28",  # batch 18: a lawyers' forum — conditions, citations, couples
    "development-29": HERE / "dev29",  # votes-24: praise in red, a quoted red, a red taken back
    "development-30": HERE / "dev30",  # batch 19: a builders' forum — tool nicks, a site rank
    "development-31": HERE / "dev31",  # batch 20: a role-players' club — adjective clan nicks
    "development-32": HERE / "dev32",  # batch 21: beekeepers — spouses, a shared short form
    "development-33": HERE / "dev33",  # batch 22: a traders' forum — Latin handles, trade slang
    "development-34": HERE / "dev34",  # batch 23: a fire brigade forum — radio frames, trade words
    "development-35": HERE / "dev35",  # votes-27: a vote put off after the nick, a place nick
    "development-36": HERE / "dev36",  # batch 24: a brass band forum — trade verbs, word nicks
    "development-37": HERE / "dev37",  # votes-28: a reason only in a quote, signature, edit
    "development-38": HERE / "dev38",  # reader-46: a vote word not the own vote
    "development-39": HERE / "dev39",  # reader-47: «снимаю» and a trade; Latin typing
    "development-40": HERE / "dev40",  # votes-29: asked about, argued against, formula
    "development-42": HERE / "dev42",  # batch 25: a railway forum — trade idioms, spouses
    "development-47": HERE / "dev47",  # tidy-2: Latin typing by the one table walk, hyphens
    "development-43": HERE / "dev43",  # batch 26: a beauty salon — trade verbs, a verb nick
    "development-53": HERE / "dev53",  # reader-53: a verb-form nick said as the own verb
    "development-48": HERE / "dev48",  # votes-30: a nick asked about, a red argued against
    "development-49": HERE / "dev49",  # votes-31: a court vote asked, argued against; «прошу не»
    "development-54": HERE / "dev54",  # reader-54: a name two players share, or one of them
    "development-56": HERE / "dev56",  # votes-32: a short form or a plural surname two share
    "development-57": HERE / "dev57",  # reader-55: a short form two living players answer to
    "development-61": HERE / "dev61",  # reader-60: a Latin nick heard in colour, only as proven
    "development-60": HERE / "dev60",  # batch 27: a knitting circle — craft verbs, «ой»
    "development-62": HERE / "dev62",  # reader-62: a red taken back by a slip and its excuse
    "development-59": HERE / "dev59",  # votes-33: plain reds, an own verb's object, an address
    "development-63": HERE / "dev63",  # votes-34: a fragment of a nick, the dead or host heard
    "development-66": HERE / "dev66",  # reader-63: a nick of several parts in its case forms
    "development-67": HERE / "dev67",  # votes-35: a coloured nick the post itself calls no vote
    "development-68": HERE / "dev68",  # votes-36: an autocorrect's word, a Latin nick's sense
    "development-69": HERE / "dev69",  # votes-36: twins settled in colour, a court post disowned
    "development-70": HERE / "dev70",  # votes-36: the same rules probed on a cast of their own
    "development-71": HERE / "dev71",  # perf-39: the reader's first looks, each way of a cue
    "development-72": HERE / "dev72",  # votes-37: twins in court, the writer one of the twins
    "development-73": HERE / "dev73",  # votes-37: an English autocorrect near a Latin nick
    "development-74": HERE / "dev74",  # votes-38: a nick in talk of a book, then the vote
    "development-75": HERE / "dev75",  # votes-38: the same rule probed on film nicks
    "development-76": HERE / "dev76",  # reader-71: the pre-reform spelling folded in colour
    "development-77": HERE / "dev77",  # votes-39: a book told of in the present, in court
    "development-78": HERE / "dev78",  # votes-39: the same rule probed on film nicks
    "development-79": HERE / "dev79",  # votes-40: a red corrected in its post, a red addressed
    "development-80": HERE / "dev80",  # votes-40: the same in greens and court topics
    "development-83": HERE / "dev83",  # votes-42: a nick in a quoted line of a myth or poem
    "development-84": HERE / "dev84",  # votes-42: a sky-word nick in a phrase about the sky
    "development-81": HERE / "dev81",  # votes-41: a green in praise, a story, a hedge
    "development-82": HERE / "dev82",  # votes-41: a form two word nicks share, settled by grammar
    "development-85": HERE / "dev85",  # reader-76: pet forms of word nicks, a plural nick
    "development-87": HERE / "dev87",  # reader-77: a Latin nick said aloud in Cyrillic
    "development-89": HERE / "dev89",  # votes-43: a concession settled, a greeting called out
}
DEVELOPMENT = tuple(p for p in PARTS if p.startswith("development"))
LATE_EDIT = "edited_after_deadline"


@cache
def _cast(part: str = "development") -> dict[str, Any]:
    text = (PARTS[part] / "cast.json").read_text(encoding="utf-8")
    cast: dict[str, Any] = json.loads(text)
    return cast


def _cases(part: str = "development") -> list[dict[str, Any]]:
    lines = (PARTS[part] / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    return [dict(json.loads(line), part=part) for line in lines if line.strip()]


def _user_id(nick: str, part: str = "development") -> int:
    cast = _cast(part)
    everyone = [cast["host"], *cast["living"], *cast["dead"], *cast["outsiders"]]
    return 100 + everyone.index(nick) if nick in everyone else 999


def _verdict(expect: Any, got: PostReading | None) -> str:
    """The verdict: "ok", "miss" (no vote where the host counts one, or the wrong refusal)
    or "silent" (a vote counted the host would not count)."""
    counted = got is not None and got.status in ("vote", "superseded")
    flagged = isinstance(expect, dict) and "flagged" in expect
    if isinstance(expect, str) or flagged:
        target = expect["flagged"] if flagged else expect
        if not counted or got is None:
            return "miss"
        if got.target != target:
            return "silent"
        # a late edit is shown to the host, and only a late one (C-1)
        late = got.note == LATE_EDIT
        return "ok" if late == flagged else "miss"
    if counted:
        return "silent"
    if "skip" in expect:
        return "ok" if got is None else "miss"
    if "not_vote" in expect:
        return "ok"
    if "none" in expect:
        return "ok" if got is not None and got.status == "no_vote" else "miss"
    want = expect["rejected"]
    ok = want if isinstance(want, list) else [want]
    return "ok" if got is not None and got.status == "rejected" and got.reason in ok else "miss"


def _read(case: dict[str, Any], board: str) -> list[tuple[str, str]]:
    part = case["part"]
    cast = _cast(part)
    posts = [
        CasePost(p["by"], _user_id(p["by"], part), p["body"], p.get("edited"))
        for p in case["posts"]
    ]
    html, ids = page(board, posts)
    parsed = parse_topic(html)
    assert [p.id for p in parsed.posts] == ids, (case["id"], board)
    # the deadline, `until` minutes after the time the chrome shows for its posts
    posted = parsed.posts[0].posted_at
    until = None
    if "until" in case and posted is not None:
        until = posted.replace(second=0) + timedelta(minutes=case["until"])
    # the board's user ids, as the daemon learns them: look-alike accounts have their own
    player_ids = {nick: _user_id(nick, part) for nick in [*cast["living"], *cast["dead"]]}
    if "court" in case:
        result = _court(parsed.posts, case["court"], player_ids, until, part)
    else:
        result = extract_votes(
            parsed.posts,
            ruleset=case["rules"],
            players=cast["living"],
            dead=cast["dead"],
            player_ids=player_ids,
            # the board accounts the host knows are no players (the daemon: those it met)
            options=VoteOptions(
                ignore_authors=frozenset({cast["host"]}),
                until=until,
                accounts=frozenset(cast["outsiders"]),
            ),
        )
    by_id = {r.post_id: r for r in result.posts}
    out = []
    for pid, expect in zip(ids, case["expect"], strict=True):
        got = by_id.get(pid)
        shown = "—" if got is None else f"{got.status} {got.target} {got.reason} «{got.span}»"
        if got is not None and got.note:
            shown += f" [{got.note}]"
        out.append((_verdict(expect, got), f"{case['id']} [{board}] {expect} → {shown}"))
    return out


def _court(
    posts: Sequence[Post],
    nominees: list[str],
    player_ids: dict[str, int],
    until: datetime | None = None,
    part: str = "development",
) -> VoteResult:
    """G-N.4 read as the daemon reads a court topic (`turn_inputs.phase_votes` in the court
    phase of a Gambler game with the cast seated), checked against `extract_court_votes`,
    whose per-post readings are what the case is scored on."""
    cast = _cast(part)
    rules = get_ruleset("gambler")
    state = rules.new_game(tuple(Seat(n, "civilian") for n in [*cast["living"], *cast["dead"]]))
    seats = [p if p.nick in cast["living"] else replace(p, alive=False) for p in state.players]
    state = replace(state, players=tuple(seats), turn=2, phase="court", nominees=tuple(nominees))
    seated = set(player_ids)
    turn_posts = [TurnPost(p, p.author if p.author in seated else None) for p in posts]
    daemon = phase_votes(
        rules, state, [], turn_posts, ignore_authors=[cast["host"]], player_ids=player_ids
    )
    result = extract_court_votes(
        posts,
        nominees=nominees,
        players=cast["living"],
        dead=cast["dead"],
        player_ids=player_ids,
        options=VoteOptions(ignore_authors=frozenset({cast["host"]}), until=until),
    )
    assert daemon.votes == tuple(result.votes)
    assert daemon.rejected == tuple(result.rejected)
    return result


def score(part: str = "development") -> tuple[int, list[str], list[str], list[str]]:
    """(posts read, misses, silent misreadings, misses of cases marked open) over every case
    and board. A case marked ``open`` keeps the host's reading as its expectation and says
    why the reader does not reach it yet: its misses are listed apart, never its silent
    misreadings."""
    total = 0
    misses: list[str] = []
    silent: list[str] = []
    known: list[str] = []
    for case in _cases(part):
        boards = BOARDS if case["boards"] == "all" else case["boards"]
        for board in boards:
            for verdict, line in _read(case, board):
                total += 1
                if verdict == "miss":
                    (known if "open" in case else misses).append(line)
                elif verdict == "silent":
                    silent.append(line)
    return total, misses, silent, known


@pytest.mark.parametrize("part", PARTS)
def test_corpus_is_well_formed(part: str) -> None:
    cast = _cast(part)
    known = {cast["host"], *cast["living"], *cast["dead"], *cast["outsiders"]}
    cases = _cases(part)
    assert len(cases) >= (150 if part == "development" else 15)
    assert len({c["id"] for c in cases}) == len(cases)
    for c in cases:
        assert c["rules"] in ("pefl", "gambler"), c["id"]
        assert len(c["posts"]) == len(c["expect"]), c["id"]
        assert {p["by"] for p in c["posts"]} <= known, c["id"]
        assert c["boards"] == "all" or set(c["boards"]) <= set(BOARDS), c["id"]
        assert "court" not in c or (c["rules"] == "gambler" and c["court"]), c["id"]
        assert "open" not in c or c["open"].strip(), c["id"]
        edited = [p for p in c["posts"] if "edited" in p]
        # an edit note is copied from a saved page: phpBB's and IPB 1.3's carry one
        assert not edited or (c["boards"] != "all" and "ips4" not in c["boards"]), c["id"]
        assert not edited or "until" in c, c["id"]


@pytest.mark.parametrize("part", DEVELOPMENT)
def test_corpus_is_read_as_a_host_reads_it(part: str) -> None:
    """A development case marked ``known_silent`` (the class of its misreading, and the round
    that fixes it) is a batch's silent misreading moved in before that round has landed:
    listed, never hidden, and it must still be silent while it is listed."""
    total, misses, silent, _open = score(part)
    marked = {c["id"] for c in _cases(part) if "known_silent" in c}
    ids = {line.split(" ", 1)[0] for line in silent}
    assert marked <= ids, f"known silent but read otherwise now: {sorted(marked - ids)}"
    silent = [line for line in silent if line.split(" ", 1)[0] not in marked]
    report = "\n".join(["SILENT:", *silent, "MISSES:", *misses])
    assert not silent, f"{len(silent)} silent of {total}\n{report}"
    assert not misses, f"{len(misses)} misses of {total}\n{report}"


#: Held-out cases the reader still counts silently wrong (on every board), by case id. They
#: are listed, not hidden: the held-out parts are never used to fix the reader, so these wait
#: for a fix found on new development cases (tests/votes/README.md, held-out part 4). Each
#: must still be silent while it is listed.
KNOWN_SILENT: Final[dict[str, str]] = {
    # held-out part 5, its first run (tests/votes/README.md)
    # held-out part 6, its first and only run (tests/votes/README.md)
    "ho6-040": "a vote for oneself, counted (the project counts self-votes; the writer not)",
    "ho6-072": "a joke vote for oneself by a pun on one's own nick, counted",
    # held-out part 8, its first and only run (tests/votes/README.md)
    "h8-017": (
        "(b) P-V.1: a coloured «себя» counted for the author (the project counts self-votes; "
        "the writer not)"
    ),
    "h8-066": (
        "(b) P-V.1: a plain vote for oneself, counted (the project counts self-votes; the "
        "writer not)"
    ),
    "h8-074": "(a) a red nick taken back by «шучу» before a later red nick, the first kept",
    # held-out part 9: its one silent case (a pet form two players' names share) left the
    # list when its class was fixed from batch 33 (tests/votes/README.md)
    # held-out part 10, its first and only run (tests/votes/README.md)
    "ho10p-53": (
        "(b) P-V.1: a first red with a two-word reason refused (`min_reason_words = 3`), so "
        "the same red repeated later is the player's first accepted vote, counted"
    ),
    "ho10p-61": "(a) a red posted from a player's account in another player's name, counted",
    # held-out parts 11 and 12, measured at the start and at the end of the stop that wrote
    # part 12 (tests/votes/README.md): every one (a), a misreading of the words
    "ho11-075-shatun-word": "(a) a lower-case word in red with no vote grammar, counted",
    "h12-put-off": "(a) a vote put off «после смены, сейчас некогда», counted",
    # held-out parts 13 and 14, measured at the start and at the end of the stop that wrote
    # part 14 (tests/votes/README.md)
    "h13-062": "(a) praise in red («убедил меня … соглашусь с ним»), counted",
    "h14g-42": "(a) a nomination put off «когда зайдём в порт», counted",
    # held-out part 15, measured at the start and at the end of the stop that wrote it
    # (tests/votes/README.md): every one (a), a misreading of the words
    "h15-g57": "(a) a court name, then «— завтра скажу точнее, пока думаю», counted",
    # held-out part 16's `h16-022` (the vote's own formula taken for a reason) left in the
    # `votes-29` round, part 12's `h12-question` and part 17's `h17p-29` (a nick asked about)
    # and `h17p-69` (a red its own words argue against) in `votes-30`: each class fixed from
    # its description on development posts alone (dev40, dev48)
    # held-out part 18, measured at the start and at the end of the stop that wrote it
    # (tests/votes/README.md): every one (a), a misreading of the words
    "ho18-p13": "(a) «Лёву» (a short form two players may share) taken as one of them",
    # held-out part 21, measured at the start and at the end of the stop that wrote it
    # (tests/votes/README.md): every one (a), a misreading of the words. `h21-071`, `-092`
    # and `-093` (a red nick talked of: an address, book talk, a retold line) left in the
    # `votes-38` round, and part 12's `h12-thanks` with them: the class fixed from its
    # description on development posts alone (dev74, dev75)
    "h21g-067": "(a) a green nick in English talk («Curious about X today»), counted",
    # held-out part 22, measured before and after the stop's last wave of rounds
    # (tests/votes/README.md): (a) a misreading of the words, (b) the host's judgement
    "h22-020": "(a) «Оки», a form Ока and Око share, counted for Ока",
    "h22-054": "(a) a mechanic's advice to a red nick, counted",
    "h22g-056": "(b) a dark green («darkgreen») counted; the writer's host would ask",
    "h22g-070": "(a) «думаю на <X>…» (a hedge), counted before the real green superseded it",
    # held-out part 23, measured at the stop's start (tests/votes/README.md):
    # (a) a misreading of the words, (b) the host's judgement
    "h23-085": "(b) a red pet name «Персик» («ну Персея в смысле»), counted (writer rejects)",
    "h23-095": "(b) an agreement quoting an agreement (P-V.2), counted (the writer rejects)",
    "h23-099": "(b) a red pet form «Зенитушки» counted for Зенит (the writer rejects)",
    "h23g-072": "(b) «Сириус» counted for Sirius_B (the writer reads an unknown name)",
    "h23g-079": "(b) a green pet form «Альтаирчику» counted for Альтаир (the writer rejects)",
    # held-out part 24, measured at the stop's start (tests/votes/README.md)
    "h24-056": "(a) a red nick inside a verse line of forest talk, counted",
    "h24-087": "(b) a vote against oneself out of weariness, counted (the writer's host asks)",
    "h24-092": "(a) a red nick as the subject of «вспомним, что <X> вчера назвал», counted",
    "h24-097": "(a) a red nick in book talk («там про <X> сказано: «…»»), counted",
    "h24g-038": "(a) a green nick addressed with a question, no punctuation, counted",
    "h24g-051": "(a) «<X>… ой, нет, не его — <Y>» in one post: the corrected first green kept",
    "h24g-052": "(a) two greens with «обоих бы» (no choice made), the first counted",
    # held-out part 20's two (`h20-073`, a coloured dictionary word one vowel from a nick;
    # `h20g-038`, a diminutive of the word a Latin nick spells) left in the `votes-36` round:
    # both classes fixed from their descriptions on development posts alone (dev68), so part
    # 20 no longer measures them
}


@pytest.mark.parametrize("part", [p for p in PARTS if p not in DEVELOPMENT])
def test_held_out_votes_are_never_counted_silently_wrong(part: str) -> None:
    """The held-out parts are only measured: their misses are reported, not failed, but a
    vote counted that the host would not count is as wrong there as anywhere — save the
    listed known silent misreadings, which must still be silent while they are listed."""
    total, _misses, silent, _open = score(part)
    ids = {line.split(" ", 1)[0] for line in silent}
    unlisted = [line for line in silent if line.split(" ", 1)[0] not in KNOWN_SILENT]
    assert not unlisted, f"{len(unlisted)} silent of {total}\n" + "\n".join(unlisted)
    listed = {c["id"] for c in _cases(part)} & set(KNOWN_SILENT)
    assert listed <= ids, f"listed as silent but read otherwise now: {sorted(listed - ids)}"


if __name__ == "__main__":  # python -m tests.test_votes_corpus: both parts' scores, every failure
    for part in PARTS:
        n, m, s, k = score(part)
        right = n - len(m) - len(s) - len(k)
        print(
            f"{part}: {right}/{n} posts read right: {len(m)} misses, {len(s)} silent, "
            f"{len(k)} misses of open cases"
        )
        for line in ["SILENT:", *s, "MISSES:", *m, "OPEN:", *k]:
            print("  ", line)

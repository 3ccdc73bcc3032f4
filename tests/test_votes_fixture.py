"""Votes read from the REAL phpBB pages of game 12 (fixtures/phpbb), three ways.

1. The house rule the game was actually played by (truth.json ``vote_rule_used_here``: the
   last coloured nick of any colour counts, living players only, posts between the host's
   day-start and day-end posts) — expressed purely as `VoteOptions`, no special code — must
   reproduce truth.json's day tallies and final votes exactly. This checks the coloured-span
   and nick-resolution layers end to end on real markup.
2. The Gambler reading of the same pages (G-N.1: only greens, a player's last green counts;
   G-N.2 self-greens for the silent).
3. The PEFL reading (P-V.1: red + a reason of ≥ 3 words; P-V.2 agreement by quoting;
   P-V.3 first vote counts).

The expectations of 2 and 3 are derived by hand from RULES.md and the per-post facts in
truth.json / MANIFEST.md; each is explained next to it.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from parser.pages import parse_topic
from parser.records import Post
from parser.votes.day import extract_votes, self_greens
from parser.votes.records import VoteOptions, VoteResult
from tests.conftest import FIXTURES

PHPBB = FIXTURES / "phpbb"
TRUTH = json.loads((PHPBB / "truth.json").read_text(encoding="utf-8"))
GAME = TRUTH["game12"]
DAYS: list[dict[str, Any]] = GAME["days"]
CAPTURED = datetime.fromisoformat(TRUTH["board"]["captured_at"])
HOST = GAME["host"]


@cache
def topic_posts() -> tuple[Post, ...]:
    posts: list[Post] = []
    for name in GAME["pages_host_view"]:
        html = (PHPBB / name).read_text(encoding="utf-8")
        page = parse_topic(html, board="phpbb", tz=ZoneInfo("Europe/Moscow"), now=CAPTURED)
        posts.extend(page.posts)
    return tuple(posts)


def read_day(day: dict[str, Any], ruleset: str, **options: Any) -> VoteResult:
    alive = day["alive"]
    opts = VoteOptions(
        ignore_authors=frozenset({HOST}),
        after_post_id=day["after_post_id"],
        before_post_id=day["before_post_id"],
        **options,
    )
    return extract_votes(
        topic_posts(),
        ruleset=ruleset,  # type: ignore[arg-type]
        players=alive,
        dead=[p for p in GAME["players"] if p not in alive],
        options=opts,
    )


def finals(result: VoteResult) -> dict[str, str]:
    return {v.voter: v.target for v in result.votes}


def rejections(result: VoteResult) -> list[tuple[str, str, int | None]]:
    return [(r.author, r.reason, r.post_id) for r in result.rejected]


def test_all_72_posts_are_read() -> None:
    ids = [p.id for p in topic_posts()]
    expected = [i for page in GAME["pages_host_view"].values() for i in page["post_ids"]]
    assert ids == expected


# -- 1. the house rule of truth.json --------------------------------------------------------

HOUSE_RULE = {"colors": ("any",), "policy": "last", "require_reason": False}


@pytest.mark.parametrize("day", DAYS, ids=lambda d: f"day{d['day']}")
def test_house_rule_reproduces_truth_tallies(day: dict[str, Any]) -> None:
    result = read_day(day, "gambler", **HOUSE_RULE)
    assert finals(result) == day["final_votes"]
    assert result.tally == {target: len(voters) for target, voters in day["tally"].items()}
    assert max(result.tally, key=lambda t: result.tally[t]) == day["lynched"]


def test_house_rule_day1_outsider_vote_is_rejected() -> None:
    # p69: «Зритель» greens Кот; he is not a player (truth: must not count)
    result = read_day(DAYS[0], "gambler", **HOUSE_RULE)
    assert rejections(result) == [("Зритель", "not_a_player", 69)]


def test_house_rule_day2_dead_players_vote_is_rejected() -> None:
    # p110: Кот, lynched on day 1, greens Лиса_Алиса on day 2 (truth: must not count)
    result = read_day(DAYS[1], "gambler", **HOUSE_RULE)
    assert rejections(result) == [("Кот", "dead", 110)]


def test_house_rule_per_post_votes_match_truth() -> None:
    # every post's own vote (truth.json posts[].vote) — not only the day's final ones
    by_id = {p["post_id"]: p for p in GAME["posts"]}
    for day in DAYS:
        result = read_day(day, "gambler", **HOUSE_RULE)
        read = {r.post_id: r.target for r in result.posts if r.status in ("vote", "superseded")}
        expected = {
            p["post_id"]: p["vote"]["player"]
            for p in GAME["posts"]
            if day["after_post_id"] < p["post_id"] < day["before_post_id"]
            and p["vote"] is not None
            and p["author"] in day["alive"]
        }
        assert read == expected
        assert all(by_id[i]["author"] in day["alive"] for i in read)


# -- 2. Gambler (G-N.1, G-N.2) --------------------------------------------------------------

# Day 1, greens only (green / Green / #008000 spellings), the last green of each player:
#   Вася2005 p52 Mister X → p65 (two greens, the later one) Марго; Tanya-77 p59 Мaкс → p83 Кот;
#   Мaкс p60 Tanya-77 → p93 Кот; Jack_Sparrow p62 Ёжик → p78 Граф; Лиса_Алиса p67 Кот → p82 Ёжик;
#   Mister X p72 (edited: Шерлок then Кот) Кот; Незнайка p75 «Kот» (Latin K) Кот; Кот p80/p92 Мaкс.
# The red votes (Марго, Граф, Анна, Шерлок, Dr.Watson, Ёжик) are no nominations in Gambler.
GAMBLER_DAY1 = {
    "Вася2005": "Марго",
    "Tanya-77": "Кот",
    "Мaкс": "Кот",
    "Jack_Sparrow": "Граф Монте-Кристо",
    "Лиса_Алиса": "Ёжик в тумане",
    "Mister X": "Кот",
    "Незнайка": "Кот",
    "Кот": "Мaкс",
}
# Day 2: Граф p99 Анна → p108 Tanya-77; Mister X p100 Марго (a quoted red inside does not
# count); Tanya-77 p103 Mister X; Ёжик p104 Граф; Лиса_Алиса p106 «Макс» (all Cyrillic) → Мaкс.
# Кот's green p110 is a dead player's (C-5).
GAMBLER_DAY2 = {
    "Граф Монте-Кристо": "Tanya-77",
    "Mister X": "Марго",
    "Tanya-77": "Mister X",
    "Ёжик в тумане": "Граф Монте-Кристо",
    "Лиса_Алиса": "Мaкс",
}


def test_G_N_1_gambler_reading_day1_counts_only_last_greens() -> None:
    result = read_day(DAYS[0], "gambler")
    assert finals(result) == GAMBLER_DAY1
    assert result.tally == dict(Counter(GAMBLER_DAY1.values()))
    assert result.tally["Кот"] == 4 and next(iter(result.tally)) == "Кот"
    assert rejections(result) == [("Зритель", "not_a_player", 69)]


def test_G_N_1_gambler_reading_day2() -> None:
    result = read_day(DAYS[1], "gambler")
    assert finals(result) == GAMBLER_DAY2
    assert rejections(result) == [("Кот", "dead", 110)]


def test_G_N_2_gambler_day1_silent_players_green_themselves() -> None:
    day = DAYS[0]
    result = self_greens(read_day(day, "gambler"), day["alive"])
    silent = [p for p in day["alive"] if p not in GAMBLER_DAY1]
    assert silent == [
        "Анна Каренина",
        "Шерлок",
        "Dr.Watson",
        "Ёжик в тумане",
        "Марго",
        "Граф Монте-Кристо",
    ]
    assert sum(result.tally.values()) == len(day["alive"])  # everyone greens someone
    # Кот 4; Марго, Ёжик, Граф each get their own self-green on top of one green
    assert result.tally["Кот"] == 4
    assert (result.tally["Марго"], result.tally["Ёжик в тумане"]) == (2, 2)
    assert result.tally["Граф Монте-Кристо"] == 2


# -- 3. PEFL (P-V.1, P-V.2, P-V.3) ----------------------------------------------------------

# Day 1, red nicks only, first accepted vote counts, reason = ≥ 3 own words besides the nick:
#   p57 Марго → Вася2005 («Голосую: … слишком агрессивно начал …») accepted;
#   p63 Граф → Jack_Sparrow («Ожидание и надежда… Голосую … за пиратство») accepted;
#   p64 Анна → Jack_Sparrow, own words «Поддерживаю Графа:» are 2 < 3, but she quotes p63, an
#       accepted vote for the same target: an agreement (P-V.2), agreed_with = 63;
#   p68 Шерлок → Граф (an argument) accepted; p71 Марго repeats Вася2005: a later vote, not
#       counted again and reported as a repeat (P-V.3, docs/rulings.md);
#   p73 Dr.Watson → Mister X («Итак, мой голос —» = 3 words) accepted; p89 repeats it (reported);
#   p77 Ёжик → Лиса_Алиса accepted; p90 repeats it (reported);
#   p86 Вася2005 → Лиса_Алиса («Ладно, последний раз меняю:») accepted (his greens are no votes);
#   p91 Граф → Шерлок after his p63: a changed vote, rejected and reported (P-V.3).
PEFL_DAY1 = {
    "Марго": "Вася2005",
    "Граф Монте-Кристо": "Jack_Sparrow",
    "Анна Каренина": "Jack_Sparrow",
    "Шерлок": "Граф Монте-Кристо",
    "Dr.Watson": "Mister X",
    "Ёжик в тумане": "Лиса_Алиса",
    "Вася2005": "Лиса_Алиса",
}
# Day 2: p97 Анна → Граф (the red «Внимание всем!» is no nick; long reason) accepted;
#   p98 Dr.Watson → Граф («Холмс!.. Я его не уберёг.») accepted; p101 Марго → Mister X
#   («Эй! За что?!» = 3 words) accepted; p109 Вася2005 → Граф («Ладно, свой голос:») accepted;
#   p105 Jack_Sparrow (bare nick), p107 Мaкс («Я за» = 2 words), p113 Mister X («Ладно,
#   сдаюсь.» = 2 words) → no_reason. p102 Вася2005 quotes p98 and writes «+1» without a red
#   nick: P-V.2 needs the target named in red, so it is nothing (he votes later, p109).
PEFL_DAY2 = {
    "Анна Каренина": "Граф Монте-Кристо",
    "Dr.Watson": "Граф Монте-Кристо",
    "Марго": "Mister X",
    "Вася2005": "Граф Монте-Кристо",
}


def test_P_V_pefl_reading_day1() -> None:
    result = read_day(DAYS[0], "pefl")
    assert finals(result) == PEFL_DAY1
    assert {v.voter: v.agreed_with for v in result.votes if v.agreed_with} == {"Анна Каренина": 63}
    assert rejections(result) == [
        ("Марго", "repeated_vote", 71),
        # «Итак, мой голос — <Mister X>»: the vote's formula alone, no reason (P-V.1); his
        # «Я за <Mister X>, как и раньше» is then the vote
        ("Dr.Watson", "no_reason", 73),
        ("Ёжик в тумане", "repeated_vote", 90),
        ("Граф Монте-Кристо", "changed_vote", 91),
    ]
    assert result.tally == {
        "Jack_Sparrow": 2,
        "Лиса_Алиса": 2,
        "Вася2005": 1,
        "Граф Монте-Кристо": 1,
        "Mister X": 1,
    }


def test_P_V_1_pefl_reading_day2_rejects_red_nicks_without_reason() -> None:
    result = read_day(DAYS[1], "pefl")
    assert finals(result) == PEFL_DAY2
    assert rejections(result) == [
        ("Jack_Sparrow", "no_reason", 105),
        ("Мaкс", "no_reason", 107),
        ("Mister X", "no_reason", 113),
    ]
    assert result.tally == {"Граф Монте-Кристо": 3, "Mister X": 1}


def test_P_V_1_min_reason_words_setting_changes_the_day2_count() -> None:
    # with a one-word minimum «Ладно, сдаюсь.» (Mister X) becomes a reason; «Я за» (Мaкс)
    # is the vote's formula, no reason whatever the minimum
    result = read_day(DAYS[1], "pefl", min_reason_words=1)
    assert finals(result) == PEFL_DAY2 | {"Mister X": "Граф Монте-Кристо"}
    assert rejections(result) == [("Jack_Sparrow", "no_reason", 105), ("Мaкс", "no_reason", 107)]

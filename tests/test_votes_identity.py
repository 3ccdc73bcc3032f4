"""Players are identified by board user id (RULES.md C-2, C-3; G-N.1: outsiders' greens do not
count): a real phpBB page of game 12 (fixtures/phpbb/topic_p3.html) copied and minimally
mutated so that the spectator's post (account id 75) carries a look-alike of a player's name.
The page itself gives every author's id; the cast's ids are the real accounts'."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from parser.pages import parse_topic
from parser.records import Post
from parser.votes.day import extract_votes
from tests.conftest import FIXTURES

PAGE = (FIXTURES / "phpbb" / "topic_p3.html").read_text(encoding="utf-8")
CAST = [
    "Анна Каренина",
    "Мaкс",
    "Mister X",
    "Шерлок",
    "Dr.Watson",
    "Лиса_Алиса",
    "Вася2005",
    "Ёжик в тумане",
    "Кот",
    "Jack_Sparrow",
    "Марго",
    "Tanya-77",
    "Граф Монте-Кристо",
    "Незнайка",
]
# the accounts' ids as the board's profile links give them
IDS = {"Шерлок": 61, "Mister X": 60, "Марго": 68, "Dr.Watson": 62, "Незнайка": 74}
SPECTATOR_POST = 69  # «Зритель» (u=75) greens Кот


def posts_with_spectator_renamed(name: str) -> tuple[Post, ...]:
    """topic_p3 with the spectator's name in his own post block replaced by `name`."""
    start = PAGE.index(f'id="p{SPECTATOR_POST}"')
    end = PAGE.index(f'id="p{SPECTATOR_POST + 1}"')
    block = PAGE[start:end].replace(">Зритель<", f">{name}<")
    assert block != PAGE[start:end]
    html = PAGE[:start] + block + PAGE[end:]
    page = parse_topic(html, board="phpbb", tz=ZoneInfo("Europe/Moscow"))
    assert not page.issues
    return page.posts


LOOKALIKES = [
    pytest.param("Шерлoк", id="latin-o"),
    pytest.param("Шер\u200bлок", id="zero-width-space"),
    pytest.param("ШЕРЛОК", id="other-case"),
]


@pytest.mark.parametrize("name", LOOKALIKES)
def test_C_2_lookalike_account_is_an_outsider_never_the_player(name: str) -> None:
    posts = posts_with_spectator_renamed(name)
    fake = next(p for p in posts if p.id == SPECTATOR_POST)
    assert (fake.author, fake.author_id) == (name, 75)
    r = extract_votes(posts, ruleset="gambler", players=CAST, player_ids=IDS)
    # G-N.1: only players green; the look-alike's green for Кот is reported, not counted
    assert ("Шерлок", "Кот") not in {(v.voter, v.target) for v in r.votes}
    assert [(x.author, x.reason) for x in r.rejected if x.post_id == SPECTATOR_POST] == [
        (name, "not_a_player")
    ]
    # the real Шерлок (u=61) is still himself: his red is no green, but it is his post
    real = next(p for p in r.posts if p.post_id == 68)
    assert real.author == "Шерлок"


@pytest.mark.parametrize("name", LOOKALIKES)
def test_C_2_without_ids_only_the_exact_spelling_is_the_player(name: str) -> None:
    """No id known for anyone: a look-alike name is still not the player's (a folded name
    never makes an account a player); a name in another case is his (one account on every
    board)."""
    posts = posts_with_spectator_renamed(name)
    r = extract_votes(posts, ruleset="gambler", players=CAST)
    counted = ("Шерлок", "Кот") in {(v.voter, v.target) for v in r.votes}
    assert counted == (name.lower() == "шерлок")


def test_C_2_the_players_own_account_counts_under_any_shown_name() -> None:
    # the real Незнайка (u=74) greens Kот (Latin K) in post 75; his name shown differently
    # (a renamed account) still makes the post his, by id
    start = PAGE.index('id="p75"')
    end = PAGE.index('id="p76"')
    block = PAGE[start:end].replace(">Незнайка<", ">Незнайка_new<")
    html = PAGE[:start] + block + PAGE[end:]
    posts = parse_topic(html, board="phpbb", tz=ZoneInfo("Europe/Moscow")).posts
    assert next(p for p in posts if p.id == 75).author == "Незнайка_new"
    r = extract_votes(posts, ruleset="gambler", players=CAST, player_ids=IDS)
    assert ("Незнайка", "Кот") in {(v.voter, v.target) for v in r.votes}


def test_C_2_ids_match_the_real_page_unchanged() -> None:
    posts = parse_topic(PAGE, board="phpbb", tz=ZoneInfo("Europe/Moscow")).posts
    with_ids = extract_votes(posts, ruleset="pefl", players=CAST, player_ids=IDS)
    without = extract_votes(posts, ruleset="pefl", players=CAST)
    assert with_ids.votes == without.votes
    assert with_ids.rejected == without.rejected


# --- an IPB 1.3 page (fixtures/ipb/1x-2x): profile links `showuser=N` give the ids ----------
IPB_PAGE = (FIXTURES / "ipb" / "1x-2x" / "ipb13ru_hustle-sa_showtopic2969_utf8.html").read_text(
    encoding="utf-8"
)
# Danila (account 11371) is no player here: his post, signed with a player's look-alike name,
# is an outsider's
IPB_CAST = ["Ivanov_Vladimir", "Ronin", "Mr. Grin"]
IPB_IDS = {"Ivanov_Vladimir": 437, "Ronin": 21714, "Mr. Grin": 251}
VOTE = "<span style='color:red'>Ronin</span> весь день уходит от ответов, подозрительно"


def ipb_posts(name: str) -> tuple[Post, ...]:
    """The page with Danila's post (19179, account 11371) signed `name` and holding a red vote
    in its body, as IPB 1.3 renders [color=red]."""
    start = IPB_PAGE.index("<!--Begin Msg Number 19179-->")
    end = IPB_PAGE.index("<!--Begin Msg Number 19180-->")
    block = IPB_PAGE[start:end].replace(">Danila<", f">{name}<")
    block = block.replace(
        "<div class='postcolor'> В результатах", f"<div class='postcolor'> {VOTE} В"
    )
    assert block.count(VOTE) == 1 and f">{name}<" in block
    page = parse_topic(IPB_PAGE[:start] + block + IPB_PAGE[end:], board="ipb")
    return page.posts


# a Cyrillic «о», a Cyrillic «а», another case (the IPB reader turns a zero-width space
# into a plain one, so that spelling is a different name there already)
@pytest.mark.parametrize("name", ["Ivanоv_Vladimir", "Ivanov_Vlаdimir", "IVANOV_VLADIMIR"])
def test_C_2_ipb_lookalike_account_is_an_outsider(name: str) -> None:
    posts = ipb_posts(name)
    fake = next(p for p in posts if p.id == 19179)
    assert (fake.author, fake.author_id) == (name, 11371)
    r = extract_votes(posts, ruleset="pefl", players=IPB_CAST, player_ids=IPB_IDS)
    assert r.votes == []
    assert [(x.author, x.reason) for x in r.rejected] == [(name, "not_a_player")]
    # without ids only the other case (one account on the board) reads as the player
    by_name = extract_votes(posts, ruleset="pefl", players=IPB_CAST)
    expected = [("Ivanov_Vladimir", "Ronin")] if name.isascii() else []
    assert [(v.voter, v.target) for v in by_name.votes] == expected

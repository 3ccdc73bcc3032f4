"""C-3, C-5, P-V.1, G-N.1, G-N.4 (`votes-34`, issue 17 item 2): a coloured fragment of a
longer nick counts only when it is the part that carries the name — a title or modifier
before the name, an adjective without its noun, the Latin head of a mixed nick or a digit
run is shown to the host naming the player, never counted; a dead player's or the host's
Latin handle heard in colour is refused as theirs, never unknown and never given to a
living player (development part 63: `fr-*`, `fn-*`, `dh-*`, `dn-*`, `fc-*`)."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.nicks import NickMatch
from parser.records import Post
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.fragment import fragment_match, names_no_one
from parser.votes.records import VoteOptions, VoteResult
from tests.vote_pages import bracketed_posts

HOST = "Skipper"
LIVING = ["Pro100Сом", "Мистер Шуруп", "Неон-Тетра", "Старый Окунь", "Kapitan77", "Бублик", "Лещ"]
DEAD = ["Bubble", "Snapper"]
IDS = {nick: 601 + i for i, nick in enumerate([*LIVING, *DEAD])}
SHOWN = {"unknown_nick", "ambiguous_nick", "unclear"}


def _result(body: str, rules: Literal["gambler", "pefl"] = "pefl") -> VoteResult:
    posts = bracketed_posts(body, "Лещ", IDS["Лещ"], rules)
    options = VoteOptions(ignore_authors=frozenset({HOST}))
    return extract_votes(
        posts, ruleset=rules, players=LIVING, dead=DEAD, player_ids=IDS, options=options
    )


def _read(body: str, rules: Literal["gambler", "pefl"] = "pefl") -> tuple[str, str | None]:
    got = _result(body, rules).posts[0]
    return got.status, got.target if got.status == "vote" else got.reason


@pytest.mark.parametrize(
    "body",
    [
        "Голосую против [Мистера], весь день юлит и ничего не говорит по делу.",  # a title
        "против [Pro] он вчера врал про проверку",  # the Latin head of a mixed nick
        "Мой голос — [Неон], слишком тихо сидит весь день.",  # a hyphenated word's head
        "Против [Старого], его рассуждения шиты белыми нитками.",  # an adjective alone
        "Против [Старого], а ещё [Леща] — оба врут весь день.",  # beside another nick
    ],
)
def test_C_3_a_fragment_that_carries_no_name_is_shown_never_counted(body: str) -> None:
    status, reason = _read(body)
    assert status == "rejected" and reason in SHOWN


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Голосую против [Шурупа], весь день юлит и молчит.", "Мистер Шуруп"),
        ("Мой голос — [Тетра], слишком тихо сидит весь день.", "Неон-Тетра"),
        ("Против [Окуня], его рассуждения шиты белыми нитками.", "Старый Окунь"),
        ("Против [Kapitan], его ночные рассказы не сходятся.", "Kapitan77"),
        ("Против [Мистера Шурупа], юлит весь день и молчит.", "Мистер Шуруп"),
    ],
)
def test_C_3_the_part_that_carries_the_name_counts(body: str, target: str) -> None:
    assert _read(body) == ("vote", target)


def test_G_N_1_a_green_title_alone_is_shown() -> None:
    status, reason = _read("[Мистера]", "gambler")
    assert status == "rejected" and reason in SHOWN


@pytest.mark.parametrize(
    ("word", "nick", "fragment"),
    [
        ("Мистера", "Мистер Шуруп", True),
        ("Рыжую", "Рыжая Мурена", True),
        ("Неона", "Неон-Тетра", True),
        ("про", "Pro100Сом", True),
        # the nick's own head: before a name, an unknown word, a preposition, the genitive
        ("Лису", "Лиса_Алиса", False),
        ("Графа", "Граф Монте-Кристо", False),
        ("Ёжика", "Ёжик в тумане", False),
        ("Комиссара", "Комиссар выставки", False),
        # a given name, and an adjective after the name
        ("Сашу", "Саша Белый", False),
        ("Белого", "Саша Белый", False),
    ],
)
def test_C_3_the_fragment_is_told_by_its_grammar(word: str, nick: str, fragment: bool) -> None:
    assert names_no_one(word, nick) is fragment


@pytest.mark.parametrize(
    "body",
    [
        "Голосую против [Бабла], он вчера всех запутал своими версиями.",
        "против [Баббла] мутный тип весь день",
        "Против [Снэппера], он слишком уверенно говорил вчера.",
    ],
)
def test_C_5_a_dead_players_handle_heard_is_refused_as_the_dead(body: str) -> None:
    assert _read(body) == ("rejected", "dead_target")


def test_C_5_a_living_players_own_form_beside_a_dead_handle_counts() -> None:
    assert _read("Голосую против [Бублика], он вчера всех запутал.") == ("vote", "Бублик")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        ("Против [Скипера], раздаёт роли как ему вздумается.", "pefl"),
        ("Голосую против [Skipper], он всё подстроил этой ночью.", "pefl"),
        ("Выставляю [Скипера]", "gambler"),
    ],
)
def test_P_V_1_G_N_1_a_vote_for_the_host_is_refused_with_the_host_line(
    body: str, rules: Literal["gambler", "pefl"]
) -> None:
    result = _result(body, rules)
    assert result.posts[0].status == "rejected" and not result.votes
    assert "ведущий игры" in result.rejected[0].detail


NOMINEES = ["Мистер Шуруп", "Pro100Сом", "Неон-Тетра", "Бублик"]


def _court(text: str) -> tuple[str, str | None, str | None, str]:
    post = Post(1, "Лещ", IDS["Лещ"], None, text, text, text)
    options = VoteOptions(ignore_authors=frozenset({HOST}))
    result = extract_court_votes(
        [post], nominees=NOMINEES, players=LIVING, dead=DEAD, player_ids=IDS, options=options
    )
    r = result.posts[0]
    detail = result.rejected[0].detail if result.rejected else ""
    return r.status, r.target, r.reason, detail


@pytest.mark.parametrize("text", ["Сажаю Мистера.", "в тюрьму pro", "Неона в тюрьму, он мутный."])
def test_G_N_4_a_court_vote_by_a_fragment_is_shown(text: str) -> None:
    status, target, reason, _ = _court(text)
    assert status == "rejected" and target is None and reason in SHOWN


def test_G_N_4_a_court_vote_for_a_dead_handle_heard_is_for_the_dead() -> None:
    assert _court("Сажаю Бабла.")[2] == "dead_target"


def test_G_N_4_a_court_vote_for_the_host_heard_gets_the_host_line() -> None:
    status, _target, _reason, detail = _court("Сажаю Скипера.")
    assert status == "rejected" and "ведущий игры" in detail


def test_G_N_4_the_name_part_in_court_counts() -> None:
    assert _court("Сажаю Шурупа.")[:2] == ("vote", "Мистер Шуруп")


def test_C_3_an_adjective_that_tells_two_nicks_apart_carries_the_name() -> None:
    pair = ("Ферзевый_гамбит", "Королевский_гамбит")
    found = NickMatch("Ферзевого", "Ферзевый_гамбит", "partial", 0.75)
    assert fragment_match(found, "Ферзевого", pair).nick == "Ферзевый_гамбит"
    assert fragment_match(found, "Ферзевого", pair[:1]).nick is None  # alone: no proof


def test_C_3_digits_alone_stay_no_vote() -> None:
    # the ruling of batches 17 and 18: digits alone name no nick, whoever's part they are
    assert _read("Против [77], его ночные рассказы не сходятся с газетой.")[0] == "no_vote"

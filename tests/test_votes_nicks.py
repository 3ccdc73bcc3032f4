"""Nicks in votes and greens (RULES.md C-3 and its ruling, setting `vote_nicks`): a coloured
nick is read by the move reader's ladder, case forms of every ending included; an ambiguous
or unknown form is no vote and says why. Authors are matched by `parser.identity`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine.settings import CHOICES, RulesSettings, SettingsError
from parser.records import ColoredSpan, Post
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import VOTE_NICKS, VoteOptions

GREEN, RED = "#008000", "#ff0000"
T0 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
CAST = ["Рома", "Егор", "Жора", "Костя", "Лёня", "Жанна", "Граф Монте-Кристо", "Ефим", "Вася2005"]
REASON = " потому что он весь день молчит и уходит от ответов"


def post(pid: int, author: str, color: str, nick: str, reason: str = REASON) -> Post:
    text = f"Голосую против {nick}.{reason}"
    return Post(
        id=pid,
        author=author,
        author_id=None,
        posted_at=T0 + timedelta(minutes=pid),
        body_html="",
        text=text,
        own_text=text,
        colored=(ColoredSpan(color, nick),),
    )


def red_target(nick: str, *, cast: list[str] = CAST, mode: str = "as_moves") -> str | None:
    voter = next(p for p in cast if p not in ("Рома", "Егор", "Жанна"))
    r = extract_votes(
        [post(1, voter, RED, nick)],
        ruleset="pefl",
        players=cast,
        options=VoteOptions(vote_nicks=mode),  # type: ignore[arg-type]
    )
    return r.votes[0].target if r.votes else None


@pytest.mark.parametrize(
    ("form", "nick"),
    [
        ("Рому", "Рома"),
        ("Егора", "Егор"),
        ("Жору", "Жора"),
        ("Костю", "Костя"),
        ("Лёне", "Лёня"),
        ("Жанной", "Жанна"),
        ("Ефима", "Ефим"),
        ("Лене", "Лёня"),  # ё written as е
        ("Графа", "Граф Монте-Кристо"),  # one word of a multi-word nick, declined
        ("Граф", "Граф Монте-Кристо"),
    ],
)
def test_C_3_ruling_red_case_forms_count_like_moves(form: str, nick: str) -> None:
    # C-3 ruling: a red «Рому» counts like a red «Егора», whatever the ending
    assert red_target(form) == nick


def test_C_3_ruling_green_case_form_counts_in_gambler() -> None:
    r = extract_votes([post(1, "Егор", GREEN, "Ефима", "")], ruleset="gambler", players=CAST)
    assert [(v.voter, v.target) for v in r.votes] == [("Егор", "Ефим")]
    assert r.posts[0].method == "inflected"


def test_C_3_ruling_court_vote_case_form_counts() -> None:
    plain = Post(3, "Жора", None, T0, "", "Рому", "Рому")
    r = extract_court_votes([plain], nominees=["Рома", "Егор"], players=CAST)
    assert [(v.voter, v.target) for v in r.votes] == [("Жора", "Рома")]


def test_C_3_ambiguous_case_form_is_rejected_with_reason() -> None:
    # «Вику» is a case form of both «Вика» and «Вик»: no guess, the voter is told why
    cast = ["Вика", "Вик", "Кеша", "Ира"]
    r = extract_votes([post(1, "Кеша", RED, "Вику")], ruleset="pefl", players=cast)
    assert r.votes == []
    [rej] = r.rejected
    assert (rej.author, rej.reason) == ("Кеша", "ambiguous_nick")
    assert "Вику" in rej.detail and "нескольким" in rej.detail


def test_C_3_one_word_shared_by_two_nicks_is_ambiguous() -> None:
    cast = ["Граф Монте-Кристо", "Граф Дракула", "Кеша", "Ира"]
    r = extract_votes([post(1, "Ира", RED, "Графа")], ruleset="pefl", players=cast)
    assert r.votes == [] and [x.reason for x in r.rejected] == ["ambiguous_nick"]


def test_C_3_unknown_form_is_rejected_with_reason() -> None:
    r = extract_votes([post(1, "Ефим", RED, "Антона")], ruleset="pefl", players=CAST)
    assert r.votes == [] and [x.reason for x in r.rejected] == ["unknown_nick"]


def test_C_3_case_form_of_a_dead_player_is_a_dead_target() -> None:
    r = extract_votes(
        [post(1, "Ефим", RED, "Рому")],
        ruleset="pefl",
        players=[p for p in CAST if p != "Рома"],
        dead=["Рома"],
    )
    assert r.votes == [] and [x.reason for x in r.rejected] == ["dead_target"]


def test_C_3_reason_words_still_leave_out_the_declined_nick() -> None:
    # P-V.1: «Рому» is the voted nick, not a reason word, however it is declined
    r = extract_votes([post(1, "Ефим", RED, "Рому", " Рому Ромой")], ruleset="pefl", players=CAST)
    assert r.votes == [] and [x.reason for x in r.rejected] == ["no_reason"]


def test_C_3_ruling_setting_exact_reads_only_the_folded_nick() -> None:
    # the other reading of the ruling: case, look-alikes and punctuation fold, nothing else
    assert red_target("Рому", mode="exact") is None
    assert red_target("«рома»,", mode="exact") == "Рома"
    assert red_target("Жаннa", mode="exact") == "Жанна"  # Latin «a»
    assert red_target("Граф", mode="exact") is None
    assert red_target("Рому") == "Рома"


def test_C_3_ruling_setting_vote_nicks_default_and_values() -> None:
    assert RulesSettings().vote_nicks == "as_moves" == VoteOptions().vote_nicks
    assert VOTE_NICKS == CHOICES["vote_nicks"] == ("as_moves", "exact")
    assert RulesSettings.from_mapping({"vote_nicks": "exact"}).vote_nicks == "exact"
    with pytest.raises(SettingsError, match="vote_nicks"):
        RulesSettings.from_mapping({"vote_nicks": "by_stem"})


# -- a coloured text that may name an outsider account or a player ------------------------------


def _against(
    nick: str, accounts: frozenset[str], players: list[str]
) -> tuple[list[str], list[tuple[str, str]]]:
    text = f"Голосую против {nick}, весь день молчит и путает всех подряд"
    p = Post(
        id=1,
        author="Рома",
        author_id=None,
        posted_at=T0,
        body_html="",
        text=text,
        own_text=text,
        colored=(ColoredSpan(RED, nick),),
    )
    r = extract_votes([p], ruleset="pefl", players=players, options=VoteOptions(accounts=accounts))
    return [v.target for v in r.votes], [(x.reason, x.target or "") for x in r.rejected]


def test_C_3_a_case_clash_of_players_is_never_taken_for_an_outsider_account() -> None:
    """«Кота» with Кот and Кота both seated is a form two living nicks share: it has no one
    reading, yet it names players. An outsider account it is also a case form of (Кот_) does
    not make it that account: the vote reader asks about the clash, naming both players."""
    players = ["Кот", "Кота", "Рома", "Жанна"]
    assert _against("Кота", frozenset(), players) == ([], [("ambiguous_nick", "Кота")])
    assert _against("Кота", frozenset({"Кот_"}), players) == ([], [("ambiguous_nick", "Кота")])
    # a form only the outsider can be is still that account, refused as naming no player
    assert _against("Внучку", frozenset({"Внучка"}), players) == (
        [],
        [("unknown_nick", "Внучку")],
    )


def test_C_3_a_capitalised_dictionary_word_that_is_a_pet_name_of_the_table_is_that_player() -> None:
    # «Грушу» (a pear) and «Милочку» (a dear) typed with a capital are Агриппина's and
    # Милана's pet names (parser.nameforms.PET_STEMS); in lower case they stay the words
    from parser.nicks import NickResolver, diminutive_match

    resolver = NickResolver(["Агриппина", "Милана", "Остап"])
    assert (m := diminutive_match(resolver, "Грушу")) is not None and m.nick == "Агриппина"
    assert (m := diminutive_match(resolver, "Милочку")) is not None and m.nick == "Милана"
    assert (m := diminutive_match(resolver, "Милу")) is not None and m.nick == "Милана"
    low = diminutive_match(resolver, "грушу")
    assert low is None or low.nick is None


def test_C_3_a_capitalised_name_no_player_bears_is_reported_not_dropped() -> None:
    # «Капу»: a word of the dictionary (кап) and a given name (Капа) nobody in the game
    # bears — the voter meant a name and is told it names no player (C-3), not ignored;
    # and no player whose nick merely starts so («Капельмейстер») is read from it
    from parser.votes.day import extract_votes
    from tests.test_votes import RED, post

    players = ["Капельмейстер", "Остап", "Милана"]
    r = extract_votes(
        [post(1, "Остап", (RED, "Капу"), text="Капу голосую, слишком много шумит сегодня")],
        ruleset="pefl",
        players=players,
    )
    assert not r.votes and [(x.reason, x.target) for x in r.rejected] == [("unknown_nick", "Капу")]

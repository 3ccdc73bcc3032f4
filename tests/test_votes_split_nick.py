"""Issue 17 item 2, C-3, P-V.1, G-N.1: one player's nick coloured in two adjacent tags of the
same colour (only whitespace or nothing between them) is one coloured name, read as that
player; two players' nicks in two adjacent tags stay two, and a word between two tags keeps
them apart (tests/votes/dev18/)."""

from __future__ import annotations

from parser.votes.day import extract_votes
from parser.votes.records import Ruleset, VoteResult
from tests.test_votes import BLUE, GREEN, RED, post, targets

CAST = ["Кобра 7", "Серёга Омск", "Nissan Patrol", "Кобра", "Омск", "Вереск", "Гром"]


def _read(text: str, *spans: tuple[str, str], rules: Ruleset = "pefl") -> VoteResult:
    return extract_votes([post(1, "Вереск", *spans, text=text)], ruleset=rules, players=CAST)


def _unclear(r: VoteResult) -> bool:
    return not r.votes and [x.reason for x in r.rejected] in (["unclear"], ["ambiguous_nick"])


def test_C_3_P_V_1_a_nick_split_over_two_red_tags_is_one_vote() -> None:
    for text, first, second, nick in [
        ("Голосую против Кобра 7, весь день врёт и путается", "Кобра", "7", "Кобра 7"),
        ("Против Серёга Омск — весь день темнит и молчит", "Серёга", "Омск", "Серёга Омск"),
        ("Против Серёги Омска — весь день темнит и молчит", "Серёги", "Омска", "Серёга Омск"),
        ("Против Nissan Patrol — вчера путался в показаниях", "Nissan", "Patrol", "Nissan Patrol"),
    ]:
        r = _read(text, (RED, first), (RED, second))
        assert targets(r.votes) == {"Вереск": nick}, text


def test_G_N_1_a_nick_split_over_two_green_tags_back_to_back_is_one_nomination() -> None:
    r = _read(
        "Выставляю Серёга Омск, пусть объяснится",
        (GREEN, "Серёга"),
        (GREEN, "Омск"),
        rules="gambler",
    )
    assert targets(r.votes) == {"Вереск": "Серёга Омск"}
    r = _read("Зеленю Кобру 7, пусть объяснится", (GREEN, "Кобру"), (GREEN, "7"), rules="gambler")
    assert targets(r.votes) == {"Вереск": "Кобра 7"}


def test_P_V_1_two_players_in_two_adjacent_tags_stay_two() -> None:
    r = _read("Голосую против Кобра Омск, оба мутные весь день", (RED, "Кобра"), (RED, "Омск"))
    assert _unclear(r)
    r = _read(
        "Выставляю Вереск Гром, оба молчат", (GREEN, "Вереск"), (GREEN, "Гром"), rules="gambler"
    )
    assert not r.votes


def test_P_V_1_a_word_or_another_colour_between_the_tags_keeps_them_apart() -> None:
    r = _read("Против Кобра уже 7 раз говорю: весь день врёт", (RED, "Кобра"), (RED, "7"))
    assert targets(r.votes) == {"Вереск": "Кобра"}
    r = _read("Против Кобры и Омска: оба мутные весь день", (RED, "Кобры"), (RED, "Омска"))
    assert _unclear(r)
    # a blue second word is no vote colour: the red «Кобра» alone is read, as before
    r = _read("Против Кобра 7, весь день врёт и путается", (RED, "Кобра"), (BLUE, "7"))
    assert targets(r.votes) == {"Вереск": "Кобра"}

"""A vote cast for another player (P-V.1, G-N.1, C-5, C-6's ruling: a seat speaks through its
own account) and a choice among coloured players settled in plain words (P-V.1, G-N.1)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.newspaper.words import VOTE_REJECT_HOST_RU, VOTE_REJECT_RU
from mafiabot.replay_posts import post_from_body
from parser.votes.day import extract_votes
from parser.votes.records import PROXIED, refusal_detail

PLAYERS = ("Ратибор", "Злотана", "Вышеслав", "Радмила", "Orion", "Orion5", "Полина")


def _read(
    text: str, rules: str = "pefl"
) -> tuple[list[tuple[str, str | None, str | None]], list[str]]:
    """(the post's reading, the codes of every line shown for it) — `<…>` marks the colour."""
    color = "red" if rules == "pefl" else "green"
    body = text.replace("<", f'<span style="color:{color}">').replace(">", "</span>")
    ruleset: RulesetName = "pefl" if rules == "pefl" else "gambler"
    result = extract_votes([post_from_body(1, "Полина", body, 1)], ruleset=ruleset, players=PLAYERS)
    readings = [(r.status, r.target, r.reason) for r in result.posts]
    return readings, [r.reason for r in result.rejected]


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("Ратибор просил передать: голос за <Вышеслава>, он всю ночь врал", "pefl"),
        ("Голосую против <Радмилы> — это от Злотаны, у неё инет не работает", "pefl"),
        ("Злотана пишет мне в личку: голосую против <Ратибора>, мафия он", "pefl"),
        ("По просьбе Ратибора: <Orion>, он уверен, что это мафия", "pefl"),
        ("Передаю голос Злотаны: <Вышеслав>, у неё сел телефон", "pefl"),
        ("Муж попросил проголосовать: зеленю <Радмилу>", "gambler"),
    ],
)
def test_P_V_1_G_N_1_C_5_a_vote_cast_for_another_is_shown_never_counted(
    text: str, rules: str
) -> None:
    readings, shown = _read(text, rules)
    assert readings == [("rejected", None, PROXIED)], text
    assert shown == [PROXIED]


def test_P_V_1_C_5_the_authors_own_vote_beside_anothers_counts_and_the_other_is_shown() -> None:
    readings, shown = _read("Мой голос и голос жены за <Вышеслава>, весь день уходит от ответов")
    assert readings == [("vote", "Вышеслав", None)]
    assert shown == [PROXIED]
    readings, shown = _read(
        "Ратибор просил передать голос против <Радмилы>. А я голосую против <Orion>, молчит"
    )
    assert readings == [("vote", "Orion", None)]
    assert shown == [PROXIED]


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Голос разума подсказывает: <Вышеслав> мафия, весь день юлит", "Вышеслав"),
        ("Просил же вчера объяснить ночь, <Ратибор> так и молчит. Голосую", "Ратибор"),
        ("Написал Радмиле в личку, не отвечает. Голосую против <Радмилы>, прячется", "Радмила"),
        ("Голос <Ратибора>, весь день юлит и путается", "Ратибор"),
    ],
)
def test_P_V_1_words_of_voices_and_requests_that_pass_no_vote_on_leave_the_vote(
    text: str, target: str
) -> None:
    readings, shown = _read(text)
    assert readings == [("vote", target, None)], text
    assert shown == []


def test_P_V_1_C_5_the_proxied_code_is_told_in_russian_to_player_host_and_newspaper() -> None:
    assert "другого игрока" in refusal_detail(PROXIED, None, "Ратибора")
    assert VOTE_REJECT_RU[PROXIED] and VOTE_REJECT_HOST_RU[PROXIED]


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("<Радмилу>. Или <Злотану>? Не знаю, обе мутные, но голос за Радмилу", "Радмила"),
        ("<Orion> или <Orion5> — один из них мафия. Голосую за Orion5, путался ночью", "Orion5"),
        ("<Ратибор> и <Вышеслав> мутные. Голосую против Вышеслава, врёт про проверку", "Вышеслав"),
    ],
)
def test_P_V_1_a_choice_among_coloured_players_settled_in_plain_words_is_read(
    text: str, target: str
) -> None:
    readings, _shown = _read(text)
    assert readings == [("vote", target, None)], text


@pytest.mark.parametrize(
    "text",
    [
        "<Ратибор> и <Вышеслав> мутные. Голосую против Вышеслава... хотя не знаю, подумаю",
        "<Ратибор> или <Вышеслав>? Голосую за Вышеслава, шучу. Не знаю пока",
        "<Ратибор> или <Вышеслав>. Голосую за Вышеслава. Хотя нет, за Ратибора",
        "<Ратибор> или <Вышеслав>, оба мутные. Голосую за Радмилу, весь день молчит",
        "<Ратибор> или <Вышеслав>? Не голосую за Вышеслава, он чистый",
    ],
)
def test_P_V_1_a_choice_in_words_contradicted_or_naming_no_coloured_player_counts_nothing(
    text: str,
) -> None:
    readings, _shown = _read(text)
    assert readings[0][0] != "vote", text

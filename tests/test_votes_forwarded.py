"""Batch 13's silent vote classes, each by rule, on posts that are not in its corpus
(tests/votes/dev20/).

- C-2, P-V.1: a forwarded message («Пересылаю голос X: «…»», «Переслано от X: …») holds
  another player's words; a vote in it is shown to the host as ``proxied``, never counted
  as the author's, while the author's own vote beside it still counts.
- G-N.1, P-V.1: the author's own nick weighed against another player with «или» is one side
  of a choice, not his signature: the post is no vote until the words settle it.
- G-N.1, C-3 (batch 13's V2, V3): «выдвигать» is a vote word; a coloured «себя» is the
  author even when his nick is a dictionary word; a dictionary word nominated after it with
  a capital is a nick no player bears, shown as unknown.
- P-V.1 (V1): one player named twice is two picks; only the one in the voting clause counts.
- G-N.4 (V4): in court «на губу», «на гауптвахту» (the guardhouse) jail like «на нары».
"""

from __future__ import annotations

import pytest

from mafiabot.replay_posts import post_from_body
from parser.nicks import UNKNOWN_NICK
from parser.votes.day import extract_votes
from parser.votes.records import PROXIED
from tests.test_votes_court import read as court_read
from tests.test_votes_proxy import _read


@pytest.mark.parametrize(
    "text",
    [
        "Пересылаю: «Голосую против <Радмилы>, она подозрительная» — Ратибор",
        "Пересылаю от Ратибора: «Против <Радмилы>, она всё время молчит. Врёт.»",
        "Переслано от Ратибора: Против <Радмилы>, она всё время молчит",
        "Пересылаю сообщение Злотаны: «Против <Радмилы>, она весь день молчит»",
        "Ратибор просил переслать: «<Вышеслав>, врёт весь день»",
    ],
)
def test_C_2_P_V_1_a_forwarded_vote_is_shown_never_counted(text: str) -> None:
    readings, shown = _read(text)
    assert readings == [("rejected", None, PROXIED)], text
    assert shown == [PROXIED]


def test_C_2_P_V_1_the_authors_own_vote_beside_a_forwarded_one_counts() -> None:
    readings, shown = _read(
        "Пересылаю от Ратибора: «Против <Радмилы>, она подозрительная». "
        "А я против <Orion>, молчит весь день"
    )
    assert readings == [("vote", "Orion", None)]
    assert shown == [PROXIED]


@pytest.mark.parametrize(
    "text",
    [
        "Пересылаю свой голос: против <Радмилы>, она подозрительная",
        "Против <Радмилы>, она подозрительная, весь день молчит и врёт",
    ],
)
def test_P_V_1_the_authors_own_words_stay_his_vote(text: str) -> None:
    readings, _shown = _read(text)
    assert readings == [("vote", "Радмила", None)], text


@pytest.mark.parametrize(
    "text",
    [
        "<Радмила> или <Полина> — завтра решу.",
        "<Полина> или <Радмила>, подумаю до вечера",
        "<Радмила> либо <Полина> — к вечеру определюсь",
    ],
)
def test_G_N_1_the_authors_own_nick_weighed_with_or_leaves_the_post_open(text: str) -> None:
    readings, _shown = _read(text, "gambler")
    assert readings[0][0] in ("rejected", "no_vote"), text


def test_G_N_1_the_authors_own_nick_in_a_protest_beside_a_vote_is_still_set_aside() -> None:
    readings, _shown = _read("Почему опять <Полина>? Мой голос — <Радмила>", "gambler")
    assert readings == [("vote", "Радмила", None)]


def _read_as(
    author: str, text: str, players: tuple[str, ...]
) -> tuple[str, str | None, str | None]:
    body = text.replace("<", '<span style="color:green">').replace(">", "</span>")
    result = extract_votes([post_from_body(1, author, body, 1)], ruleset="gambler", players=players)
    post = result.posts[0]
    return post.status, post.target, post.reason


@pytest.mark.parametrize("text", ["Выдвигаю <себя>, проверьте меня.", "Выдвигаю <себя>"])
def test_G_N_1_a_coloured_sebya_names_the_author_whatever_word_his_nick_is(text: str) -> None:
    # the author's nick is an ordinary word (историк): «себя» is still him, not a word
    assert _read_as("Историк", text, ("Историк", "Беркут")) == ("vote", "Историк", None)


@pytest.mark.parametrize("text", ["Выдвигаю <Сокол>", "Выдвигаю <Сокола>"])
def test_C_3_G_N_1_a_dictionary_word_nominated_as_a_nick_is_shown_unknown(text: str) -> None:
    assert _read_as("Историк", text, ("Историк", "Беркут"))[2] == UNKNOWN_NICK


def test_G_N_1_vydvigat_is_a_vote_word() -> None:
    assert _read_as("Историк", "Выдвигаю <Беркута>, молчит весь день", ("Историк", "Беркут")) == (
        "vote",
        "Беркут",
        None,
    )


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("<Радмила>, <Orion>, <Злотана> — вот вам мафия. Голос — <Orion>, болтун.", "Orion"),
        ("<Радмила>, <Orion> — подозреваю обоих. Голосую против <Радмилы>, врёт.", "Радмила"),
    ],
)
def test_P_V_1_a_list_of_suspects_then_the_vote_naming_one_of_them_again(
    text: str, target: str
) -> None:
    readings, _shown = _read(text)
    assert readings == [("vote", target, None)], text


def test_P_V_1_a_list_of_suspects_with_no_vote_among_them_stays_unclear() -> None:
    readings, _shown = _read("<Радмила>, <Orion>, <Злотана> — вот вам мафия, выбирайте сами.")
    assert readings[0][0] == "rejected", readings


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Есть! Катю на губу.", "Катя"),
        ("Так точно, товарищ ведущий! Рому на гауптвахту, он врал.", "Рома"),
    ],
)
def test_G_N_4_the_guardhouse_after_na_jails_in_a_longer_court_post(text: str, nick: str) -> None:
    assert court_read(text) == ("vote", nick), text


def test_G_N_4_the_lip_is_no_guardhouse() -> None:
    assert court_read("Рома, закатай губу, Катю сажаю.") == ("vote", "Катя")

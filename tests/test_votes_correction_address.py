"""Round `votes-40` (issue 17 item 2; P-V.1, P-V.3, G-N.1, G-N.4): a coloured nick corrected
inside its own post, and one only called out with a question or advice.

- A correction word said twice with a hyphen («нет-нет», «стоп-стоп») is that word: between
  two reds it takes the first back, and the later red is the vote (`parser.correction`).
- A nick typed in Latin letters as the nick is written («<Ural>, …») is called out as the
  Cyrillic nick is; a noun of guilt that is the object of another word («как ты мафию
  угадал?») does not make a question to him an accusation; an infinitive of voting under an
  imperative («не забудь проголосовать») is asked of him, not the author's vote
  (`parser.votes.proof`).
- The court reader shows a green nick only called out with a question or advice to the
  host, never as a vote to jail (`proof.addressed_only`, `court._talked_of`).
"""

from __future__ import annotations

from typing import Literal

import pytest

from mafiabot.replay_posts import post_from_body
from parser.correction import corrects_in, unrepeated
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import UNPROVEN, PostReading

PLAYERS = ("Урал", "Минск", "Кама", "Днепр", "Тайга", "Байкал", "Рябина", "Sever")
NOMINEES = ("Урал", "Кама")

Rules = Literal["pefl", "gambler"]


def _c(nick: str, rules: Rules = "pefl") -> str:
    return f'<span style="color:{"red" if rules == "pefl" else "green"}">{nick}</span>'


def _day(bodies: list[str], rules: Rules = "pefl") -> list[PostReading]:
    posts = [post_from_body(n + 1, "Рябина", body, n + 1) for n, body in enumerate(bodies)]
    return list(extract_votes(posts, ruleset=rules, players=PLAYERS).posts)


def _court(bodies: list[str]) -> list[PostReading]:
    posts = [post_from_body(n + 1, "Рябина", body, n + 1) for n, body in enumerate(bodies)]
    return list(extract_court_votes(posts, nominees=NOMINEES, players=PLAYERS).posts)


def test_a_repeated_correction_word_is_that_word() -> None:
    assert unrepeated("нет-нет") == "нет"
    assert unrepeated("стоп-стоп-стоп") == "стоп"
    assert unrepeated("кое-что") == "кое-что"
    assert corrects_in("… ой, нет-нет, не урала, а ")


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # P-V.1, P-V.3: the corrected red is not the post's vote
        (f"Голосую против {_c('Урала')}… ой, нет-нет, не Урала, а {_c('Минск')}. Весь день врёт.",
         "Минск"),
        (f"Против {_c('Камы')}, стоп-стоп, против {_c('Днепра')}: он весь день юлит.", "Днепр"),
        # near misses: no second red, or the contrast already read
        (f"{_c('Кама')}, нет, я серьёзно, она весь день врёт и путает версии.", "Кама"),
        (f"Против {_c('Днепра')} (исправил ник), он тянет время и уходит от вопросов.", "Днепр"),
    ],
)  # fmt: skip
def test_a_red_corrected_in_its_post_votes_for_the_later(body: str, target: str) -> None:
    (got,) = _day([body])
    assert (got.status, got.target) == ("vote", target)


ADDRESSED = [
    f"{_c('Ural')}, ty kuda propal?",
    f"{_c('Байкал')}, подскажи, как ты вчера мафию угадал?",
    f"{_c('Кама')}, поменяй цепь, а то слетит.",
    f"{_c('Днепр')}, а ты за кого?",
]


@pytest.mark.parametrize("body", ADDRESSED)
def test_a_red_called_out_with_a_question_or_advice_is_shown_and_the_later_vote_is_first(
    body: str,
) -> None:
    """P-V.1, P-V.3: shown to the host (`unproven`), and the author's later red counts."""
    first, later = _day([body, f"Против {_c('Тайги')}, она весь день путает версии."])
    assert (first.status, first.reason) == ("rejected", UNPROVEN)
    assert (later.status, later.target) == ("vote", "Тайга")


@pytest.mark.parametrize(
    ("body", "target"),
    [
        (f"{_c('Урал')}, ты мафия, голосую против. Весь день юлишь.", "Урал"),
        (f"{_c('Урал')} — ты врёшь! Вчера говорил одно, сегодня совсем другое.", "Урал"),
        (f"Против {_c('Камы')}. Кама, ответь за слив вчерашний.", "Кама"),
        (f"{_c('Байкал')}, ты за мафию играешь?", "Байкал"),
        (f"Давайте голосовать против {_c('Тайги')}, она весь день врёт.", "Тайга"),
    ],
)
def test_near_misses_stay_votes(body: str, target: str) -> None:
    (got,) = _day([body])
    assert (got.status, got.target) == ("vote", target)


def test_a_green_asked_to_vote_is_no_nomination() -> None:
    """G-N.1: «не забудь проголосовать» is asked of the one spoken to."""
    (got,) = _day([f"{_c('Тайга', 'gambler')}, не забудь проголосовать сегодня!"], "gambler")
    assert (got.status, got.reason) == ("rejected", UNPROVEN)


@pytest.mark.parametrize(
    "body",
    [f"{_c('Урал', 'gambler')}, ты чего молчишь?", f"{_c('Кама', 'gambler')}, ты за кого вообще?"],
)
def test_a_court_green_called_out_is_no_vote_to_jail(body: str) -> None:
    """G-N.4: shown to the host, and the author's later court vote is his."""
    first, later = _court([body, f"Сажаю {_c('Каму', 'gambler')}."])
    assert (first.status, first.reason) == ("rejected", UNPROVEN)
    assert (later.status, later.target) == ("vote", "Кама")


@pytest.mark.parametrize(
    "body",
    [
        f"{_c('Урал', 'gambler')}, сажаю тебя, молчишь весь день.",
        f"{_c('Урал', 'gambler')}, ты весь день путаешься в показаниях.",
    ],
)
def test_a_court_green_called_out_with_a_vote_or_a_charge_jails(body: str) -> None:
    (got,) = _court([body])
    assert (got.status, got.target) == ("vote", "Урал")


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Против {_c('Урала')}... а хотя {_c('Минск')} тоже хорош, весь день молчит.", "pefl"),
        (f"Голосую против {_c('Тайги')}, впрочем {_c('Днепр')} не лучше: оба молчат.", "pefl"),
        (f"{_c('Урал', 'gambler')}... а хотя {_c('Минск', 'gambler')} тоже хорош.", "gambler"),
    ],
)
def test_a_concession_between_two_picks_proves_neither(body: str, rules: Rules) -> None:
    """P-V.1, G-N.1: «хотя», «впрочем» weigh the later against the first and take nothing
    back — flagged to the host (`unclear`), never counted for the first."""
    (got,) = _day([body], rules)
    assert got.status == "rejected"


def test_a_concession_taken_back_is_a_correction() -> None:
    body = f"Против {_c('Урала')}, хотя нет — против {_c('Минска')}, он весь день врёт."
    (got,) = _day([body])
    assert (got.status, got.target) == ("vote", "Минск")

"""Issue 17 item 2 for the court (G-N.4) and red pleas (P-V.1): a court vote asked about,
argued against in the author's own words or joked about is shown to the host, not counted;
«прошу не <инфинитив> его» is a plea like the imperative."""

from __future__ import annotations

import pytest

from parser.records import Post
from parser.votes.court import extract_court_votes
from parser.votes.proof import spared_in_words
from parser.votes.records import UNPROVEN, VoteOptions

NOMINEES = ["Мирон", "Лада", "Тимур"]
PLAYERS = [*NOMINEES, "Всеволод", "Агата"]


def _read(text: str, options: VoteOptions | None = None) -> tuple[str, str | None, str | None]:
    post = Post(1, "Всеволод", 103, None, text, text, text)
    result = extract_court_votes(
        [post], nominees=NOMINEES, players=PLAYERS, options=options or VoteOptions()
    )
    r = result.posts[0]
    return r.status, r.target, r.reason


@pytest.mark.parametrize(
    "text",
    [
        "Казнить Мирона? Не уверен…",
        "Сажаем Ладу или нет",
        "Может, посадить Тимура?",
        "Отправить Тимура за решётку, как думаете?",
    ],
)
def test_court_vote_asked_is_shown_not_counted(text: str) -> None:
    """G-N.4: the nominee's own clause asks — a line to the host (`unproven`)."""
    assert _read(text)[0] == "rejected"


@pytest.mark.parametrize(
    "text",
    [
        "Сажаю Мирона, хотя прошу вас не сажать его, он мирный.",
        "Голос за Ладу. Только не сажайте её, пожалуйста.",
        "Сажаю Тимура, шучу",
    ],
)
def test_court_vote_argued_against_is_shown(text: str) -> None:
    """G-N.4, `argued_votes_counted` false: a plea for him or a joke after the vote."""
    assert _read(text)[::2] == ("rejected", UNPROVEN)


def test_court_argued_vote_counted_when_the_setting_says_so() -> None:
    """`argued_votes_counted` true: the plea after the vote no longer refuses it."""
    text = "Голос за Ладу. Только не сажайте её, пожалуйста."
    assert _read(text, VoteOptions(argued_votes_counted=True))[:2] == ("vote", "Лада")


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Казнить Мирона, без вопросов.", "Мирон"),
        ("Кто мафия? Думаю, Лада. Сажаю Ладу.", "Лада"),
        ("Прошу не сажать Агату, сажаю Мирона.", "Мирон"),
        ("Сажаю Ладу, и это не шутка.", "Лада"),
        ("Мирон мирный, не сажайте его! Сажаю Тимура", "Тимур"),
    ],
)
def test_court_near_misses_stay_votes(text: str, target: str) -> None:
    """G-N.4: a question elsewhere, a plea for another, a joke negated — still the vote."""
    assert _read(text)[:2] == ("vote", target)


@pytest.mark.parametrize(
    ("text", "plea"),
    [
        ("Хотя прошу вас не голосовать за него пока.", True),
        ("Умоляю, не вешать её сегодня.", True),
        ("прошу не трогать его", True),
        ("Прошу не голосовать за Агату.", False),
        ("Прошу меня не вешать.", False),
        ("Не могу не голосовать за него.", False),
        ("Прошу не жалеть её.", False),
    ],
)
def test_asked_not_to_is_a_plea(text: str, plea: bool) -> None:
    """P-V.1: a negated infinitive of harm or voting governed by the author's own verb."""
    assert spared_in_words(text) is plea

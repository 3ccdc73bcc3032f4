"""The pre-reform spelling read as today's (C-2, C-3, issue 17 item 3): a player who writes
«Провѣряю Онѣгина» or colours «<Сѣверянинъ>» means what the modern spelling says
(`parser.oldspelling`: ѣ→е, ѳ→ф, ѵ→и, a word's final ъ after a consonant dropped, і→и where
the text is Russian, the adjectives' «-аго» as «-ого»). The letter reader folds the text
before reading it, the vote reader a post's own words and coloured spans, and a nick's keys
fold alike, so a nick that holds such letters is matched in either spelling. A hard sign
inside a word, a Latin «i» and a Ukrainian text stay as they are. Development cases:
tests/letters/oldspell.jsonl, oldspell_g.jsonl, tests/votes/dev76/."""

from __future__ import annotations

from typing import Any

import pytest

from mafiabot.replay_posts import post_from_body
from parser.letters.reading import LetterReading
from parser.oldspelling import modern_spelling
from parser.votes.day import extract_votes
from tests.letter_kit import read_among

_PLAYERS: dict[str, Any] = {
    "Ленский": {"role": "commissar"},
    "Татьяна": {"role": "doctor"},
    "Башмачкин": {"role": "maniac"},
    "Грибоедов": {"role": "mafia", "clan": "triad", "don": True},
    "Онегин": {"role": "civilian"},
    "Акакий Акакиевич": {"role": "civilian"},
    "Сѣверянинъ": {"role": "civilian"},
    "Объедков": {"role": "civilian"},
}


def _read(sender: str, text: str) -> LetterReading:
    return read_among(_PLAYERS, sender, text)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Провѣряю Онѣгина.", "Проверяю Онегина."),
        ("Убиваемъ Акакія Акакіевича", "Убиваем Акакия Акакиевича"),
        ("Ѳеофилъ, Мѵрра", "Феофил, Мирра"),
        ("ВОТЪ Тугоуховскаго!", "ВОТ Тугоуховского!"),
        # near misses: an inner hard sign, Latin-typed Russian, Ukrainian, a dictionary «-аго»
        ("Подъѣзжаю къ нему", "Подъезжаю к нему"),
        ("объявляю", "объявляю"),
        ("Proveryayu Irinu i vse", "Proveryayu Irinu i vse"),
        ("Перевіряю Івана", "Перевіряю Івана"),
        ("Голосую проти Сотка, він брехав", "Голосую проти Сотка, він брехав"),  # «він»
        ("Її перевіряю", "Її перевіряю"),
        ("Вотъ Чикаго", "Вот Чикаго"),
    ],
)
def test_C_3_the_old_spelling_is_modernised_and_nothing_else(old: str, new: str) -> None:
    assert modern_spelling(old) == new


@pytest.mark.parametrize(
    ("sender", "text", "action", "target"),
    [
        ("Ленский", "Провѣряю Онѣгина.", "check", "Онегин"),
        ("Башмачкин", "Убиваю Акакія Акакіевича.", "kill", "Акакий Акакиевич"),
        ("Татьяна", "Лѣчу Сѣверянина.", "heal", "Сѣверянинъ"),
        ("Татьяна", "Лечу Северянина", "heal", "Сѣверянинъ"),  # the nick's letters folded
        ("Ленский", "Провѣряю Объедкова.", "check", "Объедков"),  # near miss: inner ъ kept
    ],
)
def test_C_2_a_letter_in_the_old_spelling_reads_as_the_modern_one(
    sender: str, text: str, action: str, target: str
) -> None:
    got = _read(sender, text)
    assert (got.kind, got.action, got.targets) == ("move", action, (target,))


def test_C_2_a_negated_heal_in_the_old_spelling_stays_no_move() -> None:
    got = _read("Татьяна", "Не лѣчу Онѣгина.")
    assert got.kind != "move"


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ('Противъ <span style="color:red">Онѣгина</span>, врётъ весь день', "Онегин"),
        ('<span style="color:red">Северянина</span> казнить, весь день молчитъ', "Сѣверянинъ"),
        ('<span style="color:red">\u0406рину</span> казнить, весь день молчалъ', "Ирина"),
    ],
)
def test_C_3_a_vote_in_the_old_spelling_counts_as_the_modern_one(body: str, target: str) -> None:
    players = ("Онегин", "Сѣверянинъ", "Ирина", "Тимур")
    (got,) = extract_votes(
        [post_from_body(1, "Тимур", body, 1)], ruleset="pefl", players=players
    ).posts
    assert (got.status, got.target) == ("vote", target)


def test_P_V_1_an_old_spelled_refusal_to_vote_stays_no_vote() -> None:
    body = 'Противъ <span style="color:red">Онѣгина</span> голосовать не буду'
    players = ("Онегин", "Ирина", "Тимур")
    (got,) = extract_votes(
        [post_from_body(1, "Тимур", body, 1)], ruleset="pefl", players=players
    ).posts
    assert got.status != "vote"


@pytest.mark.parametrize(
    ("text", "modern"),
    [
        ("Провѣряю Алыя Паруса.", "Проверяю Алые Паруса."),
        ("Лѣчу синія", "Лечу синие"),
        # a dictionary word as written stays: «выя», «Акакія» (Акакия)
        ("Провѣряю Онѣгина, выя длинная", "Проверяю Онегина, выя длинная"),
        ("Убиваю Акакія Акакіевича", "Убиваю Акакия Акакиевича"),
        # no other old mark: the word is left as written
        ("Проверяю Алыя Паруса", "Проверяю Алыя Паруса"),
    ],
)
def test_C_3_the_old_plural_ending_is_read_as_today_in_an_old_spelled_text(
    text: str, modern: str
) -> None:
    assert modern_spelling(text) == modern

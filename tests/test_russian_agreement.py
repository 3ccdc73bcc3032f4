"""What a Russian reader trips over in the bot's texts (issue 16), one test per class: a nick
left in the nominative after a preposition that governs another case, a plural noun for one
person, and flavour that speaks of nights before the first one or says how anyone died."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engine import events as E
from engine.events import player
from mafiabot.newspaper.examples import Examples, with_game_nicks
from mafiabot.newspaper.grammar import inflect
from mafiabot.newspaper.host_words import tick_result
from mafiabot.newspaper.render import Renderer
from mafiabot.newspaper.words import parse_issue_ru, turn_word

HERE = Path(__file__).resolve().parent
GOLDEN_FILES = sorted(
    [*(HERE / "golden_texts").glob("*.txt"), *(HERE / "golden_newspapers").glob("*.txt")]
)

#: prepositions that never take the nominative; «в» and «за» are left out (a nick after them
#: is often a move's target, written by the player in his own letter and quoted back)
_PREP_NICK = re.compile(
    r"(?<![\w-])(против|у|для|без|от|из|к|ко|о|об|с|со|над|под|при|про|через|между|после)"
    r"\s+\[b\]([^\[]+)\[/b\]"
)


def nominative_after_preposition(text: str) -> list[str]:
    """«против [b]Егор[/b]»: a nick that declines, shown undeclined after a preposition."""
    bad = []
    for m in _PREP_NICK.finditer(text):
        nick = m.group(2)
        declined = inflect(nick, "gent")
        if declined is not None and declined != nick:
            bad.append(m.group(0))
    return bad


def test_the_preposition_scan_catches_an_undeclined_nick() -> None:
    assert nominative_after_preposition("дуэль: [b]Марго[/b] против [b]Егор[/b].") == [
        "против [b]Егор[/b]"
    ]
    assert nominative_after_preposition("дуэль: [b]Марго[/b] против [b]Егора[/b].") == []
    assert nominative_after_preposition("против [b]Tanya-77[/b]") == []


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.name)
def test_no_nick_stays_in_the_nominative_after_a_preposition(path: Path) -> None:
    assert nominative_after_preposition(path.read_text(encoding="utf-8")) == []


def test_G_N_5_a_court_duel_declines_the_second_duellist() -> None:
    text = Renderer(None, "ru").newspaper(
        ruleset="gambler",
        game_name="Игра",
        turn=4,
        phase="day",
        events=[
            E.VotesCounted(turn=4, votes=(("Марго", 2), ("Егор", 2))),
            E.DuelTossed(turn=4, players=("Марго", "Егор"), loser="Егор"),
            E.Jailed(turn=4, nick="Егор", role="civilian"),
        ],
    )
    assert "[b]Марго[/b] против [b]Егора[/b]" in text, text


def _pm(others: tuple[tuple[str, Any], ...], reason: str = "clan") -> str:
    return Renderer(None, "ru").player_pm(
        ruleset="gambler",
        game_name="Игра",
        nick="Егор",
        turn=1,
        events=[
            E.AcquaintanceMade(
                turn=1, audience=player("Егор"), nick="Егор", others=others, reason=reason
            )
        ],
    )


def test_G_S_3_one_accomplice_is_named_in_the_singular() -> None:
    one = _pm((("Вова", "godfather"),))
    assert "Ваш сообщник: [b]Вова[/b] (крёстный отец)." in one, one
    two = _pm((("Вова", "godfather"), ("Гена", "mafia")))
    assert "Ваши сообщники: [b]Вова[/b]" in two, two


def _flavour(macro: str, turn: int) -> str:
    module = Renderer(None, "ru").env.get_template("_flavour.bbcode.j2").module
    return str(getattr(module, macro)(turn)).strip()


#: words that speak of earlier nights; the zero turn's night is the first of all
_AGAIN = re.compile(r"снова|опять|вновь|ещё раз|как всегда|как обычно", re.I)
#: words that say how a victim died, which a Gambler paper never tells (G-P.1)
_HOW = re.compile(r"стрел|выстрел|пул|нож|яд|взрыв|задуш|зарез", re.I)


@pytest.mark.parametrize("macro", ["night", "quiet"])
def test_C_4_the_zero_turn_flavour_does_not_speak_of_earlier_nights(macro: str) -> None:
    line = _flavour(macro, 0)
    assert line and not _AGAIN.search(line), line


@pytest.mark.parametrize("turn", range(10))
def test_G_P_1_no_flavour_line_says_how_anyone_died(turn: int) -> None:
    line = _flavour("night", turn)
    assert line and not _HOW.search(line), line


def test_C_2_the_readers_stand_in_nicks_become_the_games_own() -> None:
    ex = Examples("Шерлок", "Tanya-77", "Кот")
    said = with_game_nicks("Напишите ник, например: «Проверяю Ник».", ex)
    assert said == "Напишите ник, например: «Проверяю Шерлока»."
    said = with_game_nicks("например: «Убиваем Ник, исполнитель Ник».", ex)
    assert said == "например: «Убиваем Шерлока, исполнитель Кот»."
    assert with_game_nicks("«Армия тьмы: Ник1 и Ник2»", ex) == "«Армия тьмы: Шерлок и Tanya-77»"
    # the word «ник» outside an example letter is the player's word, not a stand-in
    assert with_game_nicks("Напишите Ник", ex) == "Напишите Ник"


def test_G_M_9_the_commissar_and_the_sheriff_each_read_their_own_side() -> None:
    commissar = _pm((("Марго", "sheriff"),), "commissar_sheriff")
    assert "Вы проверили шерифа, и теперь вы знаете друг друга: [b]Марго[/b]" in commissar
    sheriff = _pm((("Шерлок", "commissar"),), "commissar_sheriff")
    assert "Комиссар проверил вас, и теперь вы знаете друг друга: [b]Шерлок[/b]" in sheriff


@pytest.mark.parametrize("kind", ["green", "court"])
def test_G_S_2_a_gambler_interim_count_names_the_day_as_its_papers_do(kind: str) -> None:
    text = Renderer(None, "ru").vote_count(
        ruleset="gambler",
        game_name="Игра",
        turn=4,
        kind=kind,
        tally=[("Марго", ["Нина"])],
        not_voted=[],
        as_of=datetime(2026, 12, 3, 7, tzinfo=UTC),
        deadline=None,
    )
    assert text.startswith("[b]Игра, день 4: промежуточный подсчёт"), text


@pytest.mark.parametrize(
    ("where", "message", "said"),
    [
        ("post 60", "no post time", "сообщение 60: не удалось прочитать время сообщения"),
        ("pm 12", "unreadable PM time", "ЛС 12: не удалось прочитать время письма"),
        (
            "page",
            "no posts found (2.3 markup)",
            "страница: на странице не найдено ни одного сообщения",
        ),
        ("post #3", "author not found", "3-е сообщение на странице: не найден автор"),
        ("page", "something new", "страница: не удалось прочитать (something new)"),
    ],
)
def test_a_page_readers_note_reaches_the_host_in_russian(
    where: str, message: str, said: str
) -> None:
    assert parse_issue_ru(where, message) == said


def test_every_part_of_a_tick_line_is_said_in_russian() -> None:
    """The tick's English line (the log's) as `status` shows it: nothing dropped, nothing
    left in English — the host's mailbox fill included."""
    line = (
        "3 new post(s), 1 edited; 2 new PM(s); game started; closed 1/day; sent 4; "
        "NOT SENT, refused for good: 1; mailbox 45/50; next deadline none"
    )
    said = tick_result("ru", line, None)
    assert said.split("; ") == [
        "3 новых сообщения, 1 изменённое",
        "2 новых письма",
        "игра началась",
        "закрыт дедлайн: ход 1 (день и ночь)",
        "отправлено 4",
        "НЕ ОТПРАВЛЕНО (форум отказал): 1",
        "личный ящик ведущего: занято 45 из 50",
        "следующего дедлайна нет",
    ], said
    # G-S.2: Gambler counts days, as its papers do
    assert "закрыт дедлайн: день 2 (номинации)" in tick_result(
        "ru", "closed 2/greens", None, "gambler"
    )


@pytest.mark.parametrize(("ruleset", "word"), [("gambler", "день"), ("pefl", "ход")])
def test_a_players_news_counts_turns_as_his_papers_do(ruleset: str, word: str) -> None:
    text = Renderer(None, "ru").player_pm(
        ruleset=ruleset,
        game_name="Игра",
        nick="Нина",
        turn=3,
        events=[
            E.CheckResult(
                turn=3, audience=player("Нина"), by="commissar", target="Кот", result="civilian"
            )
        ],
    )
    assert text.startswith(f"Нина, личные новости по игре «Игра», {word} 3."), text
    assert turn_word(ruleset) == word  # the PM's subject says the same

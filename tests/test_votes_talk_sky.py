"""Round `votes-42` (issue 17 item 2, P-V.1, G-N.1): a coloured nick in a quoted line, or used
as a word of a phrase about the sky.

Nicks of stars, planets and constellations turn up in colour where no vote is meant: inside
a line of a myth or a poem quoted in «…», "…" or „…“ (after a colon or a verb of saying, the
nick first in the line or not, an emoji after it), in a post whose author says he gives no
vote yet («Голос пока не отдаю»); as the adjective or apposition of a common noun («какая
<Полярная> звёздочка», «планета <Марс>»); as what the author saw or admired («видел <Вегу>
в трубу», «любуюсь <Венерой>»); as a sight named after a dash («<Венера> на закате —
загляденье»). Each is shown to the host (`unproven`) or dropped as no vote, never counted. A
nick set off alone in quotation marks as a vote's object, a vote after the quoted line, a
sky word in a vote's reason, a noun of guilt after the nick and a bare green stay votes.
"""

from __future__ import annotations

from typing import Literal

import pytest

from parser.votes.records import UNPROVEN, PostReading
from tests.vote_kit import green, reader_for, red

PLAYERS = ("Персей", "Орион", "Полярная", "Альтаир", "Венера", "Вега", "Марс", "Rigel", "Лира")
_read = reader_for(PLAYERS, by="Лира")

Rules = Literal["pefl", "gambler"]


def _post(body: str, nick: str, rules: Rules) -> PostReading:
    return _read(body.format((red if rules == "pefl" else green)(nick)), rules)


def _not_counted(got: PostReading) -> bool:
    return got.status not in ("vote", "superseded")


QUOTED = [
    ("Перечитываю мифы: «{} спас Андромеду, дочь Кассиопеи» 🥰 Голос пока не отдаю.", "Персей"),
    ('Вспомнился Гомер: "{} охотился на острове Хиос"', "Орион"),
    ("Читаю на ночь: „{} плывёт по небу белым крестом“", "Персей"),
    ('Из учебника: "Ярче всех в созвездии сияет {}, голубой гигант"', "Rigel"),
    ("Как писал поэт, «горит {} над морем», красиво же", "Rigel"),
]

QUOTED_VOTES = [
    ("Голосую против «{}», он врёт весь день и путает версии.", "Персей"),
    ('Голосую против "{}", он врёт весь день и путает версии.', "Персей"),
    ("Перечитываю мифы: «Персей спас Андромеду» — а голосую против {}, молчит весь день.", "Орион"),
    ('Мой голос: "{} врёт весь день и путает версии".', "Rigel"),
]

SKY = [
    ("Смотрите, какая {} звёздочка сегодня яркая", "Полярная", "pefl"),
    ("Какая {} звёздочка красивая", "Альтаир", "gambler"),
    ("Какая яркая {} звезда сегодня", "Вега", "pefl"),
    ("Сегодня ночью планета {} видна без телескопа", "Марс", "pefl"),
    ("Звезда {} сегодня низко над горизонтом", "Rigel", "gambler"),
    ("в трубу видел {} и Лиру", "Вегу", "gambler"),
    # set in a day gone by as well: shown, not passed over as yesterday's story
    ("вчера в трубу видел {} и Лиру", "Вегу", "gambler"),
    ("Любуюсь {} каждый вечер, такая яркая", "Венерой", "pefl"),
    ("{} на закате — загляденье", "Венера", "pefl"),
]

SKY_VOTES = [
    ("{} — мафия, голосую против неё, весь день врёт.", "Полярная", "pefl"),
    ("Голосую против {}, закат тут ни при чём, она весь день юлит.", "Венеры", "pefl"),
    ("{}", "Венера", "gambler"),
    ("{} мафия, весь день врёт и путается.", "Rigel", "pefl"),
    ("{} — мафия, весь день юлит и путается.", "Венера", "pefl"),
    ("Видел, как {} вчера сливала мирных — зеленю.", "Вега", "gambler"),
    # a preposition governs the noun before the nick: the place, no apposition
    ("В суд {}", "Марса", "gambler"),
    ("Кикнуть из пати {}! Весь день сливает мирных.", "Rigel", "pefl"),
]


@pytest.mark.parametrize(("body", "nick"), QUOTED)
def test_P_V_1_a_nick_in_a_quoted_line_is_not_counted(body: str, nick: str) -> None:
    got = _post(body, nick, "pefl")
    assert _not_counted(got), got


@pytest.mark.parametrize(("body", "nick"), QUOTED)
def test_G_N_1_a_green_in_a_quoted_line_is_shown(body: str, nick: str) -> None:
    got = _post(body, nick, "gambler")
    assert _not_counted(got), got


@pytest.mark.parametrize(("body", "nick"), QUOTED_VOTES)
def test_P_V_1_a_nick_quoted_as_the_vote_or_a_vote_after_the_line_counts(
    body: str, nick: str
) -> None:
    got = _post(body, nick, "pefl")
    assert got.status == "vote" and got.target == nick, got


def test_P_V_1_a_vote_noun_given_by_a_negated_verb_says_no_vote() -> None:
    """«Голос пока не отдаю»: the noun is the object of a negated verb of giving — no vote
    said, so a coloured nick in the post is not counted."""
    got = _post("{} весь день путается. Голос пока не отдаю.", "Орион", "pefl")
    assert _not_counted(got), got
    kept = _post("Голос отдаю против {}, весь день путается.", "Ориона", "pefl")
    assert kept.status == "vote" and kept.target == "Орион", kept


@pytest.mark.parametrize(("body", "nick", "rules"), SKY)
def test_P_V_1_G_N_1_a_nick_in_a_phrase_about_the_sky_is_shown(
    body: str, nick: str, rules: Rules
) -> None:
    got = _post(body, nick, rules)
    assert got.status == "rejected" and got.reason == UNPROVEN, got


@pytest.mark.parametrize(("body", "nick", "rules"), SKY_VOTES)
def test_P_V_1_G_N_1_sky_words_beside_a_vote_keep_it(body: str, nick: str, rules: Rules) -> None:
    got = _post(body, nick, rules)
    assert got.status == "vote", got

"""Round `reader-76` (issue 17 items 1 and 3, C-3): pet forms of word nicks and a plural
nick beside its singular.

A word nick (Стрелец, Квартал, Огурец, Рыба) is called by a pet form built on its own stem,
with the stem's alternations: a noun in «-ец» loses its fleeting «е» and turns «ц» into «ч»
or drops it before the suffix (Стрельчик, Огурчик, Скворушка), a soft sign may stand before
«-чик» (Квартальчик). A stem two nicks share (Рыба and Рыбы) names both. A plural nick
(Рыбы, Опята) is named by forms only the plural has («Рыб», «Рыбам», «Опят»), and where «Рыбы»
is the plural as listed or the singular's genitive, the word before it settles it: a
label's nominative («исполнитель Рыбы», «цель: Рыбы»), a plural verb after it («Рыбы
врут»); after a move verb or «за» it is the accusative of neither (Рыбу, Рыб) and stays
asked, as after «против» (the genitive of both). Development cases:
tests/letters/wordpet.jsonl, wordpet_g.jsonl, plural.jsonl; tests/votes/dev85."""

from __future__ import annotations

from typing import Literal

import pytest

from parser.nicks import AMBIGUOUS_NICK, NickResolver, pet_match
from tests.letter_kit import read_in_cast
from tests.vote_kit import reader_for
from tests.vote_kit import red as _red

WORDS = NickResolver(["Стрелец", "Квартал", "Огурец", "Скворец", "Рыба", "Зенит"])


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Стрельчика", "Стрелец"),  # стрел|ец → стрель|ч|ик
        ("Стрельчик", "Стрелец"),
        ("Огурчика", "Огурец"),  # огур|ец → огур|ч|ик
        ("Квартальчика", "Квартал"),  # a soft sign before «-чик»
        ("Квартальчик", "Квартал"),
        ("Скворушку", "Скворец"),  # «-ец» gone before «-ушк-»
        ("Зенитушку", "Зенит"),
    ],
)
def test_C_3_a_word_nick_is_read_by_its_pet_form_through_the_stems_alternations(
    text: str, nick: str
) -> None:
    got = pet_match(WORDS, text)
    assert got is not None and got.nick == nick, got


@pytest.mark.parametrize("text", ["Квартирку", "Звёздочку", "Сапожника", "Ручку"])
def test_C_3_a_diminutive_on_no_nicks_stem_names_no_player(text: str) -> None:
    got = pet_match(WORDS, text)
    assert got is None or got.nick is None, got


def test_C_3_a_pet_form_on_a_stem_two_nicks_share_names_both() -> None:
    both = pet_match(NickResolver(["Рыба", "Рыбы", "Зенит"]), "Рыбку")
    assert both is not None and both.reason == AMBIGUOUS_NICK
    assert set(both.candidates) == {"Рыба", "Рыбы"}
    # a man's and a woman's name of one stem are told apart by the pet form's gender
    one = pet_match(NickResolver(["Александр", "Александра"]), "Санька")
    assert one is not None and one.nick == "Александр", one


@pytest.mark.parametrize(
    ("cast", "sender", "text", "action", "target"),
    [
        ("wordpet", "Груздь", "Режу венерку", "kill", "Венера"),  # a dictionary word
        ("wordpet", "Груздь", "Сапожка режу, давно хотел", "kill", "Сапог"),  # object first
        ("wordpet", "Зенит", "Лечу Стрельчика", "heal", "Стрелец"),
        ("wordpet_g", "Скворец", "Проверяю Куличка", "check", "Кулик"),
    ],
)
def test_C_3_a_letter_reads_a_word_nicks_pet_form_as_the_player(
    cast: str, sender: str, text: str, action: str, target: str
) -> None:
    got = read_in_cast(cast, sender, text)
    assert (got.action, got.targets) == (action, (target,)), got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Стрелец", "Проверяю рыбку"),  # Рыба and Рыбы
        ("Зенит", "Лечу Рыбку"),
        ("Стрелец", "Проверяю Ориончика"),  # a dead player's
        ("Стрелец", "Проверяю Звёздочку"),  # no nick's stem
    ],
)
def test_C_3_a_pet_form_that_proves_no_one_player_is_asked(sender: str, text: str) -> None:
    got = read_in_cast("wordpet", sender, text)
    assert got.action is None and got.code is not None, got


PLURAL = NickResolver(["Рыба", "Рыбы", "Опята", "Опёнок", "Весы", "Зенит"])


@pytest.mark.parametrize(
    ("text", "nick"),
    [("Рыб", "Рыбы"), ("Рыбам", "Рыбы"), ("Опят", "Опята"), ("Рыбу", "Рыба"), ("Опёнка", "Опёнок")],
)
def test_C_3_a_form_only_the_plural_has_names_the_plural_nick(text: str, nick: str) -> None:
    got = PLURAL.resolve(text, inflected=True)
    assert got.nick == nick, got


@pytest.mark.parametrize(
    ("sender", "text", "action", "target", "executor"),
    [
        ("Квартал", "убиваю рыб", "kill", "Рыбы", None),  # lower case, the plural's own form
        ("Венера", "Убиваем Зенита, исполнитель Рыбы", "kill", "Зенит", "Рыбы"),
        ("Венера", "Убийство: Стрелец, исполнитель — Рыбы", "kill", "Стрелец", "Рыбы"),
    ],
)
def test_C_3_the_sentence_settles_the_plural_nick_against_the_singulars_genitive(
    sender: str, text: str, action: str, target: str, executor: str | None
) -> None:
    got = read_in_cast("plural", sender, text)
    assert (got.action, got.targets, got.executor) == (action, (target,), executor), got


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Стрелец", "Проверка Рыбы"),  # a noun's genitive: either
        ("Квартал", "Режу Рыбы"),  # the accusative of neither («Рыбу», «Рыб»)
    ],
)
def test_C_3_a_form_the_sentence_does_not_settle_is_asked_naming_both(
    sender: str, text: str
) -> None:
    got = read_in_cast("plural", sender, text)
    assert got.code == AMBIGUOUS_NICK, got


_vote = reader_for(("Рыба", "Рыбы", "Опята", "Опёнок", "Зенит", "Стрелец"), by="Зенит")


@pytest.mark.parametrize(
    ("body", "nick"),
    [
        (f"Голосую против {_red('Рыб')}, они весь день молчат", "Рыбы"),
        (f"{_red('Рыбы')} врут весь день, голосую", "Рыбы"),
        (f"Голосую против {_red('Опят')}, ведут себя как мафия", "Опята"),
    ],
)
def test_C_3_a_vote_for_the_plural_nick_settled_by_its_form_or_its_sentence(
    body: str, nick: str
) -> None:
    got = _vote(body, "pefl")
    assert (got.status, got.target) == ("vote", nick), got


@pytest.mark.parametrize(
    ("body", "rules"),
    [
        (f"Голосую против {_red('Рыбы')}, весь день молчит", "pefl"),
        (f"Голосую за {_red('Рыбы')}: они врут", "pefl"),
        (f"Против {_red('Рыбки')}: весь день поддакивает", "pefl"),
    ],
)
def test_C_3_a_vote_the_sentence_does_not_settle_is_shown_naming_both(
    body: str, rules: Literal["pefl", "gambler"]
) -> None:
    got = _vote(body, rules)
    assert (got.status, got.reason) == ("rejected", AMBIGUOUS_NICK), got

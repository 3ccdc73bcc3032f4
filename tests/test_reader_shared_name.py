"""C-3: a short given name two living players answer to — one by a part of a Latin handle
(FoodieLena, Olga_Fox), the other by the usual short form or the case form of a Cyrillic
given name (Елена Борисовна, Ольга Петровна) — is proof of neither, in either script and
whichever path read it: the letter reader asks naming both, the vote reader flags the post
(`parser.nicks.name_sharers`, the one place both readers ask). The nick's own form, and a
form the other player's gender excludes, still name the one player."""

from __future__ import annotations

import pytest

from parser.nicks import AMBIGUOUS_NICK, NickResolver, name_sharers
from parser.votes.names import resolve_nick
from tests.letter_kit import read_in_cast

LENAS = ["FoodieLena", "Елена Борисовна", "Пышка", "Мускат"]
OLGAS = ["Olga_Fox", "Ольга Петровна", "Кирилл", "Борис"]


def _vote(cast: list[str], text: str) -> tuple[str | None, str | None, tuple[str, ...]]:
    m = resolve_nick(NickResolver(cast), text, "as_moves")
    return m.nick, m.reason, tuple(sorted(m.candidates))


@pytest.mark.parametrize("text", ["Лену", "Лены", "Лене", "Lena", "Lenu"])
def test_C_3_a_short_name_of_a_handle_and_of_a_given_name_names_neither_in_a_vote(
    text: str,
) -> None:
    nick, reason, candidates = _vote(LENAS, text)
    assert (nick, reason) == (None, AMBIGUOUS_NICK), (text, nick, reason)
    assert candidates == ("FoodieLena", "Елена Борисовна")


@pytest.mark.parametrize("text", ["Ольгу", "Ольги", "Olga", "Ольге"])
def test_C_3_the_same_with_a_given_name_in_its_own_case_forms(text: str) -> None:
    assert _vote(OLGAS, text)[1] == AMBIGUOUS_NICK, text


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Борисовну", "Елена Борисовна"),  # the patronymic is hers alone
        ("Елены", "Елена Борисовна"),  # the full given name, not the handle's short one
        ("Фуди", "FoodieLena"),  # the handle's other part
        ("FoodieLena", "FoodieLena"),  # the nick itself
        ("Ольгу Петровну", "Ольга Петровна"),
    ],
)
def test_C_3_a_form_only_one_of_them_answers_to_is_read(text: str, nick: str) -> None:
    assert _vote(LENAS + OLGAS, text)[0] == nick, text


def test_C_3_with_one_player_of_that_name_seated_the_form_is_read() -> None:
    assert _vote(["FoodieLena", "Пышка", "Мускат"], "Лену")[0] == "FoodieLena"
    assert _vote(["Елена Борисовна", "Пышка", "Мускат"], "Лену")[0] == "Елена Борисовна"


def test_C_3_gender_that_excludes_one_of_them_settles_it() -> None:
    # «Валентины» is only a woman's; «Валентину» may be Валентин's dative as well
    cast = ["Valentin_Pro", "Валентина Игоревна", "Пышка"]
    resolver = NickResolver(cast)
    assert name_sharers(resolver, "Валентины", "Валентина Игоревна") == ()
    assert name_sharers(resolver, "Валентину", "Валентина Игоревна") == ("Valentin_Pro",)


@pytest.mark.parametrize(
    ("sender", "text"),
    [("Нонна Витальевна", "Проверю Лену."), ("Опара", "Протект Лене")],
)
def test_C_3_a_letter_naming_the_shared_short_name_is_asked_naming_both(
    sender: str, text: str
) -> None:
    got = read_in_cast("kitchen", sender, text)
    assert (got.kind, got.code) == ("question", AMBIGUOUS_NICK), got
    assert "FoodieLena" in got.text and "Елена Борисовна" in got.text, got.text


def test_C_3_a_letter_with_the_exact_nick_or_the_patronymic_is_read() -> None:
    got = read_in_cast("kitchen", "Нонна Витальевна", "Проверяю Борисовну")
    assert got.kind == "move" and list(got.targets) == ["Елена Борисовна"], got
    got = read_in_cast("kitchen", "Нонна Витальевна", "Проверяю ФудиЛену")
    assert got.kind == "move" and list(got.targets) == ["FoodieLena"], got


def test_C_3_a_resolvers_sharers_of_a_form_are_worked_out_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a day repeats its coloured forms: each (form, nick) is weighed once per player list,
    # with the same answer a resolver new to it gives
    import parser.nicks as nicks

    asked: list[tuple[str, str]] = []
    weigh = nicks.heard_alike

    def counted(resolver: NickResolver, text: str, nick: str) -> tuple[str, ...]:
        asked.append((text, nick))
        return weigh(resolver, text, nick)

    monkeypatch.setattr(nicks, "heard_alike", counted)
    resolver = NickResolver(LENAS)
    for _ in range(3):
        assert name_sharers(resolver, "Лену", "FoodieLena") == ("Елена Борисовна",)
        assert name_sharers(resolver, "Фуди", "FoodieLena") == ()
    assert asked == [("Лену", "FoodieLena"), ("Фуди", "FoodieLena")]
    assert name_sharers(NickResolver(LENAS), "Лену", "FoodieLena") == ("Елена Борисовна",)
    assert len(asked) == 3

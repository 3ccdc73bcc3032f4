"""The newspaper's Russian: gender agreement and case from the dictionary or the host's
setting, a gender-free phrasing when unsure (never a wrong form), issue numbers as the turns
(C-4, G-P.1, P-P.1)."""

from __future__ import annotations

import pytest

from engine import events as E
from mafiabot.newspaper.grammar import gender_of, inflect, normalize_gender, pick
from mafiabot.newspaper.render import Renderer


@pytest.mark.parametrize(
    ("nick", "gender"),
    [
        ("Нина", "f"),
        ("Шерлок", "m"),
        ("Егор", "m"),
        ("Анна Каренина", "f"),  # the first word is the given name
        ("Саша", None),  # both genders: no agreement from the name alone
        ("Кот", None),  # a word, not a name
        ("Марго", None),  # not in the dictionary as a name
        ("Tanya-77", None),
        ("Вася2005", None),
        ("Mister X", None),
    ],
)
def test_gender_from_a_given_name_only(nick: str, gender: str | None) -> None:
    assert gender_of(nick) == gender


def test_the_hosts_setting_wins_over_the_dictionary_and_ignores_case() -> None:
    genders = {"tanya-77": "ж", "Нина": "m", "Кот": "female"}
    assert gender_of("Tanya-77", genders) == "f"
    assert gender_of("Нина", genders) == "m"
    assert gender_of("Кот", genders) == "f"
    assert gender_of("Саша", {"Саша": "бог"}) is None  # nonsense setting: unknown
    assert normalize_gender("M") == "m" and normalize_gender(None) is None


@pytest.mark.parametrize(
    ("nick", "case", "form"),
    [
        ("Шерлок", "accs", "Шерлока"),
        ("Нина", "accs", "Нину"),
        ("Марго", "accs", "Марго"),  # indeclinable
        ("Кот", "accs", "Кота"),
        ("Лев", "accs", "Льва"),  # the stem changes, the capital stays
        ("Незнайка", "accs", "Незнайку"),
        ("Анна Каренина", "accs", "Анну Каренину"),
        ("Граф Монте-Кристо", "accs", "Графа Монте-Кристо"),
        ("Шерлок", "ablt", "Шерлоком"),
        ("Ежик", "gent", "Ежика"),  # written with е: stays with е
        ("Шерлок", "nomn", "Шерлок"),
    ],
)
def test_nicks_that_are_words_are_declined(nick: str, case: str, form: str) -> None:
    assert inflect(nick, case) == form


@pytest.mark.parametrize(
    "nick", ["Tanya-77", "Вася2005", "Mister X", "Лиса_Алиса", "Стол", "Бегу", "ЗЛОЙ"]
)
def test_latin_digits_unknown_and_non_person_nicks_are_left_alone(nick: str) -> None:
    assert inflect(nick, "accs") is None


def test_unknown_case_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        inflect("Шерлок", "vocative")


def test_pick() -> None:
    assert pick("m", "убит", "убита", "жертва") == "убит"
    assert pick("f", "убит", "убита", "жертва") == "убита"
    assert pick(None, "убит", "убита", "жертва") == "жертва"


@pytest.fixture
def r() -> Renderer:
    return Renderer()


def _pefl(r: Renderer, events: list[E.Event], **kw: object) -> str:
    return r.newspaper(ruleset="pefl", game_name="M", turn=2, events=events, **kw)  # type: ignore[arg-type]


def _gambler(r: Renderer, events: list[E.Event], **kw: object) -> str:
    return r.newspaper(ruleset="gambler", game_name="M", turn=2, events=events, **kw)  # type: ignore[arg-type]


def test_P_P_1_killed_hanged_missing_beaten_agree_with_a_woman(r: Renderer) -> None:
    text = _pefl(
        r,
        [
            E.WentMissing(turn=2, nick="Ольга", role="civilian", reason="no_post"),
            E.Hanged(turn=2, nick="Нина", role="ninja", votes=3),
            E.Killed(turn=2, nick="Анна", role="commissar", by="triad"),
            E.Killed(turn=2, nick="Мария", role="mafia", clan="yakuza", by="kamikaze"),
            E.Beaten(turn=2, nick="Ирина"),
        ],
    )
    assert "Пропала без вести [b]Ольга[/b]" in text and "не написала ни строчки" in text
    assert "повешена [b]Нина[/b]" in text
    # two deaths: one list headed by a plural verb, each cause agreeing with its victim
    assert "Этой ночью погибли:" in text
    assert "[b]Анна[/b] (комиссар) — её застрелила Триада" in text
    assert "[b]Мария[/b] (мафия, Якудза) — взорвана камикадзе" in text
    assert "[b]Ирина[/b] избита громилой" in text
    for wrong in ("убит [", "повешен [", "Пропал без", "его застрелила", "избит гром", "погибает"):
        assert wrong not in text


def test_P_P_1_and_a_man(r: Renderer) -> None:
    text = _pefl(
        r,
        [
            E.Hanged(turn=2, nick="Егор", role="civilian", votes=3),
            E.Killed(turn=2, nick="Борис", role="commissar", by="ambush"),
            E.Beaten(turn=2, nick="Олег"),
        ],
    )
    assert "повешен [b]Егор[/b]" in text
    assert "Этой ночью погиб [b]Борис[/b] (комиссар) — нарвался на засаду" in text
    assert "[b]Олег[/b] избит громилой" in text


def test_unsure_gender_gets_a_phrasing_without_agreement(r: Renderer) -> None:
    # Марго, Кот, Tanya-77, Саша: no setting, no one-gender given name
    text = _pefl(
        r,
        [
            E.WentMissing(turn=2, nick="Саша", role="civilian", reason="second_abstention"),
            E.Hanged(turn=2, nick="Марго", role="civilian", votes=3),
            E.Killed(turn=2, nick="Кот", role="sergeant", by="yakuza"),
            E.Beaten(turn=2, nick="Tanya-77"),
        ],
    )
    assert "Без вести пропадает [b]Саша[/b]" in text and "второй пропуск" in text
    assert "на виселицу отправляется [b]Марго[/b]" in text
    assert "Жертва этой ночи — [b]Кот[/b] (сержант): дело рук Якудзы" in text
    assert "Громила избил игрока [b]Tanya-77[/b]" in text
    for gendered in ("убит", "повешен", "Пропал ", "избит ", "застрелила", "погиб "):
        assert gendered not in text, gendered


def test_the_hosts_gender_setting_reaches_the_paper(r: Renderer) -> None:
    evs: list[E.Event] = [E.Killed(turn=2, nick="Tanya-77", role="civilian")]
    assert "убита [b]Tanya-77[/b]" in _gambler(r, evs, genders={"Tanya-77": "f"})
    assert "убита [b]Tanya-77[/b]" in _gambler(Renderer(genders={"Tanya-77": "f"}), evs)
    assert "Жертва этой ночи — [b]Tanya-77[/b], мирный житель" in _gambler(r, evs)


def test_G_P_1_jailed_killed_and_healed_in_good_russian(r: Renderer) -> None:
    text = _gambler(
        r,
        [
            E.Jailed(turn=2, nick="Нина", role="mafia"),
            E.Killed(turn=2, nick="Егор", role="civilian"),
            E.HealAnnounced(turn=2, nick="Шерлок"),
        ],
    )
    assert "Суд Слона вынес приговор: за решётку отправлена [b]Нина[/b] — мафия." in text
    assert "Этой ночью убит [b]Егор[/b] — мирный житель." in text
    assert "Доктор провёл ночь у постели [b]Шерлока[/b]." in text
    text = _gambler(
        r,
        [
            E.Jailed(turn=2, nick="Mister X", role="mafia"),
            E.HealAnnounced(turn=2, nick="Марго"),
        ],
    )
    # a gender the paper cannot tell: a phrasing whose verb agrees with nothing
    assert "По решению Суда Слона в тюрьму отправляется [b]Mister X[/b] — мафия." in text
    assert "Доктор провёл ночь у постели [b]Марго[/b]." in text
    text = _gambler(r, [E.HealAnnounced(turn=2, nick="Вася2005")])
    assert "Доктор провёл ночь у постели игрока [b]Вася2005[/b]." in text


def test_C_4_issue_numbers_are_the_turns_and_the_zero_turn_is_named(r: Renderer) -> None:
    zero = r.newspaper(ruleset="pefl", game_name="M", turn=0, events=[])
    assert "нулевого хода" in zero and "выпуск 0" not in zero
    # a quiet zero night is said to be quiet: the paper is never empty
    assert "Нулевая ночь прошла тихо: никто не погиб." in zero
    assert "выпуск 5[/b]" in r.newspaper(ruleset="pefl", game_name="M", turn=5, events=[])
    assert "итоги дня 4" in r.newspaper(ruleset="gambler", game_name="M", turn=4, events=[])


def test_host_templates_may_use_the_grammar_filters(tmp_path: object) -> None:
    from pathlib import Path

    d = Path(str(tmp_path))
    (d / "newspaper_gambler.bbcode.j2").write_text(
        "{% for k in v.killed %}{{ pick(k.nick|gender, 'убит', 'убита', 'погибает') }} "
        "{{ k.nick }}; лечили {{ k.nick|inflect('accs') or k.nick }}\n{% endfor %}",
        "utf-8",
    )
    text = Renderer(d, genders={"Кот": "m"}).newspaper(
        ruleset="gambler",
        game_name="M",
        turn=2,
        events=[E.Killed(turn=2, nick="Кот", role="civilian")],
    )
    assert text == "убит Кот; лечили Кота\n"

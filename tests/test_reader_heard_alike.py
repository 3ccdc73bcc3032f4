"""C-3: a name form two nicks are heard as, one of them typed in Latin letters, is proof of
neither — a Cyrillic name nick and the Latin spelling of the same name (Федя, Fedja), two
Latin spellings of one name (Yulian, Julian), a Latin pet name and the longer name it is
the pet form of (Tolya, Анатолий Саввич; Lyosha, Alexey_Grom). Whichever nick the form
spells exactly, the letter reader asks naming both and the vote reader shows the post to
the host (`parser.nicks.name_sharers`, the one place both readers weigh it). The Latin
spelling typed as it stands, a part only one nick has, the full name beside a pet-name
nick, a diminutive on the whole name (Глебик beside Gleb_Ra) and other names near by
(Дина, Дима) still name one player."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parser.latin import name_hearings
from parser.nicks import AMBIGUOUS_NICK, NickResolver, heard_alike
from parser.records import ColoredSpan, Post
from parser.votes.day import extract_votes
from parser.votes.names import resolve_nick
from tests.letter_kit import read_in_cast

CAST = [
    "Федя",
    "Fedja",
    "Tolya",
    "Анатолий Саввич",
    "Lyosha",
    "Alexey_Grom",
    "Gleb_Ra",
    "Глебик",
    "Dina_Sol",
    "Дима",
    "Бурун",
]


def _vote(text: str, cast: list[str] = CAST) -> tuple[str | None, str | None, tuple[str, ...]]:
    m = resolve_nick(NickResolver(cast), text, "as_moves")
    return m.nick, m.reason, tuple(sorted(m.candidates))


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("Федю", ("Fedja", "Федя")),  # a case form of the Cyrillic nick, heard as the Latin
        ("Феди", ("Fedja", "Федя")),
        ("Федя", ("Fedja", "Федя")),  # the Cyrillic nick spelt exactly proves nothing
        ("Fedya", ("Fedja", "Федя")),  # a Latin spelling that is neither nick as typed
        ("Толю", ("Tolya", "Анатолий Саввич")),  # a pet name, and the name it comes from
        ("Толи", ("Tolya", "Анатолий Саввич")),
        ("Лёшу", ("Alexey_Grom", "Lyosha")),  # a Latin pet name and a Latin full name
    ],
)
def test_C_3_a_form_two_nicks_are_heard_as_names_neither_in_a_vote(
    text: str, pair: tuple[str, str]
) -> None:
    assert _vote(text) == (None, AMBIGUOUS_NICK, pair), text


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Fedja", "Fedja"),  # the Latin spelling typed as it stands
        ("Fedju", "Fedja"),  # with a Russian ending
        ("Tolya", "Tolya"),
        ("Lyoshu", "Lyosha"),
        ("Анатолия", "Анатолий Саввич"),  # the full name is no form of the pet name Tolya
        ("Саввича", "Анатолий Саввич"),  # a patronymic only he has
        ("Грома", "Alexey_Grom"),  # a handle part only he has
        ("Глеба", "Gleb_Ra"),  # Глебик is a nick of its own, no form of Gleb
        ("Глебика", "Глебик"),
        ("Дину", "Dina_Sol"),  # two names, not one heard twice
        ("Диму", "Дима"),
    ],
)
def test_C_3_a_form_only_one_nick_is_heard_as_is_read(text: str, nick: str) -> None:
    assert _vote(text)[0] == nick, text


def test_C_3_two_latin_spellings_of_one_name_are_heard_alike() -> None:
    # «Yossi» and «Jossi» are both heard «Йосси», a double consonant said as one
    cast = ["Yossi", "Jossi", "Бурун"]
    assert _vote("Йоси", cast) == (None, AMBIGUOUS_NICK, ("Jossi", "Yossi"))
    assert _vote("Yossi", cast)[0] == "Yossi"
    assert _vote("Jossi", cast)[0] == "Jossi"


def test_C_3_a_german_spelling_is_heard_as_the_russian_name() -> None:
    cast = ["Яша", "Jascha", "Бурун"]
    assert _vote("Яшу", cast) == (None, AMBIGUOUS_NICK, ("Jascha", "Яша"))
    assert _vote("Jascha", cast)[0] == "Jascha"


def test_C_3_a_pet_name_nick_and_the_full_name_nick_share_the_pet_form() -> None:
    cast = ["Galja", "Galina_K", "Бурун"]
    assert _vote("Галю", cast) == (None, AMBIGUOUS_NICK, ("Galina_K", "Galja"))
    assert _vote("Галину", cast)[0] == "Galina_K"
    assert _vote("Galja", cast)[0] == "Galja"


def test_C_3_a_typed_yo_and_the_gender_keep_other_names_apart() -> None:
    resolver = NickResolver(["Lena_Fox", "Лёня", "Бурун"])
    assert heard_alike(resolver, "Лёню", "Лёня") == ()  # a boy's ё-form: no Lena
    assert _vote("Лёню", ["Lena_Fox", "Лёня", "Бурун"])[0] == "Лёня"


def test_C_3_latin_names_are_heard_in_cyrillic_by_rule() -> None:
    assert "яша" in name_hearings("jascha")
    assert "йосси" in name_hearings("yossi")
    assert "йосси" in name_hearings("jossi")
    assert "леха" in name_hearings("lexa")
    assert name_hearings("tolya") == ("толя",)


def test_C_3_a_letter_naming_a_form_heard_alike_is_asked_naming_both() -> None:
    got = read_in_cast("heard_alike", "Байдарка", "Проверяю Федю")
    assert (got.kind, got.code) == ("question", AMBIGUOUS_NICK), got
    assert "Федя" in got.text and "Fedja" in got.text, got.text


def test_C_3_a_letter_with_the_latin_spelling_typed_is_read() -> None:
    got = read_in_cast("heard_alike", "Байдарка", "Проверяю Fedja")
    assert got.kind == "move" and list(got.targets) == ["Fedja"], got


def test_P_M_8_an_executor_heard_alike_is_asked_even_with_one_clan_mate() -> None:
    # Fedja is the Don's clan mate, Федя a civilian: still no pick (as «исполнитель Дима»)
    got = read_in_cast("heard_alike", "Шлюз", "Убиваем Глебика, исполнитель Федя")
    assert got.kind == "question", got
    got = read_in_cast("heard_alike", "Шлюз", "Убиваем Глебика, исполнитель Fedja")
    assert got.kind == "move" and got.executor == "Fedja", got


def _red(number: int, author: str, nick: str) -> Post:
    text = f"Против {nick}, весь день путает всех и уводит разговор в сторону"
    return Post(
        id=number,
        author=author,
        author_id=None,
        posted_at=datetime(2026, 12, 5, 9, number, tzinfo=UTC),
        body_html="",
        text=text,
        own_text=text,
        colored=(ColoredSpan("#ff0000", nick),),
    )


def test_P_V_3_a_red_after_a_first_vote_heard_alike_is_the_hosts_to_weigh() -> None:
    # the first vote stands (P-V.3); «Федю» may be Федя or Fedja, so whether «Дину» is
    # the first vote or a change is not the reader's to say: neither is counted
    posts = [_red(1, "Бурун", "Федю"), _red(2, "Бурун", "Дину")]
    got = extract_votes(posts, ruleset="pefl", players=CAST)
    assert not got.votes, got.votes
    assert [r.reason for r in got.rejected] == [AMBIGUOUS_NICK, "unclear"]
    # a first vote typed as the Latin nick stands, and the later red is a change attempt
    posts = [_red(1, "Бурун", "Fedja"), _red(2, "Бурун", "Дину")]
    got = extract_votes(posts, ruleset="pefl", players=CAST)
    assert [v.target for v in got.votes] == ["Fedja"]

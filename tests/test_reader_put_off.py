"""C-2: a move put off, read in one place (`parser.letters.promised`).

Three shapes a host reads as no move for tonight, each told by the sentence's grammar:

- a clause of the sender's own later time opened by «как» in the sense of «когда» («Как
  вернусь с охоты — проверю X»): the same clause as «когда», known by its verb, the sender's
  own perfective future; «как» of a comparison or a manner («как и вчера», «как обычно»,
  «как договаривались», «как арбитр …») opens none;
- the move's player left to another's word («Лечу, кого X попросит»): a relative «кто» or
  «который», not the subject of its clause, whose verb is another's and in the future — no
  player of the sender's own is named, so the letter is asked; a word already given («на
  которую указал X») names the player;
- a deferral to an event in any order: «после» with an event whose noun adjectives may
  precede («после родительского собрания», «после выходных»), «по» with a noun in the
  locative («по окончании сессии»), and «это потом» said right after the move. An event
  gone by before a move made now («После долгих раздумий проверяю X») puts nothing off, nor
  does a thought put off about others («а про остальных подумаю после …»).

Cast: `cast_deferred.json` (PEFL turn 2; Лесник the commissar, Вера the doctor, Штопор the
maniac, Барон and Граф the Dons, Грач and Кобра clan members)."""

from __future__ import annotations

import pytest

from parser.letters.promised import left_to_another, put_off, put_off_by_time
from parser.letters.reading import UNDECIDED
from parser.letters.tokens import phrase_ends_at, tokenize
from parser.vocab import CONDITION_OPENERS, TIME_OPENERS
from tests.letter_kit import read_in_cast


def _read(sender: str, text: str) -> tuple[str, str | None, list[str]]:
    got = read_in_cast("deferred", sender, text)
    return got.kind, got.code if got.kind == "question" else got.action, list(got.targets)


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Лесник", "Как сдам зачёт, сразу проверю Марата"),  # P-M.1
        ("Вера", "полечу Лизу как до дачи доеду"),  # P-M.5, no punctuation
        ("Штопор", "Как дождусь зарплаты — зарежу Тимура"),  # P-M.13
        ("Барон", "Как вернёмся с рыбалки, убьём Гошу, исполнитель Шмель"),  # P-M.8
        ("Лесник", "kak zakonchu smenu proveryu Zarinu"),  # Latin-typed
    ],
)
def test_C_2_a_clause_of_time_opened_by_kak_puts_the_move_off(sender: str, text: str) -> None:
    assert _read(sender, text)[:2] == ("question", UNDECIDED)


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Лесник", "Проверяю Марата, как и в прошлый раз", ("move", "check", ["Марат"])),
        ("Вера", "Как обычно, лечу Лизу", ("move", "heal", ["Лиза"])),
        ("Штопор", "Режу Тимура, как договорились", ("move", "kill", ["Тимур"])),
        ("Вера", "Как врач лечу Гошу", ("move", "heal", ["Гоша"])),
        ("Лесник", "Проверю Зарину так же, как проверил бы любого", ("move", "check", ["Зарина"])),
        ("Лесник", "Проверяю Фёдора. Как вернусь, расскажу новости", ("move", "check", ["Фёдор"])),
    ],
)
def test_C_2_kak_of_a_comparison_or_manner_puts_nothing_off(
    sender: str, text: str, want: tuple[str, str, list[str]]
) -> None:
    assert _read(sender, text) == want


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Вера", "Полечу того, кого Марат назовёт"),  # P-M.5
        ("Лесник", "Проверю, на кого Зарина укажет"),  # P-M.1
        ("Штопор", "Зарежу, кого Тимур выберет"),  # P-M.13
        ("Кобра", "Стреляю в того, кого Граф скажет"),  # P-M.8: a member, no victim of his
    ],
)
def test_C_2_P_M_8_a_player_left_to_anothers_word_is_asked(sender: str, text: str) -> None:
    assert _read(sender, text)[:2] == ("question", UNDECIDED)


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Лесник", "Проверяю Гошу, на которого указала Лиза", ("move", "check", ["Гоша"])),
        ("Вера", "Лечу Фёдора, который ходит с ружьём", ("move", "heal", ["Фёдор"])),
        ("Вера", "Лечу Марата, как просил Тимур", ("move", "heal", ["Марат"])),
    ],
)
def test_C_2_a_word_given_or_a_player_described_names_the_player(
    sender: str, text: str, want: tuple[str, str, list[str]]
) -> None:
    assert _read(sender, text) == want


@pytest.mark.parametrize(
    ("sender", "text"),
    [
        ("Лесник", "Проверю Гошу после новогодних праздников"),  # adjectives before the event
        ("Вера", "Полечу Тимура после выходных"),  # an adjective standing for its noun
        ("Штопор", "Зарежу Лизу по возвращении из командировки"),  # «по» and the locative
        ("Лесник", "Марата. Но это позже"),  # «это потом» after a bare nick
        ("Вера", "Лечу Зарину — но это после экзамена"),
    ],
)
def test_C_2_a_move_put_off_to_an_event_in_any_order_is_not_tonights(
    sender: str, text: str
) -> None:
    kind, _code, _targets = _read(sender, text)
    assert kind != "move"


@pytest.mark.parametrize(
    ("sender", "text", "want"),
    [
        ("Лесник", "После долгого совещания проверяю Тимура", ("move", "check", ["Тимур"])),
        ("Вера", "Лечу Гошу, а про других подумаю после отпуска", ("move", "heal", ["Гоша"])),
        ("Лесник", "Проверяю Зарину по совету жены", ("move", "check", ["Зарина"])),
        ("Вера", "Лечу Лизу по дружбе", ("move", "heal", ["Лиза"])),
    ],
)
def test_C_2_an_event_gone_by_or_another_thought_put_off_keeps_the_move(
    sender: str, text: str, want: tuple[str, str, list[str]]
) -> None:
    assert _read(sender, text) == want


def test_C_2_the_readers_quote_the_words_that_put_the_move_off() -> None:
    tokens = tokenize("Как вернусь с охоты — проверю Тимура")
    assert put_off_by_time(tokens, 5, set()) == "Как вернусь"
    tokens = tokenize("Проверю Гошу после родительского собрания")
    assert put_off_by_time(tokens, 0, set()) == "после родительского собрания"
    tokens = tokenize("Лечу, кого Гоша попросит")
    assert left_to_another(tokens, 0, set()) == "кого Гоша попросит"
    assert left_to_another(tokenize("Лечу Гошу, на которого указал Тимур"), 0, set()) is None


def test_C_2_a_player_followed_by_this_later_is_put_off() -> None:
    from parser.letters.mentions import Mention

    tokens = tokenize("Гошу. Но это потом")
    gosha = Mention(start=0, end=1, raw="Гошу", kind="nick", nick="Гоша", confidence=1.0)
    assert put_off(tokens, gosha)
    assert not put_off(tokenize("Гошу. Это мой выбор"), gosha)


def test_C_2_one_list_of_condition_and_time_openers_is_read_by_phrase() -> None:
    # every multi-word opener of the one list is found at its last word
    for phrase in (*CONDITION_OPENERS, *TIME_OPENERS):
        tokens = tokenize(f"Проверю Гошу, {phrase} смогу")
        last = len(tokens) - 2
        assert phrase_ends_at(tokens, last, (*CONDITION_OPENERS, *TIME_OPENERS)) == phrase

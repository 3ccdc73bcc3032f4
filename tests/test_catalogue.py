"""Everything the bot writes, as a reader sees it (issue 16): every template over every role,
cause of death, gender and kind of nick, kept in `tests/golden_texts/` for review by reading.
Set MAFIABOT_UPDATE_GOLDEN=1 to rewrite them after a deliberate wording change, then read the
diff. Players' texts carry no Latin-letter word but a nick (no code, no English)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.catalogue import FILES, PLAYERS, render_file

GOLDEN = Path(__file__).resolve().parent / "golden_texts"

#: what may be Latin in a player's text besides a nick: the hash's name (SHA-256), which a
#: player needs to check the deal, and the ids in the deal's verifiable listing ([code])
_DATA = re.compile(r"\[code\].*?\[/code\]", re.S)
# tags, ours and a player's own escaped ones (a zero-width space after «[» shows them as text)
_TAGS = re.compile(r"\[\u200b?/?(?:b|i|quote|code|color|url|size)(?:=[^\]]*)?\]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_'’-]*")
#: nicks that only some entries use
OTHER_NICKS = ("Вовчик", "Мурка", "Кот", "Шерлoк", "Нинa", "Tanya_77")  # the last: Latin letters


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of a player's text that are not a nick or data."""
    text = _TAGS.sub(" ", _DATA.sub(" ", text)).replace("SHA-256", " ")
    for nick in sorted((*PLAYERS, *OTHER_NICKS), key=len, reverse=True):
        text = text.replace(nick, " ")
    return LATIN_WORD.findall(text)


@pytest.mark.parametrize("name", sorted(FILES))
def test_catalogue_golden(name: str) -> None:
    make, _players_read = FILES[name]
    text = render_file(make())
    path = GOLDEN / name
    if os.environ.get("MAFIABOT_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, "utf-8")
    assert path.exists(), f"no golden file {name} (run with MAFIABOT_UPDATE_GOLDEN=1)"
    assert text == path.read_text("utf-8")


@pytest.mark.parametrize("name", sorted(n for n, (_m, players) in FILES.items() if players))
def test_no_latin_word_but_a_nick_reaches_a_player(name: str) -> None:
    make, _players_read = FILES[name]
    for title, text in make():
        assert latin_words(text) == [], f"{name} / {title}:\n{text}"


def test_the_latin_check_fails_on_english_and_codes() -> None:
    assert latin_words("Решение ведущего: hang — Кот.") == ["hang"]
    assert latin_words("[b]Mister X[/b]: no_reason") == ["no_reason"]
    assert latin_words("Отпечаток (SHA-256): [code]ab12[/code], Tanya-77") == []


#: the config's own names a host text may give, as the host writes them in his config
CONFIG_NAMES = re.compile(r"\[\[override\]\]|\[(?:game|board)(?:\.\w+)?\](?: \w+)?")


@pytest.mark.parametrize("name", ["host.txt", "host_notes.txt"])
def test_host_texts_carry_no_code_either(name: str) -> None:
    make, _players_read = FILES[name]
    for title, text in make():
        # a report shows [[override]] with zero-width spaces (so the board shows it as text)
        words = [w for w in latin_words(CONFIG_NAMES.sub(" ", text)) if w != "override"]
        assert words == [], f"{title}:\n{text}"


def test_the_host_check_lets_through_config_names_only() -> None:
    said = "поднимите [game] max_catchup, впишите в [game.user_ids], через [[override]]"
    assert latin_words(CONFIG_NAMES.sub(" ", said)) == []
    assert latin_words(CONFIG_NAMES.sub(" ", "ЛС 15 (turn 3): not answered")) == [
        "turn",
        "not",
        "answered",
    ]


def test_every_host_note_is_in_the_catalogue() -> None:
    """A note added to `NOTE_RU` is shown in `golden_texts/host_notes.txt` (both rule sets
    where it names a turn), so no host line is written without being read."""
    from mafiabot.newspaper.host_words import NOTE_RU
    from tests.catalogue import host_note_keys

    assert host_note_keys() == set(NOTE_RU)


@pytest.mark.parametrize(
    ("ruleset", "words"),
    [
        ("pefl", ("после дедлайна хода 3", "засчитано в ход 3", "отнесено к ходу 2")),
        ("gambler", ("после дедлайна дня 3", "засчитано в день 3", "отнесено к дню 2")),
    ],
)
def test_host_notes_count_turns_as_the_rule_set_does(ruleset: str, words: tuple[str]) -> None:
    """G-S.2 counts days (day N and its night), P-S.2 turns: the host's notes say «день 3»
    in Gambler as its papers do, «ход 3» in PEFL, declined where the sentence needs it."""
    text = render_file(FILES["host_notes.txt"][0]())
    name = "ПЕФЛ" if ruleset == "pefl" else "Гэмблер"
    mine = "\n".join(part for part in text.split("════ ") if part.startswith(name))
    for said in words:
        assert said in mine
    other = "дня 3" if ruleset == "pefl" else "хода 3"
    assert other not in mine


def test_the_gambler_host_report_counts_days_in_its_heading_and_events() -> None:
    """G-S.2: the Gambler host report's heading and its turn's closing event say «дня» and
    «День закрыт», as its notes and papers count days; PEFL's keep «хода» and «Ход»."""
    text = render_file(FILES["host.txt"][0]())
    reports = [part for part in text.split("════ ") if "Все события" in part]
    gambler = [r for r in reports if "Все события дня" in r]
    pefl = [r for r in reports if "Все события хода" in r]
    assert gambler and pefl
    assert all("Ход закрыт" not in r and "День закрыт" in r for r in gambler)
    assert all("День закрыт" not in r for r in pefl)


@pytest.mark.parametrize("game", ["pefl", "gambler"])
def test_a_whole_game_sends_players_no_latin_word_but_a_nick(game: str) -> None:
    """Every post and every PM the daemon sent to a player in a recorded game (role PMs,
    replies to letters, newspapers, counts, the final post) — not the catalogue's samples,
    the real flow."""
    import tempfile

    from mafiabot.demo.play import play, strip_marker

    run = play(game, f"sqlite:///{tempfile.mkdtemp(prefix='mafiabot-latin-')}/g.sqlite")
    host = run.cfg.game.host_nicks[0] if run.cfg.game.host_nicks else run.cfg.board.username
    texts = [strip_marker(p.source) for p in run.board.posts if p.source]
    texts += [strip_marker(m.html) for m in run.board.sent if host not in m.to]
    assert len(texts) > 10
    nicks = (*run.cfg.game.players, run.cfg.game.name)
    for text in texts:
        cleaned = text
        for n in sorted(nicks, key=len, reverse=True):
            cleaned = cleaned.replace(n, " ")
        assert latin_words(cleaned) == [], text


def test_C_2_the_reader_and_the_replies_call_an_action_by_one_word() -> None:
    """The letter reader's questions and every reply name a move by the catalogue's word
    (engine/words_ru.py), so a player is never asked about «убийство» and answered about
    «выстрел»."""
    from engine.words_ru import ACTION_WORDS
    from mafiabot.newspaper.render import Renderer
    from parser.letters.reader import read_letter
    from parser.sender import cast_state, sender_view

    cast = {
        "ruleset": "pefl",
        "turn": 2,
        "players": {
            "Лёня": {"role": "thug", "clan": "triad"},
            "Костя": {"role": "mafia", "clan": "triad", "don": True},
            "Ефим": {"role": "commissar"},
            "Катя": {"role": "civilian"},
        },
    }
    view = sender_view(cast_state(cast), "Лёня")
    assert view is not None
    asked = read_letter("Иду к Ефиму", view)  # P-M.11: the thug shoots or beats
    assert asked.code == "which_action"
    assert ACTION_WORDS["kill"] in asked.text and ACTION_WORDS["beat"] in asked.text
    reply = Renderer().move_reply(nick="Лёня", accepted=False, action="kill", reason="late")
    assert f"({ACTION_WORDS['kill']})" in reply


def test_the_actions_words_live_in_one_table() -> None:
    """No module keeps a table of its own that names the actions (the catalogue's words
    drifted apart once: «убийство» in the reader, «выстрел» in the replies)."""
    root = Path(__file__).resolve().parent.parent
    entry = re.compile(r'"(?:kill|check|heal|block|beat|blast|protect|ambush)":\s*"[а-яё]')
    found = [
        str(path.relative_to(root))
        for folder in ("engine", "parser", "scraper", "poster", "mafiabot")
        for path in sorted((root / folder).rglob("*.py"))
        if entry.search(path.read_text("utf-8"))
    ]
    assert found == ["engine/words_ru.py"]

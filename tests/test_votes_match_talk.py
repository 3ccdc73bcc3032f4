"""Batch 14's vote classes (tests/votes/dev22/, tests/votes/README.md «Round votes-21»), each
by rule, on a cast of its own: a coloured nick counts only when the words prove the vote, and
what they leave unproven is shown to the host, never counted for a player (P-V.1, G-N.1,
G-N.4, C-2, C-3)."""

from __future__ import annotations

import pytest

from engine.kinds import RulesetName
from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading

PLAYERS = ("Нападающий", "Свисток", "Сетка", "Маринка", "Костыль", "Петров", "Сокол")


def _read(rules: RulesetName, body: str, *, players: tuple[str, ...] = PLAYERS) -> PostReading:
    """One post by Маринка, its coloured words marked «<…>»."""
    color = "red" if rules == "pefl" else "green"
    html = body.replace("<", f'<span style="color:{color}">').replace(">", "</span>")
    post = post_from_body(1, "Маринка", html, 1)
    (reading,) = extract_votes([post], ruleset=rules, players=players).posts
    return reading


def _counted(got: PostReading) -> str | None:
    return got.target if got.status == "vote" else None


@pytest.mark.parametrize(
    "body",
    [
        "<Петров> вчера забил на 89-й, красавчик! Всем хорошего дня.",
        "Наш <Петров> сегодня сыграл отлично, 0:0 на выезде!",
        "<Сокол> в субботу провёл лучший матч сезона.",
    ],
)
def test_P_V_1_a_story_of_his_match_with_praise_is_no_vote(body: str) -> None:
    """P-V.1: a red nick told of in a story of his match with praise in its sentence, no vote
    word in the post and nothing against him: no grounds to hang him, no vote."""
    assert _counted(_read("pefl", body)) is None, body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # grounds against him beside the praise: the reason of a vote
        ("<Петров> вчера красиво врал весь день, мафия.", "Петров"),
        # a vote word governs the nick
        ("Против <Петрова>: вчера сыграл отлично, а сегодня молчит и путается.", "Петров"),
        # a story with no praise is a reason told of the past (P-V.1)
        ("<Петров> вчера не ответил ни на один вопрос.", "Петров"),
    ],
)
def test_P_V_1_praise_beside_grounds_or_vote_words_keeps_the_vote(body: str, target: str) -> None:
    assert _counted(_read("pefl", body)) == target, body


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        ("pefl", "Голос против <Петрова> после матча дам, сейчас на стадионе."),
        ("pefl", "Голос против <Сетки> после работы отдам, пишу с телефона."),
        ("gambler", "Зелёный на <Сокола> после тренировки дам."),
    ],
)
def test_P_V_1_G_N_1_a_vote_given_after_an_event_is_put_off(rules: RulesetName, body: str) -> None:
    """P-V.1, G-N.1: «после <event>» is a time to come; with the author's own verb in the
    future the vote is put off — shown to the host, not counted."""
    got = _read(rules, body)
    assert (got.status, got.reason) == ("rejected", "put_off"), body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # «после» of what has been: the reason, the vote cast now
        ("Голос против <Петрова>: после того, что он написал ночью, всё ясно.", "Петров"),
        ("Голос против <Сетки> — после матча вчера весь день молчит и врёт.", "Сетка"),
    ],
)
def test_P_V_1_after_an_event_in_a_reason_puts_nothing_off(body: str, target: str) -> None:
    assert _counted(_read("pefl", body)) == target, body


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        (
            "pefl",
            "Говорят, <Петров> на тренировке врал тренеру. Но голосовать против него не буду.",
        ),
        ("pefl", "<Сетка> весь день путается в версиях. Хотя голосовать против неё не стану."),
        ("gambler", "<Сокола> бы в суд. Но выдвигать девятиклассника не буду."),
        ("pefl", "<Свисток> мутный, но я против него не проголосую."),
    ],
)
def test_P_V_1_G_N_1_the_only_candidate_refused_later_is_no_vote(
    rules: RulesetName, body: str
) -> None:
    """P-V.1, G-N.1: a later clause refusing to vote («не буду», «не стану», «не
    проголосую» with a word of voting) and naming no other player takes back the post's only
    coloured nick — shown to the host, never counted."""
    got = _read(rules, body)
    assert got.status == "rejected", body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # a retraction negated: the vote stands
        ("Голосую против <Петрова>, и голос не отзываю, что бы вы ни говорили.", "Петров"),
        # the refusal names another player: it spares him, not the red one
        ("Против <Сетки>, врёт весь день. А голосовать против Сокола не буду.", "Сетка"),
        # a «не буду» with no word of voting
        ("Против <Свистка>, всю ночь врал. Молчать об этом не буду.", "Свисток"),
    ],
)
def test_P_V_1_a_later_refusal_near_misses_keep_the_vote(body: str, target: str) -> None:
    assert _counted(_read("pefl", body)) == target, body


TWINS = (*PLAYERS, "Торпеда", "Торпедо", "Ультра", "Ультрас")


@pytest.mark.parametrize(
    "body",
    [
        "Против <Ультр>, обе ... то есть оба подозрительные.",
        "Против <Торпед>, обе весь день врут.",
    ],
)
def test_C_3_a_stem_two_nicks_open_with_is_asked_never_picked(body: str) -> None:
    """C-3: a coloured word that two nicks both open with and go on past («Ультр» of Ультра
    and Ультрас) names neither: refused as ambiguous, never counted for the nearer one."""
    got = _read("pefl", body, players=TWINS)
    assert (got.status, got.reason) == ("rejected", "ambiguous_nick"), body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Против <Ультры>, весь день кричит и ничего по делу.", "Ультра"),
        ("Против <Ультраса>, врёт про свою ночь.", "Ультрас"),
        ("Против <Торпеды>, весь день врёт.", "Торпеда"),
    ],
)
def test_C_3_a_case_form_of_one_twin_is_still_read(body: str, target: str) -> None:
    assert _counted(_read("pefl", body, players=TWINS)) == target, body


ROLE_LIKE = (*PLAYERS, "Доктор_Хаус", "Маньяк_Бровкин", "Шериф")


@pytest.mark.parametrize(
    "body",
    [
        "Против <доктора>, он точно кого-то лечит из мафии.",
        "Против <маньяка>, он сегодня ночью опять убьёт.",
    ],
)
def test_C_3_a_role_word_in_lower_case_is_the_role_not_a_nick_it_opens(body: str) -> None:
    """C-3, as the letters read game words: a role word in lower case is the role, never a
    player whose nick only opens with it — never counted for him."""
    assert _counted(_read("pefl", body, players=ROLE_LIKE)) is None, body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Против <Доктора_Хауса>, весь день врёт про свою ночь.", "Доктор_Хаус"),
        ("против <шерифа>, он весь день молчит и врёт.", "Шериф"),  # the nick is the word
    ],
)
def test_C_3_a_role_like_nick_written_out_or_whole_is_read(body: str, target: str) -> None:
    assert _counted(_read("pefl", body, players=ROLE_LIKE)) == target, body


@pytest.mark.parametrize(
    ("rules", "body"),
    [
        ("gambler", "Если наши выиграют — <Сокола> выдвину, если нет — <Сетку>."),
        ("pefl", "Если Петров ответит — против <Свистка>, если нет — против <Петрова>: врёт."),
    ],
)
def test_G_N_1_P_V_1_both_branches_of_a_condition_are_shown_never_counted(
    rules: RulesetName, body: str
) -> None:
    """G-N.1, P-V.1: «если нет — <Y>» is the other branch of the condition, not a vote said
    after it; a choice of conditions is shown to the host as unclear."""
    got = _read(rules, body)
    assert (got.status, got.reason) == ("rejected", "unclear"), body


@pytest.mark.parametrize(
    ("body", "target"),
    [
        # a condition closed by its own sentence; the vote after stands
        ("Если наши выиграют, напишу стих. Выдвигаю <Сетку>.", "Сетка"),
        ("Если наши проиграют, не расстроюсь. <Сокола> в суд.", "Сокол"),
    ],
)
def test_G_N_1_a_condition_elsewhere_leaves_the_green(body: str, target: str) -> None:
    assert _counted(_read("gambler", body)) == target, body


def _court(body: str, nominees: tuple[str, ...] = ("Сетка", "Сокол")) -> PostReading:
    post = post_from_body(1, "Маринка", body, 1)
    result = extract_court_votes([post], nominees=list(nominees), players=PLAYERS)
    (reading,) = result.posts
    return reading


@pytest.mark.parametrize(
    "body", ["Сетку? Не уверена.", "Сокола. Не знаю, честно.", "Сетку... не уверен пока"]
)
def test_G_N_4_a_nominee_named_and_doubted_is_shown_never_counted(body: str) -> None:
    """G-N.4: a bare nominee with a doubt of two words after it («не уверена», «не знаю»)
    is left open — shown to the host as doubted, never counted."""
    got = _court(body)
    assert (got.status, got.reason) == ("rejected", "doubted"), body


@pytest.mark.parametrize(
    ("body", "target"),
    [("Сетку. Уверена на все сто.", "Сетка"), ("Сокола сажаю, тут без сомнений.", "Сокол")],
)
def test_G_N_4_a_nominee_without_a_doubt_is_the_vote(body: str, target: str) -> None:
    got = _court(body)
    assert (got.status, got.target) == ("vote", target), body


CLUBS = (*PLAYERS, "Ракета_1957", "Libero", "Ultras")


@pytest.mark.parametrize("body", ["<ВПЕРЁД РАКЕТА>!!!", "<Ура Ракета>", "<ВПЕРЁД ЗАРЕЧЬЕ>!!!"])
def test_G_N_1_a_chant_in_green_names_no_player(body: str) -> None:
    """G-N.1: a cheer and a club's name in the nominative is a chant, not a nick in green —
    no vote for the player whose nick opens with the club's word, nothing to refuse."""
    got = _read("gambler", body, players=CLUBS)
    assert got.status == "no_vote", body


@pytest.mark.parametrize(
    ("body", "target"),
    [("Выдвигаю <Ракету>, вперёд!", "Ракета_1957"), ("<Ракету в суд>", "Ракета_1957")],
)
def test_G_N_1_a_club_word_nick_with_vote_grammar_is_read(body: str, target: str) -> None:
    assert _counted(_read("gambler", body, players=CLUBS)) == target, body


# a Latin handle typed with one Cyrillic look-alike letter: «о», «а», «с»
@pytest.mark.parametrize(
    ("body", "target"),
    [("<Liberо> to court", "Libero"), ("<Ultrаs> в суд", "Ultras"), ("<Liberо> в суд", "Libero")],
)
def test_C_3_a_latin_handle_with_a_cyrillic_look_alike_is_read(body: str, target: str) -> None:
    """C-3: a Latin word with a Cyrillic look-alike letter is read in Latin, as a Cyrillic
    word with a Latin look-alike is read in Cyrillic."""
    assert _counted(_read("gambler", body, players=CLUBS)) == target, body


def test_C_3_a_cyrillic_nick_typed_in_latin_with_a_look_alike_is_read() -> None:
    players = (*PLAYERS, "Либеро")
    assert _counted(_read("gambler", "<Liberо> to court", players=players)) == "Либеро"


@pytest.mark.parametrize(
    ("body", "target"),
    [
        ("Сетку на скамейку штрафников, то есть в тюрьму.", "Сетка"),
        ("Сокола на лавку, в смысле сажаем.", "Сокол"),
        ("Сетку в раздевалку, иначе говоря, в тюрьму!", "Сетка"),
    ],
)
def test_G_N_4_a_jailing_restated_in_plain_words_jails_the_nominee_before(
    body: str, target: str
) -> None:
    """G-N.4: a clause that only restates the one before («то есть в тюрьму», «в смысле
    сажаем») and names nobody makes that clause's nominee the one jailed."""
    got = _court(body)
    assert (got.status, got.target) == ("vote", target), body


@pytest.mark.parametrize(
    "body",
    [
        "Сетку не сажать, то есть в тюрьму её нельзя.",  # let off, then said again
        "Сетка молодец. Сокол тоже. То есть в тюрьму никого не хочу.",
    ],
)
def test_G_N_4_a_restatement_after_a_let_off_jails_no_one(body: str) -> None:
    assert _court(body).status != "vote", body

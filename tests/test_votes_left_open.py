"""Issue 17 item 2: a coloured nick the words leave open — a doubt, a wish, a condition, a vote
put off — is shown to the host with a reason that names the doubt, never counted and never
dropped unseen (P-V.1, G-N.1, G-N.4; docs/rulings.md). A nick the words plainly take back —
negated, spared, retracted, a day gone by, a joke — stays no vote with nothing to tell."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.kinds import RulesetName
from mafiabot.newspaper.render import Renderer
from mafiabot.replay_posts import post_from_body
from parser.votes.court import extract_court_votes
from parser.votes.day import extract_votes
from parser.votes.records import PostReading

PLAYERS = ("Грач", "Маргарита", "Тимофей", "Снежана", "Кирилл", "Полина")
RED = '<span style="color:red">{}</span>'


def _read(rules: str, text: str, nick: str) -> PostReading:
    color = "red" if rules == "pefl" else "green"
    body = text.replace(nick, f'<span style="color:{color}">{nick}</span>', 1)
    post = post_from_body(1, "Полина", body, 1)
    ruleset: RulesetName = "pefl" if rules == "pefl" else "gambler"
    result = extract_votes([post], ruleset=ruleset, players=PLAYERS)
    (reading,) = result.posts
    # one line per post for the host: a refusal is one rejection, a vote none
    assert len(result.rejected) == (reading.status == "rejected")
    return reading


@pytest.mark.parametrize(
    ("rules", "text", "nick", "code"),
    [
        ("pefl", "Может быть, Маргарита… пока думаю, слишком много версий", "Маргарита", "doubted"),
        ("pefl", "Не уверена насчёт Грача. Он весь день темнит, но посмотрим", "Грача", "doubted"),
        ("pefl", "Голосую против Тимофея: уходит от ответов. Хотя не уверен... подумаю", "Тимофея",
         "doubted"),
        ("gambler", "Может быть, Снежана… не уверен", "Снежана", "doubted"),
        ("pefl", "Я бы отдала голос против Кирилла, слишком гладко говорит весь день", "Кирилла",
         "wished"),
        ("pefl", "Кирилл — вот кого я бы повесила, его ночные рассказы не сходятся", "Кирилл",
         "wished"),
        ("pefl", "Голосую против Снежаны, если она до вечера не объяснит свой пост", "Снежаны",
         "conditional"),
        ("pefl", "Грач, объясни свою ночную активность, а то проголосую против тебя", "Грач",
         "conditional"),
        ("pefl", "Голос против Маргариты — позже, сейчас с телефона неудобно", "Маргариты",
         "put_off"),
        ("pefl", "Вечером проголосую против Грача, сейчас совсем нет времени", "Грача", "put_off"),
        ("gambler", "Зелёный Кириллу дам попозже, как дочитаю тему", "Кириллу", "put_off"),
        ("pefl", "Спасибо, Тимофей, за подробный разбор ночи!", "Тимофей", "unproven"),
        # P-V.3: taking a vote back is no move of its own — shown since round votes-24
        ("pefl", "Снимаю голос с Тимофея, погорячилась", "Тимофея", "withdrawn"),
    ],
)  # fmt: skip
def test_P_V_1_G_N_1_a_nick_left_open_is_shown_to_the_host_with_its_doubt(
    rules: str, text: str, nick: str, code: str
) -> None:
    got = _read(rules, text, nick)
    assert (got.status, got.reason) == ("rejected", code), text


@pytest.mark.parametrize(
    ("text", "nick"),
    [
        ("Не голосую за Кирилла, по ощущениям он мирный", "Кирилла"),
        ("Кирилла оправдываю, он весь день говорил по делу", "Кирилла"),
        ("Вчера я голосовала против Грача, и зря, как оказалось", "Грача"),
        ("Маргарита, шучу)) пока не голосую", "Маргарита"),
    ],
)
def test_P_V_1_a_nick_plainly_taken_back_is_no_vote_and_nothing_to_tell(
    text: str, nick: str
) -> None:
    got = _read("pefl", text, nick)
    assert (got.status, got.reason) == ("no_vote", None), text


@pytest.mark.parametrize(
    ("text", "nick", "target"),
    [
        ("Может, я и ошибаюсь, но голосую против Снежаны: защищала Грача", "Снежаны", "Снежана"),
        ("Голосую против Полины, сначала хотела подождать, но хватит", "Полины", "Полина"),
        ("Сомневался до последнего, но всё же голосую против Грача: версия не сходится",
         "Грача", "Грач"),
        ("Голосую против Тимофея, весь день молчит. Если передумаю — напишу", "Тимофея",
         "Тимофей"),
    ],
)  # fmt: skip
def test_P_V_1_a_doubt_settled_or_told_of_leaves_the_vote_standing(
    text: str, nick: str, target: str
) -> None:
    got = _read("pefl", text, nick)
    assert (got.status, got.target) == ("vote", target), text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Оскара, наверное... не знаю ещё", "doubted"),
        ("Оскара посажу попозже, послушаю", "put_off"),
        ("Оскара? Не знаю даже", "unproven"),
    ],
)
def test_G_N_4_a_court_jailing_left_open_is_shown_not_dropped(text: str, code: str) -> None:
    post = post_from_body(1, "Полина", text, 1)
    result = extract_court_votes([post], nominees=("Оскар", "Грач"), players=(*PLAYERS, "Оскар"))
    assert not result.votes
    assert [(r.author, r.reason) for r in result.rejected] == [("Полина", code)]


def test_P_V_1_a_doubted_red_reaches_the_host_alike_from_the_daemon_parse_votes_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 17 items 2 and 6: the daemon's tally, `mafiabot parse votes` and replay each
    # refuse a red left open by a doubt with the same code, and the host report names it in
    # Russian, one line for the post — a vote dropped unseen would fail every assertion here
    from tests.one_post import read_three_ways

    body = f"Может быть, {RED.format('Кота')}… не уверен, подумаю ещё до вечера"
    got = read_three_ways(tmp_path, capsys, "Шерлок", body)
    assert not got.counted
    assert got.daemon == got.cli == got.replayed == [("Шерлок", "doubted")]

    # the host report, with the rejections as the daemon's composer hands them on
    report = Renderer().host_report(
        game_name="M",
        turn=1,
        events=[],
        rejected=[
            {"author": r.author, "reason": r.reason, "detail": r.detail,
             "post_id": r.post_id, "target": r.target}
            for r in got.rejected
        ],
    )  # fmt: skip
    lines = [line for line in report.splitlines() if "Шерлок" in line]
    assert len(lines) == 1 and "с сомнением" in lines[0] and str(got.post_id) in lines[0]
    assert "doubted" not in report


@pytest.mark.parametrize(
    ("text", "status", "reason"),
    [
        ("Тимофей весь день врёт, а шутки его — чтобы отвлечь от ночи", "vote", None),
        ("Тимофей сегодня в ударе :) шутки одна за другой", "rejected", "unproven"),
        ("Тимофей весь день врёт. Шутка, пока не голосую", "no_vote", None),
        ("Тимофей весь день врёт, это шутка конечно", "no_vote", None),
    ],
)
def test_P_V_1_only_the_authors_own_joke_takes_a_red_back_not_jokes_told_of(
    text: str, status: str, reason: str | None
) -> None:
    # «шучу», or a joke noun said of the post («— шутка», «это шутка»), takes the vote back;
    # a joke noun opening a clause that tells of someone's jokes is words of the reason
    got = _read("pefl", text, "Тимофей")
    assert (got.status, got.reason) == (status, reason), text


@pytest.mark.parametrize(
    ("text", "nick", "status"),
    [
        ("Не верю Грачу ни на грош, врёт весь день", "Грачу", "vote"),
        ("Не доверяю Кириллу: путается в версиях всю игру", "Кириллу", "vote"),
        ("Не верю, что Грач мафия, он весь день помогал", "Грач", "no_vote"),
        ("Не голосую за Грача, он весь день помогал", "Грача", "no_vote"),
    ],
)
def test_P_V_1_a_negated_verb_of_trust_on_the_nick_accuses_it_does_not_negate(
    text: str, nick: str, status: str
) -> None:
    # «не верю <X>»: the distrust is the reason; a «что» clause or a vote verb still negates
    assert _read("pefl", text, nick).status == status, text

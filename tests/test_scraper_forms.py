"""Form filling and page classification checked against the real recorded exchanges."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parser.pages import parse_topic
from scraper import forms
from scraper.errors import (
    FloodLimited,
    FormExpired,
    MessageTooLong,
    NoPermission,
    NotFound,
    ScraperError,
    SessionExpired,
    TopicLocked,
    UnknownRecipient,
)
from scraper.phpbb import classify_refusal

HTTP = Path(__file__).resolve().parent.parent / "fixtures" / "phpbb" / "http"
FIX = HTTP.parent


def exchange(flow: str, n: int) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads((HTTP / f"{flow}.json").read_text(encoding="utf-8"))
    return data[n]


def body(flow: str, n: int) -> str:
    name = str(exchange(flow, n)["response"]["body_file"])
    return (HTTP / name).read_text(encoding="utf-8")


# (flow, page served, POST that followed, form selector, pressed button, fields the user typed)
SUBMITS = [
    ("login_ok", 0, 1, "form#login", "login", ("username", "password", "autologin")),
    ("reply_ok", 3, 4, "form#postform", "post", ("message",)),
    ("edit_own_post", 3, 4, "form#postform", "post", ("message",)),
    ("reply_post_review", 6, 10, "form#postform", "post", ("message",)),
    ("reply_post_review", 10, 11, "form#postform", "post", ("message",)),
    ("pm_send", 3, 4, "form#postform", "add_to", ("username_list",)),
    ("pm_send", 4, 5, "form#postform", "post", ("subject", "message")),
    ("pm_flood", 4, 5, "form#postform", "post", ("subject", "message")),
    ("pm_send_unknown_user", 3, 4, "form#postform", "add_to", ("username_list",)),
]


@pytest.mark.parametrize(("flow", "got", "sent", "selector", "press", "typed"), SUBMITS)
def test_fill_reproduces_the_browsers_submit(
    flow: str, got: int, sent: int, selector: str, press: str, typed: tuple[str, ...]
) -> None:
    page_url = exchange(flow, got)["request"]["url"]
    form = forms.find_form(body(flow, got), page_url, selector)
    assert form is not None
    recorded = [tuple(kv) for kv in exchange(flow, sent)["request"]["form"]]
    values = {k: v for k, v in recorded if k in typed}
    assert form.fill(press, values) == recorded
    assert form.action == exchange(flow, sent)["request"]["url"]


REFUSALS: list[tuple[str, int, type[ScraperError], str]] = [
    ("reply_flood", 4, FloodLimited, "сразу после предыдущего"),
    ("pm_flood", 5, FloodLimited, "сразу после предыдущего"),
    ("reply_form_token_too_fast", 4, FormExpired, "Ошибка отправки формы"),
    ("reply_too_long", 4, MessageTooLong, "60000"),
    ("pm_send_unknown_user", 4, UnknownRecipient, "не существуют"),
    ("pm_send_unknown_user", 5, UnknownRecipient, "Получатель сообщения не выбран"),
    ("not_found", 8, NotFound, "Сообщение не существует"),
    ("not_found", 9, NotFound, "Личное сообщение не найдено"),
    ("session_expired", 4, SessionExpired, "log in again"),
]


@pytest.mark.parametrize(("flow", "n", "kind", "text"), REFUSALS)
def test_recorded_refusals_become_the_right_error(
    flow: str, n: int, kind: type[ScraperError], text: str
) -> None:
    err = classify_refusal(body(flow, n), "reply to topic 4", 4)
    assert type(err) is kind
    assert text in str(err) or text in getattr(err, "board_says", "")


def test_too_long_refusal_reports_length_and_limit() -> None:
    err = classify_refusal(body("reply_too_long", 4), "reply")
    assert isinstance(err, MessageTooLong) and (err.length, err.limit) == (60001, 60000)


def test_post_review_page_has_no_error_but_a_new_topic_cur_post_id() -> None:
    html = body("reply_post_review", 10)
    assert forms.error_text(html) is None
    form = forms.find_form(
        html, "http://127.0.0.1:8080/posting.php?mode=reply&t=4", "form#postform"
    )
    assert form is not None and form.value("topic_cur_post_id") == "121"


def test_login_state_detection_on_recorded_pages() -> None:
    assert forms.is_login_page(body("session_expired", 4))
    assert not forms.has_logout_link(body("session_expired", 4))
    assert forms.has_logout_link(body("session_expired", 6))  # re-created from the k cookie
    assert not forms.is_login_page(body("session_expired", 3))
    assert not forms.has_logout_link(body("session_expired", 8))  # guest topic view


def test_pm_success_page_gives_the_new_message_id() -> None:
    url = forms.meta_refresh_url(body("pm_send", 5), "http://127.0.0.1:8080/ucp.php")
    assert url is not None and forms.query_int(url, "p") == 31


def test_truncated_page_is_detected() -> None:
    html = (FIX / "topic_p8.html").read_text(encoding="utf-8")
    assert forms.is_complete(html)
    assert not forms.is_complete(html[: len(html) // 2])


@pytest.mark.parametrize("name", ["topic_p1.html", "en_topic_p1.html", "en_topic_p8.html"])
def test_topic_navigation_reads_both_language_packs(name: str) -> None:
    """The client walks a topic by the page reader's own navigation (no second reader)."""
    nav = parse_topic(
        (FIX / name).read_text(encoding="utf-8"),
        board="phpbb",
        base_url="http://127.0.0.1:8080/viewtopic.php?t=4",
    )
    assert nav.posts and nav.total_pages == 8 and nav.per_page == 10
    assert nav.page == (1 if "p1" in name else 8)
    assert (nav.next_url is None) == (nav.page == 8)
    assert (nav.last_url is None) == (nav.page == 8)


# Minimal snippets (not real pages): the English language pack's wording of each refusal,
# in the markup phpBB uses for it (`p.error` on forms, `#message` info pages).
def _form_error(text: str) -> str:
    return f'<form id="postform"><p class="error">{text}</p></form>'


def _info(text: str) -> str:
    return f'<div class="panel" id="message"><div class="inner"><p>{text}</p></div></div>'


ENGLISH = [
    (_form_error("You cannot make another post so soon after your last."), FloodLimited),
    (_form_error("The submitted form was invalid. Try submitting again."), FormExpired),
    (
        _form_error(
            "Your message contains 70001 characters. "
            "The maximum number of allowed characters is 60000."
        ),
        MessageTooLong,
    ),
    (_form_error("The requested users to be added do not exist."), UnknownRecipient),
    (_info("This topic is locked, you cannot edit posts or make further replies."), TopicLocked),
    (_info("You cannot reply to topics in this forum."), NoPermission),
    (_info("You can no longer edit or delete that post."), NoPermission),
    (_info("Private message could not be found."), NotFound),
]


@pytest.mark.parametrize(("html", "kind"), ENGLISH)
def test_english_language_pack_refusals(html: str, kind: type[ScraperError]) -> None:
    assert type(classify_refusal(html, "reply", 4)) is kind


def test_page_with_a_trailing_comment_after_html_is_complete() -> None:
    html = (FIX / "topic_p8.html").read_text(encoding="utf-8")
    assert forms.is_complete(html + "\n<!-- served by cache -->\n")


def test_per_page_is_derived_from_links_when_the_jump_box_is_missing() -> None:
    html = (FIX / "topic_p2.html").read_text(encoding="utf-8").replace('data-per-page="10"', "")
    nav = parse_topic(
        html, board="phpbb", base_url="http://127.0.0.1:8080/viewtopic.php?t=4&start=10"
    )
    assert nav.per_page == 10 and nav.start == 10 and nav.page == 2
    assert nav.next_url is not None and "start=20" in nav.next_url


def test_the_accounts_own_id_is_read_from_the_member_menu() -> None:
    """The header's member menu links the account's own profile (recorded pages of two
    accounts); a guest's page and a page without the menu name no account."""
    assert forms.own_user_id(body("login_ok", 3)) == 76  # «Тестовый Игрок»
    assert forms.own_user_id((FIX / "topic_p1.html").read_text(encoding="utf-8")) == 2
    assert forms.own_user_id((FIX / "topic_anon_p1.html").read_text(encoding="utf-8")) is None
    assert forms.own_user_id(body("session_expired", 4)) is None  # the login form

"""Invision client, stage three: replies, new topics, edits and private messages sent,
each through the board's own form."""

from __future__ import annotations

import html as htmlmod
import logging
import re
from collections.abc import Callable, Collection, Sequence
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser

from parser.ipb.detect import is_ipb_login
from scraper import forms
from scraper.board import (
    PMResult,
    PostResult,
)
from scraper.errors import (
    FloodLimited,
    FormExpired,
    MailboxFull,
    MessageTooLong,
    NoPermission,
    NotFound,
    PostingRefused,
    ScraperError,
    SessionExpired,
    TopicLocked,
    UnexpectedPage,
    UnknownRecipient,
)
from scraper.ipb.caps import (
    _FLOOD,
    _LOCKED,
    _NO_PERMISSION,
    _NOT_FOUND,
    _OWN_BOX_FULL,
    _TOKEN,
    _TOO_LONG,
    _UNKNOWN_USER,
)
from scraper.ipb.pages import (
    _error_text,
    _form_with,
    _has,
    _pm_id_from_url,
    _post_id_from_url,
    _reply_link,
    _stated_wait,
    _text,
    _topic_id_from_url,
)
from scraper.ipb.reading import IpbReader
from scraper.ipb.session import _FormPage
from scraper.markup import bbcode_to_html

log = logging.getLogger(__name__)


class IpbClient(IpbReader):
    """Invision board client (reading and writing). Not thread-safe: one per bot."""

    # -- writing ---------------------------------------------------------------------------

    def _refusal(self, html: str, what: str, topic_id: int | None) -> ScraperError:
        says = _error_text(html) or ""
        low = says.lower()
        if _has(low, _OWN_BOX_FULL):
            return MailboxFull(says)
        if _has(low, _FLOOD):
            return FloodLimited(says, _stated_wait(says) or self.settings.flood_interval)
        if _has(low, _TOKEN):
            return FormExpired(says)
        if _has(low, _TOO_LONG):
            nums = [int(n) for n in re.findall(r"\d+", says)]
            return MessageTooLong(nums[0] if nums else 0, nums[-1] if len(nums) > 1 else None, says)
        if _has(low, _UNKNOWN_USER) and any(w in low for w in ("пользовател", "member", "user")):
            return UnknownRecipient((), says)
        if _has(low, _LOCKED):
            return TopicLocked(topic_id, says)
        if _has(low, _NOT_FOUND):
            return NotFound(f"cannot {what}: {says}")
        if _has(low, _NO_PERMISSION):
            return NoPermission(what, says)
        if is_ipb_login(html):
            return SessionExpired(f"the board asked to log in again while trying to {what}")
        if says:
            return PostingRefused(f"the board refused to {what}: {says}", says)
        return UnexpectedPage(f"unexpected answer while trying to {what}")

    def _reply_form(self, topic_id: int, what: str) -> _FormPage:
        """The board's reply form for a topic, with its tokens (see the module docstring)."""
        caps = self.caps
        last = self._last_page(topic_id)
        html = last.raw.html
        if caps.reply == "comment":
            form = _form_with(html, last.raw.url, f"commentform_{topic_id}_submitted")
            if form is None:
                raise (
                    self._refusal(html, what, topic_id)
                    if _error_text(html)
                    else TopicLocked(topic_id, "the topic page has no reply form")
                )
            return _FormPage(form, last.raw.url)
        if caps.reply == "fast":
            form = forms.find_form(html, last.raw.url, "form#ips_fastReplyForm")
            if form is not None:
                return _FormPage(form, last.raw.url)
        # IPB 1.x/2.x (and IPB 3 without fast reply): follow the topic's own reply button,
        # which carries the forum id the board needs.
        link = _reply_link(html, topic_id)
        if link is None:
            raise TopicLocked(topic_id, "the topic page has no reply button")
        resp = self._member_get(urljoin(last.raw.url, link))
        text = _text(resp)
        form = forms.find_form(text, str(resp.url), "form[name='REPLIER']") or forms.find_form(
            text, str(resp.url), "form#postingform"
        )
        if form is None:
            raise self._refusal(text, what, topic_id)
        return _FormPage(form, str(resp.url))

    def _submit(
        self,
        page: _FormPage,
        values: dict[str, str],
        what: str,
        topic_id: int | None,
        refetch: Callable[[], _FormPage],
        *,
        press: str | None = None,
        blank: Collection[str] = (),
        paced: bool = True,
    ) -> httpx.Response:
        """Submit a posting form until the board accepts it or refuses for good. After a
        refusal a fresh form is fetched and filled again with `values` (a returned form is
        never trusted with what it carries); `blank` names fields sent empty when a form has
        them (recipient fields we do not use must not carry someone else's name)."""
        floods = 0
        relogged = False
        expired: FormExpired | None = None
        for _round in range(self.settings.flood_retries + 3):
            multipart = "multipart" in page.form.method or self.caps.multipart
            present = page.form.names()
            filled = {**{k: "" for k in blank if k in present and k not in values}, **values}
            if paced:
                self.pacer.before_write()
            self._waiter.check(what)
            body = page.form.fill(press, filled)
            resp = self._send("POST", page.form.action, body, retry=False, multipart=multipart)
            text = _text(resp)
            if resp.is_redirect or (
                resp.status_code == 200 and forms.meta_refresh_url(text, str(resp.url))
            ):
                if paced:
                    self.pacer.accepted()
                return resp
            if resp.status_code == 200 and is_ipb_login(text) and not relogged:
                log.info("session lost while trying to %s; logging in again", what)
                relogged = True
                self._logged_in = False
                self._login()
                page = refetch()
                continue
            err = self._refusal(text, what, topic_id)
            if isinstance(err, FloodLimited):
                floods += 1
                wait = self.pacer.refused(_stated_wait(err.board_says))
                if floods > self.settings.flood_retries or wait > self.settings.max_flood_wait:
                    raise err
                log.info("flood control refused the message; waiting %.0f s", wait)
                self.pacer.wait_after_refusal(wait)
                page = refetch()
                continue
            if isinstance(err, FormExpired):
                expired = err
                log.info("form token refused; fetching a fresh form")
                page = refetch()
                continue
            raise err
        if expired is not None:
            # still refused with fresh forms: transient for the poster (row stays pending),
            # like phpBB's, not a refusal in the board's own words
            raise expired
        raise PostingRefused(f"the board kept returning the form while trying to {what}")

    def _body_value(self, text: str) -> str:
        if self.caps.html_body:
            # The IPS 4/5 editor field carries HTML: our BBCode would show as brackets.
            return bbcode_to_html(text)
        return text

    def _reply_field(self, topic_id: int) -> str:
        template = self.caps.reply_field or self.dialect.fields.get("reply_body", "Post")
        return template.format(topic=topic_id)

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        self._check_length(text)
        what = f"reply to topic {topic_id}"

        def refetch() -> _FormPage:
            return self._reply_form(topic_id, what)

        page = refetch()
        field_name = self._reply_field(topic_id)
        resp = self._submit(page, {field_name: self._body_value(text)}, what, topic_id, refetch)
        result = self._post_result(resp, what)
        self._post_topics[result.post_id] = topic_id
        return result

    def _new_topic_url(self, forum_id: int) -> str:
        """The board's new-topic form: IPB 1.x/2.x `act=Post&CODE=00&f=F`, IPB 3 `do=new_post`,
        IPS 4/5 the forum's `?do=add`."""
        return self.url(self.caps.new_topic_url.format(forum=forum_id))

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        """Open a topic with the board's own new-topic form (every field it carries is sent
        back, like a reply); the topic id comes from the redirect (`showtopic=`, `t=`,
        `/topic/T-`), else from the new post's page."""
        self._check_length(text)
        what = f"open a topic in forum {forum_id}"
        title_field = self.caps.topic_title_field
        body_field = self.caps.topic_body_field or self.dialect.fields.get("reply_body", "Post")
        url = self._new_topic_url(forum_id)

        def refetch() -> _FormPage:
            resp = self._member_get(url)
            body = _text(resp)
            form = _form_with(body, str(resp.url), title_field)
            if form is None:
                raise self._refusal(body, what, None)
            return _FormPage(form, str(resp.url))

        values = {title_field: subject, body_field: self._body_value(text)}
        page = refetch()
        # a browser sends the pressed button too (IPB 2 `submit`); preview buttons are not it
        buttons = [b for b in page.form.submit_buttons() if "preview" not in b.lower()]
        resp = self._submit(
            page, values, what, None, refetch, press=buttons[0] if buttons else None
        )
        target = (
            urljoin(str(resp.url), resp.headers["location"])
            if resp.is_redirect
            else forms.meta_refresh_url(_text(resp), str(resp.url)) or ""
        )
        tid = _topic_id_from_url(target)
        if tid is None:
            pid = _post_id_from_url(target)
            if pid is not None:
                found = self._member_get(self.url(f"index.php?act=findpost&pid={pid}"))
                tid = _topic_id_from_url(str(found.url))
        if tid is None:
            raise UnexpectedPage(f"the board answered without a topic link while trying to {what}")
        log.info("board accepted: %s (topic %d)", what, tid)
        return tid

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        """Looks for the topic by its first page: the forum listing's links to topics
        titled `subject`, each checked for the bot's own post with `marker`."""
        listing = self.url(self.caps.forum_url.format(forum=forum_id))
        resp = self._member_get(listing)
        want = " ".join(subject.split())
        seen: set[int] = set()
        for a in LexborHTMLParser(_text(resp)).css("a[href]"):
            tid = _topic_id_from_url(urljoin(str(resp.url), a.attributes.get("href") or ""))
            if tid is None or tid in seen or " ".join(a.text(deep=True).split()) != want:
                continue
            seen.add(tid)
            if self._own_post_in([self._fetch_topic_page(self._page_url(tid, 1))], marker):
                return tid
        return None

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        self._check_length(text)
        what = f"edit post {post_id}"
        d = self.dialect
        topic_id = self._post_topics.get(post_id)
        if not self.caps.edit_url:  # IPS 4/5: a comment is edited on its topic page
            if topic_id is None:
                raise NotFound(f"cannot {what}: the bot does not know which topic holds it")
            url = self._dialect_url("topic", topic=topic_id, slug="topic", page=1)
            url += f"&do=editComment&comment={post_id}"
            field_name = self._reply_field(topic_id)
        else:
            url = self._edit_url(post_id, topic_id, what)
            field_name = d.fields.get("reply_body", "Post")

        def refetch() -> _FormPage:
            resp = self._member_get(url)
            body = _text(resp)
            form = _form_with(body, str(resp.url), field_name)
            if form is None:
                raise self._refusal(body, what, topic_id)
            return _FormPage(form, str(resp.url))

        # edits are not spaced (the live vote count must not wait on the flood timer); a
        # board that refuses one for flood is still waited out by `_submit`
        resp = self._submit(
            refetch(), {field_name: self._body_value(text)}, what, topic_id, refetch, paced=False
        )
        return self._post_result(resp, what)

    def _edit_url(self, post_id: int, topic_id: int | None, what: str) -> str:
        """IPB 1.x-3.x: the edit form needs the forum and topic ids, which the post's own
        buttons on its topic page carry (quote/edit links hold f=, t=, p=)."""
        if topic_id is not None:
            where = self.url(f"index.php?showtopic={topic_id}&view=findpost&p={post_id}")
        else:
            where = self.url(f"index.php?act=findpost&pid={post_id}")
        resp = self._member_get(where)
        tree = LexborHTMLParser(_text(resp))
        for a in tree.css("a[href]"):
            q = parse_qs(urlsplit(htmlmod.unescape(a.attributes.get("href") or "")).query)
            pid = (q.get("p") or q.get("qpid") or [""])[0]
            if pid == str(post_id) and q.get("f") and q.get("t"):
                f, t = q["f"][0], q["t"][0]
                return self.url(self.caps.edit_url.format(f=f, t=t, p=post_id))
        raise NotFound(f"cannot {what}: the post is not on the board (or not visible)")

    def _post_result(self, resp: httpx.Response, what: str) -> PostResult:
        target = ""
        if resp.is_redirect:
            target = urljoin(str(resp.url), resp.headers["location"])
        else:
            target = forms.meta_refresh_url(_text(resp), str(resp.url)) or ""
        pid = _post_id_from_url(target)
        if pid is not None:
            log.info("board accepted: %s (post %d)", what, pid)
            return PostResult(pid, target)
        raise UnexpectedPage(f"the board answered without a post link while trying to {what}")

    @property
    def marker_markup(self) -> str:
        """The poster's marker in this generation's small print (`IpbCaps.marker_markup`)."""
        return self.caps.marker_markup

    def _note_copy_box(self, form: forms.Form | None) -> None:
        keep = self.caps.pm_keep_copy
        offered = form is not None and bool(keep) and form.box(keep) is not None
        self._keeps_copies = self.caps.conversations or offered

    def find_sent_pm_with_marker(
        self, subject: str, marker: str, since: int | None = None
    ) -> int | None:
        found = super().find_sent_pm_with_marker(subject, marker, since)
        if found is not None and not self.caps.conversations:
            self._spent_copies.add(found)  # the poster records it at once: it has served
        return found

    def _make_room(self) -> None:
        """A Sent copy takes a place in the bot's own box, and IPB 1.x sends nothing from a
        full box: before the copy that would fill it, the copies already found (their
        messages recorded) are removed."""
        fill = self._fill
        if fill is None or fill[0] < fill[1] - 1 or not self._spent_copies:
            return
        spent = sorted(self._spent_copies)
        self.delete_pms(spent, "sentbox")
        self._spent_copies.difference_update(spent)

    def can_find_sent_pms(self) -> bool:
        """Can the bot see the PMs it sent (to learn an id, or prove a send after a crash)?
        Conversations always show them; IPB 1.x/2.x only when the compose form offers the
        Sent copy (`IpbCaps.pm_keep_copy`), which `send_pm` then ticks."""
        if self._keeps_copies is None:
            if self.caps.conversations:
                self._keeps_copies = True
            else:
                resp = self._member_get(self._dialect_url("pm_compose"))
                body = _text(resp)
                pm_body = self.dialect.fields.get("pm_body", "Post")
                self._note_copy_box(_form_with(body, str(resp.url), pm_body))
        return bool(self._keeps_copies)

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        names = tuple(dict.fromkeys(n.strip() for n in recipients if n.strip()))
        if not names:
            raise UnknownRecipient((), "no recipients given")
        self._check_length(text)
        d, caps = self.dialect, self.caps
        what = "send a private message to " + ", ".join(names)
        url = self._dialect_url("pm_compose")
        to_field = d.fields.get("pm_to", "entered_name")
        values = {
            d.fields.get("pm_title", "msg_title"): subject,
            d.fields.get("pm_body", "Post"): self._body_value(text),
        }
        # Every recipient field is filled by us on every (re)submission, the unused ones
        # empty: a form the board serves after a refusal may carry other names.
        blank: tuple[str, ...] = ()
        if caps.pm_to_all:
            values[to_field] = "\n".join(names)
        else:
            values[to_field] = names[0]
            if caps.pm_cc_field:
                blank = (caps.pm_cc_field,)
                if len(names) > 1:
                    values[caps.pm_cc_field] = caps.pm_cc_sep.join(names[1:])

        def refetch() -> _FormPage:
            resp = self._member_get(url)
            body = _text(resp)
            form = _form_with(body, str(resp.url), d.fields.get("pm_body", "Post"))
            if form is None:
                raise self._refusal(body, what, None)
            return _FormPage(form, str(resp.url))

        first = refetch()
        self._note_copy_box(first.form)
        keep = self.settings.keep_sent_copies and caps.pm_keep_copy
        if keep and first.form.box(caps.pm_keep_copy) is not None:
            self._make_room()
            # IPB 1.x/2.x keep a Sent copy only when asked: the copy is how the bot learns
            # the message's id and, after a crash, whether it went out at all
            values[caps.pm_keep_copy] = first.form.box(caps.pm_keep_copy) or "on"
        try:
            resp = self._submit(first, values, what, None, refetch, blank=blank)
        except UnknownRecipient as exc:
            raise UnknownRecipient(names, exc.board_says) from exc
        except NotFound as exc:
            # on a compose form the only thing that can be missing is a recipient
            raise UnknownRecipient(names, str(exc)) from exc
        target = (
            urljoin(str(resp.url), resp.headers["location"])
            if resp.is_redirect
            else (forms.meta_refresh_url(_text(resp), str(resp.url)) or "")
        )
        msg_id = _pm_id_from_url(target)
        log.info("board accepted: %s (message %s)", what, msg_id)
        return PMResult(msg_id, names)

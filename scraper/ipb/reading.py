"""Invision client, stage two: reading topic pages and private messages."""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from urllib.parse import urljoin

from parser.ipb.messenger import parse_ipb_conversation, parse_ipb_pm_folder
from parser.ipb.topic import header_end, parse_ipb_topic
from parser.records import PMFolder
from scraper import forms
from scraper.board import (
    FetchedPM,
    RawPage,
    TopicCursor,
    TopicPageFetch,
)
from scraper.client import norm
from scraper.errors import (
    NotFound,
    UnexpectedPage,
)
from scraper.http import redact
from scraper.ipb.caps import _NOT_FOUND
from scraper.ipb.pages import _error_text, _has, _own_member_id, _page_key, _text
from scraper.ipb.session import IpbSession

log = logging.getLogger(__name__)


# IPB 1.x/2.x folder pages: the letters' multi-action form (the stock skin spells it «mutliact»)
_MULTIACT = "form[name='mutliact'], form[name='multiact']"


class IpbReader(IpbSession):
    """The client's reading stage: topic pages and private-message folders."""

    # -- topics ----------------------------------------------------------------------------

    def _per(self) -> int:
        return self._per_page or self.dialect.posts_per_page

    def _page_url(self, topic_id: int, page: int) -> str:
        if self.dialect.urls.get("topic", "").count("{page}"):
            return self._dialect_url("topic", topic=topic_id, slug="topic", page=page)
        return self._dialect_url("topic", topic=topic_id, offset=(page - 1) * self._per())

    def _fetch_topic_page(self, url: str) -> TopicPageFetch:
        """One topic page, read once (`parse_ipb_topic` with the board's dialect, the host's
        [board.selectors] applied): its navigation and its posts both come from that
        reading, which the fetch hands over."""
        resp = self._member_get(url)
        text = _text(resp)
        # the counter is in the page's header: the posts are not searched for it
        self._note_pm_badge(text, header_end(text, self.dialect))
        fetched_at = self._now()
        parsed = parse_ipb_topic(
            text, dialect=self.dialect, tz=self.settings.tz, now=fetched_at, base_url=str(resp.url)
        )
        if not parsed.posts:
            says = _error_text(text)
            if says and _has(says, _NOT_FOUND):
                raise NotFound(f"{says} ({redact(url)})")
            self._check_shut_out(says, text)
            raise UnexpectedPage(
                f"not a topic page: {redact(url)}" + (f" ({says})" if says else "")
            )
        learned = self._per_page
        if parsed.per_page:  # the page jump, the pager's own data, or its links' offsets
            self._per_page = parsed.per_page
        elif parsed.page < parsed.total_pages and len(parsed.posts) > 1:
            self._per_page = len(parsed.posts)  # a full page tells the board's page size
        if self._per_page != learned:
            self._keep_facts()
        if parsed.topic_id is not None:
            # IPS 4/5 edit URLs need the topic: remember where the bot's own posts are
            for post in self._own_posts(parsed.posts):
                self._post_topics[post.id] = parsed.topic_id
        return self._topic_fetch(resp, text, fetched_at, parsed)

    def _cursor_url(self, cursor: TopicCursor) -> str:
        """The page the cursor stands on, by the offset the board itself gave it where the
        topic URL takes one (a fresh process may not know the page size yet: page 4 of 15
        posts is `st=45`, never `st=60`)."""
        template = self.dialect.urls.get("topic", "")
        if "{offset}" in template and (cursor.start or cursor.page <= 1):
            return self._dialect_url("topic", topic=cursor.topic_id, offset=cursor.start)
        return self._page_url(cursor.topic_id, max(1, cursor.page))

    def _last_page_guess(self, topic_id: int) -> str:
        return self._page_url(topic_id, 1)

    def _own_id_in(self, text: str) -> int | None:
        return _own_member_id(text)

    # -- private messages ------------------------------------------------------------------

    def _folder_url(self, folder: str) -> str:
        return self._dialect_url("pm_folder", folder=self.caps.folders.get(folder, folder))

    def _folder_page(self, text: str, folder: str) -> PMFolder:
        return parse_ipb_pm_folder(text, dialect=self.dialect, tz=self.settings.tz, now=self._now())

    def _folder_key(self, url: str) -> str:
        return repr(_page_key(url))

    def _folder_next(self, links: Sequence[str], url: str, seen: set[str]) -> str | None:
        # the dialect's `next_link` matches every page link on IPB 1.x/2.x: skip pages read
        pages = (urljoin(url, href) for href in links)
        return next((u for u in pages if self._folder_key(u) not in seen), None)

    def delete_pms(self, ids: Collection[int], folder: str = "inbox") -> None:
        """IPB 1.x/2.x: the folder page's own multi-action form (`CODE=06`), each letter's
        `msgid_N` box ticked and «Удалить» pressed; the board answers with the folder."""
        want = sorted(set(ids))
        if not want:
            return
        if self.caps.conversations:
            raise NotImplementedError("deleting conversations is not supported yet")
        url = self._folder_url(folder)
        page = self._member_get(url)
        html = _text(page)
        form = forms.find_form(html, str(page.url), _MULTIACT)
        if form is None:
            raise UnexpectedPage(f"the {folder} folder has no form to delete letters")
        press = next((b for b in form.submit_buttons() if b == "delete"), None)
        resp = self._send(
            "POST", form.action, form.fill(press, {f"msgid_{i}": "yes" for i in want}), retry=False
        )
        if not resp.is_redirect and _error_text(_text(resp)):
            raise self._refused_delete(_error_text(_text(resp)) or "")
        self._forget_listed(want, folder)
        log.info("deleted %d letter(s) from the %s folder", len(want), folder)

    def _refused_delete(self, says: str) -> UnexpectedPage:
        return UnexpectedPage(f"the board refused to delete letters: {says}")

    def _pm_has_marker(self, page: RawPage, marker: str) -> bool:
        messages = parse_ipb_conversation(page.html, dialect=self.dialect)
        return any(marker in norm(msg.text) for msg in messages)

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        vid = {"inbox": "in", "sentbox": "sent", "outbox": "sent"}.get(folder, folder)
        resp = self._member_get(self._dialect_url("pm_view", msg=msg_id, folder=vid))
        text = _text(resp)
        messages = parse_ipb_conversation(text, dialect=self.dialect, tz=self.settings.tz)
        if not messages or not (messages[0].sender or messages[0].text):
            says = _error_text(text)
            if says:
                raise NotFound(f"private message {msg_id}: {says}")
            raise UnexpectedPage(f"private message {msg_id} is not on its view page")
        return self._raw(resp)

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        """See `BoardClient.fetch_unread_pms`. On IPB 3 and IPS 4/5 a PM row is a conversation
        that keeps growing, so ids here are *message* ids: every message of an unread
        conversation that is not in `skip` (and not the bot's own) comes back, with the
        conversation page as `raw` and `#comment-<id>` on its URL; pick the message with
        `parser.ipb.messenger.parse_ipb_pm(raw.html, msg_id=id)`."""
        skip = set(skip)
        rows = self.list_pm_folder("inbox")
        if not self.caps.conversations:
            return self._fetch_messages(rows, skip, newer_than)
        out: list[FetchedPM] = []
        # A crash after opening a conversation leaves it read but unprocessed; with
        # `newer_than` the most recently active read conversations are opened again.
        recheck = [r for r in rows if not r.unread][: self.settings.pm_recheck if newer_than else 0]
        for row in [r for r in rows if r.unread] + recheck:
            raw = self.read_pm(row.id)
            for msg in parse_ipb_conversation(raw.html, dialect=self.dialect, tz=self.settings.tz):
                if msg.id in skip or self._is_mine(msg.sender, msg.sender_id):
                    continue
                if not row.unread and (newer_than is None or msg.id <= newer_than):
                    continue
                url = raw.url.split("#", 1)[0] + f"#comment-{msg.id}"
                out.append(FetchedPM(msg.id, RawPage(url, raw.html, raw.fetched_at, raw.status)))
        return sorted(out, key=lambda f: f.id)

    def find_sent_pm_with_marker(
        self, subject: str, marker: str, since: int | None = None
    ) -> int | None:
        # conversation boards number conversations and messages in different sequences: a
        # message id says nothing about the conversation ids listed, so search them all
        return super().find_sent_pm_with_marker(
            subject, marker, None if self.caps.conversations else since
        )

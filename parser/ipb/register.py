"""The Invision readers registered with `parser.pages`: "ipb" detects the generation from the
page, and each dialect is registered under its own name too.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from parser.dialects import IPB2, IPB2_4PDA, IPB3, IPS4, Dialect
from parser.ipb.detect import MESSENGER_MARKERS, detect_ipb, is_ipb_login
from parser.ipb.messenger import parse_ipb_pm, parse_ipb_pm_folder
from parser.ipb.topic import parse_ipb_topic
from parser.records import PMFolder, PrivateMessage, TopicPage


def _register() -> None:
    from parser.pages import BoardReader, register_board

    def make(forced: Dialect | None) -> BoardReader:
        def topic(
            html: str | bytes,
            *,
            tz: tzinfo | str,
            now: datetime | None,
            base_url: str | None = None,
        ) -> TopicPage:
            if isinstance(html, bytes):
                from parser.encoding import decode_html

                html = decode_html(html)
            return parse_ipb_topic(
                html, dialect=forced or "auto", tz=tz, now=now, base_url=base_url
            )

        def folder(html: str, *, tz: tzinfo | str, now: datetime | None) -> PMFolder:
            return parse_ipb_pm_folder(html, dialect=forced or "auto", tz=tz, now=now)

        def pm(html: str, *, tz: tzinfo | str, now: datetime | None) -> PrivateMessage | None:
            if not MESSENGER_MARKERS.search(html):
                return None
            msg = parse_ipb_pm(html, dialect=forced or "auto", tz=tz, now=now)
            return msg if (msg.sender or msg.text) else None

        def detect(html: str) -> bool:
            return forced is None and detect_ipb(html) is not None

        return BoardReader(
            name=forced.name if forced else "ipb",
            detect=detect,
            topic=topic,
            pm_folder=folder,
            pm=pm,
            is_login=is_ipb_login,
        )

    register_board(make(None))
    for d in (IPB2, IPB2_4PDA, IPB3, IPS4):
        register_board(make(d))


_register()

"""The phpBB readers registered with `parser.pages`."""

from __future__ import annotations

from datetime import datetime

from parser.pages import BoardReader, register_board
from parser.phpbb.detect import Tz, detect, is_login
from parser.phpbb.messages import parse_pm, parse_pm_folder
from parser.phpbb.topic import parse_topic
from parser.records import PMFolder, PrivateMessage, TopicPage


def _topic(
    html: str | bytes, *, tz: Tz, now: datetime | None, base_url: str | None = None
) -> TopicPage:
    return parse_topic(html, tz=tz, now=now, base_url=base_url)


def _folder(html: str, *, tz: Tz, now: datetime | None) -> PMFolder:
    return parse_pm_folder(html, tz=tz, now=now)


def _pm(html: str, *, tz: Tz, now: datetime | None) -> PrivateMessage | None:
    return parse_pm(html, tz=tz, now=now)


register_board(
    BoardReader(
        name="phpbb", detect=detect, topic=_topic, pm_folder=_folder, pm=_pm, is_login=is_login
    )
)

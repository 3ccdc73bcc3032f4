"""What differs between Invision generations in flow (`IpbCaps`), the client's settings,
and the board's refusal phrases by language pack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from scraper.http import DEFAULT_USER_AGENT

# Board refusals by phrase (Russian and English language packs of all generations).
_FLOOD = (
    "flood control",
    "флуд",
    "so soon",
    "please wait",
    "подождите",
    "слишком часто",
    "must wait",
)
_TOKEN = ("auth_key", "security key", "ключ безопасности", "csrf", "session has expired")
_TOO_LONG = ("too long", "слишком длинн", "maximum allowed", "максимальн")
_UNKNOWN_USER = (
    "could not find",
    "no member",
    "не найден",
    "не существует пользовател",
    "нет такого пользователя",
    "такого пользователя",
    "does not exist",
    "невозможно найти",
    "not a valid member",
    "cannot receive messages",
)
_LOCKED = ("closed", "закрыт", "locked")
_NO_PERMISSION = ("permission", "нет прав", "нет доступа", "не можете", "not allowed", "cannot")
_NOT_FOUND = (
    "not found",
    "не найдена",
    "не найдено",
    "no longer exists",
    "не существует",
    "битой или удал",  # IPB 1.3: «Ссылка … является битой или удалённой»
)
# the bot's own box at its quota (IPB 1.3: «Ваш Личный Ящик переполнен»); a recipient's full
# box is «Личный Ящик этого пользователя переполнен», a refusal for that one letter
_OWN_BOX_FULL = ("ваш личный ящик переполнен", "your messenger is full", "your inbox is full")
_CAPTCHA = ("captcha", "капч", "код с картинки", "код подтверждения")
_BAD_LOGIN = ("неверн", "wrong", "incorrect", "не найден", "could not find", "invalid")

_ERROR_SELECTORS = (
    "div.errorwrap",
    "p.message.error",
    "div.message.error",
    "div.ipsMessage_error",
    "div.ipsMessage.ipsMessage_error",
    "span.ipsType_warning",
    "div.ipsType_warning",
    "div#error",
    "div.error",
    "td#error",
    # IPB 1.3's «Сообщение Форума» page: «Обнаружена ошибка:» then the board's sentence
    "div.tablefill span.postcolor",
)


@dataclass(frozen=True, slots=True)
class IpbCaps:
    """How one Invision generation differs in flow (its markup is `parser.dialects.Dialect`):
    the client reads these values instead of asking which generation it talks to."""

    html_body: bool  # the editor field takes HTML (IPS 4/5), not BBCode
    multipart: bool  # every posting form is sent multipart
    conversations: bool  # PMs are conversations that keep growing (ids are message ids)
    login_extra: Mapping[str, str]  # login fields a browser's script adds
    folders: Mapping[str, str]  # our folder names -> the board's (inbox, sentbox, outbox)
    # "comment": the topic page's comment form; "fast": IPB 3 fast reply, else the reply
    # button's form; "button": the topic's reply button leads to the form
    reply: Literal["button", "fast", "comment"]
    reply_field: str  # reply body field ({topic} filled); "" = the dialect's `reply_body`
    new_topic_url: str  # the new-topic form ({forum} filled)
    topic_title_field: str
    topic_body_field: str  # "" = the dialect's `reply_body`
    forum_url: str  # a forum's topic listing ({forum} filled)
    edit_url: str  # the edit form: {f}, {t}, {p} from the post's own buttons; "" = comment edit
    pm_to_all: bool  # every recipient in the `pm_to` field, one a line
    pm_cc_field: str  # further recipients' field when `pm_to` takes one name
    pm_cc_sep: str
    # a reply can carry a file uploaded in the same submit (`scraper.board.TakesAttachments`).
    # Every generation has an attachment box for members allowed to use it, but its upload
    # (IPB 1.x/2.x `FILE_UPLOAD` on the full reply form, IPB 3's and IPS 4's script-driven
    # uploader posting to a separate endpoint) is not driven by this client yet: False until
    # a generation's flow is recorded and followed, so the newspaper goes without the chart.
    attachments: bool = False
    # the compose form's box that keeps a copy in the sent folder (IPB 1.x/2.x `add_sent`,
    # unticked by default): without it the bot could never find a PM it sent, so it ticks it
    pm_keep_copy: str = ""
    # the bot's marker in the board's smallest print. IPB 1.x-3.x read [size=N] on their own
    # 1-7 scale (IPB 1.3 draws N+7 pt, capped at 30 pt: [size=50] is the biggest text in the
    # post, [size=1] 8 pt under the post's 12 px); IPS 4/5 get HTML, where 50 is a percent
    marker_markup: str = "[size=1]{marker}[/size]"


_IPB2_CAPS = IpbCaps(
    html_body=False,
    multipart=False,
    conversations=False,
    login_extra={},
    folders={"inbox": "in", "sentbox": "sent", "outbox": "sent"},
    reply="button",
    reply_field="",
    new_topic_url="index.php?act=Post&CODE=00&f={forum}",
    topic_title_field="TopicTitle",
    topic_body_field="",
    forum_url="index.php?showforum={forum}",
    edit_url="index.php?act=Post&CODE=08&f={f}&t={t}&p={p}",
    pm_to_all=False,
    pm_cc_field="carbon_copy",
    pm_cc_sep="\n",
    pm_keep_copy="add_sent",
)

#: capabilities by `Dialect.name`; a dialect not listed behaves like IPB 1.3/2.x
IPB_CAPS: Mapping[str, IpbCaps] = {
    "ipb2": _IPB2_CAPS,
    "ipb2-4pda": _IPB2_CAPS,
    "ipb3": replace(
        _IPB2_CAPS,
        conversations=True,
        folders={"inbox": "myconvo", "sentbox": "myconvo", "outbox": "myconvo"},
        reply="fast",
        new_topic_url="index.php?app=forums&module=post&section=post&do=new_post&f={forum}",
        edit_url="index.php?app=forums&module=post&section=post&do=edit_post&f={f}&t={t}&p={p}",
        pm_cc_field="inviteUsers",
        pm_cc_sep=",",
        pm_keep_copy="",
    ),
    "ips4": replace(
        _IPB2_CAPS,
        html_body=True,
        multipart=True,
        conversations=True,
        login_extra={"remember_me_checkbox": "1"},
        reply="comment",
        reply_field="topic_comment_{topic}",
        new_topic_url="index.php?/forum/{forum}-forum/&do=add",
        topic_title_field="topic_title",
        topic_body_field="topic_content",
        forum_url="index.php?/forum/{forum}-forum/",
        edit_url="",
        pm_to_all=True,
        pm_cc_field="",
        pm_keep_copy="",
        marker_markup="[size=50]{marker}[/size]",
    ),
}


@dataclass(frozen=True, slots=True)
class IpbSettings:
    """Everything an `IpbClient` needs; the daemon builds it from config."""

    base_url: str  # the directory holding index.php, e.g. "https://forum.example.org/forum/"
    username: str
    password: str = field(repr=False)  # never in logs or tracebacks
    kind: str = "auto"  # "auto" or a dialect name: ipb2, ipb2-4pda, ipb3, ips4 (and aliases)
    selectors: Mapping[str, str] = field(default_factory=dict)  # [board.selectors] overrides
    tz: str = "Europe/Moscow"
    remember_me: bool = True
    user_agent: str = DEFAULT_USER_AGENT
    cookie_file: Path | None = None
    min_interval: float = 1.0
    timeout: float = 30.0
    retries: int = 5
    backoff: float = 2.0
    max_backoff: float = 120.0
    flood_interval: float = 30.0  # IPB's default flood interval for members
    # None: learn it from the first refusal; True: the account is exempt; False: always space
    flood_exempt: bool | None = None
    flood_retries: int = 3
    max_flood_wait: float = 300.0  # a longer wait is left to the poster's next flush
    posts_per_page: int | None = None  # None: the dialect's default until a page tells
    max_message_length: int | None = 60000
    max_subject_length: int | None = None  # unknown per board; set it if the board cuts subjects
    marker_search_pages: int = 3
    # tick the compose form's Sent-copy box (`IpbCaps.pm_keep_copy`): the bot's proof that a
    # PM went out; False only for accounts that are not the bot (test players)
    keep_sent_copies: bool = True
    pm_folder_pages: int = 10  # PM folder pages listed at most
    pm_recheck: int = 5  # read conversations re-opened after a crash (IPB 3, IPS 4/5)

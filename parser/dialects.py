"""Invision board dialects as data: one `Dialect` per markup generation.

A dialect says where things are on a page (CSS selectors for selectolax/lexbor), how dates are
printed, which words mark an edit note, which URLs the board answers and what its form tokens
are called. The reader in parser/ipb/ reads only these values, so a board whose skin moved
something can be fixed from config: `Dialect.with_overrides({"author": "span.nick a"})` (the
config layer passes the host's `[board.selectors]` table) replaces single entries and names
any key it does not know.

Sources for every selector are in fixtures/ipb/STRUCTURE.md: IPB 1.3/2.x and IPS 4.x are
verified on saved pages; IPB 3.x, IC 5 and all messenger markup come from the boards' own
templates and are unverified against a live board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

__all__ = [
    "DIALECTS",
    "IPB2",
    "IPB2_4PDA",
    "IPB3",
    "IPS4",
    "SELECTOR_KEYS",
    "Dialect",
    "PageSlice",
    "UnknownSelector",
    "dialect_by_name",
]


class UnknownSelector(KeyError):
    """A selector override names a key the dialect does not have."""


# Every key a dialect's `selectors` mapping may hold. Keys a dialect does not use are "".
SELECTOR_KEYS: tuple[str, ...] = (
    "post",  # post container (blocks layout)
    "post_id_attr",  # attribute of the container holding the post id (digits are taken)
    "author",  # nick element inside a post
    "author_strip",  # elements inside the nick to drop (icons)
    "author_link",  # links whose href carries the member id
    "date",  # element holding the post time
    "date_attrs",  # space-separated attributes tried before the element's text
    "body",  # post body inside the container
    "signature",  # removed from the body
    "quote",  # quote container inside a body
    "quote_title",  # citation line inside (or just before) a quote
    "quote_body",  # quote text inside the container ("" = the container itself)
    "quote_author_attr",
    "quote_post_attr",
    "quote_userid_attr",
    "edit",  # edit note element inside a body
    "edit_reason",  # edit reason element inside a body
    "title",  # topic title
    "page_current",
    "page_total_attr_node",  # element with a page-count attribute
    "page_total_attr",
    "page_jump",  # «Page 1 of 3» / «231 страница» text
    "next_link",
    "page_link",  # links to the topic's other pages ("" = every link to the topic with a position)
    "pm_row",  # messenger folder row
    "pm_row_link",
    "pm_row_sender",
    "pm_row_date",
    "pm_unread",
    "pm_title",
    "pm_sender",
    "pm_date",
    "pm_body",
)


def _selectors(**given: str) -> Mapping[str, str]:
    unknown = set(given) - set(SELECTOR_KEYS)
    if unknown:  # a typo in this module must fail loudly at import
        raise UnknownSelector(", ".join(sorted(unknown)))
    full = dict.fromkeys(SELECTOR_KEYS, "")
    full.update(given)
    return MappingProxyType(full)


@dataclass(frozen=True, slots=True)
class PageSlice:
    """Where a blocks-layout topic page keeps what is read, as literal markup found with
    `str.find` before anything is parsed: the posts, from the first post's opening tag to the
    last `post_close`, are parsed as one tree; the chrome read around them (title, pagination,
    canonical link, page id) as another, made of the page up to its `<body>` tag, the part
    just above the posts (from the tag holding the last `top` marker before the first post)
    and the part just below (up to the tag holding the first `bottom` marker after the last
    post). Page headers, menus, the reply editor and the footer are in neither. A marker that
    is not found keeps the whole stretch it would have cut; no post opening tag found means
    no slicing at all."""

    post_literal: str  # every post's opening tag starts with this…
    post_open: re.Pattern[str]  # …and matches this from there
    post_close: str
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    # Per-post markup between the body and `post_close` that nothing reads (buttons, menus,
    # signatures): cut from the first of `tail` found after `body_mark` to the post's close.
    body_mark: str = ""
    tail: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Dialect:
    """Everything generation-specific about an Invision board."""

    name: str  # "ipb2", "ipb2-4pda", "ipb3", "ips4"
    generation: str  # human label: "IPB 1.3/2.x", "IPB 3.x", "IPS 4.x/5.x"
    # How posts are found: "msgnumber" (IPB 1.x/2.x `<!--Begin Msg Number N-->` comments and
    # `<!-- THE POST N -->` body markers) or "blocks" (one container element per post).
    layout: str
    selectors: Mapping[str, str]
    # strptime formats after Russian month names are turned into English ones.
    date_formats: tuple[str, ...]
    # Finds the edit note's text; group "by" (nick) and "at" (time text) where present.
    edit_pattern: re.Pattern[str]
    # URL templates relative to the board's index.php directory; {placeholders} are filled by
    # the scraper/poster.
    urls: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # Names of the form fields and tokens the board expects.
    fields: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    posts_per_page: int = 20
    # How a topic page is cut before parsing (None: parsed whole).
    page_slice: PageSlice | None = None
    # Post headers are printed in the board software's fixed markup, so their author, member
    # id and time may be read from the raw markup (parser.rawmarkup) before any selector.
    raw_heads: bool = False
    # The selector keys a host's [board.selectors] replaced: their readings come first.
    overridden: frozenset[str] = frozenset()

    def with_overrides(self, overrides: Mapping[str, str]) -> Dialect:
        """A copy with some selectors replaced; unknown keys raise `UnknownSelector`. With any
        override the copy parses topic pages whole (no `page_slice`): the slice keeps only what
        the dialect's own selectors read; nor are post headers read from their raw markup."""
        unknown = sorted(set(overrides) - set(SELECTOR_KEYS))
        if unknown:
            raise UnknownSelector(
                f"unknown selector key(s) {', '.join(unknown)}; known: {', '.join(SELECTOR_KEYS)}"
            )
        merged = dict(self.selectors)
        merged.update({k: str(v) for k, v in overrides.items()})
        # a host's selectors may point anywhere on the page: read it whole
        return replace(
            self,
            selectors=MappingProxyType(merged),
            page_slice=self.page_slice if not overrides else None,
            raw_heads=self.raw_heads and not overrides,
            overridden=self.overridden | frozenset(overrides),
        )

    def sel(self, key: str) -> str:
        return self.selectors.get(key, "")


_RU_EDIT = r"(?:Это\s+)?[Сс]ообщение\s+отредактировал(?:а)?"
_EN_EDIT = r"This\s+post\s+has\s+been\s+edited\s+by"

# Dates as IPB 1.x/2.x print them: «31.07.2014 - 12:57», «13.12.21, 14:42», «Oct 2 2005, 04:08
# AM», «17 Aug 2015 - 2:33 PM», «18 Июн 2016, 14:12» (month names translated first).
_CLASSIC_DATES: tuple[str, ...] = (
    "%d.%m.%Y - %H:%M",
    "%d.%m.%Y, %H:%M",
    "%d.%m.%y, %H:%M",
    "%d.%m.%y - %H:%M",
    "%d.%m.%Y %H:%M",
    "%d.%m.%Y - %I:%M %p",
    "%b %d %Y, %I:%M %p",
    "%b %d %Y, %H:%M",
    "%d %b %Y, %I:%M %p",
    "%d %b %Y, %H:%M",
    "%d %b %Y - %I:%M %p",
    "%d %b %Y - %H:%M",
    "%d %B %Y - %I:%M %p",
    "%d %B %Y - %H:%M",
    "%d %B %Y, %I:%M %p",
    "%d %B %Y, %H:%M",
    "%B %d, %Y",
    "%d/%m/%y %H:%M",
    "%m/%d/%y %I:%M %p",
)

IPB2 = Dialect(
    name="ipb2",
    generation="IPB 1.3/2.x",
    layout="msgnumber",
    selectors=_selectors(
        author="span.normalname, span.unreg, [id^='post-member-'] span.normalname",
        author_link="a[href*='showuser='], a[href*='MID=']",
        date="span.postdetails",
        signature="div.signature, span.signature",
        quote="td#QUOTE, div.quotemain",
        quote_title="div.quotetop",
        edit="span.edit",
        edit_reason="div.post-edit-reason",
        title="div.maintitle b, div.maintitle",
        page_current="span.pagecurrent",
        page_jump="span.pagelinklast, a[href^='javascript:multi_page_jump']",
        next_link="span.pagelink a, span.pagelinklast a",
        pm_row="form[name='mutliact'] tr, form[name='multiact'] tr, tr[id^='MT_']",
        pm_row_link="a[href*='CODE=03'][href*='MSID=']",
        pm_row_sender="a[href*='showuser=']",
        pm_unread="img[src*='f_norm'], img[alt*='Непрочит'], img[alt*='Unread'], .unread",
        # the message's own heading, not the side menu's «Личный Ящик» (also a pformstrip)
        pm_title="div.pformstrip:not(#ucpmenu div), div.subtitle",
        pm_sender="span.normalname a, span.normalname",
        pm_date="span.postdetails",
        pm_body="span.postcolor, div.postcolor",
    ),
    date_formats=_CLASSIC_DATES,
    edit_pattern=re.compile(
        rf"(?:{_RU_EDIT}|{_EN_EDIT})\s+(?P<by>.+?)\s*(?:\s-\s|:\s|\son\s)\s*(?P<at>.+)$", re.S
    ),
    raw_heads=True,
    urls=MappingProxyType(
        {
            "topic": "index.php?showtopic={topic}&st={offset}",
            "login_form": "index.php?act=Login&CODE=00",
            "login": "index.php?act=Login&CODE=01",
            "logout": "index.php?act=Login&CODE=03",
            "reply_form": "index.php?act=Post&CODE=02&f={forum}&t={topic}",
            "post": "index.php",
            "pm_folder": "index.php?act=Msg&CODE=01&VID={folder}",
            "pm_view": "index.php?act=Msg&CODE=03&VID={folder}&MSID={msg}",
            "pm_compose": "index.php?act=Msg&CODE=04",
        }
    ),
    fields=MappingProxyType(
        {
            "token": "auth_key",
            "token_js": r"ipb_md5_check\s*[=:]\s*[\"']([0-9a-f]{32})",
            "login_user": "UserName",
            "login_password": "PassWord",
            "login_remember": "CookieDate",
            "reply_body": "Post",
            "pm_to": "entered_name",
            "pm_title": "msg_title",
            "pm_body": "Post",
        }
    ),
)

# 4PDA's IPB 2 fork: stock IPB 2 tokens and URLs, its own post markup.
IPB2_4PDA = replace(
    IPB2,
    name="ipb2-4pda",
    generation="IPB 2.x (4PDA fork)",
    layout="blocks",
    selectors=_selectors(
        post="div[data-post]",
        post_id_attr="data-post",
        author="span.post_nick a[href*='showuser=']",
        author_strip="i",
        author_link="span.post_nick a[href*='showuser=']",
        date="span.post_date",
        body="div.post_body",
        signature="div.signature",
        quote="div.post-block.quote",
        quote_title="div.block-title",
        quote_body="div.block-body",
        edit="span.edit",
        edit_reason="div.post-edit-reason",
        title="title",
        page_current="div.pagination span.pagecurrent",
        page_jump="div.pagination > a[onclick]",
        next_link="div.pagination span.pagecurrent + a",
    ),
    fields=MappingProxyType(
        {
            **IPB2.fields,
            "login_user": "login",
            "login_password": "password",
            "login_remember": "remember",
        }
    ),
    urls=MappingProxyType({**IPB2.urls, "login": "index.php?act=auth"}),
    raw_heads=False,
)

IPB3 = Dialect(
    name="ipb3",
    generation="IPB 3.x",
    layout="blocks",
    selectors=_selectors(
        post="div.post_block[id^='post_id_']",
        post_id_attr="id",
        author="span.author.vcard a, span.author.vcard, [itemprop='creator'] [itemprop='name']",
        author_link="a[hovercard-id], a[href*='showuser='], a[href*='/user/']",
        date="abbr.published, abbr[itemprop='commentTime']",
        date_attrs="title",
        body="div.post.entry-content, div[itemprop='commentText']",
        signature="div.signature",
        quote="blockquote.ipsBlockquote",
        quote_title="p.citation",
        quote_author_attr="data-author",
        quote_post_attr="data-cid",
        edit="p.edit",
        edit_reason="p.edit span.reason",
        title="h1.ipsType_pagetitle, title",
        page_current="div.pagination li.page.active, li.page.active",
        page_jump="div.pagination li.pagejump, li.pagejump",
        next_link="div.pagination li.next a, li.next a[rel='next'], link[rel='next']",
        pm_row="tr[id^='MT_']",
        pm_row_link="td.col_m_subject h4 a, a[href*='showConversation']",
        pm_row_sender="a[hovercard-id], a[href*='showuser=']",
        pm_row_date="td.col_m_date, span.desc",
        pm_unread=".unread",
        pm_title="h1.ipsType_pagetitle, h2.maintitle",
        pm_sender="span.author.vcard a, span.author.vcard",
        pm_date="p.posted_info",
        pm_body="div.post.entry-content",
    ),
    date_formats=_CLASSIC_DATES,
    edit_pattern=re.compile(
        rf"(?:{_RU_EDIT}|{_EN_EDIT})\s+(?P<by>.+?)\s*(?:\s-\s|:\s|\son\s)\s*(?P<at>.+?)"
        r"(?:\s*(?:Причина редактирования|Reason for edit)\s*:.*)?$",
        re.S,
    ),
    urls=MappingProxyType(
        {
            "topic": "index.php?showtopic={topic}&st={offset}",
            "login_form": "index.php?app=core&module=global&section=login",
            "login": "index.php?app=core&module=global&section=login&do=process",
            "post": "index.php",
            "pm_folder": (
                "index.php?app=members&module=messaging&section=view&do=showFolder"
                "&folderID={folder}"
            ),
            "pm_view": (
                "index.php?app=members&module=messaging&section=view&do=showConversation"
                "&topicID={msg}"
            ),
            "pm_compose": "index.php?app=members&module=messaging&section=send&do=form",
            "pm_send": "index.php?app=members&module=messaging&section=send&do=send",
        }
    ),
    fields=MappingProxyType(
        {
            "token": "auth_key",
            "token_js": r"ipb\.vars\[\s*['\"]secure_hash['\"]\s*\]\s*=\s*['\"]([0-9a-f]{32})",
            "login_user": "ips_username",
            "login_password": "ips_password",
            "login_remember": "rememberMe",
            "reply_body": "Post",
            "pm_to": "entered_name",
            "pm_title": "msg_title",
            "pm_body": "msgContent",
        }
    ),
)

IPS4 = Dialect(
    name="ips4",
    generation="IPS 4.x/5.x",
    layout="blocks",
    selectors=_selectors(
        post="article[id^='elComment_']",
        post_id_attr="id",
        author=(
            "aside.cAuthorPane h3 a, h3.cAuthorPane_author a, h3.ipsComment_author a, "
            ".ipsEntry__username a, h3[itemprop='creator'] [itemprop='name']"
        ),
        author_link="a[href*='/profile/'], a[href*='showuser=']",
        date="time[datetime]",
        date_attrs="datetime title",
        body="div[data-role='commentContent']",
        signature="div[data-role='memberSignature'], div.cSignature",
        quote="blockquote.ipsQuote",
        quote_title="div.ipsQuote_citation",
        quote_body="div.ipsQuote_contents",
        quote_author_attr="data-ipsquote-username",
        quote_post_attr="data-ipsquote-contentcommentid",
        quote_userid_attr="data-ipsquote-userid",
        edit="span.ipsType_reset.ipsType_medium.ipsType_light[data-excludequote], "
        "div.ipsEntry__editLine, p.ipsEdited",
        edit_reason="",
        title="h1.ipsType_pageTitle, h1.ipsPageHeader__title, title",
        page_current="li.ipsPagination_active, li.ipsPagination_page.ipsPagination_active",
        page_total_attr_node="ul.ipsPagination[data-pages], [data-ipspagination-pages]",
        page_total_attr="data-pages data-ipspagination-pages",
        page_jump="li.ipsPagination_pageJump",
        next_link=(
            "li.ipsPagination_next:not(.ipsPagination_inactive) a, link[rel='next'], "
            "li.ipsPagination__next:not(.ipsPagination__inactive) a"
        ),
        pm_row="li.cMessage[data-messageid], li.ipsDataItem[data-messageid]",
        pm_row_link="a.cMessageTitle, a[data-role='messageURL']",
        pm_row_sender="a[href*='/profile/']",
        pm_row_date="time",
        pm_unread=".ipsDataItem_unread",
        pm_title="h1.ipsType_pageTitle, h2.ipsType_pageTitle",
        pm_sender="h3.ipsComment_author a, aside h3 a",
        pm_date="time[datetime]",
        pm_body="div[data-role='commentContent']",
    ),
    date_formats=_CLASSIC_DATES,
    edit_pattern=re.compile(r"Edited\s+(?P<at>.+?)\s+by\s+(?P<by>.+)$", re.S),
    urls=MappingProxyType(
        {
            "topic": "index.php?/topic/{topic}-{slug}/&page={page}",
            "login_form": "index.php?/login/",
            "login": "index.php?/login/",
            "pm_folder": "index.php?/messenger/",
            "pm_view": "index.php?/messenger/{msg}/",
            "pm_compose": "index.php?/messenger/compose/",
        }
    ),
    fields=MappingProxyType(
        {
            "token": "csrfKey",
            "token_js": r"csrfKey\s*:\s*[\"']([0-9a-f]{32})",
            "login_user": "auth",
            "login_password": "password",
            "login_remember": "remember_me",
            "pm_to": "messenger_to",
            "pm_title": "messenger_title",
            "pm_body": "messenger_content",
        }
    ),
    posts_per_page=25,
    page_slice=PageSlice(
        post_literal="<article",
        post_open=re.compile(r"<article\b[^>]*\bid=[\"']?elComment_\d"),
        post_close="</article>",
        # the topic header (title, then pagination) opens the part above the posts
        top=("ipsPageHeader", "ipsType_pageTitle"),
        # the bottom pagination is followed by the reply box, then the footer
        bottom=("replyForm", "replyArea", "<footer"),
        # after a post's body: reputation, the reply/quote/share controls and their menus,
        # the signature. The body is sanitised user HTML, which cannot carry these
        # data-controller/data-role attributes, so the cut never reaches into a body.
        body_mark="commentContent",
        tail=(
            "<div data-controller='core.front.core.reputation'",
            '<div data-controller="core.front.core.reputation"',
            "<ul class='ipsComment_controls",
            '<ul class="ipsComment_controls',
        ),
    ),
)

DIALECTS: Mapping[str, Dialect] = MappingProxyType(
    {d.name: d for d in (IPB2, IPB2_4PDA, IPB3, IPS4)}
)

# Names a host may write in `board.kind`.
_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "ipb1": "ipb2",
        "ipb13": "ipb2",
        "ipb1.3": "ipb2",
        "ipb2": "ipb2",
        "ipb2.x": "ipb2",
        "4pda": "ipb2-4pda",
        "ipb2-4pda": "ipb2-4pda",
        "ipb3": "ipb3",
        "ipb3.x": "ipb3",
        "ips4": "ips4",
        "ips5": "ips4",
        "ic4": "ips4",
        "ic5": "ips4",
        "invision4": "ips4",
        "invision5": "ips4",
    }
)


def dialect_by_name(name: str) -> Dialect | None:
    """The dialect for a `board.kind` value (case-insensitive), or None."""
    key = _ALIASES.get(name.strip().lower())
    return DIALECTS[key] if key else None

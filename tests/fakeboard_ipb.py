"""Fake Invision boards on `httpx.MockTransport` for the `IpbClient` flow and fault tests.

Two boards, each built around real saved pages from `fixtures/ipb/`:

- `FakeIpb2` — the IPB 1.3 board hustle-sa.ru. Topic pages are the REAL saved pages (topics
  2969, 3058, 3092); the reply button, the `act=Msg&CODE=04&MID=` buttons and every link are the
  page's own. What no saved page shows is TEMPLATE-DERIVED and built by functions named
  `_derived_*`: the member bar of a logged-in member (replacing «Здравствуйте Гость»), the
  login form (`skin_login.ShowForm`), the reply form (`class_post.php` `REPLIER`), error and
  redirect pages, and topic 2969 split into 3 pages of 5 posts with IPB 2 page links (so that
  polling has pages to follow). PM pages are the template pages in tests/ipb_template_pages/.
- `FakeIps4` — the IPS 4.1 board rllmuk. The topic page is the REAL saved page 12 of 12 with
  its real comment form (`csrfKey`, `plupload`, multipart); the guest view (memberID 0), the
  login form and the error messages are TEMPLATE-DERIVED.

Both check what a real board checks — the session cookie, `auth_key`/`csrfKey` in forms, a flood
interval shared by posts and PMs — and record `violations` (a browser would not have sent
that) and every request. Faults: `fail_next(kind, count, path=...)` with kind "500", "503",
"429" (any status), "timeout", "connect", "truncated"; `drop_sessions()` forgets every session.
`FakeIpb2` refusals (wording template-derived): `max_chars` (message too long), `locked`
(closed topics), `refuse_tokens` (every auth_key expired).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, urlsplit

import httpx

from tests.fakeboard_base import FakeBoardBase, FakeClock

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "ipb"
TEMPLATES = Path(__file__).resolve().parent / "ipb_template_pages"

IPB2_BASE = "http://hustle-sa.ru/forum/"
IPS4_BASE = "https://www.rllmukforum.com/"

__all__ = ["IPB2_BASE", "IPB3_BASE", "IPS4_BASE", "FakeClock", "FakeIpb2", "FakeIpb3", "FakeIps4"]


@dataclass
class _Base(FakeBoardBase):
    """The Invision fakes' common part: sessions are session id -> member id."""

    def count(self, needle: str, method: str | None = None) -> int:
        return sum(
            1
            for r in self.requests
            if needle in str(r.url) and (method is None or r.method == method)
        )

    def _html(self, body: str, *, charset: str = "utf-8") -> httpx.Response:
        return httpx.Response(
            200,
            # a windows-1251 board stores what the charset lacks as HTML entities
            content=body.encode(charset, errors="xmlcharrefreplace"),
            headers={"Content-Type": f"text/html; charset={charset}"},
        )

    def _member(self, request: httpx.Request, cookie: str) -> int:
        sid = request.headers.get("cookie", "")
        m = re.search(rf"{cookie}=([0-9a-f]+)", sid)
        return int(self.sessions.get(m.group(1), 0)) if m else 0

    def _new_session(self, member: int, seed: str) -> str:
        sid = hashlib.md5(f"{seed}{len(self.sessions)}{self.clock()}".encode()).hexdigest()
        self.sessions[sid] = member
        return sid


def _form(request: httpx.Request, charset: str = "utf-8") -> dict[str, str]:
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("multipart/form-data"):
        msg = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + request.content
        )
        out: dict[str, str] = {}
        for part in msg.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            if isinstance(name, str) and isinstance(payload, bytes):
                out[name] = payload.decode("utf-8")
        return out
    return dict(
        parse_qsl(request.content.decode("ascii"), keep_blank_values=True, encoding=charset)
    )


# --- IPB 1.3 (hustle-sa) ------------------------------------------------------------------------

_GUEST_BAR = re.compile(r"<td>Здравствуйте Гость \(.*?</td>", re.S)
_MSG = re.compile(r"\t<!--Begin Msg Number (\d+)-->")
_POST_END = "<div class='darkrow1' style='height:5px'><!-- --></div>"
_AUTH_KEY = "7b3c1a2e9f0d4c5b6a7e8f9012345678"


def _derived_member_bar(html: str, name: str, member_id: int) -> str:
    """IPB 1.3 `skin_global.member_bar` for a logged-in member (template-derived)."""
    bar = (
        f"<td>Вы вошли как: <b><a href='http://hustle-sa.ru/forum/index.php?showuser={member_id}'>"
        f"{name}</a></b> ( <a href='http://hustle-sa.ru/forum/index.php?act=Login&amp;CODE=03'>"
        "Выход</a> )</td>"
    )
    return _GUEST_BAR.sub(bar, html, count=1)


def _derived_page(title: str, body: str, *, refresh: str | None = None) -> str:
    meta = f"<meta http-equiv='refresh' content='2; url={refresh}' />" if refresh else ""
    return (
        f"<html><head><title>Форум АСХ -> {title}</title>{meta}"
        '<meta http-equiv="content-type" content="text/html; charset=windows-1251" /></head>'
        f"<body><div id='ipbwrapper'>{body}</div></body></html>"
    )


def _derived_error(message: str) -> str:
    """IPB 2 `skin_global.Error` box (template-derived)."""
    return _derived_page(
        "Ошибка",
        "<div class='borderwrap'><div class='maintitle'>Форум получил следующее сообщение об "
        f"ошибке</div><div class='errorwrap'><h4>Причина:</h4><p>{message}</p></div></div>",
    )


def _derived_login_form(error: str = "") -> str:
    """IPB 1.3/2.x `skin_login.ShowForm` (template-derived)."""
    err = f"<div class='errorwrap'><p>{error}</p></div>" if error else ""
    return _derived_page(
        "Вход",
        f"{err}<form action='http://hustle-sa.ru/forum/index.php?act=Login&amp;CODE=01' "
        "method='post' name='LOGIN'><input type='hidden' name='referer' "
        "value='http://hustle-sa.ru/forum/index.php?' />"
        "<input type='text' size='25' maxlength='64' name='UserName' class='forminput' />"
        "<input type='password' size='25' name='PassWord' class='forminput' />"
        "<input type='checkbox' name='CookieDate' value='1' checked='checked' />"
        "<input type='checkbox' name='Privacy' value='1' />"
        "<input type='submit' name='submit' value='Вход' class='forminput' /></form>",
    )


def _derived_reply_form(f: str, t: str, sid: str) -> str:
    """IPB 2 `class_post.php` `html_start_form` + editor (template-derived)."""
    return _derived_page(
        "Ответ",
        "<form name='REPLIER' id='postingform' action='http://hustle-sa.ru/forum/index.php' "
        "method='post' enctype='multipart/form-data'>"
        "<input type='hidden' name='st' value='0' /><input type='hidden' name='act' value='Post' />"
        f"<input type='hidden' name='s' value='{sid}' />"
        f"<input type='hidden' name='f' value='{f}' />"
        f"<input type='hidden' name='auth_key' value='{_AUTH_KEY}' />"
        "<input type='hidden' name='removeattachid' value='0' />"
        "<input type='hidden' name='CODE' value='03' />"
        f"<input type='hidden' name='t' value='{t}' />"
        "<input type='hidden' name='attach_post_key' value='0b7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e' />"
        "<input type='hidden' name='parent_id' value='0' />"
        "<textarea name='Post' rows='15' cols='70'></textarea>"
        "<input type='checkbox' name='enableemo' value='yes' checked='checked' />"
        "<input type='checkbox' name='enablesig' value='yes' checked='checked' />"
        "<input type='submit' name='submit' value='Отправить' /></form>",
    )


def _derived_new_topic_form(f: str, sid: str) -> str:
    """IPB 2 `class_post.php` new-topic form: the reply form's `REPLIER` with CODE=01, the
    title and description fields and no topic id (template-derived)."""
    return _derived_page(
        "Новая тема",
        "<form name='REPLIER' id='postingform' action='http://hustle-sa.ru/forum/index.php' "
        "method='post' enctype='multipart/form-data'>"
        "<input type='hidden' name='st' value='0' /><input type='hidden' name='act' value='Post' />"
        f"<input type='hidden' name='s' value='{sid}' />"
        f"<input type='hidden' name='f' value='{f}' />"
        f"<input type='hidden' name='auth_key' value='{_AUTH_KEY}' />"
        "<input type='hidden' name='removeattachid' value='0' />"
        "<input type='hidden' name='CODE' value='01' />"
        "<input type='hidden' name='attach_post_key' value='0b7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e' />"
        "<input type='hidden' name='parent_id' value='0' />"
        "<input type='text' name='TopicTitle' size='40' maxlength='50' value='' />"
        "<input type='text' name='TopicDesc' size='40' maxlength='40' value='' />"
        "<textarea name='Post' rows='15' cols='70'></textarea>"
        "<input type='checkbox' name='enableemo' value='yes' checked='checked' />"
        "<input type='checkbox' name='enablesig' value='yes' checked='checked' />"
        "<input type='submit' name='submit' value='Создать тему' /></form>",
    )


def _derived_edit_form(f: str, t: str, pid: int, text: str) -> str:
    """IPB 1.3/2.x edit form: `REPLIER` with CODE=09 and the post's text (template-derived)."""
    return _derived_page(
        "Редактирование",
        "<form name='REPLIER' action='http://hustle-sa.ru/forum/index.php' method='post'>"
        "<input type='hidden' name='act' value='Post' />"
        "<input type='hidden' name='CODE' value='09' />"
        f"<input type='hidden' name='f' value='{f}' />"
        f"<input type='hidden' name='t' value='{t}' />"
        f"<input type='hidden' name='p' value='{pid}' />"
        f"<input type='hidden' name='auth_key' value='{_AUTH_KEY}' />"
        f"<textarea name='Post'>{text}</textarea>"
        "<input type='submit' name='submit' value='Сохранить' /></form>",
    )


def _derived_inbox_page(page: str, st: int, per: int) -> str:
    """The inbox template with rows st..st+per only and IPB 2 page links (template-derived)."""
    rows = list(re.finditer(r'  <tr class="dlight">.*?</tr>\n', page, re.S))
    keep = "".join(m.group(0) for m in rows[st : st + per])
    body = page[: rows[0].start()] + keep + page[rows[-1].end() :]
    links = []
    for i in range(-(-len(rows) // per)):
        if i * per == st:
            links.append(f'<span class="pagecurrent">{i + 1}</span>')
        else:
            links.append(
                '<span class="pagelink"><a href=\'index.php?act=Msg&amp;CODE=01&amp;VID=in'
                f"&amp;st={i * per}'>{i + 1}</a></span>"
            )
    return body.replace("  </table>", "  </table>\n" + " ".join(links), 1)


def _derived_pm_compose(error: str = "", cc: str = "") -> str:
    """IPB 1.3/2.x `skin_msg.Send_form` (template-derived)."""
    err = f"<div class='errorwrap'><p>{error}</p></div>" if error else ""
    return _derived_page(
        "Личные сообщения",
        f"{err}<form action='http://hustle-sa.ru/forum/index.php' method='post' name='REPLIER'>"
        "<input type='hidden' name='act' value='Msg' />"
        "<input type='hidden' name='CODE' value='04' />"
        "<input type='hidden' name='MODE' value='01' /><input type='hidden' name='OID' value='' />"
        f"<input type='hidden' name='auth_key' value='{_AUTH_KEY}' />"
        "<input type='text' name='entered_name' value='' />"
        f"<textarea name='carbon_copy'>{cc}</textarea>"
        "<input type='text' name='msg_title' value='' />"
        "<textarea name='Post'></textarea>"
        # as IPB 1.3 serves it (fixtures/ipb13/http pm_send): off, value «no»
        "<input type='checkbox' name='add_sent' value='no' />"
        "<input type='checkbox' name='add_tracking' value='1' />"
        "<input type='submit' name='submit' value='Отправить' /></form>",
    )


@dataclass
class FakeIpb2(_Base):
    """IPB 1.3 hustle-sa board (see the module docstring for what is real and what derived)."""

    users: dict[str, tuple[int, str]] = field(
        default_factory=lambda: {
            "Ivanov_Vladimir": (437, "Vlad-Pass-2026"),
            "Denegin": (3, "Den-Pass-2026"),
        }
    )
    extra_posts: dict[int, list[str]] = field(default_factory=dict)  # topic -> derived chunks
    next_post_id: int = 30000
    sent_pms: list[dict[str, str]] = field(default_factory=list)  # kept in the sent folder
    unsaved_pms: list[dict[str, str]] = field(default_factory=list)  # sent without a copy
    own_posts: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # (tid, uid, text)
    pages: dict[int, str] = field(default_factory=dict)
    max_chars: int = 65000  # the board's message limit (refusal wording is derived)
    locked: set[int] = field(default_factory=set)  # closed topics
    refuse_tokens: bool = False  # every auth_key is "expired" (a board that rotates them)
    max_subject: int | None = None  # a board that cuts long PM titles
    inbox_per_page: int = 0  # >0: the inbox is listed in pages of this many rows (derived)
    new_topics: dict[int, tuple[int, str]] = field(default_factory=dict)  # tid -> (forum, title)
    compose_cc: str = ""  # the compose form comes with this copy recipient filled in

    def __post_init__(self) -> None:
        for tid in (2969, 3058, 3092):
            name = f"1x-2x/ipb13ru_hustle-sa_showtopic{tid}_utf8.html"
            self.pages[tid] = (FIX / name).read_bytes().decode("utf-8")

    # The saved pages are UTF-8 (a transcoded copy); the live board served windows-1251.
    def _page(self, html: str) -> httpx.Response:
        return self._html(html, charset="windows-1251")

    def _names(self) -> dict[int, str]:
        return {uid: name for name, (uid, _) in self.users.items()}

    def route(self, request: httpx.Request) -> httpx.Response:
        url = urlsplit(str(request.url))
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        member = self._member(request, "session_id")
        act = q.get("act", "")
        if request.method == "POST":
            return self._route_form(request, q, member)
        if act == "Login" and q.get("CODE") == "00":
            return self._page(_derived_login_form())
        if act == "Post" and q.get("CODE") == "08":
            return self._edit_page(q, member)
        if (q.get("view") == "findpost" and "p" in q) or (act == "findpost" and "pid" in q):
            # IPB 2.x `act=findpost&pid=` (real: 4PDA links use it) and `view=findpost&p=`
            pid = int(q.get("p") or q["pid"])
            tid = int(q.get("showtopic", "0"))
            if pid in self.own_posts:
                tid = self.own_posts[pid][0]
            return self._topic(member, tid, 0 if tid != 2969 else 10**6)
        if act == "Post" and q.get("CODE") == "00":
            if not member:
                return self._page(_derived_login_form("Вы должны войти, чтобы создать тему"))
            return self._page(_derived_new_topic_form(q.get("f", ""), "s"))
        if "showforum" in q:
            return self._page(self._derived_forum_listing(int(q["showforum"] or 0)))
        if act == "Post" and q.get("CODE") == "02":
            return self._reply_page(q, member)
        if act == "Msg":
            pm_page = self._route_pm_pages(q, member)
            if pm_page is not None:
                return pm_page
        if "showtopic" in q:
            return self._topic(member, int(q["showtopic"]), int(q.get("st", "0") or 0))
        # board index: the first topic's page stands in for it (same header and member bar)
        return self._topic(member, 2969, 0)

    def _edit_page(self, q: dict[str, str], member: int) -> httpx.Response:
        """The edit form of one of the bot's own posts; anyone else's is refused."""
        if not member:
            return self._page(_derived_login_form())
        pid = int(q.get("p", "0"))
        own = self.own_posts.get(pid)
        if own is None or own[1] != member:
            return self._page(_derived_error("Вы не можете редактировать это сообщение"))
        return self._page(_derived_edit_form(q.get("f", ""), q.get("t", ""), pid, own[2]))

    def _reply_page(self, q: dict[str, str], member: int) -> httpx.Response:
        """The reply form, refused to guests and in a locked topic."""
        if not member:
            return self._page(_derived_login_form("Вы должны войти, чтобы ответить"))
        if int(q.get("t", "0") or 0) in self.locked:
            return self._page(_derived_error("Эта тема закрыта, вы не можете отвечать"))
        return self._page(_derived_reply_form(q.get("f", ""), q.get("t", ""), "s"))

    def _route_form(self, request: httpx.Request, q: dict[str, str], member: int) -> httpx.Response:
        """A submitted form (login, post, edit, new topic, PM): apart from `route` because
        the board reads the form's own `act`, not the query's."""
        form = _form(request, "cp1251")  # the board reads forms in its own charset
        act = form.get("act", q.get("act", ""))
        if act == "Login" or (q.get("CODE") == "01" and q.get("act") == "Login"):
            return self._login(form)
        if act == "Post" and form.get("CODE") == "09":
            return self._edit(member, form)
        if act == "Post" and form.get("CODE") == "01":
            return self._new_topic(member, form)
        if act == "Post":
            return self._reply(member, form)
        if act == "Msg":
            return self._send_pm(member, form)
        self.violations.append(f"unexpected POST {request.url}")
        return self._page(_derived_error("Неверный запрос"))

    def _route_pm_pages(self, q: dict[str, str], member: int) -> httpx.Response | None:
        """The messenger's pages (`act=Msg`): folders, one message, the compose form; None
        for a code it does not serve, which falls through to the board index as before."""
        if not member:
            return self._page(_derived_login_form())
        if q.get("CODE") == "01" and q.get("VID") == "sent":
            return self._page(self._derived_sent_folder(member))
        if q.get("CODE") == "01":
            inbox = (TEMPLATES / "ipb13_pm_inbox.template.html").read_text()
            if self.inbox_per_page:
                inbox = _derived_inbox_page(inbox, int(q.get("st", "0") or 0), self.inbox_per_page)
            return self._page(inbox)
        if q.get("CODE") == "03" and q.get("VID") == "sent":
            msid = int(q.get("MSID", "0") or 0)
            if not 1 <= msid - 950 <= len(self.sent_pms):
                return self._page(_derived_error("Такое сообщение не найдено"))
            return self._page(self._derived_sent_view(msid))
        if q.get("CODE") == "03":
            if q.get("MSID") != "901":
                return self._page(_derived_error("Такое сообщение не найдено"))
            return self._page((TEMPLATES / "ipb13_pm_view.template.html").read_text())
        if q.get("CODE") == "04":
            return self._page(_derived_pm_compose(cc=self.compose_cc))
        return None

    def _topic(self, member: int, tid: int, st: int) -> httpx.Response:
        if tid not in self.pages:
            return self._page(_derived_error("Тема не найдена. Возможно, она была удалена"))
        html = self.pages[tid]
        if self.extra_posts.get(tid):
            cut = html.rindex(_POST_END) + len(_POST_END)
            html = html[:cut] + "".join(self.extra_posts[tid]) + html[cut:]
        if tid == 2969:
            html = self._derived_topic_pages(html, st)
        if member:
            html = _derived_member_bar(html, self._names()[member], member)
        return self._page(html)

    def _derived_topic_pages(self, html: str, st: int, per: int = 5) -> str:
        """Topic 2969 split into pages of `per` posts with IPB 2 page links (template-derived)."""
        starts = [m.start() for m in _MSG.finditer(html)]
        end = html.rindex(_POST_END) + len(_POST_END)
        chunks = [html[a:b] for a, b in zip(starts, [*starts[1:], end], strict=True)]
        total = len(chunks)
        pages = -(-total // per)
        page = min(st // per, pages - 1)
        links = []
        for i in range(pages):
            if i == page:
                links.append(f'<span class="pagecurrent">{i + 1}</span>')
            else:
                href = f"http://hustle-sa.ru/forum/index.php?showtopic=2969&amp;st={i * per}"
                links.append(f'<span class="pagelink"><a href="{href}">{i + 1}</a></span>')
        nav = (
            '<a title="Перейти к странице..." href="javascript:multi_page_jump('
            f"'http://hustle-sa.ru/forum/index.php?showtopic=2969',{total},{per});\">"
            f"Страниц ({pages})</a> " + " ".join(links)
        )
        body = "".join(chunks[page * per : (page + 1) * per])
        out = html[: starts[0]] + body + html[end:]
        return out.replace(
            '<td align=\'left\' width="20%" nowrap="nowrap">&nbsp;</td>',
            f'<td align=\'left\' width="20%" nowrap="nowrap">{nav}</td>',
            1,
        )

    def _login(self, form: dict[str, str]) -> httpx.Response:
        for name in ("UserName", "PassWord", "referer"):
            if name not in form:
                self.violations.append(f"login without {name}")
        user = self.users.get(form.get("UserName", ""))
        if user is None or user[1] != form.get("PassWord"):
            return self._page(
                _derived_login_form("Неверный пароль или имя пользователя. Попробуйте ещё раз")
            )
        sid = self._new_session(user[0], form.get("UserName", ""))
        return httpx.Response(
            200,
            content=_derived_page(
                "Вход", f"Спасибо, вы вошли как {form['UserName']}", refresh="index.php?"
            ).encode("cp1251"),
            headers=[
                ("Content-Type", "text/html; charset=windows-1251"),
                ("Set-Cookie", f"session_id={sid}; path=/forum/"),
                ("Set-Cookie", f"member_id={user[0]}; path=/forum/"),
                ("Set-Cookie", "pass_hash=0f1e2d3c4b5a69788796a5b4c3d2e1f0; path=/forum/"),
            ],
        )

    def _reply(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._page(_derived_login_form("Вы должны войти, чтобы ответить"))
        if self.refuse_tokens:
            return self._page(_derived_error("Ключ безопасности (auth_key) устарел"))
        if form.get("auth_key") != _AUTH_KEY:
            self.violations.append("reply without the form's auth_key")
            return self._page(_derived_error("Ключ безопасности (auth_key) устарел"))
        if int(form.get("t", "0") or 0) in self.locked:
            return self._page(_derived_error("Эта тема закрыта, вы не можете отвечать"))
        body = form.get("Post", "")
        if len(body) > self.max_chars:
            return self._page(
                _derived_error(
                    f"Сообщение слишком длинное: {len(body)} символов. "
                    f"Максимально допустимое количество символов: {self.max_chars}"
                )
            )
        if form.get("CODE") != "03" or not form.get("f"):
            self.violations.append(f"reply form fields missing: {sorted(form)}")
        if self._flooded(member):
            return self._page(
                _derived_error(
                    "Флуд-контроль включён: вы не можете отправлять сообщения так часто. "
                    f"Пожалуйста, подождите {int(self.flood_interval)} секунд"
                )
            )
        tid = int(form.get("t", "0"))
        if tid not in self.pages:
            return self._page(_derived_error("Тема не найдена"))
        self._wrote(member)
        pid = self.next_post_id
        self.next_post_id += 1
        self.own_posts[pid] = (tid, member, form.get("Post", ""))
        self.extra_posts.setdefault(tid, []).append(
            self._derived_post(pid, member, form.get("Post", ""), tid)
        )
        return httpx.Response(
            302,
            headers={
                "Location": f"http://hustle-sa.ru/forum/index.php?showtopic={tid}&st=0&#entry{pid}"
            },
        )

    def _new_topic(self, member: int, form: dict[str, str]) -> httpx.Response:
        """IPB 2 `class_post.php` new topic (CODE=01): the reply flow's checks plus a title;
        the new topic's page is TEMPLATE-DERIVED from the real topic 3058 with its posts cut."""
        if not member:
            return self._page(_derived_login_form("Вы должны войти, чтобы создать тему"))
        if form.get("auth_key") != _AUTH_KEY:
            self.violations.append("new topic without the form's auth_key")
            return self._page(_derived_error("Ключ безопасности (auth_key) устарел"))
        names = set(form)
        want = {"act", "s", "f", "auth_key", "CODE", "TopicTitle", "TopicDesc", "Post", "submit"}
        if not want <= names:
            self.violations.append(f"new topic form fields missing: {sorted(want - names)}")
        if not form.get("TopicTitle", "").strip():
            return self._page(_derived_error("Вы должны ввести название темы"))
        if self._flooded(member):
            return self._page(
                _derived_error(
                    "Флуд-контроль включён: вы не можете отправлять сообщения так часто. "
                    f"Пожалуйста, подождите {int(self.flood_interval)} секунд"
                )
            )
        tid = max(self.pages) + 1
        html = self.pages[3058]
        starts = [m.start() for m in _MSG.finditer(html)]
        end = html.rindex(_POST_END) + len(_POST_END)
        # keep one post-end marker: the test's posts are inserted after it, as in any topic
        empty = html[: starts[0]] + _POST_END + html[end:]
        self.pages[tid] = empty.replace("showtopic=3058", f"showtopic={tid}")
        self.new_topics[tid] = (int(form.get("f", "0") or 0), form["TopicTitle"])
        self._wrote(member)
        pid = self.next_post_id
        self.next_post_id += 1
        self.own_posts[pid] = (tid, member, form.get("Post", ""))
        self.extra_posts[tid] = [self._derived_post(pid, member, form.get("Post", ""), tid)]
        return httpx.Response(
            302, headers={"Location": f"http://hustle-sa.ru/forum/index.php?showtopic={tid}"}
        )

    def add_post_by(self, member: int, text: str, tid: int = 2969) -> int:
        """Another member posts in a topic (a derived post block, like the bot's own)."""
        pid = self.next_post_id
        self.next_post_id += 1
        self.extra_posts.setdefault(tid, []).append(self._derived_post(pid, member, text, tid))
        return pid

    def _derived_forum_listing(self, forum: int) -> str:
        """A forum's topic list (`showforum=F`, TEMPLATE-DERIVED: the topic links only)."""
        rows = "".join(
            f"<tr><td class='row4'><a href='http://hustle-sa.ru/forum/index.php?showtopic={tid}'>"
            f"{title}</a></td></tr>"
            for tid, (f, title) in sorted(self.new_topics.items(), reverse=True)
            if f == forum
        )
        return _derived_page("Форум", f"<table>{rows}</table>")

    def _edit(self, member: int, form: dict[str, str]) -> httpx.Response:
        if form.get("auth_key") != _AUTH_KEY:
            self.violations.append("edit without the form's auth_key")
        pid = int(form.get("p", "0"))
        own = self.own_posts.get(pid)
        if own is None or own[1] != member:
            return self._page(_derived_error("Вы не можете редактировать это сообщение"))
        tid = own[0]
        self.own_posts[pid] = (tid, member, form.get("Post", ""))
        self.extra_posts[tid] = [
            self._derived_post(p, uid, text, t)
            for p, (t, uid, text) in sorted(self.own_posts.items())
            if t == tid
        ]
        return httpx.Response(
            302,
            headers={
                "Location": f"http://hustle-sa.ru/forum/index.php?showtopic={tid}&st=0&#entry{pid}"
            },
        )

    def _derived_post(self, pid: int, member: int, text: str, tid: int = 2969) -> str:
        """A new post: the real post 19179 chunk refilled (template-derived)."""
        real = self.pages[2969]
        a = real.index("\t<!--Begin Msg Number 19179-->")
        b = real.index(_POST_END, a) + len(_POST_END)
        chunk = real[a:b]
        name = self._names()[member]
        chunk = (
            chunk.replace("19179", str(pid)).replace("Danila", name).replace("11371", str(member))
        )
        # a member sees an edit button on his own posts (IPB 1.3 CODE=08, like the quote one)
        chunk = chunk.replace("t=2969", f"t={tid}").replace(
            f"CODE=06&amp;f=6&amp;t={tid}&amp;p={pid}'>",
            f"CODE=08&amp;f=6&amp;t={tid}&amp;p={pid}'>Править</a> "
            f"<a href='http://hustle-sa.ru/forum/index.php?act=Post&amp;"
            f"CODE=06&amp;f=6&amp;t={tid}&amp;p={pid}'>",
        )
        return re.sub(
            rf"(<!-- THE POST {pid} -->\s*<div class='postcolor'>).*?(</div>)",
            lambda m: m.group(1) + text.replace("\n", "<br />") + m.group(2),
            chunk,
            count=1,
            flags=re.S,
        )

    def _derived_sent_folder(self, member: int) -> str:
        """The sent folder: the inbox template with its rows refilled from `sent_pms`
        (template-derived; sent message i has id 950 + i)."""
        page = (TEMPLATES / "ipb13_pm_inbox.template.html").read_text()
        head, _, rest = page.partition('  <tr class="dlight">')
        tail = rest[rest.rindex("</tr>") + len("</tr>") :]
        rows = []
        for i, form in enumerate(self.sent_pms, start=1):
            msid = 950 + i
            rows.append(
                '  <tr class="dlight"><td></td>'
                f"<td><a href='index.php?act=Msg&amp;CODE=03&amp;VID=sent&amp;MSID={msid}'>"
                f"{form.get('msg_title', '')}</a></td>"
                f"<td><a href='index.php?showuser=3'>{form.get('entered_name', '')}</a></td>"
                "<td>7.09.2014 - 01:17</td><td><input type='hidden' name='"
                f"{msid}' value='1' /></td></tr>"
            )
        return head.replace("Входящие", "Отправленные") + "".join(rows) + tail

    def _derived_sent_view(self, msid: int) -> str:
        """A sent message: the PM view template refilled (template-derived)."""
        form = self.sent_pms[msid - 951]
        page = (TEMPLATES / "ipb13_pm_view.template.html").read_text()
        page = page.replace("Ночь 1: ход", form.get("msg_title", "")).replace("901", str(msid))
        body = form.get("Post", "").replace("\n", "<br />")
        return re.sub(
            r"<td width='100%' valign='top' class='post1'>.*?</td>",
            f"<td width='100%' valign='top' class='post1'><span class='postcolor'>{body}"
            "</span></td>",
            page,
            count=1,
            flags=re.S,
        )

    def _send_pm(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._page(_derived_login_form())
        if form.get("auth_key") != _AUTH_KEY:
            self.violations.append("PM without the form's auth_key")
        names = [form.get("entered_name", "")] + [
            n for n in form.get("carbon_copy", "").split("\n") if n.strip()
        ]
        unknown = [n for n in names if n not in self.users and n != "Mr. Grin"]
        if unknown:
            return self._page(
                _derived_pm_compose(f"Такого пользователя не существует: {', '.join(unknown)}")
            )
        if self._flooded(member):
            return self._page(
                _derived_error(f"Пожалуйста, подождите {int(self.flood_interval)} секунд")
            )
        self._wrote(member)
        if self.max_subject is not None:
            form = {**form, "msg_title": form.get("msg_title", "")[: self.max_subject]}
        if "add_sent" in form:  # IPB 1.3 keeps a Sent copy only when asked (pm_send)
            self.sent_pms.append(form)
        else:
            self.unsaved_pms.append(form)
        return self._page(
            _derived_page(
                "Личные сообщения",
                "Ваше сообщение успешно отправлено",
                refresh="http://hustle-sa.ru/forum/index.php?act=Msg&amp;CODE=01",
            )
        )


# --- IPS 4.1 (rllmuk) ---------------------------------------------------------------------------

_CSRF = "1ddf8ce6ec7b6c3c2b32fc6f2ee74891"
_RLLMUK = "4x-5x/ic41_rllmuk_topic286745_mafia-signup_page12of12_loggedin.html"


def _derived_ips4_login(error: str = "") -> str:
    """IPS 4 standard sign-in form (fields from STRUCTURE.md; template-derived)."""
    err = f"<div class='ipsMessage ipsMessage_error'>{error}</div>" if error else ""
    return (
        "<!DOCTYPE html><html><head><title>Sign In - rllmuk</title>"
        f'<script>var ipsSettings = {{ csrfKey: "{_CSRF}", memberID: 0 }};</script></head>'
        f"<body class='ipsApp' data-pagecontroller='login'>{err}"
        f"<form accept-charset='utf-8' method='post' action='{IPS4_BASE}index.php?/login/'>"
        f"<input type='hidden' name='csrfKey' value='{_CSRF}'>"
        "<input type='hidden' name='login__standard_submitted' value='1'>"
        "<input type='email' name='auth' value=''><input type='password' name='password' value=''>"
        "<input type='hidden' name='remember_me' value='0'>"
        "<input type='checkbox' name='remember_me_checkbox' value='1' checked>"
        "<button type='submit' class='ipsButton'>Sign In</button></form></body></html>"
    )


def _derived_ips4_compose(error: str = "") -> str:
    """IPS 4 messenger compose form (field names from prior art; template-derived)."""
    err = f"<div class='ipsMessage ipsMessage_error'>{error}</div>" if error else ""
    return (
        "<!DOCTYPE html><html><head><title>Compose - rllmuk</title>"
        f'<script>var ipsSettings = {{ csrfKey: "{_CSRF}", memberID: 5212 }};</script></head>'
        f"<body class='ipsApp' data-pagecontroller='messenger'>{err}"
        f"<form accept-charset='utf-8' method='post' action='{IPS4_BASE}index.php?/messenger/"
        "compose/' enctype='multipart/form-data'>"
        f"<input type='hidden' name='csrfKey' value='{_CSRF}'>"
        "<input type='hidden' name='form_submitted' value='1'>"
        "<textarea name='messenger_to'></textarea><input type='text' name='messenger_title'>"
        "<textarea name='messenger_content' data-role='contentEditor'></textarea>"
        "<button type='submit' class='ipsButton'>Send</button></form></body></html>"
    )


@dataclass
class FakeIps4(_Base):
    """IPS 4.1 rllmuk board (real topic page and reply form; derived login/guest/errors)."""

    users: dict[str, tuple[int, str]] = field(
        default_factory=lambda: {"John0": (5212, "John-Pass-2026")}
    )
    page: str = ""
    comments: list[tuple[int, int, str]] = field(default_factory=list)  # (id, member, html)
    sent_pms: list[dict[str, str]] = field(default_factory=list)
    conversation_extra: list[str] = field(default_factory=list)
    next_comment: int = 11370000

    def __post_init__(self) -> None:
        self.page = (FIX / _RLLMUK).read_bytes().decode("utf-8-sig")

    def route(self, request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        member = self._member(request, "ips4_IPSSessionFront")
        if "/messenger/" in url:
            return self._messenger(request, member, url)
        if "/login/" in url:
            if request.method == "POST":
                return self._login(_form(request))
            return self._html(_derived_ips4_login())
        if "/topic/286745" in url and "do=editComment" in url:
            return self._edit(request, member, url)
        if "/topic/286745" in url:
            if request.method == "POST":
                return self._reply(member, _form(request))
            return self._topic(member)
        if "/topic/" in url:
            return httpx.Response(
                404,
                html="<html><body><div class='ipsMessage ipsMessage_error'>"
                "Sorry, we could not find that! (not found)</div></body></html>",
            )
        return self._topic(member)

    def _messenger(self, request: httpx.Request, member: int, url: str) -> httpx.Response:
        if not member:
            return self._html(_derived_ips4_login("You must sign in to use the messenger"))
        if "/compose/" in url:
            if request.method == "GET":
                return self._html(_derived_ips4_compose())
            form = _form(request)
            if form.get("csrfKey") != _CSRF:
                self.violations.append("PM without csrfKey")
            names = [n for n in form.get("messenger_to", "").split("\n") if n.strip()]
            unknown = [n for n in names if n not in self.users and n != "Headache"]
            if unknown:
                return self._html(_derived_ips4_compose(f"{unknown[0]} is not a valid member"))
            if self._flooded(member):
                return self._html(
                    _derived_ips4_compose(
                        f"Please wait {int(self.flood_interval)} seconds before sending again."
                    )
                )
            self._wrote(member)
            self.sent_pms.append(form)
            return httpx.Response(
                302, headers={"Location": f"{IPS4_BASE}index.php?/messenger/7002/"}
            )
        found = re.search(r"/messenger/(\d+)/", url)
        if found is None:
            return self._html((TEMPLATES / "ips4_messenger_list.template.html").read_text())
        if found.group(1) != "7001":
            return httpx.Response(
                404,
                html="<html><body><div class='ipsMessage ipsMessage_error'>Sorry, we could not "
                "find that conversation (not found)</div></body></html>",
            )
        page = (TEMPLATES / "ips4_messenger_conversation.template.html").read_text()
        if self.conversation_extra:
            page = page.replace(
                '</div>\n<div data-role="replyArea">',
                "".join(self.conversation_extra) + '</div>\n<div data-role="replyArea">',
                1,
            )
        return self._html(page)

    def add_conversation_reply(self, msg_id: int, author: str, author_id: int, text: str) -> None:
        """A new message in conversation 7001: a template article refilled (derived)."""
        self.conversation_extra.append(
            f'<a id="comment-{msg_id}"></a><article id="elComment_{msg_id}" class="cMessage '
            'ipsComment ipsBox"><aside class="ipsComment_author"><h3 class="ipsComment_author '
            f'ipsType_sectionHead"><a href="{IPS4_BASE}profile/{author_id}-x/">{author}</a>'
            '</h3></aside><div class="ipsComment_meta"><time datetime="2017-04-21T20:00:00Z">'
            'Friday</time></div><div data-role="commentContent" class="ipsType_normal">'
            f"<p>{text}</p></div></article>"
        )

    def _topic(self, member: int) -> httpx.Response:
        html = self.page
        if self.comments:
            cut = html.rindex("</article>") + len("</article>")
            html = html[:cut] + "".join(c for _, _, c in self.comments) + html[cut:]
        if not member:  # the guest view of the same page (derived)
            html = html.replace("memberID: 5212", "memberID: 0").replace(
                "memberID:5212", "memberID:0"
            )
        return self._html(html)

    def _edit(self, request: httpx.Request, member: int, url: str) -> httpx.Response:
        """IPS 4 comment edit: the comment form refilled (template-derived)."""
        found = re.search(r"comment=(\d+)", url)
        cid = int(found.group(1)) if found else 0
        own = next((c for c in self.comments if c[0] == cid), None)
        if not member or own is None or own[1] != member:
            return httpx.Response(
                403,
                html="<html><body><div class='ipsMessage ipsMessage_error'>You do not have "
                "permission to edit this post.</div></body></html>",
            )
        if request.method == "GET":
            action = (
                f"{IPS4_BASE}index.php?/topic/286745-mafiascum-sign-up/"
                f"&amp;do=editComment&amp;comment={cid}"
            )
            return self._html(
                "<!DOCTYPE html><html><head><title>Edit</title></head><body>"
                f"<form method='post' action='{action}' enctype='multipart/form-data'>"
                f"<input type='hidden' name='csrfKey' value='{_CSRF}'>"
                "<input type='hidden' name='form_submitted' value='1'>"
                "<textarea name='topic_comment_286745'></textarea></form></body></html>"
            )
        form = _form(request)
        if form.get("csrfKey") != _CSRF:
            self.violations.append("edit without csrfKey")
        i = self.comments.index(own)
        body = form.get("topic_comment_286745", "")
        self.comments[i] = (
            cid,
            member,
            re.sub(
                r"(<div data-role='commentContent'[^>]*>).*?(</div>\s*</div>)",
                lambda m: m.group(1) + body + m.group(2),
                own[2],
                count=1,
                flags=re.S,
            ),
        )
        return httpx.Response(
            302,
            headers={
                "Location": f"{IPS4_BASE}index.php?/topic/286745-mafiascum-sign-up/"
                f"&do=findComment&comment={cid}"
            },
        )

    def _login(self, form: dict[str, str]) -> httpx.Response:
        if form.get("csrfKey") != _CSRF:
            self.violations.append("login without csrfKey")
        if form.get("login__standard_submitted") != "1":
            self.violations.append("login without login__standard_submitted")
        user = self.users.get(form.get("auth", ""))
        if user is None or user[1] != form.get("password"):
            return self._html(
                _derived_ips4_login("The display name or password was incorrect. Please try again.")
            )
        sid = self._new_session(user[0], form.get("auth", ""))
        return httpx.Response(
            302,
            headers=[
                ("Location", f"{IPS4_BASE}index.php"),
                ("Set-Cookie", f"ips4_IPSSessionFront={sid}; path=/"),
                ("Set-Cookie", f"ips4_member_id={user[0]}; path=/"),
            ],
        )

    def _reply(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._html(_derived_ips4_login("You must sign in to reply"))
        for name in ("commentform_286745_submitted", "csrfKey", "_contentReply", "plupload"):
            if name not in form:
                self.violations.append(f"reply without {name}")
        if form.get("csrfKey") != _CSRF:
            return self._html(
                self.page.replace(
                    "</body>",
                    "<div class='ipsMessage ipsMessage_error'>Your session has expired (csrf)"
                    "</div></body>",
                    1,
                )
            )
        if self._flooded(member):
            html = self.page.replace(
                "</body>",
                "<div class='ipsMessage ipsMessage_error'>Please wait "
                f"{int(self.flood_interval)} seconds before posting again.</div></body>",
                1,
            )
            return self._html(html)
        self._wrote(member)
        cid = self.next_comment
        self.next_comment += 1
        body = form.get("topic_comment_286745", "")
        real = self.page
        a = real.index("<a id='comment-11363916'></a>")
        b = real.index("</article>", a) + len("</article>")
        chunk = real[a:b].replace("11363916", str(cid))
        chunk = re.sub(
            r"(<div data-role='commentContent'[^>]*>).*?(</div>\s*</div>)",
            lambda m: m.group(1) + body + m.group(2),
            chunk,
            count=1,
            flags=re.S,
        )
        self.comments.append((cid, member, chunk))
        return httpx.Response(
            302,
            headers={
                "Location": f"{IPS4_BASE}index.php?/topic/286745-mafiascum-sign-up/"
                f"&do=findComment&comment={cid}"
            },
        )


# --- IPB 3.x (template pages only) --------------------------------------------------------------

IPB3_BASE = "http://forum.example/"
_SECURE = "11112222333344445555666677778888"


def _derived_ipb3_login(error: str = "") -> str:
    """IPB 3.3 `skin_login.php` form (template-derived)."""
    err = f"<p class='message error'>{error}</p>" if error else ""
    return (
        "<!DOCTYPE html><html><head><title>Sign In</title><script type='text/javascript'>"
        f"ipb.vars['secure_hash'] = '{_SECURE}'; ipb.vars['member_id'] = parseInt( 0 );"
        f"</script></head><body id='ipboard_body'>{err}"
        f"<form action='{IPB3_BASE}index.php?app=core&amp;module=global&amp;section=login&amp;"
        "do=process' method='post' id='login'>"
        f"<input type='hidden' name='auth_key' value='{_SECURE}' />"
        f"<input type='hidden' name='referer' value='{IPB3_BASE}index.php' />"
        "<input type='text' id='ips_username' name='ips_username' />"
        "<input type='password' id='ips_password' name='ips_password' />"
        "<input type='checkbox' id='inline_remember' checked='checked' name='rememberMe' "
        "value='1' /><input type='checkbox' name='anonymous' value='1' />"
        "<input type='submit' class='input_submit' value='Sign In' /></form></body></html>"
    )


def _derived_ipb3_compose() -> str:
    """IPB 3.3 `skin_messaging.php` send form (template-derived)."""
    return (
        "<!DOCTYPE html><html><head><title>Compose</title><script type='text/javascript'>"
        f"ipb.vars['secure_hash'] = '{_SECURE}'; ipb.vars['member_id'] = parseInt( 42 );"
        "</script></head><body>"
        f"<form id='msgForm' method='post' action='{IPB3_BASE}index.php?app=members&amp;"
        "module=messaging&amp;section=send&amp;do=send'>"
        f"<input type='hidden' name='auth_key' value='{_SECURE}' />"
        "<input type='hidden' name='postKey' value='a1b2c3d4e5f60718293a4b5c6d7e8f90' />"
        "<input type='hidden' name='topicID' value='0' />"
        "<input type='text' name='entered_name' value='' /><input type='text' name='inviteUsers' "
        "value='' /><input type='text' name='msg_title' value='' />"
        "<textarea name='msgContent'></textarea>"
        "<input type='submit' name='dosubmit' value='Send' /></form></body></html>"
    )


@dataclass
class FakeIpb3(_Base):
    """IPB 3.3 board from tests/ipb_template_pages/ (all template-derived, see the README)."""

    users: dict[str, tuple[int, str]] = field(
        default_factory=lambda: {"Host": (42, "Host-Pass-2026"), "daveoreardon": (5559, "x")}
    )
    replies: list[dict[str, str]] = field(default_factory=list)
    sent_pms: list[dict[str, str]] = field(default_factory=list)

    def route(self, request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        q = {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
        member = self._member(request, "session_id")
        if q.get("section") == "login":
            if request.method == "POST":
                return self._login(_form(request))
            return self._html(_derived_ipb3_login())
        if request.method == "POST" and q.get("do") == "send":
            return self._send(member, _form(request))
        if request.method == "POST":
            return self._reply(member, _form(request))
        if q.get("do") == "showFolder":
            return self._guarded(member, (TEMPLATES / "ipb3_pm_folder.template.html").read_text())
        if q.get("do") == "showConversation":
            if q.get("topicID") != "5001":
                return self._html(
                    "<html><body><p class='message error'>That conversation could not be found"
                    " (not found)</p></body></html>"
                )
            page = (TEMPLATES / "ipb3_pm_conversation.template.html").read_text()
            return self._guarded(member, page)
        if q.get("section") == "send":
            return self._guarded(member, _derived_ipb3_compose())
        return self._guarded(member, (TEMPLATES / "ipb3_topic.template.html").read_text())

    def _guarded(self, member: int, html: str) -> httpx.Response:
        if not member:
            html = html.replace("parseInt( 42 )", "parseInt( 0 )")
        return self._html(html)

    def _login(self, form: dict[str, str]) -> httpx.Response:
        if form.get("auth_key") != _SECURE:
            self.violations.append("login without auth_key")
        user = self.users.get(form.get("ips_username", ""))
        if user is None or user[1] != form.get("ips_password"):
            return self._html(_derived_ipb3_login("Username or password incorrect."))
        sid = self._new_session(user[0], form.get("ips_username", ""))
        return httpx.Response(
            302,
            headers=[
                ("Location", f"{IPB3_BASE}index.php"),
                ("Set-Cookie", f"session_id={sid}; path=/"),
                ("Set-Cookie", f"member_id={user[0]}; path=/"),
            ],
        )

    def _reply(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._html(_derived_ipb3_login("You must be signed in"))
        if form.get("auth_key") != _SECURE or form.get("do") != "reply_post_do":
            self.violations.append(f"fast reply fields: {sorted(form)}")
        if self._flooded(member):
            return self._html(
                "<html><body><p class='message error'>Flood control is enabled: please wait "
                f"{int(self.flood_interval)} seconds</p></body></html>"
            )
        self._wrote(member)
        self.replies.append(form)
        pid = 3200 + len(self.replies)
        return httpx.Response(
            302, headers={"Location": f"{IPB3_BASE}index.php?showtopic=900&view=findpost&p={pid}"}
        )

    def _send(self, member: int, form: dict[str, str]) -> httpx.Response:
        if form.get("auth_key") != _SECURE:
            self.violations.append("PM without auth_key")
        if form.get("entered_name") not in self.users:
            return self._html(
                "<html><body><p class='message error'>We could not find a member named "
                f"{form.get('entered_name')}</p></body></html>"
            )
        self.sent_pms.append(form)
        return httpx.Response(
            302,
            headers={
                "Location": f"{IPB3_BASE}index.php?app=members&module=messaging&section=view"
                "&do=showConversation&topicID=5002"
            },
        )

"""A fake IPB 1.3 Final (ru) board built from the real board's own answers.

Every page this fake serves is a body the real board sent, recorded in
`fixtures/ipb13/http/` (see its README.md) or saved from the live board the project tests
against, with only the state of this fake spliced in where the real page shows state:

- topic pages are the host's real page 1 of topic 4 around post blocks cut from the four real
  pages; a new post is a real post block refilled (id, author, date, text); the page links are
  written the way IPB 1.3 writes them (bare numbers, `<b>[N]</b>`, «&laquo; Первая», «Последняя
  &raquo;», a window of two pages each side, as the four real pages show);
- the login form, the «Подождите...» answers, the reply and compose forms, the flood, box-full,
  unknown-user and not-found refusals, the PM folder and message pages are the recorded bodies;
  folder rows and message views are real rows and views refilled;
- what the real board does is what this fake does: answers carry `Date`, `Connection: close`,
  `Content-type: text/html` with **no charset** (the bytes are windows-1251); a post is answered
  302 `showtopic=T&st=S&#entryP`; a PM is stored in the recipient's box unless it holds `quota`
  letters; a Sent copy is kept only when `add_sent` is ticked, under «Отправлено: <subject>»
  in the folder list; deleting letters (`CODE=06`, `msgid_N=yes`, `delete`) answers 302 to the
  folder; the member bar of every page says «N новых писем»; flood control counts replies only.

The fake's clock is `FakeClock` (shared with the client); `board_skew` seconds are added to it
for everything the board stamps or says (`Date`), to play a board whose clock differs.
"""

from __future__ import annotations

import html as htmlmod
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, urlsplit

import httpx

from tests.fakeboard_base import FakeBoardBase, FakeClock

HTTP13 = Path(__file__).resolve().parent.parent / "fixtures" / "ipb13" / "http"
BASE = "http://127.0.0.1:8090/"
MSK = timezone(timedelta(hours=3))  # the board's time_offset 3: every member sees Moscow time

__all__ = ["BASE", "HTTP13", "FakeClock", "FakeIpb13", "Letter", "body", "exchange"]

_BLOCK = re.compile(r"\t<!--Begin Msg Number (\d+)-->")
_POST_END = "<div class='darkrow1' style='height:5px'><!-- --></div>"
_MEMBER_BAR = re.compile(
    r"<a href='http://127\.0\.0\.1:8090/index\.php\?showuser=\d+'>[^<]*</a></strong>"
)
_ROW = re.compile(r'  <tr class="dlight">.*?</tr>', re.S)


def exchange(flow: str, n: int) -> dict[str, object]:
    """One recorded request/response pair of `fixtures/ipb13/http/<flow>.json`."""
    pairs: list[dict[str, object]] = json.loads((HTTP13 / f"{flow}.json").read_text())
    return next(p for p in pairs if p["n"] == n)


def body(flow: str, n: int) -> str:
    """The recorded body of `fixtures/ipb13/http/<flow>/<n>.html`, as text (it is windows-1251)."""
    return (HTTP13 / flow / f"{n}.html").read_bytes().decode("cp1251")


def stamp(when: datetime) -> str:
    """A time as IPB 1.3 writes it in Moscow time: «4.12.2026 - 22:30»."""
    d = when.astimezone(MSK)
    return f"{d.day}.{d.month}.{d.year} - {d:%H:%M}"


@dataclass
class Letter:
    """A message in one member's folder (`in` or `sent`)."""

    id: int
    owner: int
    folder: str
    sender: int
    to: int
    subject: str
    text: str
    at: datetime
    read: bool = False


@dataclass
class FakeIpb13(FakeBoardBase):
    """The IPB 1.3 board of `fixtures/ipb13/http` (see the module docstring)."""

    members: dict[str, tuple[int, str]] = field(
        default_factory=lambda: {
            "Ведущий": (1, "HostPass-2026"),
            "Анна Каренина": (2, "Player-2026"),
            "Рома": (3, "Player-2026"),
            "Гена": (4, "Player-2026"),
            "Борис": (5, "Player-2026"),
            "Сержант Пеппер": (6, "Player-2026"),
            "Лиса_Алиса": (7, "Player-2026"),
            "Полный_Ящик": (8, "Player-2026"),
        }
    )
    admins: frozenset[int] = frozenset({1})  # g_avoid_flood: the host is never flood-limited
    flood_interval: float = 5.0
    per_page: int = 15
    quota: int = 50  # g_max_messages: letters a member's box holds (folders together)
    board_skew: float = 0.0  # the board's clock minus the fake clock, in seconds
    posts: dict[int, list[tuple[int, int, str, datetime]]] = field(default_factory=dict)
    letters: list[Letter] = field(default_factory=list)
    next_post_id: int = 81
    next_msg_id: int = 44
    login_epoch: int = 0  # bumped by `forget_logins`: every stored login stops working

    def __post_init__(self) -> None:
        # topic 4 as the four recorded pages hold it: the real post blocks, in order
        blocks: list[tuple[int, int, str, datetime]] = []
        for n in range(4):
            page = body("topic_pages", n)
            starts = [m.start() for m in _BLOCK.finditer(page)]
            end = page.rindex(_POST_END) + len(_POST_END)
            for a, b in zip(starts, [*starts[1:], end], strict=True):
                chunk = page[a:b]
                pid = int(_BLOCK.match(chunk).group(1))  # type: ignore[union-attr]
                blocks.append((pid, 0, chunk, datetime(2026, 12, 4, 19, 30, tzinfo=UTC)))
        self.posts[4] = blocks
        self._page1 = body("topic_pages", 0)
        self._guest1 = body("topic_guest", 0)  # the same page seen by a guest

    # -- plumbing ---------------------------------------------------------------------------

    def board_now(self) -> datetime:
        return datetime.fromtimestamp(self.clock() + self.board_skew, UTC)

    def _answer(
        self, status: int, text: str = "", headers: list[tuple[str, str]] | None = None
    ) -> httpx.Response:
        # as the real board answers: Date, Connection: close, text/html without a charset
        head = [
            ("Date", format_datetime(self.board_now().replace(microsecond=0), usegmt=True)),
            ("Connection", "close"),
            ("X-Powered-By", "PHP/8.2.36"),
            *(headers or []),
            ("Content-type", "text/html"),
        ]
        return httpx.Response(
            status, headers=head, content=text.encode("cp1251", "xmlcharrefreplace")
        )

    def _redirect(self, location: str) -> httpx.Response:
        return self._answer(302, "", [("Location", location)])

    def _member(self, request: httpx.Request) -> int:
        cookies = dict(
            part.strip().split("=", 1)
            for part in request.headers.get("cookie", "").split(";")
            if "=" in part
        )
        member = int(self.sessions.get(cookies.get("session_id", ""), 0))
        if member:
            return member
        # a lost session with good member cookies logs in silently (the recorded session_lost flow)
        mid = cookies.get("member_id", "0")
        hashed = cookies.get("pass_hash")
        if mid.isdigit() and int(mid) and hashed == _pass_hash(int(mid), self.login_epoch):
            return int(mid)
        return 0

    def _name(self, member: int) -> str:
        return next(n for n, (mid, _) in self.members.items() if mid == member)

    def _chrome(self, page: str, member: int) -> str:
        """The member bar of a recorded host page for `member`, with his new-letter count."""
        name = htmlmod.escape(self._name(member), quote=False)
        # the recorded pages were served to the host or to Рома: the bar names the member
        page = _MEMBER_BAR.sub(
            lambda _m: f"<a href='{BASE}index.php?showuser={member}'>{name}</a></strong>",
            page,
            count=1,
        )
        unread = sum(1 for m in self._box(member) if m.folder == "in" and not m.read)
        return re.sub(r">\d+ новых писем<", f">{unread} новых писем<", page, count=1)

    # -- routing ----------------------------------------------------------------------------

    def route(self, request: httpx.Request) -> httpx.Response:
        q = {k: v[0] for k, v in parse_qs(urlsplit(str(request.url)).query).items()}
        member = self._member(request)
        if request.method == "POST":
            form = dict(
                parse_qsl(
                    request.content.decode("ascii"), keep_blank_values=True, encoding="cp1251"
                )
            )
            return self._post(q, form, member)
        act = q.get("act", "")
        if act == "Login" and q.get("CODE") == "00":
            return self._answer(200, body("login_ok", 0))
        if act == "Msg":
            return self._messenger(q, member)
        if act == "Post" and q.get("CODE") == "02":
            if not member:
                return self._answer(200, body("topic_guest", 2))
            if self._flooded(member):
                return self._answer(200, body("reply_flood", 3))
            return self._answer(
                200,
                body("reply_ok", 0).replace(
                    "name='t' value='4'", f"name='t' value='{q.get('t', '4')}'"
                ),
            )
        if act == "ST" and q.get("view") == "getlastpost" and int(q.get("t", "0")) in self.posts:
            # the last page, as the recorded `view=getlastpost` answers: 302 to it
            topic = int(q["t"])
            posts = self.posts[topic]
            st = (len(posts) - 1) // self.per_page * self.per_page
            return self._redirect(f"{BASE}index.php?showtopic={topic}&st={st}&#entry{posts[-1][0]}")
        if "showtopic" in q:
            return self._topic(member, int(q["showtopic"]), int(q.get("st", "0") or 0))
        return self._answer(
            200, self._chrome(body("login_ok", 3), member) if member else body("login_ok", 5)
        )

    def _post(self, q: dict[str, str], form: dict[str, str], member: int) -> httpx.Response:
        act = form.get("act") or q.get("act", "")
        if q.get("act") == "Login" and q.get("CODE") == "01":
            return self._login(form)
        if q.get("act") == "Msg" and q.get("CODE") == "06":
            return self._delete(member, form, q)
        if act == "Post" and form.get("CODE") == "03":
            return self._reply(member, form)
        if act == "Msg" and form.get("CODE") == "04":
            return self._send(member, form)
        self.violations.append(f"unexpected POST {q} {sorted(form)}")
        return self._answer(200, body("not_found", 0))

    # -- login -------------------------------------------------------------------------------

    def _login(self, form: dict[str, str]) -> httpx.Response:
        for name in ("referer", "UserName", "PassWord", "CookieDate"):
            if name not in form:
                self.violations.append(f"login without {name}")
        user = self.members.get(form.get("UserName", ""))
        if user is None or user[1] != form.get("PassWord"):
            return self._answer(200, body("login_bad_password", 1))
        mid = user[0]
        sid = f"{len(self.sessions) + 1:032x}"
        self.sessions[sid] = mid
        page = body("login_ok", 1).replace("Рома", form["UserName"])
        return self._answer(
            200,
            page,
            [
                ("Set-Cookie", f"session_id={sid}; path=/"),
                ("Set-Cookie", f"member_id={mid}; Max-Age=31536000; path=/"),
                (
                    "Set-Cookie",
                    f"pass_hash={_pass_hash(mid, self.login_epoch)}; Max-Age=31536000; path=/",
                ),
            ],
        )

    # -- topics ------------------------------------------------------------------------------

    def forget_logins(self) -> None:
        """Every session and stored login of the board stops working (a password change,
        the board's session table emptied): the next page is a guest's."""
        self.sessions.clear()
        self.login_epoch += 1

    def add_post(self, member: int, text: str, topic: int = 4) -> int:
        """A member posts in a topic now (board time): a real post block refilled."""
        pid = self.next_post_id
        self.next_post_id += 1
        when = self.board_now()
        self.posts.setdefault(topic, []).append(
            (pid, member, _post_block(pid, self._name(member), member, text, when), when)
        )
        return pid

    def _topic(self, member: int, topic: int, st: int) -> httpx.Response:
        if topic not in self.posts:
            return self._answer(200, body("not_found", 0))
        posts = self.posts[topic]
        total = len(posts)
        if st >= total and total:
            return self._redirect(f"{BASE}index.php?act=ST&f=1&t={topic}&view=getlastpost")
        page = self._page1 if member else self._guest1
        starts = [m.start() for m in _BLOCK.finditer(page)]
        end = page.rindex(_POST_END) + len(_POST_END)
        shown = "".join(chunk for _pid, _m, chunk, _at in posts[st : st + self.per_page])
        out = page[: starts[0]] + shown + page[end:]
        out = _NAV.sub(lambda m: m.group(1) + _nav(topic, total, self.per_page, st), out)
        if st:
            out = out.replace('cur_st = parseInt("")', f'cur_st = parseInt("{st}")', 1)
            out = out.replace("name='st' value='' />", f"name='st' value='{st}' />", 1)
        out = out.replace("showtopic=4", f"showtopic={topic}").replace(
            "t=4&amp;", f"t={topic}&amp;"
        )
        return self._answer(200, self._chrome(out, member) if member else out)

    def _reply(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._answer(200, body("topic_guest", 2))
        if not form.get("auth_key"):
            return self._answer(200, body("reply_bad_auth_key", 2))
        if self._flooded(member):
            self.flood_refusals += 1
            return self._answer(200, body("reply_flood", 2))
        self._wrote(member)
        topic = int(form.get("t", "0") or 0)
        if topic not in self.posts:
            return self._answer(200, body("not_found", 3))
        pid = self.add_post(member, form.get("Post", ""), topic)
        st = (len(self.posts[topic]) - 1) // self.per_page * self.per_page
        return self._redirect(f"{BASE}index.php?showtopic={topic}&st={st}&#entry{pid}")

    def _flooded(self, member: int) -> bool:
        if member in self.admins:
            return False
        last = self.last_write.get(member)
        return last is not None and self.clock() - last < self.flood_interval

    # -- messenger --------------------------------------------------------------------------

    def _box(self, member: int) -> list[Letter]:
        return [m for m in self.letters if m.owner == member]

    def give_letter(self, sender: str, to: str, subject: str, text: str) -> int:
        """`sender` writes to `to` now (board time); the id, or 0 when the box was full."""
        return self._deliver(self.members[sender][0], self.members[to][0], subject, text, False)

    def _deliver(self, sender: int, to: int, subject: str, text: str, copy: bool) -> int:
        if len(self._box(to)) >= self.quota:
            return 0
        now = self.board_now()
        msg = Letter(self.next_msg_id, to, "in", sender, to, subject, text, now)
        self.letters.append(msg)
        self.next_msg_id += 1
        if copy:
            self.letters.append(
                Letter(self.next_msg_id, sender, "sent", sender, to, subject, text, now, True)
            )
            self.next_msg_id += 1
        return msg.id

    def _messenger(self, q: dict[str, str], member: int) -> httpx.Response:
        if not member:
            return self._answer(200, body("topic_guest", 3))
        code = q.get("CODE", "01")
        if code == "04":
            return self._answer(200, self._chrome(body("pm_send", 0), member))
        if code == "03":
            msid = int(q.get("MSID", "0") or 0)
            msg = next((m for m in self._box(member) if m.id == msid), None)
            if msg is None:
                return self._answer(200, self._chrome(body("pm_read", 4), member))
            msg.read = True
            return self._answer(200, self._chrome(self._view(msg), member))
        return self._answer(200, self._chrome(self._folder(member, q.get("VID", "in")), member))

    def _folder(self, member: int, vid: str) -> str:
        page = body("pm_read", 1) if vid != "sent" else body("pm_send", 7)
        rows = list(_ROW.finditer(page))
        real = rows[0].group(0) if rows else _ROW.search(body("pm_read", 1)).group(0)  # type: ignore[union-attr]
        mine = sorted((m for m in self._box(member) if m.folder == vid), key=lambda m: -m.id)
        out = []
        for m in mine:
            other = m.sender if vid == "in" else m.to
            title = m.subject if vid == "in" else f"Отправлено:  {m.subject}"
            row = re.sub(r"MSID=\d+'>[^<]*<", f"MSID={m.id}'>{htmlmod.escape(title)}<", real)
            row = re.sub(r"showuser=\d+'>[^<]*<", f"showuser={other}'>{self._name(other)}<", row)
            row = re.sub(r"MID=\d+'", f"MID={other}'", row)
            row = re.sub(r"<td>\d+\.\d+\.\d+ - \d+:\d+</td>", f"<td>{stamp(m.at)}</td>", row)
            row = re.sub(r"name='\d+' value='0'", f"name='{m.id}' value='0'", row)
            row = re.sub(r"name='msgid_\d+'", f"name='msgid_{m.id}'", row)
            if m.read:
                row = row.replace(
                    "f_norm.gif' border='0'  alt='Непрочитанные письма'",
                    "f_norm_no.gif' border='0'  alt='Прочитанные письма'",
                )
            out.append(row)
        if rows:
            page = page[: rows[0].start()] + "".join(out) + page[rows[-1].end() :]
        total = len(self._box(member))
        return re.sub(r"У Вас \d+ писем из \d+", f"У Вас {total} писем из {self.quota}", page)

    def _view(self, msg: Letter) -> str:
        page = body("pm_read", 2)
        subject = htmlmod.escape(msg.subject)
        page = page.replace(
            '<div class="pformstrip">Проверка чтения</div>',
            f'<div class="pformstrip">{subject}</div>',
            1,
        )
        page = page.replace(
            "<b>Проверка чтения</b>, 4.12.2026 - 19:31", f"<b>{subject}</b>, {stamp(msg.at)}", 1
        )
        page = page.replace("MSID=40", f"MSID={msg.id}").replace("VID=in", f"VID={msg.folder}")
        page = page.replace(
            '<a href="http://127.0.0.1:8090/index.php?showuser=1">Ведущий</a></span>',
            f'<a href="http://127.0.0.1:8090/index.php?showuser={msg.sender}">{self._name(msg.sender)}</a></span>',
            1,
        )
        text = htmlmod.escape(msg.text).replace("\n", "<br />")
        return page.replace(
            "<span class='postcolor'> Непрочитанное письмо для записи. </span>",
            f"<span class='postcolor'> {_bbcode(text)} </span>",
            1,
        )

    def _send(self, member: int, form: dict[str, str]) -> httpx.Response:
        if not member:
            return self._answer(200, body("topic_guest", 3))
        for name in ("MODE", "OID", "entered_name", "msg_title", "Post"):
            if name not in form:
                self.violations.append(f"PM form without {name}")
        to = self.members.get(form.get("entered_name", "").strip())
        if to is None:
            return self._answer(200, self._chrome(body("pm_send_unknown_user", 1), member))
        if len(self._box(to[0])) >= self.quota:
            return self._answer(200, body("pm_inbox_full", 1))
        copy = "add_sent" in form
        self._deliver(member, to[0], form.get("msg_title", ""), form.get("Post", ""), copy)
        page = (
            body("pm_send", 1)
            .replace("'Ход ночью'", f"'{htmlmod.escape(form.get('msg_title', ''))}'")
            .replace("для Ведущий", f"для {form['entered_name']}")
        )
        return self._answer(200, page)

    def _delete(self, member: int, form: dict[str, str], q: dict[str, str]) -> httpx.Response:
        if "delete" not in form:
            self.violations.append("CODE=06 without the delete button")
        ids = {int(k[6:]) for k, v in form.items() if k.startswith("msgid_") and v == "yes"}
        self.letters = [m for m in self.letters if not (m.owner == member and m.id in ids)]
        return self._redirect(f"{BASE}index.php?act=Msg&CODE=01&VID={form.get('VID', 'in')}")


def _pass_hash(member: int, epoch: int = 0) -> str:
    return f"{epoch:08x}{member:024x}"


def _bbcode(text: str) -> str:
    """The few tags the bot writes, as IPB 1.3 renders them (sizes: N+7 pt, capped at 30)."""

    def size(m: re.Match[str]) -> str:
        pt = min(int(m.group(1)) + 7, 30)
        return f"<span style='font-size:{pt}pt;line-height:100%'>{m.group(2)}</span>"

    text = re.sub(r"\[size=(\d+)\](.*?)\[/size\]", size, text, flags=re.S)
    text = re.sub(
        r"\[color=(\w+)\](.*?)\[/color\]", r"<span style='color:\1'>\2</span>", text, flags=re.S
    )
    return re.sub(r"\[(/?)(b|i|s)\]", r"<\1\2>", text)


def _post_block(pid: int, name: str, member: int, text: str, when: datetime) -> str:
    """A real post block of topic 4 (post 69, «Гена») refilled."""
    page = body("topic_pages", 3)
    a = page.index("\t<!--Begin Msg Number 69-->")
    b = page.index(_POST_END, a) + len(_POST_END)
    chunk = page[a:b].replace("69", str(pid))
    chunk = chunk.replace("ins('Гена')\">Гена</a>", f"ins('{name}')\">{name}</a>")
    chunk = re.sub(r"showuser=4\b", f"showuser={member}", chunk)
    chunk = re.sub(r"MID=4'", f"MID={member}'", chunk)
    chunk = chunk.replace("4.12.2026 - 22:30", stamp(when), 1)
    rendered = _bbcode(htmlmod.escape(text).replace("\n", "<br />"))
    return re.sub(
        rf"(<!-- THE POST {pid} -->\s*<div class='postcolor'>).*?(</div>)",
        lambda m: m.group(1) + " " + rendered + "  " + m.group(2),
        chunk,
        count=1,
        flags=re.S,
    )


_NAV = re.compile(
    r"(multi_page_jump\('[^']*',)\d+,\d+\);\">Страницы:</a> \(\d+\)&nbsp;.*?(?=&nbsp;\( <a)"
)


def _nav(topic: int, total: int, per: int, st: int) -> str:
    """«Страницы:» as IPB 1.3 writes it (the four recorded pages show the pattern)."""
    pages = max(1, -(-total // per))
    cur = st // per + 1
    url = f"http://127.0.0.1:8090/index.php?showtopic={topic}"
    parts = []
    if cur - 2 > 1:
        parts.append(f"<a href='{url}&amp;st=0' title='Страница: 1'>&laquo; Первая</a>&nbsp;...")
    for n in range(max(1, cur - 2), min(pages, cur + 2) + 1):
        parts.append(
            f"<b>[{n}]</b>" if n == cur else f"<a href='{url}&amp;st={(n - 1) * per}'>{n}</a>"
        )
    tail = ""
    if cur + 2 < pages:
        last = f"<a href='{url}&amp;st={(pages - 1) * per}' title='Страница: {pages}'>"
        tail = f"&nbsp;...&nbsp;{last}Последняя &raquo;</a>"
    links = "&nbsp;".join(parts) + (tail or "&nbsp;")
    return f'{total},{per});">Страницы:</a> ({pages})&nbsp;{links}'

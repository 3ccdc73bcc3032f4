"""A fake phpBB 3.3 board on `httpx.MockTransport`, built from the real recorded exchanges.

Every page it serves is a real page from `fixtures/phpbb/` (the recorded flows in
`fixtures/phpbb/http/` and the saved pages), with only the values phpBB itself varies per
request substituted: `sid`, `creation_time`, `form_token`, `topic_cur_post_id`, the meta-refresh
message id. Pages the recording could not contain (a topic page holding posts made during a
test, a PM folder listing messages sent during a test, the view of such a message) are
TEMPLATE-DERIVED: a real page from the same flow with its post/row/message block cloned and
refilled. Functions building those are named `_derived_*`.

It checks submitted forms the way phpBB does — token present, valid for this user and form,
not from the same second and not older than 7200 s; the fields a browser would send, in the
recorded order; one flood timer for posts and PMs; `topic_cur_post_id` post review — and
answers with the recorded refusal pages. `violations` collects anything a real browser would
not have sent (tests assert it stays empty).

Recording, faults (`fail_next`), `drop_sessions()`, the flood timer (with `flood_exempt` for
an account with `u_ignoreflood`) and `FakeClock` come from `tests.fakeboard_base`.
"""

from __future__ import annotations

import hashlib
import html as htmlmod
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP as HTTP_POLICY
from pathlib import Path
from urllib.parse import parse_qsl

import httpx

from tests.fakeboard_base import FakeBoardBase, FakeClock, Fault

__all__ = ["BASE", "NAMES", "USERS", "FakeClock", "FakePhpbb", "page"]

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "phpbb"
HTTP = FIX / "http"
BASE = "http://127.0.0.1:8080/"
_EXPIRES = "Tue, 30-Nov-2027 06:22:05 GMT"

USERS: dict[str, tuple[int, str | None]] = {
    "Ведущий": (2, "HostPass-2026"),
    "Тестовый Игрок": (76, "Tester-Pass-2026"),
    "Сосед": (77, "Sosed-Pass-2026"),
    "Анна Каренина": (58, None),
    "Мaкс": (59, None),
    "Mister X": (60, None),
    "Шерлок": (61, None),
    "Dr.Watson": (62, None),
    "Лиса_Алиса": (63, None),
    "Вася2005": (64, None),
    "Кот": (66, None),
    "Марго": (68, None),
    "Tanya-77": (69, None),
}
NAMES = {uid: name for name, (uid, _) in USERS.items()}

# inbox message id -> saved view page (MANIFEST.md)
PM_VIEWS = {15: 1, 16: 2, 17: 3, 18: 4, 20: 5, 22: 6, 25: 7, 26: 8, 28: 9, 29: 10}
UNREAD_AT_START = {25, 26, 27, 28, 29}


def page(rel: str) -> str:
    return (FIX / rel).read_text(encoding="utf-8")


def recorded_form(flow: str, n: int) -> list[str]:
    """Field names, in order, of a recorded browser submit."""
    data = json.loads((HTTP / f"{flow}.json").read_text(encoding="utf-8"))
    return [k for k, _ in data[n]["request"]["form"]]


REPLY_FIELDS = recorded_form("reply_ok", 4)
EDIT_FIELDS = recorded_form("edit_own_post", 4)
LOGIN_FIELDS = recorded_form("login_ok", 1)
PM_ADD_FIELDS = recorded_form("pm_send", 4)
PM_POST_FIELDS = recorded_form("pm_send", 5)
# DERIVED: no new-topic submit was recorded; phpBB's posting form for mode=post is the reply
# form without the post-review field (topic_cur_post_id exists only for replies).
NEW_TOPIC_FIELDS = [n for n in REPLY_FIELDS if n != "topic_cur_post_id"]


@dataclass
class FakePost:
    id: int
    uid: int
    fragment: str  # the post's HTML block (real, or derived for posts made in a test)
    source: str = ""  # BBCode, for the edit form


@dataclass
class FakePM:
    id: int
    sender: int
    to: tuple[int, ...]
    subject: str
    message: str


@dataclass
class Session:
    sid: str
    uid: int
    ua: str
    last_seen: float


@dataclass
class FakePhpbb(FakeBoardBase):
    prefix: str = "phpbb3_mcta8_"
    per_page: int = 10
    flood_interval: float = 15
    max_chars: int = 60000
    max_subject: int = 120  # the compose form's subject maxlength; longer ones are cut
    pm_per_page: int = 0  # >0: the inbox is listed in pages of this many rows (derived)
    locked: bool = False
    moderated: bool = False  # new posts wait for approval
    legacy_success: bool = False  # answer a post like phpBB 3.0 (info page, meta refresh)
    # a PM flood refusal returns the form addressed to these user ids instead of the ones
    # submitted (a board or proxy that mixes up forms); None: as phpBB does
    flood_form_to: tuple[int, ...] | None = None
    queued: list[str] = field(default_factory=list)
    posts: list[FakePost] = field(default_factory=list)
    autologin: dict[str, int] = field(default_factory=dict)
    read_pms: set[int] = field(default_factory=set)
    sent_pms: list[FakePM] = field(default_factory=list)
    accepted_posts: list[int] = field(default_factory=list)
    # (path suffix, callback) run once after the board answered a matching GET
    after_get: list[tuple[str, Callable[[], object]]] = field(default_factory=list)
    # topics opened during a test: topic id -> (forum id, subject, posts)
    new_topics: dict[int, tuple[int, str, list[FakePost]]] = field(default_factory=dict)
    # attachments (phpBB 3.3 posting.php): the account may attach (False: the form has no
    # upload field, as for a group without `u_attach`), files up to this many bytes
    attach_allowed: bool = True
    max_filesize: int = 256 * 1024
    # the web server's own limit on a request (PHP's post_max_size): a bigger upload reaches
    # phpBB with every field dropped, and phpBB answers «the submitted form was invalid» —
    # the same page each try, the file never listed (None: no such limit)
    post_max_size: int | None = None
    # attach id -> (uploader, file name, bytes, post id once a post claimed it)
    files: dict[int, tuple[int, str, bytes, int | None]] = field(default_factory=dict)
    uploads: int = 0  # upload submits the board took
    _counter: int = 0
    _uploaded: list[tuple[str, str, bytes]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.posts:
            for k in range(1, 9):
                for pid, frag in _split_posts(page(f"topic_p{k}.html")):
                    self.posts.append(FakePost(pid, _author_uid(frag), frag))

    # -- helpers for tests ------------------------------------------------------------------

    def count(self, path: str | None = None, method: str | None = None) -> int:
        return sum(
            1
            for r in self.requests
            if (path is None or r.url.path.endswith(path))
            and (method is None or r.method == method)
        )

    def reset_counts(self) -> None:
        self.requests.clear()

    def last_post_id(self) -> int:
        return self.posts[-1].id

    def _token(self, created: int, uid: int, form: str, sid: str = "") -> str:
        salt = f"salt-{uid}" + (sid if uid == 1 else "")
        return hashlib.sha1(f"{created}{salt}{form}".encode()).hexdigest()

    # -- HTTP ---------------------------------------------------------------------------------

    def _fault_matches(self, fault: Fault, request: httpx.Request) -> bool:
        return fault.path is not None and request.url.path.endswith(fault.path)

    def _truncated(self) -> httpx.Response:
        body = page("topic_p8.html")
        return self._html(body[: len(body) // 2])

    def route(self, request: httpx.Request) -> httpx.Response:
        self._set_cookies: list[tuple[str, str]] = []
        sess = self._session(request)
        q = dict(parse_qsl(request.url.query.decode()))
        self._uploaded = []
        ctype = request.headers.get("content-type", "")
        if request.method == "POST" and ctype.startswith("multipart/form-data"):
            form, self._uploaded = _multipart(ctype, request.content)
        else:
            form = (
                parse_qsl(request.content.decode(), keep_blank_values=True)
                if request.method == "POST"
                else []
            )
        path = request.url.path.lstrip("/")
        resp = self._route(request.method, path, q, form, sess)
        if sess.uid != 1 and resp.status_code == 200 and _MEMBER_MENU.encode() in resp.content:
            # a recorded page names whoever recorded it in its header; phpBB names the member
            # the page is served to
            body = derived_member_bar(resp.content.decode("utf-8"), sess.uid)
            # and its header's inbox badge counts the letters unread now
            body = derived_pm_badge(body, self._unread_pms())
            resp = httpx.Response(200, headers=resp.headers, content=body.encode("utf-8"))
        if request.method == "GET":
            for hook in [h for h in self.after_get if request.url.path.endswith(h[0])]:
                self.after_get.remove(hook)
                hook[1]()
        if self._set_cookies:
            headers = list(resp.headers.multi_items()) + [
                (
                    "Set-Cookie",
                    f"{self.prefix}{n}={v}; expires={_EXPIRES}; path=/; HttpOnly",
                )
                for n, v in self._set_cookies
            ]
            resp = httpx.Response(resp.status_code, headers=headers, content=resp.content)
        return resp

    def _session(self, request: httpx.Request) -> Session:
        cookies = {}
        for part in request.headers.get("cookie", "").split(";"):
            if "=" in part:
                k, v = part.strip().split("=", 1)
                cookies[k] = v
        ua = request.headers.get("user-agent", "")
        sid = cookies.get(self.prefix + "sid") or dict(parse_qsl(request.url.query.decode())).get(
            "sid", ""
        )
        sess: Session | None = self.sessions.get(sid)
        now = self.clock()
        if sess is not None and sess.ua == ua and now - sess.last_seen <= 3600:
            sess.last_seen = now
            return sess
        key = cookies.get(self.prefix + "k", "")
        uid = self.autologin.pop(key, None) if key else None
        if uid is not None:  # silent re-login from the autologin key; the key rotates
            return self._new_session(uid, ua, autologin=True)
        return self._new_session(1, ua)

    def _new_session(self, uid: int, ua: str, autologin: bool = False) -> Session:
        self._counter += 1
        sid = hashlib.md5(f"sid{self._counter}{uid}".encode()).hexdigest()
        sess = Session(sid, uid, ua, self.clock())
        self.sessions[sid] = sess
        key = ""
        if autologin:
            key = hashlib.md5(f"k{self._counter}".encode()).hexdigest()[:16]
            self.autologin[key] = uid
        self._set_cookies = [("u", str(uid)), ("k", key), ("sid", sid)]
        return sess

    # -- routing ------------------------------------------------------------------------------

    def _route(
        self, method: str, path: str, q: dict[str, str], form: list[tuple[str, str]], sess: Session
    ) -> httpx.Response:
        if path == "ucp.php" and q.get("mode") == "login":
            return self._login(method, form, sess) if method == "POST" else self._login_page(sess)
        if path == "index.php":
            return self._html(
                page("http/login_ok/3.html") if sess.uid != 1 else page("index_anon.html")
            )
        if path == "viewtopic.php":
            return self._viewtopic(q, sess)
        if sess.uid == 1 and path in ("posting.php", "ucp.php"):
            return self._html(self._with_tokens(page("http/session_expired/5.html"), sess, "login"))
        if path == "posting.php" and q.get("mode") == "reply":
            return self._reply(method, q, form, sess)
        if path == "posting.php" and q.get("mode") == "post":
            return self._new_topic(method, q, form, sess)
        if path == "viewforum.php":
            return self._viewforum(q, sess)
        if path == "posting.php" and q.get("mode") == "edit":
            return self._edit(method, q, form, sess)
        if path == "ucp.php" and q.get("i") == "pm":
            if q.get("mode") == "compose":
                return self._compose(method, form, sess)
            if q.get("mode") == "view":
                return self._view_pm(q, sess)
            start = int(q.get("start", "0") or 0)
            if self.pm_per_page:
                return self._folder(q.get("folder", "inbox"), start)
            # one-argument call kept for subclasses that override _folder(folder)
            return self._folder(q.get("folder", "inbox"))
        return self._html(page("http/not_found/6.html"), 404)

    def _html(
        self, body: str, status: int = 200, headers: dict[str, str] | None = None
    ) -> httpx.Response:
        h = {
            "Content-type": "text/html; charset=UTF-8",
            "Cache-Control": 'private, no-cache="set-cookie"',
        }
        h.update(headers or {})
        return httpx.Response(status, content=body.encode("utf-8"), headers=h)

    def _redirect(self, location: str) -> httpx.Response:
        return httpx.Response(
            302, headers={"Content-type": "text/html; charset=UTF-8", "Location": location}
        )

    def _with_tokens(self, body: str, sess: Session, form_name: str) -> str:
        created = int(self.clock())
        body = re.sub(
            r'name="creation_time" value="\d+"', f'name="creation_time" value="{created}"', body
        )
        token = self._token(created, sess.uid, form_name, sess.sid)
        body = re.sub(
            r'name="form_token" value="[0-9a-f]+"', f'name="form_token" value="{token}"', body
        )
        body = re.sub(r"sid=[0-9a-f]{32}", f"sid={sess.sid}", body)
        return re.sub(r'name="sid" value="[0-9a-f]{32}"', f'name="sid" value="{sess.sid}"', body)

    def _check_token(self, form: list[tuple[str, str]], sess: Session, form_name: str) -> bool:
        data = dict(form)
        try:
            created = int(data["creation_time"])
        except (KeyError, ValueError):
            self.violations.append(f"{form_name}: creation_time missing")
            return False
        if data.get("form_token") != self._token(created, sess.uid, form_name, sess.sid):
            self.violations.append(f"{form_name}: form_token missing or not this user's")
            return False
        age = int(self.clock()) - created
        return 1 <= age <= 7200

    def _check_fields(self, form: list[tuple[str, str]], expected: list[str], what: str) -> None:
        names = [k for k, _ in form]
        if names != expected:
            self.violations.append(f"{what}: fields {names} != browser's {expected}")

    # -- login --------------------------------------------------------------------------------

    def _login_page(self, sess: Session) -> httpx.Response:
        return self._html(self._with_tokens(page("http/login_ok/0.html"), sess, "login"))

    def _login(self, method: str, form: list[tuple[str, str]], sess: Session) -> httpx.Response:
        data = dict(form)
        expected = [n for n in LOGIN_FIELDS if n != "autologin" or "autologin" in data]
        self._check_fields(form, expected, "login")
        if [v for k, v in form if k == "redirect"] == []:
            self.violations.append("login: redirect fields missing")
        if not self._check_token(form, sess, "login"):
            return self._html(self._with_tokens(_derived_login_error(FORM_INVALID), sess, "login"))
        user = USERS.get(data.get("username", ""))
        if user is None:
            return self._html(
                self._with_tokens(page("http/login_unknown_user/1.html"), sess, "login")
            )
        if user[1] is None or user[1] != data.get("password"):
            return self._html(
                self._with_tokens(page("http/login_bad_password/1.html"), sess, "login")
            )
        new = self._new_session(user[0], sess.ua, autologin=data.get("autologin") == "on")
        return self._redirect(f"{BASE}index.php?sid={new.sid}")

    # -- topics ---------------------------------------------------------------------------------

    def _viewtopic(self, q: dict[str, str], sess: Session) -> httpx.Response:
        for tid, (_f, _s, posts) in self.new_topics.items():
            if q.get("t") == str(tid) or any(str(p.id) == q.get("p") for p in posts):
                return self._html(_derived_new_topic_page(tid, posts))
        if "p" in q:
            idx = next((i for i, p in enumerate(self.posts) if p.id == int(q["p"])), None)
            if idx is None:
                return self._html(page("http/not_found/4.html"), 404)
            start = idx // self.per_page * self.per_page
        elif q.get("t") == "4":
            start = int(q.get("start", "0"))
        else:
            return self._html(page("http/not_found/3.html"), 404)
        total = max(1, -(-len(self.posts) // self.per_page))
        start = min(start, (total - 1) * self.per_page)  # phpBB clamps start
        k = start // self.per_page + 1
        chunk = self.posts[start : start + self.per_page]
        if sess.uid == 1:
            return self._html(page("topic_anon_p8.html" if k > 1 else "topic_anon_p1.html"))
        real = [p.id for p in chunk] == _real_ids(k) and len(self.posts) == 72
        if real:
            return self._html(page(f"topic_p{k}.html"))
        return self._html(_derived_topic_page(chunk, k, total, len(self.posts), self.per_page))

    # -- posting ----------------------------------------------------------------------------------

    def _reply_form_page(
        self, body: str, sess: Session, sent: list[tuple[str, str]] | None = None
    ) -> str:
        """A posting form with fresh tokens; like phpBB, a form returned after a submit
        still lists the files attached so far (`sent`'s attachment fields)."""
        body = re.sub(
            r'name="topic_cur_post_id" value="\d+"',
            f'name="topic_cur_post_id" value="{self.last_post_id()}"',
            body,
        )
        if not self.attach_allowed:
            body = _without_upload(body)
        elif sent:
            rows = {int(m.group(1)): v for k, v in sent if (m := _ATTACH_ID.fullmatch(k))}
            for i in sorted(rows):
                aid = int(rows[i]) if rows[i].isdigit() else 0
                if aid in self.files:
                    body = _derived_attached(body, i, aid, self.files[aid][1])
        return self._with_tokens(body, sess, "posting")

    def _attached(self, form: list[tuple[str, str]], sess: Session) -> list[int]:
        """The attach ids a post submit claims, checked the way phpBB's message parser
        checks `attachment_data`: the uploader's own orphans, named as uploaded; the
        fields are taken out of `form` (they follow the recorded ones)."""
        fields = [(k, v) for k, v in form if k.startswith(("attachment_data[", "comment_list["))]
        for f in fields:
            form.remove(f)
        data = dict(fields)
        out = []
        for k, v in fields:
            m = _ATTACH_ID.fullmatch(k)
            if m is None:
                continue
            i = m.group(1)
            aid = int(v) if v.isdigit() else -1
            got = self.files.get(aid)
            if got is None or got[0] != sess.uid or got[3] is not None:
                self.violations.append(f"reply: attachment {v} is not this user's orphan")
                continue
            if data.get(f"attachment_data[{i}][is_orphan]") != "1":
                self.violations.append(f"reply: attachment {v} sent without is_orphan")
            if data.get(f"attachment_data[{i}][real_filename]") != got[1]:
                self.violations.append(f"reply: attachment {v} sent under another name")
            out.append(aid)
        return out

    def _add_file(self, form: list[tuple[str, str]], sess: Session) -> httpx.Response:
        """«Добавить файл»: the whole form with the file in `fileupload`; the board answers
        with the form listing the file (or an error box), never with a post."""
        big = [d for n, _f, d in self._uploaded if n == "fileupload"]
        if self.post_max_size is not None and big and len(big[0]) > self.post_max_size:
            body = page("http/reply_form_token_too_fast/4.html")
            return self._html(self._reply_form_page(body, sess, []))
        self._attached(form, sess)  # files already listed stay listed (validated)
        names = [k for k, _ in form]
        # the «Добавить файл» button sits in the attach panel, just before the file comment
        expected = [n for n in REPLY_FIELDS if n != "post"]
        expected.insert(expected.index("filecomment"), "add_file")
        if names != expected:
            self.violations.append(f"add_file: fields {names} != browser's {expected}")
        if not self.attach_allowed:
            self.violations.append("add_file: the form offered no upload field")
        if not self._check_token(form, sess, "posting"):
            body = page("http/reply_form_token_too_fast/4.html")
            return self._html(self._reply_form_page(body, sess, form))
        uploads = [(n, fname, data) for n, fname, data in self._uploaded if n == "fileupload"]
        if len(uploads) != 1 or not uploads[0][1]:
            self.violations.append("add_file: no file in fileupload")
            return self._html(self._reply_form_page(page("http/reply_ok/3.html"), sess, form))
        _n, fname, data = uploads[0]
        if len(data) > self.max_filesize:
            error = (
                f"Файл слишком большой, максимально допустимый размер "
                f"{self.max_filesize // 1024} КБ."
            )
            body = _with_error(page("http/reply_flood/4.html"), error)
            return self._html(self._reply_form_page(body, sess, form))
        aid = max(self.files, default=0) + 1
        self.files[aid] = (sess.uid, fname, data, None)
        self.uploads += 1
        # the newest file is listed first, as index 0 (phpBB unshifts attachment_data)
        rows = {int(m.group(1)): v for k, v in form if (m := _ATTACH_ID.fullmatch(k))}
        shifted = [("attachment_data[0][attach_id]", str(aid))] + [
            (f"attachment_data[{i + 1}][attach_id]", v) for i, v in sorted(rows.items())
        ]
        return self._html(self._reply_form_page(page("http/reply_ok/3.html"), sess, shifted))

    def attachments_of(self, pid: int) -> list[tuple[str, bytes]]:
        return [(name, data) for _u, name, data, p in self.files.values() if p == pid]

    def orphans(self) -> list[int]:
        return [aid for aid, f in self.files.items() if f[3] is None]

    def _reply(
        self, method: str, q: dict[str, str], form: list[tuple[str, str]], sess: Session
    ) -> httpx.Response:
        if q.get("t") != "4":
            return self._html(page("http/not_found/7.html"), 404)
        if method == "GET":
            return self._html(self._reply_form_page(page("http/reply_ok/3.html"), sess))
        if "add_file" in dict(form):
            return self._add_file(form, sess)
        sent = list(form)  # with the attachment fields, which a returned form keeps
        attached = self._attached(form, sess)
        self._check_fields(form, REPLY_FIELDS, "reply")
        data = dict(form)
        if not self._check_token(form, sess, "posting"):
            return self._html(
                self._reply_form_page(page("http/reply_form_token_too_fast/4.html"), sess, sent)
            )
        if self.locked:
            return self._html(
                _derived_info(
                    page("http/not_found/7.html"),
                    "Эта тема закрыта, вы не можете редактировать сообщения или оставлять ответы.",
                )
            )
        message = data.get("message", "")
        if len(message) > self.max_chars:
            body = (
                page("http/reply_too_long/4.html")
                .replace("60001", str(len(message)))
                .replace("60000", str(self.max_chars))
            )
            return self._html(self._reply_form_page(body, sess, sent))
        if self._flooded(sess.uid):
            return self._html(self._reply_form_page(page("http/reply_flood/4.html"), sess, sent))
        if data.get("topic_cur_post_id") != str(self.last_post_id()):
            body = page("http/reply_post_review/10.html")
            return self._html(self._reply_form_page(body, sess, sent))
        if self.moderated:
            self._wrote(sess.uid)
            self.queued.append(message)
            body = page("http/pm_send/5.html")  # an info page with a 3 s meta refresh
            return self._html(_derived_info(body, QUEUED_TEXT))
        pid = max(p.id for p in self.posts) + 1
        self.posts.append(FakePost(pid, sess.uid, _derived_post(pid, sess.uid, message), message))
        self._wrote(sess.uid)
        self.accepted_posts.append(pid)
        for aid in attached:  # the post claims the uploaded files: no longer orphans
            uid, name, data_, _none = self.files[aid]
            self.files[aid] = (uid, name, data_, pid)
        if self.legacy_success:  # phpBB 3.0: an info page that refreshes to the new post
            body = page("http/pm_send/5.html").replace(
                "ucp.php?i=pm&amp;mode=view&amp;p=31", f"viewtopic.php?p={pid}#p{pid}"
            )
            return self._html(_derived_info(body, "Ваше сообщение было успешно отправлено."))
        return self._redirect(f"{BASE}viewtopic.php?p={pid}#p{pid}")

    def _new_topic(
        self, method: str, q: dict[str, str], form: list[tuple[str, str]], sess: Session
    ) -> httpx.Response:
        if q.get("f") != "2":
            return self._html(page("http/not_found/7.html"), 404)
        if method == "GET":
            return self._html(self._with_tokens(_derived_new_topic_form(), sess, "posting"))
        self._check_fields(form, NEW_TOPIC_FIELDS, "new topic")
        data = dict(form)
        if not self._check_token(form, sess, "posting"):
            return self._html(self._with_tokens(_derived_new_topic_form(), sess, "posting"))
        if self._flooded(sess.uid):
            body = _derived_new_topic_form(page("http/reply_flood/4.html"))
            return self._html(self._with_tokens(body, sess, "posting"))
        message = data.get("message", "")
        pid = max([p.id for p in self.posts] + [self.new_topic_post_max()]) + 1
        tid = max([4, *self.new_topics]) + 1
        post = FakePost(pid, sess.uid, _derived_post(pid, sess.uid, message), message)
        self.new_topics[tid] = (2, data.get("subject", ""), [post])
        self._wrote(sess.uid)
        self.accepted_posts.append(pid)
        # as the live phpBB 3.3.11 board answered a new topic: 302 to the topic alone, no post
        # id (a reply's answer names the post)
        return self._redirect(f"{BASE}viewtopic.php?t={tid}")

    def new_topic_post_max(self) -> int:
        return max((p.id for _f, _s, ps in self.new_topics.values() for p in ps), default=0)

    def _viewforum(self, q: dict[str, str], sess: Session) -> httpx.Response:
        if q.get("f") != "2":
            return self._html(page("http/not_found/3.html"), 404)
        topics = [(tid, subj) for tid, (_f, subj, _p) in self.new_topics.items()]
        return self._html(_derived_viewforum(topics) if topics else page("viewforum.html"))

    def add_post_by(self, uid: int, message: str) -> int:
        """Another user posts (for post review and polling tests)."""
        pid = max(p.id for p in self.posts) + 1
        self.posts.append(FakePost(pid, uid, _derived_post(pid, uid, message), message))
        return pid

    def _edit(
        self, method: str, q: dict[str, str], form: list[tuple[str, str]], sess: Session
    ) -> httpx.Response:
        post = next((p for p in self.posts if str(p.id) == q.get("p")), None)
        if post is None:
            return self._html(page("http/not_found/8.html"))
        if post.uid != sess.uid:
            return self._html(
                _derived_info(
                    page("http/not_found/8.html"),
                    "Вы не можете редактировать сообщения других пользователей.",
                )
            )
        if method == "GET":
            body = re.sub(
                r'(<textarea name="message"[^>]*>)(.*?)(</textarea>)',
                lambda m: m.group(1) + htmlmod.escape(post.source) + m.group(3),
                page("http/edit_own_post/3.html"),
                flags=re.S,
            )
            return self._html(self._with_tokens(body, sess, "posting"))
        self._check_fields(form, EDIT_FIELDS, "edit")
        if not self._check_token(form, sess, "posting"):
            return self._html(
                self._with_tokens(page("http/reply_form_token_too_fast/4.html"), sess, "posting")
            )
        post.source = dict(form).get("message", "")
        post.fragment = _derived_post(post.id, post.uid, post.source)
        return self._redirect(f"{BASE}viewtopic.php?p={post.id}#p{post.id}")

    # -- private messages ----------------------------------------------------------------------

    def _compose(self, method: str, form: list[tuple[str, str]], sess: Session) -> httpx.Response:
        if method == "GET":
            return self._html(
                self._with_tokens(page("http/pm_send/3.html"), sess, "ucp_pm_compose")
            )
        data = dict(form)
        ok_token = self._check_token(form, sess, "ucp_pm_compose")
        if "add_to" in data:
            self._check_fields(form, PM_ADD_FIELDS, "pm add_to")
            names = [n.strip() for n in data.get("username_list", "").splitlines() if n.strip()]
            uids = [USERS[n][0] for n in names if n in USERS]
            if not uids:
                return self._html(
                    self._with_tokens(
                        page("http/pm_send_unknown_user/4.html"), sess, "ucp_pm_compose"
                    )
                )
            if len(uids) < len(names):  # phpBB adds the known names and reports the rest
                body = _derived_addressed(uids, UNKNOWN_USERS_TEXT)
                return self._html(self._with_tokens(body, sess, "ucp_pm_compose"))
            return self._html(self._with_tokens(_derived_addressed(uids), sess, "ucp_pm_compose"))
        to = tuple(
            int(m.group(1))
            for k, _ in form
            if (m := re.fullmatch(r"address_list\[u\]\[(\d+)\]", k))
        )
        expected = [n for n in PM_POST_FIELDS if not n.startswith("address_list")]
        names = [k for k, _ in form if not k.startswith("address_list")]
        if names != expected:
            self.violations.append(f"pm post: fields {names} != browser's {expected}")
        if not ok_token:
            return self._html(
                self._with_tokens(
                    _derived_addressed(list(to)) if to else page("http/pm_send/3.html"),
                    sess,
                    "ucp_pm_compose",
                )
            )
        if not to:
            return self._html(
                self._with_tokens(page("http/pm_send_unknown_user/5.html"), sess, "ucp_pm_compose")
            )
        if self._flooded(sess.uid):
            back = self.flood_form_to if self.flood_form_to is not None else to
            if back == (2,):  # the recorded refusal (a PM to «Ведущий»)
                body = page("http/pm_flood/5.html")
            else:  # the same refusal as phpBB builds it for these recipients
                body = _derived_addressed(list(back), _error_box(page("http/pm_flood/5.html")))
            return self._html(self._with_tokens(body, sess, "ucp_pm_compose"))
        msg_id = max([31, *[p.id for p in self.sent_pms]]) + 1
        self.sent_pms.append(
            FakePM(
                msg_id,
                sess.uid,
                to,
                data.get("subject", "")[: self.max_subject],
                data.get("message", ""),
            )
        )
        self._wrote(sess.uid)
        body = page("http/pm_send/5.html").replace("p=31", f"p={msg_id}")
        return self._html(body)

    def _unread_pms(self) -> int:
        """The letters the inbox lists unread (a subclass's own `_folder` is asked)."""
        body = (
            self._inbox_listing()
            if self.pm_per_page  # the whole inbox, not its first page
            else self._folder("inbox").content.decode("utf-8")
        )
        return body.count('class="row-item pm_unread"')

    def _inbox_listing(self) -> str:
        body = page("pm_inbox.html")
        for mid in self.read_pms:
            body = _mark_row_read(body, mid)
        return body

    def _folder(self, folder: str, start: int = 0) -> httpx.Response:
        if folder == "inbox":
            body = self._inbox_listing()
            if self.pm_per_page:
                body = _derived_folder_page(body, start, self.pm_per_page)
            return self._html(body)
        if folder == "outbox":
            return self._html(_derived_outbox(self.sent_pms))
        return self._html(page("http/pm_sender_folders/4.html"))

    def _view_pm(self, q: dict[str, str], sess: Session) -> httpx.Response:
        mid = int(q.get("p", "0"))
        sent = next((m for m in self.sent_pms if m.id == mid), None)
        if sent is not None and (q.get("f") in ("-1", "-2") or sess.uid in sent.to):
            return self._html(_derived_pm_view(sent))
        if q.get("f", "0") == "0" and (mid in PM_VIEWS or mid in (19, 21, 23, 27)):
            self.read_pms.add(mid)
            if mid in PM_VIEWS:
                return self._html(page(f"pm_view_{PM_VIEWS[mid]}.html"))
            return self._html(
                page("pm_view_8.html").replace("post-26", f"post-{mid}").replace("p=26", f"p={mid}")
            )
        return self._html(page("http/not_found/9.html"))


# -- page surgery -----------------------------------------------------------------------------

_POST_START = re.compile(r'<div id="p(\d+)" class="post ')


_MEMBER_MENU = 'id="username_logged_in"'
_MEMBER_BAR = re.compile(
    r'(id="username_logged_in".*?class="username(?:-coloured)?">)[^<]*(</span>.*?'
    r"mode=viewprofile&amp;u=)\d+",
    re.S,
)


def derived_member_bar(body: str, uid: int) -> str:
    """TEMPLATE-DERIVED: a recorded page's header member menu (`li#username_logged_in`: the
    account's name and its profile link) naming member `uid`, as phpBB renders it for him."""
    name = htmlmod.escape(NAMES.get(uid, f"user{uid}"), quote=False)
    return _MEMBER_BAR.sub(lambda m: f"{m.group(1)}{name}{m.group(2)}{uid}", body, count=1)


_PM_BADGE = re.compile(
    r'(folder=inbox" role="menuitem">\s*<i [^>]*></i><span>[^<]*</span><strong class="badge)'
    r'(?: hidden)?(">)\d+(<)'
)


def derived_pm_badge(body: str, unread: int) -> str:
    """TEMPLATE-DERIVED: a recorded page's header inbox link with its badge counting `unread`
    letters, hidden at none (as on post_success.html)."""
    hidden = "" if unread else " hidden"
    return _PM_BADGE.sub(lambda m: f"{m.group(1)}{hidden}{m.group(2)}{unread}{m.group(3)}", body, 1)


def _split_posts(body: str) -> list[tuple[int, str]]:
    end = body.index('<div class="action-bar bar-bottom">')
    starts = [(m.start(), int(m.group(1))) for m in _POST_START.finditer(body, 0, end)]
    out = []
    for i, (pos, pid) in enumerate(starts):
        stop = starts[i + 1][0] if i + 1 < len(starts) else end
        out.append((pid, body[pos:stop]))
    return out


def _author_uid(fragment: str) -> int:
    m = re.search(r"mode=viewprofile&amp;u=(\d+)", fragment)
    return int(m.group(1)) if m else 1


def _real_ids(k: int) -> list[int]:
    first = 48 + (k - 1) * 10
    return list(range(first, min(first + 10, 120)))


def _render_bbcode(text: str) -> str:
    """Enough of phpBB's renderer for what the bot posts: escaping, [b], [size], newlines."""
    out = htmlmod.escape(text, quote=False)
    out = re.sub(r"\[b\](.*?)\[/b\]", r'<strong class="text-strong">\1</strong>', out, flags=re.S)
    out = re.sub(
        r"\[size=(\d+)\](.*?)\[/size\]",
        r'<span style="font-size:\1%;line-height:116%">\2</span>',
        out,
        flags=re.S,
    )
    out = re.sub(
        r"\[quote\](.*?)\[/quote\]", r"<blockquote><div>\1</div></blockquote>", out, flags=re.S
    )
    return out.replace("\n", "<br>")


def _derived_post(pid: int, uid: int, message: str) -> str:
    """TEMPLATE-DERIVED: the real p120 block (reply_ok/5.html) refilled with id, author, body."""
    frag = dict(_split_posts(page("http/reply_ok/5.html")))[120]
    frag = frag.replace("p120", f"p{pid}").replace("p=120", f"p={pid}").replace("120", str(pid))
    frag = frag.replace("u=76", f"u={uid}").replace("Тестовый Игрок", NAMES.get(uid, f"user{uid}"))
    return re.sub(
        r'<div class="content">.*?</div>',
        lambda _m: f'<div class="content">{_render_bbcode(message)}</div>',
        frag,
        count=1,
        flags=re.S,
    )


def _replace_div(body: str, start: int, new: str) -> str:
    depth, i = 0, start
    for m in re.finditer(r"<div\b|</div>", body[start:]):
        depth += 1 if m.group(0) == "<div" else -1
        if depth == 0:
            i = start + m.end()
            break
    return body[:start] + new + body[i:]


def _derived_pagination(k: int, total: int, count: int, per_page: int) -> str:
    """phpBB's pagination as the real topic_p8.html shows it: the first and last pages and
    a window around the current one, the gaps as ellipses (never every page of a long
    topic)."""
    items = []
    for n in range(1, total + 1):
        if n not in (1, total) and abs(n - k) > 2:
            if abs(n - k) == 3:
                items.append('<li class="ellipsis" role="separator"><span>…</span></li>')
            continue
        href = "./viewtopic.php?t=4" + (f"&amp;start={(n - 1) * per_page}" if n > 1 else "")
        items.append(
            f'<li class="active"><span>{n}</span></li>'
            if n == k
            else f'<li><a class="button" href="{href}" role="button">{n}</a></li>'
        )
    if k < total:
        items.append(
            f'<li class="arrow next"><a class="button button-icon-only" '
            f'href="./viewtopic.php?t=4&amp;start={k * per_page}" rel="next" role="button">'
            "След.</a></li>"
        )
    return f'<div class="pagination">{count} сообщений<ul>{"".join(items)}</ul></div>'


def _derived_topic_page(
    chunk: list[FakePost], k: int, total: int, count: int, per_page: int
) -> str:
    """TEMPLATE-DERIVED: real topic_p8.html with its posts and pagination replaced."""
    body = page("topic_p8.html")
    posts = _split_posts(body)
    first = body.index(posts[0][1])
    end = body.index('<div class="action-bar bar-bottom">')
    body = body[:first] + "".join(p.fragment for p in chunk) + body[end:]
    pag = _derived_pagination(k, total, count, per_page)
    pos = body.find('<div class="pagination">')
    while pos != -1:
        body = _replace_div(body, pos, pag)
        pos = body.find('<div class="pagination">', pos + len(pag))
    return body


FORM_INVALID = "Ошибка отправки формы. Попробуйте ещё раз."
UNKNOWN_USERS_TEXT = "Запрашиваемые для добавления пользователи не существуют."
# phpBB's POST_STORED_MOD text (Russian pack) for a post held for approval
QUEUED_TEXT = (
    "Ваше сообщение было успешно сохранено, но оно должно быть одобрено модератором "
    "перед публикацией."
)


_ATTACH_ID = re.compile(r"attachment_data\[(\d+)\]\[attach_id\]")


def _multipart(
    ctype: str, body: bytes
) -> tuple[list[tuple[str, str]], list[tuple[str, str, bytes]]]:
    """A multipart/form-data body as (fields in order, files as (field, file name, bytes))."""
    msg = BytesParser(policy=HTTP_POLICY).parsebytes(
        f"Content-Type: {ctype}\r\n\r\n".encode() + body
    )
    fields: list[tuple[str, str]] = []
    files: list[tuple[str, str, bytes]] = []
    for part in msg.iter_parts():
        name = part.get_param("name", header="content-disposition")
        fname = part.get_filename()
        raw = part.get_payload(decode=True)
        payload = raw if isinstance(raw, bytes) else b""
        if fname is not None:
            files.append((str(name), fname, payload))
        else:
            fields.append((str(name), payload.decode("utf-8")))
    return fields, files


def _without_upload(body: str) -> str:
    """TEMPLATE-DERIVED: the reply form of an account that may not attach (no attach panel)."""
    body = re.sub(r'<input type="file"[^>]*name="fileupload"[^>]*/>', "", body)
    return re.sub(r'<input type="submit" name="add_file"[^>]*/>', "", body)


def _derived_attached(body: str, index: int, aid: int, name: str) -> str:
    """TEMPLATE-DERIVED: a posting form listing an uploaded file the way phpBB 3.3's
    posting_attach_body lists one: a comment box and the `attachment_data` hidden fields,
    in the file list of the attach panel."""
    esc = htmlmod.escape(name)
    row = (
        f'<tr class="attach-row" data-attach-id="{aid}"><td class="attach-name">'
        f'<span class="file-name ellipsis-text"><a href="./download/file.php?mode=view&amp;'
        f'id={aid}">{esc}</a></span></td><td class="attach-comment">'
        f'<textarea name="comment_list[{index}]" rows="1" cols="35" class="inputbox">'
        f"</textarea>"
        f'<input type="hidden" name="attachment_data[{index}][attach_id]" value="{aid}" />'
        f'<input type="hidden" name="attachment_data[{index}][is_orphan]" value="1" />'
        f'<input type="hidden" name="attachment_data[{index}][real_filename]" value="{esc}" />'
        f'<input type="hidden" name="attachment_data[{index}][attach_comment]" value="" />'
        "</td></tr>"
    )
    anchor = '<tbody class="responsive-skip-empty file-list" id="file-list">'
    return body.replace(anchor, anchor + row, 1)


def _with_error(body: str, text: str) -> str:
    """TEMPLATE-DERIVED: a returned posting form (reply_flood/4.html) with another error."""
    return re.sub(r'<p class="error">.*?</p>', f'<p class="error">{text}</p>', body, count=1)


def _error_box(body: str) -> str:
    """The text of a recorded page's form error box (`p.error`)."""
    m = re.search(r'<p class="error">(.*?)</p>', body, re.S)
    return m.group(1).strip() if m else ""


def _derived_login_error(text: str) -> str:
    """TEMPLATE-DERIVED: the real failed-login page with phpBB's form-token error instead."""
    return re.sub(
        r'<div class="error">.*?</div>',
        f'<div class="error">{text}</div>',
        page("http/login_bad_password/1.html"),
        count=1,
        flags=re.S,
    )


def _derived_info(shell: str, text: str) -> str:
    """TEMPLATE-DERIVED: a real info page (not_found) with another message."""
    return re.sub(
        r'(<div class="panel" id="message">\s*<div class="inner">.*?<p>).*?(</p>)',
        lambda m: m.group(1) + text + m.group(2),
        shell,
        count=1,
        flags=re.S,
    )


def _derived_addressed(uids: list[int], error: str | None = None) -> str:
    """TEMPLATE-DERIVED: the real add_to answer (pm_send/4.html) addressed to `uids` (one
    recipient row and hidden `address_list` field each), with phpBB's error box when some
    names were unknown (placed as in pm_send_unknown_user/4.html)."""
    body = page("http/pm_send/4.html")
    hidden = "".join(
        f'<input type="hidden" name="address_list[u][{u}]" value="to" />' for u in uids
    )
    body = body.replace('<input type="hidden" name="address_list[u][2]" value="to" />', hidden)
    start = body.index("<li>", body.index('<ul class="recipients">'))
    end = body.index("</li>", start) + len("</li>")
    row = body[start:end]
    rows = "".join(
        row.replace("remove_u[2]", f"remove_u[{u}]")
        .replace("u=2", f"u={u}")
        .replace(">Ведущий<", f">{NAMES[u]}<")
        for u in uids
    )
    body = body[:start] + rows + body[end:]
    if error:
        box = '<fieldset class="fields1">'
        at = body.index(box, body.index('id="postingbox"')) + len(box)
        body = body[:at] + f'\n\t<p class="error">{error}</p>' + body[at:]
    return body


def _derived_folder_page(body: str, start: int, per_page: int) -> str:
    """TEMPLATE-DERIVED: the real inbox with only rows start..start+per_page and a
    pagination block like a topic's (the recorded inbox fits on one page)."""
    rows = list(re.finditer(r'<li class="row[^"]*">.*?</li>', body, re.S))
    keep = rows[start : start + per_page]
    out = body[: rows[0].start()] + "".join(m.group(0) for m in keep) + body[rows[-1].end() :]
    total = -(-len(rows) // per_page)
    k = start // per_page + 1
    items = [
        f'<li class="active"><span>{n}</span></li>'
        if n == k
        else f'<li><a class="button" href="./ucp.php?i=pm&amp;folder=inbox&amp;start='
        f'{(n - 1) * per_page}" role="button">{n}</a></li>'
        for n in range(1, total + 1)
    ]
    if k < total:
        items.append(
            '<li class="arrow next"><a class="button button-icon-only" href="./ucp.php?i=pm'
            f'&amp;folder=inbox&amp;start={k * per_page}" rel="next" role="button">След.</a></li>'
        )
    pag = f'<div class="pagination">{len(rows)} сообщений<ul>{"".join(items)}</ul></div>'
    return re.sub(r'<div class="pagination">.*?</div>', lambda _m: pag, out, flags=re.S)


def _mark_row_read(body: str, mid: int) -> str:
    """A message the viewer opened is listed `pm_read` (as in pm_read/5.html)."""
    link = (
        f'\n\t\t\t\t\t<dt>\n\t\t\t\t\t\t<a href="./ucp.php?i=pm&amp;mode=view&amp;f=0&amp;p={mid}"'
    )
    return body.replace(
        '<dl class="row-item pm_unread">' + link, '<dl class="row-item pm_read">' + link
    )


def _derived_outbox(sent: list[FakePM]) -> str:
    """TEMPLATE-DERIVED: the real outbox (pm_send/6.html) with one cloned row per message."""
    body = page("http/pm_send/6.html")
    start = body.index('<li class="row bg2">')
    end = body.index("</li>", start) + len("</li>")
    row = body[start:end]
    rows = "".join(
        row.replace("p=31", f"p={m.id}")
        .replace('value="31"', f'value="{m.id}"')
        .replace("Вопрос наблюдателя", htmlmod.escape(m.subject))
        for m in reversed(sent)
    )
    return body[:start] + rows + body[end:]


def _derived_pm_view(m: FakePM) -> str:
    """TEMPLATE-DERIVED: the real view of message 31 (pm_read/4.html) refilled."""
    body = (
        page("http/pm_read/4.html").replace("post-31", f"post-{m.id}").replace("p=31", f"p={m.id}")
    )
    body = body.replace(
        '<h3 class="first">Вопрос наблюдателя</h3>',
        f'<h3 class="first">{htmlmod.escape(m.subject)}</h3>',
    )
    return body.replace(
        '<div class="content">Здравствуйте! Можно ли наблюдателям писать в игровую тему?</div>',
        f'<div class="content">{_render_bbcode(m.message)}</div>',
    )


def _derived_new_topic_form(source: str | None = None) -> str:
    """TEMPLATE-DERIVED: the real reply form (reply_ok/3.html, or a refusal page carrying
    the form) turned into phpBB's new-topic form: action mode=post&f=2, no post review."""
    body = source if source is not None else page("http/reply_ok/3.html")
    body = body.replace("./posting.php?mode=reply&amp;t=4", "./posting.php?mode=post&amp;f=2")
    return re.sub(r'\s*<input type="hidden" name="topic_cur_post_id" value="\d+" />', "", body)


def _derived_new_topic_page(tid: int, posts: list[FakePost]) -> str:
    """TEMPLATE-DERIVED: a one-page topic built from topic_p8.html for a topic opened in a
    test; its links name topic `tid` instead of 4."""
    body = _derived_topic_page(posts, 1, 1, len(posts), 10)
    return body.replace("viewtopic.php?t=4", f"viewtopic.php?t={tid}")


def _derived_viewforum(topics: list[tuple[int, str]]) -> str:
    """TEMPLATE-DERIVED: the real viewforum.html with the game topic's row cloned, on top,
    for each topic opened in a test (id and title refilled)."""
    body = page("viewforum.html")
    anchor = body.index('<a href="./viewtopic.php?t=4" class="topictitle">')
    start = body.rindex('<li class="row', 0, anchor)
    end = body.index('<li class="row', anchor)  # the next row: this one holds nested <li>s
    row = body[start:end]
    rows = []
    for tid, subject in topics:
        r = re.sub(r"([?&;])t=4\b", rf"\g<1>t={tid}", row)
        r = r.replace("Мафия – 12. Старт игры", htmlmod.escape(subject, quote=False))
        rows.append(r)
    return body[:start] + "".join(rows) + body[start:]

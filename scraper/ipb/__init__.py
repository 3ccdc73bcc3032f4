"""`IpbClient`: the `BoardClient` for Invision boards (IPB 1.3/2.x, IPB 3.x, IPS 4.x/5.x).

Everything generation-specific — URLs, form field names, where the anti-CSRF token lives — comes
from the board's `parser.dialects.Dialect`, detected from the first page (or named in config as
`board.kind`, with `[board.selectors]` overrides). The flows:

- Login: IPB 1.3/2.x `act=Login&CODE=01` (`UserName`, `PassWord`, `CookieDate`; 2.x also sends
  the form's `auth_key`), IPB 3.x `section=login&do=process` (`auth_key`, `ips_username`,
  `ips_password`, `rememberMe`), IPS 4/5 `/login/` (`csrfKey`, `auth`, `password`,
  `remember_me`). The form is always read from the board and sent back with every hidden field,
  so per-board extras (`referer`, `return`, 4PDA's captcha fields) travel as a browser sends
  them. A board that asks for a CAPTCHA cannot be logged into by a bot: `LoginFailed` says so.
- A lost session is not an error status: pages come back as the guest view or a login form.
  We log in again once and repeat the request, then give up with `SessionExpired`.
- Replies use the board's own reply form (IPB 1.x/2.x `REPLIER`, IPB 3 fast reply, IPS 4
  comment form) found through the topic page, so `f=`/`auth_key`/`csrfKey`/`plupload` are the
  board's values. The post id comes from the redirect (`#entryN`, `p=N`, `comment=N`).
- Flood control: IPB counts posts and PMs per member; a refusal teaches the pacer the
  interval the board names (`scraper.pacing`), is waited out and a fresh form is filled
  again (every recipient field ours), at most `flood_retries` times, then `FloodLimited`.
- What differs between generations in the flow (HTML bodies, multipart forms, conversation
  PMs, reply/new-topic/edit URLs, recipient fields) is the `IpbCaps` table, by dialect.

GETs are retried with exponential backoff on 5xx, timeouts, connection errors and truncated
pages. A form submit that creates something is never retried blindly (a lost answer may hide
an accepted post); the poster's marker check decides.

Messenger caveat: IPB 3.x and IPS 4/5 have conversations, not single messages; a message id
here is the conversation id, and `read_pm` returns the whole conversation page.
"""

from scraper.ipb.caps import IPB_CAPS, IpbCaps, IpbSettings
from scraper.ipb.reading import IpbReader
from scraper.ipb.session import IpbSession
from scraper.ipb.writing import IpbClient

__all__ = ["IPB_CAPS", "IpbCaps", "IpbClient", "IpbReader", "IpbSession", "IpbSettings"]

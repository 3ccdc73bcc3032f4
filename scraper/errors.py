"""Errors raised by board clients, worded for the host who reads the log.

```
ScraperError                      anything that went wrong talking to the board
├── LoginFailed                   the board refused our credentials (never retried)
├── SessionExpired                the board served a login form where content was expected
│                                 and a silent re-login did not help
├── BoardUnavailable              5xx, timeouts, connection errors, truncated pages — after retries
├── NotFound                      topic, post or message does not exist
├── UnexpectedPage                a page that is none of the shapes we know (layout changed?)
├── Interrupted                   the host asked the bot to stop while it waited to write
├── ShutOut                       the board serves the bot nothing until a person acts
│   ├── AccountBanned             the bot's account is banned
│   ├── BoardDisabled             the board is switched off (maintenance)
│   └── CaptchaRequired           the board wants a CAPTCHA solved (logging in, posting)
└── PostingRefused                the board answered a post/edit/PM with a refusal
    ├── FloodLimited              "you cannot post again so soon" (retry after `retry_after`)
    ├── FormExpired               form token missing/too fast/too old (refetch the form)
    ├── TopicLocked               the topic is closed for replies
    ├── NoPermission              this account may not post/edit/PM here
    ├── UnknownRecipient          a PM recipient does not exist on the board
    └── MessageTooLong            the text exceeds the board's limit (`limit` characters)
```

`httpx` exceptions never leave the client: they are wrapped into `BoardUnavailable` with the
original as `__cause__`.
"""

from __future__ import annotations


class ScraperError(Exception):
    """Base of every board I/O error. `str(err)` is a sentence the host can act on."""


class LoginFailed(ScraperError):
    def __init__(self, user: str, board_says: str = "") -> None:
        self.user = user
        self.board_says = board_says
        detail = f" (the board says: {board_says})" if board_says else ""
        super().__init__(
            f"login refused for user {user}: wrong password or inactive account{detail}"
        )


class SessionExpired(ScraperError):
    """The board keeps showing its login form even right after logging in again."""


class BoardUnavailable(ScraperError):
    """The board did not answer usefully (5xx, timeout, connection error, truncated page)."""


class NotFound(ScraperError):
    """The requested topic, post or private message does not exist (or is not visible)."""


class UnexpectedPage(ScraperError):
    """A page that matches none of the shapes the client knows; usually a changed style."""


class ShutOut(ScraperError):
    """The board will serve the bot nothing until a person acts (a ban lifted, the board
    switched on, a CAPTCHA solved in a browser). Never retried: the game's ticks stop and the
    host is told, in one line, what the board said."""

    what = "the board shuts the bot out"
    todo = "start the bot again once a person has fixed it"

    def __init__(self, board_says: str = "") -> None:
        self.board_says = board_says
        says = f" (the board says: {board_says})" if board_says else ""
        super().__init__(f"{self.what}{says}; {self.todo}")


class AccountBanned(ShutOut):
    what = "the bot's account is banned on the board"
    todo = "ask the board's administrators to lift the ban, then start the bot again"


class BoardDisabled(ShutOut):
    what = "the board is switched off"
    todo = "start the bot again when the board is back"


class CaptchaRequired(ShutOut):
    what = "the board asks the bot's account for a CAPTCHA"
    todo = "log in once in a browser (solving it), then start the bot again"


class Interrupted(ScraperError):
    """A stop was requested (SIGTERM) before a write or during a wait: nothing was submitted
    since the last accepted write; whatever is left stays queued."""


class PostingRefused(ScraperError):
    """The board refused a post, edit or PM; `board_says` holds its own error text."""

    def __init__(self, message: str, board_says: str = "") -> None:
        self.board_says = board_says
        super().__init__(message)


class MailboxFull(PostingRefused):
    """The bot's own mailbox is at its quota: the board sends nothing until room is made
    (IPB 1.x refuses a PM from a full box). Transient: the bot removes the letters it has
    stored and the Sent copies it no longer needs, and the row goes on the next flush."""

    def __init__(self, board_says: str = "") -> None:
        super().__init__("the bot's own mailbox is full: no private message can go out", board_says)


class FloodLimited(PostingRefused):
    def __init__(self, board_says: str = "", retry_after: float = 15.0) -> None:
        self.retry_after = retry_after
        super().__init__(
            "the board's flood control refused the message (posted too soon after the "
            f"previous one); retry in {retry_after:.0f} s",
            board_says,
        )


class FormExpired(PostingRefused):
    def __init__(self, board_says: str = "") -> None:
        super().__init__(
            "the board rejected the form token (sent too fast or the form was too old)",
            board_says,
        )


class TopicLocked(PostingRefused):
    def __init__(self, topic_id: int | None, board_says: str = "") -> None:
        self.topic_id = topic_id
        super().__init__(
            f"topic {topic_id} is locked: the bot cannot reply; ask a moderator to unlock it",
            board_says,
        )


class NoPermission(PostingRefused):
    def __init__(self, what: str, board_says: str = "") -> None:
        super().__init__(
            f"the bot's account has no permission to {what}; check its group rights",
            board_says,
        )


class UnknownRecipient(PostingRefused):
    def __init__(self, names: tuple[str, ...], board_says: str = "") -> None:
        self.names = names
        super().__init__(
            "cannot send the private message: no such user on the board: " + ", ".join(names),
            board_says,
        )


class MessageTooLong(PostingRefused):
    def __init__(self, length: int, limit: int | None, board_says: str = "") -> None:
        self.length = length
        self.limit = limit
        super().__init__(
            f"the message has {length} characters, more than the board allows"
            + (f" ({limit})" if limit else ""),
            board_says,
        )


class AttachmentRefused(PostingRefused):
    """The board would not take a file with a post (too big, a type it forbids, attachments
    off for the account or forum). Nothing was posted: the caller may post without it."""

    def __init__(self, name: str, board_says: str = "") -> None:
        self.name = name
        super().__init__(
            f"the board refused the attachment {name}" + (f": {board_says}" if board_says else ""),
            board_says,
        )

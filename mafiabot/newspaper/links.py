"""Links to the board's own pages for the host's views: a post in the topic, a private message
in the bot's inbox. Built from `[board] url` and `[board] kind`; a board whose engine is left
to detection (`auto`) gets the links of the engine the bot found it to be (`Game.board_kind`,
kept by the daemon), and none before the bot has met the board (the views then name the
post or letter by its number)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardLinks:
    """Where a post or a PM of this board is (`base` ends with «/»)."""

    base: str
    kind: str

    def post(self, post_id: int | None) -> str | None:
        if post_id is None:
            return None
        if self.kind == "phpbb":
            return f"{self.base}viewtopic.php?p={post_id}#p{post_id}"
        if self.kind == "ipb":
            return f"{self.base}index.php?act=findpost&pid={post_id}"
        return None

    def pm(self, msg_id: int | None) -> str | None:
        if msg_id is None or self.kind != "phpbb":
            return None  # Invision's message links depend on the folder and generation
        return f"{self.base}ucp.php?i=pm&mode=view&p={msg_id}"


def board_links(url: str, kind: str, found: str = "") -> BoardLinks | None:
    """The links of the board at `url`: of its engine as `kind` names it, or for `auto` as
    the bot `found` it (None when neither names one)."""
    if kind == "auto":
        kind = found
    if kind not in ("phpbb", "ipb"):
        return None
    return BoardLinks(url if url.endswith("/") else url + "/", kind)


def board_engine(client: object) -> str:
    """The engine of the board a client talks to ("phpbb", "ipb"), by the client's own
    package; "" for any other client (the in-memory board of a dry run or a test)."""
    package = type(client).__module__
    if package == "scraper.phpbb":
        return "phpbb"
    if package == "scraper.ipb" or package.startswith("scraper.ipb."):
        return "ipb"
    return ""

"""Links to the board's own pages for the host's views: a post in the topic, a private message
in the bot's inbox. Built from `[board] url` and `[board] kind`; a board whose engine is left
to detection (`auto`) gets no links (the views name the post or letter by its number)."""

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


def board_links(url: str, kind: str) -> BoardLinks | None:
    """The links of the board at `url` (None when its engine is not named)."""
    if kind not in ("phpbb", "ipb"):
        return None
    return BoardLinks(url if url.endswith("/") else url + "/", kind)

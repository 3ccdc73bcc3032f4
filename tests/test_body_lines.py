"""One walk reads a page's lines for every board (`parser.bodylines.read_lines`), each board's
differences a table: phpBB's own lines of a body, its quotes left out, where a typed
signature is looked for (`parser.phpbb.body.OWN_LINES`), and the Invision readers' visible
text (`parser.ipb.text.SHOWN_LINES`).

Both tables read every real saved page (fixtures/, and the Invision template pages of tests/)
and the vote corpus's bodies in each board chrome `tests/vote_pages.py` builds: the page's
body and every element in it up to about a post's size, each with both tables.
`tests/golden/body_lines.json` holds a hash of those readings per page, recorded from the two
board walks the one walk replaced; a change of any reading of any element fails here, naming
the page. Every real saved page must have its hash (a page saved later is recorded when it
is added); a vote corpus part written after the recording is read by the corpus tests and
needs none — a hash recorded from the walk it would check proves nothing.

After an intended change of what a table reads, regenerate and review:

    MAFIABOT_UPDATE_GOLDEN=1 python -m pytest tests/test_body_lines.py
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from selectolax.lexbor import LexborNode

from parser.bodylines import read_lines
from parser.html import CLOSE, OPEN, parse_html, walk
from parser.ipb.text import SHOWN_LINES
from parser.pages import read_page
from parser.phpbb.body import OWN_LINES
from tests.conftest import FIXTURES, ROOT
from tests.vote_pages import BOARDS, CasePost, page

GOLDEN = ROOT / "tests" / "golden" / "body_lines.json"
UPDATE = os.environ.get("MAFIABOT_UPDATE_GOLDEN") == "1"
PAGES = sorted(FIXTURES.rglob("*.html")) + sorted((ROOT / "tests").rglob("*.html"))
VOTES = ROOT / "tests" / "votes"
CORPORA = sorted(VOTES.rglob("corpus.jsonl"))
ELEMENT_EVENTS = 2000  # events of `walk` within an element read on its own


def _readings(node: LexborNode) -> tuple[str, str]:
    return read_lines(node, OWN_LINES), read_lines(node, SHOWN_LINES)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _vote_page(corpus: Path, board: str) -> str:
    """Every post of a corpus part in one page of `board`'s chrome (IPS 4's without edit
    lines: no saved page shows one)."""
    cast = json.loads((corpus.parent / "cast.json").read_text(encoding="utf-8"))
    everyone = [cast["host"], *cast["living"], *cast["dead"], *cast["outsiders"]]
    posts: list[CasePost] = []
    for line in corpus.read_text(encoding="utf-8").splitlines():
        for p in json.loads(line)["posts"] if line.strip() else ():
            uid = 100 + everyone.index(p["by"]) if p["by"] in everyone else 999
            posts.append(CasePost(p["by"], uid, p["body"], p.get("edited")))
    if board == "ips4":
        posts = [replace(p, edited=None) for p in posts]
    return page(board, posts)[0]


def _page_text(key: str) -> str:
    if key.startswith("votes:"):
        _votes, part, board = key.split(":")
        return _vote_page(VOTES / part / "corpus.jsonl", board)
    return read_page(ROOT / key)


def _elements(root: LexborNode) -> list[LexborNode]:
    """`root`, then every element below it of at most `ELEMENT_EVENTS` events, as they close
    (the wrappers of a whole page's posts are read once, within the root)."""
    out = [root]
    opened: list[int] = []  # the count of events where each open element opened
    for count, (event, node) in enumerate(walk(root)):
        if event == OPEN:
            opened.append(count)
        elif event == CLOSE and count - opened.pop() <= ELEMENT_EVENTS:
            out.append(node)
    return out


def digest(html: str) -> str:
    """A hash of both tables' readings of the page's body and of the elements in it."""
    tree = parse_html(html)
    root = tree.body if tree.body is not None else tree.root
    assert root is not None
    h = hashlib.sha256()
    for node in _elements(root):
        own, shown = _readings(node)
        h.update(own.encode("utf-8", "surrogatepass") + b"\0")
        h.update(shown.encode("utf-8", "surrogatepass") + b"\1")
    return h.hexdigest()[:20]


PAGE_KEYS = [_name(p) for p in PAGES]
VOTE_KEYS = [
    f"votes:{c.parent.relative_to(VOTES).as_posix()}:{board}" for c in CORPORA for board in BOARDS
]

if UPDATE:
    GOLDEN.write_text(
        json.dumps(
            {k: digest(_page_text(k)) for k in PAGE_KEYS + VOTE_KEYS}, indent=1, sort_keys=True
        )
        + "\n",
        encoding="utf-8",
    )
_WANT: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
KEYS = PAGE_KEYS + [k for k in VOTE_KEYS if k in _WANT]


@pytest.mark.parametrize("key", KEYS)
def test_every_element_of_every_page_reads_into_the_same_lines(key: str) -> None:
    want = _WANT.get(key)
    assert want is not None, f"no golden lines for {key}; see this module's docstring"
    assert digest(_page_text(key)) == want, f"{key}: the lines of some element changed"


def test_the_golden_lines_cover_every_page() -> None:
    # a real page added without its golden lines fails here, and so does a stale entry
    assert sorted(k for k in _WANT if not k.startswith("votes:")) == sorted(PAGE_KEYS)
    assert set(_WANT) <= set(PAGE_KEYS + VOTE_KEYS)
    assert len(KEYS) - len(PAGE_KEYS) > 30 and len(PAGES) > 200

"""Invision boards (IPB 1.3/2.x, IPB 3.x, IPS 4.x/5.x) → the shared records.

Every generation-specific detail comes from a `parser.dialects.Dialect`; the modules here hold
the reading logic, one stage each:

- `detect`: which generation wrote a page; login pages, messenger views, login state;
- `msgnumber` and `blocks`: a topic page cut into posts (IPB 1.x/2.x at their `Begin Msg
  Number` comments, the other generations by their post elements and `PageSlice`) and each
  post's header (nick, member id, time);
- `body`, `tree`, `plain`, `quotes`, `spans`: a post or PM body (quotes of every generation,
  edit notes, coloured spans, links);
- `navigation`: topic id, title, page number and count, the next page;
- `topic`, `messenger`: the entry points for topic pages and messenger pages;
- `forms`: forms and session tokens; `register`: the readers `parser.pages` dispatches to.

Nothing here raises on odd markup: what cannot be read becomes a `ParseIssue` beside the
records.

Speed: a topic page is cut with `str.find` before lexbor sees it — IPB 1.x/2.x at its
`Begin Msg Number` comments (every post's body then parsed in one document, its header read
from the raw markup by `parser.rawmarkup` where that is plainly the board's own, else parsed
beside the body), IPS 4 by its dialect's `PageSlice` (posts and the chrome that is read, as two
trees); a page without the markers is parsed whole. A body without quotes is read from its
serialised markup (`parser.ipb.plain`) rather than by a walk over its nodes. Tests hold every
fast reading equal to the reference one (whole page, parsed header, node walk).
"""

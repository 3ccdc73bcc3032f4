"""phpBB 3.x (prosilver, subsilver2 and their derivatives) pages → records: topic pages, PM
folders, PM views.

One module a stage: `detect` (is it phpBB, a login page, logged in), `slicing` (the page cut
before parsing), `posts` and `tables` (prosilver's and subsilver2's post headers), `body`,
`walk`, `quotes`, `colours` and `replies` (a post or PM body: the usual vote post and quoting
reply read around their colours and quotes, anything else walked), `navigation` (page
counters and links), `topic` and `messages` (the entry points), `register` (the readers
`parser.pages` dispatches to).

Speed matters (a week-long game is re-read on every tick, and `bench/parse.py` holds the
figures), so a topic page is not parsed whole: the block from the topic title to the bottom
action bar is cut out with plain string search, per-post chrome nothing reads (buttons, the
profile column) is dropped the same way, and only that is given to lexbor — about a fifth
of the page's bytes. When the markers are missing (odd or truncated markup) the whole page is
parsed instead. One CSS query in document order then finds every post's parts.

Inside a post, work is skipped when the body's HTML shows it is not needed (no ``color`` → no
span walk, no ``<blockquote`` → own text = text).
"""

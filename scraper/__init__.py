"""Reading the board over HTTP: log in, topic pages, inbox, PM bodies.

`scraper.board.BoardClient` is the board-neutral interface the daemon and the poster use;
`scraper.phpbb.PhpbbClient` (phpBB 3.x) and `scraper.ipb.IpbClient` (Invision boards)
implement it on one skeleton, `scraper.client.BoardClientBase`, over one transport,
`scraper.http.BoardHttp`. `scraper.pacing` spaces writes as the board's flood control
demands and makes every wait interruptible; `scraper.markup` turns our BBCode into the HTML
IPS 4/5 editors take. Errors are in `scraper.errors` (its docstring draws the tree):

```
ScraperError
├── LoginFailed          credentials refused — stop, tell the host
├── SessionExpired       logged out again right after logging in
├── BoardUnavailable     5xx/429, timeouts, connection errors, truncated pages (after retries)
├── NotFound             topic, post or message does not exist
├── UnexpectedPage       a page of no known shape
├── Interrupted          a stop was requested before a write or during a wait
└── PostingRefused       a post/edit/PM refused: FloodLimited, FormExpired, TopicLocked,
                         NoPermission, UnknownRecipient, MessageTooLong
```
"""

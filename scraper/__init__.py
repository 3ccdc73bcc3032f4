"""Reading the board over HTTP: log in, topic pages, inbox, PM bodies.

`scraper.board.BoardClient` is the board-neutral interface the daemon and the poster use;
`scraper.phpbb.PhpbbClient` implements it for phpBB 3.x. Errors are in `scraper.errors`
(its docstring draws the tree):

```
ScraperError
├── LoginFailed          credentials refused — stop, tell the host
├── SessionExpired       logged out again right after logging in
├── BoardUnavailable     5xx/429, timeouts, connection errors, truncated pages (after retries)
├── NotFound             topic, post or message does not exist
├── UnexpectedPage       a page of no known shape
└── PostingRefused       a post/edit/PM refused: FloodLimited, FormExpired, TopicLocked,
                         NoPermission, UnknownRecipient, MessageTooLong
```
"""

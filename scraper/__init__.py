"""Reading the board over HTTP: log in, topic pages, inbox, PM bodies.

`scraper.board.BoardClient` is the board-neutral interface the daemon and the poster use;
`scraper.phpbb.PhpbbClient` implements it for phpBB 3.x. Errors are in `scraper.errors`
(its docstring draws the tree).
"""

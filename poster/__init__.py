"""Writing to the board exactly once: the outbox, markers, splitting, and the flusher.

`poster.outbox` holds the `Outbox` protocol and its in-memory implementation plus the marker
helpers; `poster.poster.Poster` flushes pending rows through a `scraper.board.BoardClient`;
`poster.split` cuts long texts on paragraph boundaries.
"""

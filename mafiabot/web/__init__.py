"""`mafiabot web`: the host's dashboard, served locally and read-only.

`flow` turns the day's votes into the vote-flow chart, `data` reads one game's page out of the
store, `app` is the WSGI application (access token, routes, HTML from templates/web).
"""

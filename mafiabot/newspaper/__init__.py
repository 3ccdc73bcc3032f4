"""Everything the bot writes, by stage: `words` (the Russian words, keyed by what they name)
and `grammar` (a nick's gender and case); `view` (a turn's public events as the newspaper's
data) and `record` (who voted for whom); `host` (the host report's lines); `proof` (the
dealing's commitment); `render` (the Jinja2 renderer over `templates/`); `chart` (the vote
flow and its chart, for the dashboard and the newspaper's attachment)."""

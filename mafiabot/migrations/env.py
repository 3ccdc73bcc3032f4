"""Alembic environment: run on the connection the Store hands over (no alembic.ini needed).

`alembic revision --autogenerate` for a new migration: point `sqlalchemy.url` at a scratch
database via `-x url=sqlite:///scratch.db`.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from mafiabot.store import tables  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///file.db …")
    with create_engine(url).begin() as conn:
        _run(conn)

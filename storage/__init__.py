"""SQLAlchemy 2 async adapter implementing the ports in `bot.services.ports`.

Entry points: `Database.from_url(url)` (engine + sessions + units of work) and
`storage.migrate` (Alembic, callable from inside a running event loop).
"""

from storage.unit_of_work import Database, SqlAlchemyUnitOfWork

__all__ = ["Database", "SqlAlchemyUnitOfWork"]

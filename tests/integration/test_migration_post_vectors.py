"""Migration 0016: `post_vectors` comes and goes, the posts stay; a vector goes with its post
(ON DELETE CASCADE) on the upgraded schema."""

from __future__ import annotations

from sqlalchemy import delete, inspect, text
from sqlalchemy.engine import Connection

from storage import Database, migrate
from storage.migrate import upgrade_engine, upgrade_to_head
from storage.tables import PostRow
from tests.integration.factories import make_post, make_user

MODEL = "use-multilingual-v3"


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_post_vectors_upgrade_and_downgrade(url: str) -> None:
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:  # a post, then the schema taken back to before 0016
            await uow.users.upsert(make_user(1))
            old = await uow.posts.add(make_post(1))
            await uow.commit()
        await migrate.downgrade_engine(db.engine, "0015")
        async with db.engine.connect() as connection:
            assert "post_vectors" not in await connection.run_sync(_tables)
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            assert await uow.post_vectors.of_posts([old], MODEL) == {}  # none yet
            gone = await uow.posts.add(make_post(1))
            for post_id in (old, gone):
                await uow.post_vectors.save(post_id, MODEL, bytes(512))
            await uow.session.execute(delete(PostRow).where(PostRow.id == gone))
            await uow.commit()
        async with db.uow() as uow:
            vectors = await uow.post_vectors.of_posts([old, gone], MODEL)
        await migrate.downgrade_engine(db.engine, "0015")  # and down again
        async with db.engine.connect() as connection:
            tables = await connection.run_sync(_tables)
            kept = (await connection.execute(text("SELECT id FROM posts"))).scalars().all()
    finally:
        await db.dispose()
    assert vectors == {old: bytes(512)}
    assert "post_vectors" not in tables and "posts" in tables
    assert kept == [old]

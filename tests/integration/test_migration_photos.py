"""Migration 0017: a post's photo and an outbox message's photo (their file_ids) come and go
as columns; the posts and messages stay."""

from __future__ import annotations

import dataclasses

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from bot.domain.models import OutboxMessage
from storage import Database, migrate
from storage.migrate import upgrade_engine, upgrade_to_head
from tests.integration.factories import NOW, make_post, make_user

PHOTO = "AgACAgQAAxkBAAIBY2Zr-photo"


def _columns(connection: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns(table)}


async def test_photos_upgrade_and_downgrade(url: str) -> None:
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:
            await uow.users.upsert(make_user(1))
            post_id = await uow.posts.add(dataclasses.replace(make_post(1), photo=PHOTO))
            message = OutboxMessage(None, 1, "caption", photo=PHOTO, created_at=NOW)
            await uow.outbox.add(message)
            await uow.commit()
        async with db.uow() as uow:
            stored = await uow.posts.get(post_id)
            (due,) = await uow.outbox.due(NOW, 10)
        await migrate.downgrade_engine(db.engine, "0016")
        async with db.engine.connect() as connection:
            below = {t: await connection.run_sync(_columns, t) for t in ("posts", "outbox")}
            posts = (await connection.execute(text("SELECT id FROM posts"))).scalars().all()
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            again = await uow.posts.get(post_id)
    finally:
        await db.dispose()
    assert stored is not None and stored.photo == PHOTO and due.photo == PHOTO
    assert "photo" not in below["posts"] and "photo" not in below["outbox"]
    assert posts == [post_id]
    assert again is not None and again.photo is None  # the column came back empty

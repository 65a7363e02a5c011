"""A post's features (custom logo, OEM, certifications, samples) round-trip through the
posts table on SQLite and PostgreSQL, and a post stored before them loads with none."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import update

from bot.domain.parsing import parse_post
from storage import Database
from storage.json_columns import parsed_to_dict
from storage.tables import PostRow
from tests.integration.factories import make_post, make_user

TEXT = "出售 保温杯 可定制logo 支持OEM/ODM CE FDA认证 免费样品 起订1000个 12元/个"


@pytest.fixture(autouse=True)
async def owner(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1001))
        await uow.commit()


async def test_features_round_trip(db: Database) -> None:
    post = make_post()
    post.parsed = parse_post(TEXT)
    assert post.parsed.features == ("logo", "oem", "odm", "free_samples", "cert:CE", "cert:FDA")
    async with db.uow() as uow:
        post_id = await uow.posts.add(post)
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.posts.get(post_id)
    assert stored is not None
    assert stored.parsed == post.parsed
    assert stored.parsed.features == post.parsed.features


async def test_a_post_stored_before_features_loads_unchanged(db: Database) -> None:
    post = make_post()
    async with db.uow() as uow:
        post_id = await uow.posts.add(post)
        await uow.commit()
    old_form = parsed_to_dict(post.parsed)
    del old_form["features"]  # as the release before features wrote it
    async with db.uow() as uow:
        await uow.session.execute(
            update(PostRow).where(PostRow.id == post_id).values(parsed=old_form)
        )
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.posts.get(post_id)
    assert stored is not None
    assert stored.parsed == replace(post.parsed, features=())

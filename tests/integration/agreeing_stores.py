"""What the fakes-agree scenarios (test_fakes_agree*.py) share besides the `uow_factory`
fixture of conftest.py, which runs each on the fakes, SQLite and PostgreSQL."""

from __future__ import annotations

from bot.services.ports import UowFactory
from tests.integration.factories import make_user


async def add_users(uow_factory: UowFactory, *ids: int) -> None:
    async with uow_factory() as uow:
        for user_id in ids:
            await uow.users.upsert(make_user(user_id))
        await uow.commit()

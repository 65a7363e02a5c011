"""Migration 0015: the registration numbers already on the trust record become claims, and a
number two accounts gave before the upgrade is disputed on both records."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import TrustEvent
from bot.domain.trust.levels import BUSINESS, DISPUTED
from storage import Database, migrate
from storage.migrate import upgrade_engine, upgrade_to_head
from tests.integration.factories import NOW, make_user

CODE = "91350100M000100Y43"


async def test_numbers_on_the_record_become_claims_and_a_shared_one_is_disputed(
    url: str,
) -> None:
    given = [(1, "CN", CODE), (2, "CN", CODE), (3, "GB", "12345678")]
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:  # the people first: their table has grown since 0014
            for user_id, _country, _number in given:
                await uow.users.upsert(make_user(user_id))
            await uow.commit()
        await migrate.downgrade_engine(db.engine, "0014")
        async with db.uow() as uow:
            for n, (user_id, country, number) in enumerate(given):
                detail = {"country": country, "number": number, "checked": "format"}
                at = NOW + timedelta(minutes=n)
                await uow.trust_events.add(TrustEvent(user_id, BUSINESS, at, detail=detail))
            await uow.commit()
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            shared = await uow.registrations.claimants("CN", CODE)
            other = await uow.registrations.claimants("GB", "12345678")
            events = {u: await uow.trust_events.list_for_user(u) for u in (1, 2, 3)}
        await migrate.downgrade_engine(db.engine, "0014")  # and down again
    finally:
        await db.dispose()
    assert shared == [1, 2] and other == [3]
    disputed = {u: [e.detail for e in found if e.kind == DISPUTED] for u, found in events.items()}
    assert disputed == {
        1: [{"country": "CN", "number": CODE}],
        2: [{"country": "CN", "number": CODE}],
        3: [],
    }

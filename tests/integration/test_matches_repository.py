"""Matches and contact requests on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import ContactRequest, ContactStatus, Match, PostKind
from storage import Database
from tests.integration.factories import NOW, make_post, make_user


async def _pair(db: Database) -> tuple[int, int]:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        await uow.users.upsert(make_user(2))
        offer = await uow.posts.add(make_post(1))
        need = await uow.posts.add(make_post(2, kind=PostKind.NEED))
        await uow.commit()
    return offer, need


def _match(offer: int, need: int, **flags: bool) -> Match:
    reasons = [{"kind": "moq", "values": {"moq": "1000", "quantity": "3000", "unit": "pcs"}}]
    return Match(None, offer, need, 0.8, reasons, NOW, **flags)


async def test_a_pair_is_stored_once_and_round_trips(db: Database) -> None:
    offer, need = await _pair(db)
    async with db.uow() as uow:
        first = await uow.matches.add(_match(offer, need, offer_alerted=True, need_alerted=True))
        again = await uow.matches.add(_match(offer, need))
        await uow.commit()
    assert first is not None and again is None
    async with db.uow() as uow:
        stored = await uow.matches.get(first)
        assert stored is not None
        assert stored.reasons[0]["values"] == {"moq": "1000", "quantity": "3000", "unit": "pcs"}
        assert await uow.matches.paired_with(offer) == {need}
        assert await uow.matches.paired_with(need) == {offer}
        assert await uow.matches.count_alerted_for_need(need) == 1
        assert await uow.matches.sellers_of_need(need) == {1}
        assert await uow.matches.sellers_of_need(offer) == set()
        assert await uow.matches.offers_heard_by(2) == {offer}  # the need's owner
        assert await uow.matches.offers_heard_by(1) == set()  # the seller heard of no offer
        assert await uow.matches.count_alerts_to_user_since(1, NOW - timedelta(hours=1)) == 1
        assert await uow.matches.count_alerts_to_user_since(2, NOW + timedelta(hours=1)) == 0


async def test_dismissals_name_the_user_and_the_other_post(db: Database) -> None:
    offer, need = await _pair(db)
    async with db.uow() as uow:
        match_id = await uow.matches.add(_match(offer, need))
        assert match_id is not None
        match = await uow.matches.get(match_id)
        assert match is not None
        match.need_dismissed = True
        await uow.matches.update(match)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.matches.dismissals() == [(2, offer)]


async def test_contact_requests_by_match_and_by_post(db: Database) -> None:
    offer, need = await _pair(db)
    async with db.uow() as uow:
        match_id = await uow.matches.add(_match(offer, need))
        by_match = ContactRequest(None, match_id, offer, 2, 1, ContactStatus.PENDING, NOW)
        by_post = ContactRequest(None, None, offer, 2, 1, ContactStatus.PENDING, NOW)
        await uow.contact_requests.add(by_match)
        await uow.contact_requests.add(by_post)
        await uow.commit()
    async with db.uow() as uow:
        found = await uow.contact_requests.find(2, 1, None, match_id)
        assert found is not None and found.id == by_match.id
        found_by_post = await uow.contact_requests.find(2, 1, offer, None)
        assert found_by_post is not None and found_by_post.id == by_post.id
        assert await uow.contact_requests.find(1, 2, None, match_id) is None
        found.status, found.responded_at = ContactStatus.ACCEPTED, NOW
        await uow.contact_requests.update(found)
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.contact_requests.get(by_match.id or 0)
        assert stored is not None and stored.status is ContactStatus.ACCEPTED
        assert stored.responded_at == NOW

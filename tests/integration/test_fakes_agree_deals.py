"""The fakes and the SQL repositories agree on deals, their reminders and ratings, and on the
contact requests between two people (the stores of `agreeing_stores`)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import PostKind
from bot.services.ports import UowFactory
from tests.integration.agreeing_stores import add_users
from tests.integration.factories import NOW, make_post


async def test_deals_and_reminders(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal, DealOutcome, Reminder

    await add_users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        deal = Deal(None, None, None, None, 1, 2, NOW)
        deal_id = await uow.deals.add(deal)
        for user, due in ((1, NOW + timedelta(days=3)), (2, NOW + timedelta(days=1))):
            await uow.reminders.add(Reminder(None, "deal.outcome", user, due, {"deal": deal_id}))
        await uow.reminders.add(Reminder(None, "other", 1, NOW, {"deal": deal_id}))
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.user_id for r in await uow.reminders.due(NOW + timedelta(days=2))] == [1, 2]
        due = await uow.reminders.due(NOW + timedelta(days=5))
        assert [(r.kind, r.user_id) for r in due] == [
            ("other", 1),
            ("deal.outcome", 2),
            ("deal.outcome", 1),
        ]
        pending = [
            *await uow.reminders.pending(user_id=1, kinds=("deal.outcome",)),
            *await uow.reminders.pending(user_id=2, kinds=("deal.outcome",)),
        ]
        assert sorted(r.user_id for r in pending) == [1, 2]
        assert [r.kind for r in await uow.reminders.pending(user_id=1)] == [
            "deal.outcome",
            "other",
        ]
        first = pending[0]
        first.sent_at = NOW
        await uow.reminders.update(first)
        stored = await uow.deals.get(deal_id)
        assert stored is not None and stored.outcome is None
        stored.said_done(2, NOW)
        stored.outcome = DealOutcome.CLAIMED
        await uow.deals.update(stored)
        await uow.commit()
    async with uow_factory() as uow:
        assert len(await uow.reminders.pending(user_id=2, kinds=("deal.outcome",))) == 1
        assert await uow.reminders.pending(user_id=1, kinds=("deal.outcome",)) == []
        (claimed,) = await uow.deals.claimed_before(NOW + timedelta(seconds=1))
        assert claimed.buyer_confirmed_at == NOW and claimed.seller_confirmed_at is None
        assert claimed.claimed_at == NOW
        assert await uow.deals.claimed_before(NOW) == []


async def test_deals_about_a_post_of_one_side(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal

    await add_users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        offer = await uow.posts.add(make_post(1, kind=PostKind.OFFER))
        need = await uow.posts.add(make_post(2, kind=PostKind.NEED))
        first = await uow.deals.add(Deal(None, None, offer, need, 1, 2, NOW))
        second = await uow.deals.add(Deal(None, None, offer, None, 1, 3, NOW))
        await uow.commit()
    async with uow_factory() as uow:
        assert [d.id for d in await uow.deals.about_post(offer, 1)] == [first, second]
        assert [d.id for d in await uow.deals.about_post(need, 2)] == [first]
        assert [d.id for d in await uow.deals.about_post(offer, 3)] == [second]
        assert await uow.deals.about_post(need, 3) == []


async def test_confirmed_pairs_of_a_set_of_members(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal, DealOutcome

    await add_users(uow_factory, 1, 2, 3, 4)
    async with uow_factory() as uow:
        ids = []
        for seller, buyer, outcome in (
            (1, 2, DealOutcome.CONFIRMED),
            (3, 1, DealOutcome.CONFIRMED),
            (1, 2, DealOutcome.CONFIRMED),  # a second deal of the same pair: its own row
            (1, 4, DealOutcome.CLAIMED),  # not confirmed: not on the graph
            (3, 4, DealOutcome.CONFIRMED),
        ):
            deal = Deal(None, None, None, None, seller, buyer, NOW)
            ids.append(await uow.deals.add(deal))
            deal.outcome = outcome
            await uow.deals.update(deal)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.deals.confirmed_pairs({1}) == [(1, 2), (3, 1), (1, 2)]
        assert await uow.deals.confirmed_pairs([4, 2, 4]) == [(1, 2), (1, 2), (3, 4)]
        assert await uow.deals.confirmed_pairs(range(1000, 1700)) == []  # more than a chunk


async def test_ratings_once_per_deal_and_side(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal, Rating

    await add_users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        deal_id = await uow.deals.add(Deal(None, None, None, None, 1, 2, NOW))
        await uow.ratings.add(Rating(None, deal_id, 1, 2, 5, NOW))
        await uow.ratings.add(Rating(None, deal_id, 2, 1, 3, NOW))
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.stars for r in await uow.ratings.for_deal(deal_id)] == [5, 3]
        assert [r.rater_id for r in await uow.ratings.for_ratee(2)] == [1]
        assert [r.stars for r in await uow.ratings.everything()] == [5, 3]
        assert await uow.ratings.set_comment(deal_id, 1, "good") is True
        assert await uow.ratings.set_comment(deal_id, 1, "again") is False
        assert await uow.ratings.set_comment(deal_id, 9, "nobody") is False
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.comment for r in await uow.ratings.for_deal(deal_id)] == ["good", ""]
    with pytest.raises(Exception):  # noqa: B017 - IntegrityError of either store
        async with uow_factory() as uow:
            await uow.ratings.add(Rating(None, deal_id, 1, 2, 4, NOW))
            await uow.commit()


async def test_contact_requests_between_two_either_way_oldest_first(
    uow_factory: UowFactory,
) -> None:
    from bot.domain.models import ContactRequest, ContactStatus

    await add_users(uow_factory, 1, 2, 3)
    declined, accepted, pending = (
        ContactStatus.DECLINED,
        ContactStatus.ACCEPTED,
        ContactStatus.PENDING,
    )
    async with uow_factory() as uow:
        offer = await uow.posts.add(make_post(1))
        for asker, owner, status in ((2, 1, declined), (3, 1, pending), (1, 2, accepted)):
            request = ContactRequest(None, None, offer, asker, owner, status, NOW)
            await uow.contact_requests.add(request)
        await uow.commit()
    async with uow_factory() as uow:
        found = await uow.contact_requests.between(1, 2)
        assert [(r.from_user_id, r.status) for r in found] == [(2, declined), (1, accepted)]
        assert [r.id for r in await uow.contact_requests.between(2, 1)] == [r.id for r in found]
        assert [r.from_user_id for r in await uow.contact_requests.between(1, 3)] == [3]
        assert await uow.contact_requests.between(2, 3) == []


async def test_posts_with_pending_reminders_of_a_kind_in_one_query(
    uow_factory: UowFactory,
) -> None:
    """`posts_with_pending`: those of the posts asked with a pending reminder of the kinds
    (sent, cancelled or another kind's are not)."""
    from bot.domain.models import Reminder

    await add_users(uow_factory, 1)
    async with uow_factory() as uow:
        ids = [await uow.posts.add(make_post(1)) for _ in range(5)]
        for post_id in ids:
            await uow.reminders.add(Reminder(None, "post.no_interest", 1, NOW, post_id=post_id))
        await uow.reminders.add(Reminder(None, "post.expiring", 1, NOW, post_id=ids[4]))
        await uow.commit()
    async with uow_factory() as uow:
        (sent,) = await uow.reminders.pending(post_id=ids[1])
        sent.sent_at = NOW
        await uow.reminders.update(sent)
        (cancelled,) = await uow.reminders.pending(post_id=ids[2])
        cancelled.cancelled_at = NOW
        await uow.reminders.update(cancelled)
        await uow.commit()
    async with uow_factory() as uow:
        asked = ids[:3] + [ids[4]]  # ids[3] has one too, not asked
        assert await uow.reminders.posts_with_pending(asked, ["post.no_interest"]) == {
            ids[0],
            ids[4],
        }
        assert await uow.reminders.posts_with_pending(asked, ["post.expiring"]) == {ids[4]}
        assert await uow.reminders.posts_with_pending([], ["post.no_interest"]) == set()

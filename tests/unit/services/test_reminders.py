"""Follow-ups with a moved clock (issue 11): each step of a match's and a post's life, what
ends a reminder, and what happens to one that falls due too late."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests, dismissals
from bot.services.follow_ups import EXPIRY_WARNING, MATCH_FOLLOW_UP, NO_INTEREST
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from bot.services.schedule import Schedule
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import NEED, OFFER, TTL, add_user, new_index, opened, sweep

SELLER, BUYER = 1, 2
SCHEDULE = Schedule(post_ttl=TTL)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def _matched(
    uow_factory: UowFactory, clock: FixedClock, index: MatchingIndex
) -> tuple[int, int, int]:
    """(offer id, need id, match id)."""
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await add_user(uow_factory, BUYER, Lang.EN)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    need, _ = await opened(uow_factory, clock, index, BUYER, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(offer.id or -1)
    assert offer.id and need.id and match.id
    return offer.id, need.id, match.id


async def test_an_unanswered_match_gets_one_follow_up(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _matched(uow_factory, clock, index)
    clock.advance(SCHEDULE.follow_up_after - timedelta(minutes=1))
    assert await sweep(uow_factory, clock, index) == 0
    clock.advance(timedelta(minutes=2))
    assert await sweep(uow_factory, clock, index) == 2  # each side, once
    assert await sweep(uow_factory, clock, index) == 0
    (nudge,) = await _texts(uow_factory, BUYER, "match.follow_up")
    assert "Still interested?" in nudge and "vacuum flask" in nudge
    assert "还感兴趣吗" in (await _texts(uow_factory, SELLER, "match.follow_up"))[0]


async def test_answering_a_match_ends_its_follow_up(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    _offer, _need, match_id = await _matched(uow_factory, clock, index)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    await dismissals.dismiss_match(uow_factory, clock, Table(index), match_id, SELLER)
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, BUYER, "match.follow_up") == []
    assert await _texts(uow_factory, SELLER, "match.follow_up") == []
    # The request the buyer made is what the seller is nudged about instead.
    (nudge,) = await _texts(uow_factory, SELLER, "contact.follow_up")
    assert "等了你24小时" in nudge


async def test_an_unanswered_request_nudges_the_owner_then_tells_the_asker(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    _offer, _need, match_id = await _matched(uow_factory, clock, index)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    assert len(await _texts(uow_factory, SELLER, "contact.follow_up")) == 1
    assert await _texts(uow_factory, BUYER, "contact.unanswered") == []
    clock.advance(SCHEDULE.follow_up_after)
    await sweep(uow_factory, clock, index)
    (told,) = await _texts(uow_factory, BUYER, "contact.unanswered")
    assert "No answer yet" in told and "/search" in told


async def test_an_answered_request_sends_no_follow_up(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    _offer, _need, match_id = await _matched(uow_factory, clock, index)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(BUYER, SELLER, None, match_id)
    assert request is not None and request.id is not None
    await contact_requests.decline(uow_factory, clock, request.id, SELLER)
    clock.advance(3 * SCHEDULE.follow_up_after)
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, SELLER, "contact.follow_up") == []
    assert await _texts(uow_factory, BUYER, "contact.unanswered") == []
    async with uow_factory() as uow:
        ended = await uow.reminders.pending(user_id=SELLER)
    assert all(r.kind not in ("contact.follow_up",) for r in ended)


async def test_expiry_warning_with_what_the_post_achieved_and_renewal(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer_id, _need, match_id = await _matched(uow_factory, clock, index)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    clock.advance(TTL - SCHEDULE.expiry_warning_before + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    (warning,) = await _texts(uow_factory, SELLER, "post.expiry_warning")
    assert "到期" in warning and "匹配提醒 1 次" in warning and "联系请求 1 次" in warning
    await publishing.renew(uow_factory, clock, SCHEDULE, Table(index, SCHEDULE), offer_id, SELLER)
    async with uow_factory() as uow:
        pending = await uow.reminders.pending(post_id=offer_id, kinds=(EXPIRY_WARNING,))
    (next_warning,) = pending
    assert next_warning.due_at == clock.now() + TTL - SCHEDULE.expiry_warning_before


async def test_closing_a_post_cancels_what_was_about_it_with_the_reason(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer_id, _need, _match = await _matched(uow_factory, clock, index)
    await publishing.close(uow_factory, clock, Table(index), offer_id, SELLER, deal=False)
    async with uow_factory() as uow:
        assert await uow.reminders.pending(post_id=offer_id) == []
    clock.advance(TTL)
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, SELLER, "post.expiry_warning") == []
    assert await _texts(uow_factory, SELLER, "post.no_interest") == []


async def test_a_follow_up_far_too_late_expires_with_its_reason(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    index = new_index()
    await _matched(uow_factory, clock, index)
    clock.advance(SCHEDULE.follow_up_after + timedelta(days=4))  # the bot was down
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, BUYER, "match.follow_up") == []
    late = [r for r in store.tables.reminders.values() if r.kind == MATCH_FOLLOW_UP]
    assert late and all(r.expired_at == clock.now() and "ago" in (r.reason or "") for r in late)


async def test_a_topic_turned_off_is_not_sent(uow_factory: UowFactory, clock: FixedClock) -> None:
    index = new_index()
    await _matched(uow_factory, clock, index)
    async with uow_factory() as uow:
        buyer = await uow.users.get(BUYER)
        assert buyer is not None
        buyer.reminders_off = ("follow_up",)
        await uow.users.upsert(buyer)
        await uow.commit()
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))
    assert await sweep(uow_factory, clock, index) == 1  # the seller's only
    assert await _texts(uow_factory, BUYER, "match.follow_up") == []


async def test_a_reader_who_blocked_the_bot_gets_nothing_and_it_is_not_retried(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    from bot.services.people import users

    index = new_index()
    await _matched(uow_factory, clock, index)
    await users.set_blocked(uow_factory, BUYER)
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    async with uow_factory() as uow:
        assert await uow.reminders.pending(user_id=BUYER, kinds=(MATCH_FOLLOW_UP,)) == []


async def test_an_offer_nobody_asked_about_gets_advice_from_the_market(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for seller, text in (
        (11, "出售 不锈钢保温杯 起订500个 9元/个 永康"),
        (12, "出售 不锈钢保温杯 起订500个 10元/个 永康"),
        (13, "出售 不锈钢保温杯 起订800个 11元/个 金华"),
    ):
        await opened(uow_factory, clock, index, seller, text)
    for buyer, text in (
        (21, "求购 保温杯 500ml 真空 2000个"),
        (22, "求购 保温杯 真空 500ml 3000个"),
    ):
        await opened(uow_factory, clock, index, buyer, text)
    await add_user(uow_factory, SELLER, Lang.EN, timezone="UTC")
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢保温杯 15元/个")
    clock.advance(SCHEDULE.nudge_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    (advice,) = await _texts(uow_factory, SELLER, "post.no_interest")
    assert "above" in advice and "median $1.39" in advice and "3 similar" in advice
    assert "Your price ¥15 ≈ $2.08" in advice  # as written, and in the reader's dollars
    assert "MOQ" in advice and "where it ships from" in advice  # what the post does not say
    assert "●" in advice and "┆" in advice


async def test_a_need_with_no_supplier_hears_of_related_offers(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await opened(uow_factory, clock, index, 11, "出售 玻璃保温杯 起订300个 20元/个 义乌")
    await add_user(uow_factory, BUYER, Lang.EN)
    await opened(uow_factory, clock, index, BUYER, "Looking for vacuum flask 2000 pcs under $1")
    clock.advance(SCHEDULE.nudge_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    (advice,) = await _texts(uow_factory, BUYER, "post.no_interest")
    assert "No supplier has been in touch" in advice


async def test_advice_is_not_sent_once_someone_asked(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    _offer, _need, match_id = await _matched(uow_factory, clock, index)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    clock.advance(SCHEDULE.nudge_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, SELLER, "post.no_interest") == []
    async with uow_factory() as uow:
        assert await uow.reminders.pending(user_id=SELLER, kinds=(NO_INTEREST,)) == []


async def test_a_reminder_due_at_night_is_written_in_the_morning(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    _offer, _need, match_id = await _matched(uow_factory, clock, index)  # 16:30 in Shanghai
    clock.advance(SCHEDULE.follow_up_after + 6 * HOUR)  # 22:30 the next day: it is night
    assert await sweep(uow_factory, clock, index) == 0
    async with uow_factory() as uow:
        (waiting,) = await uow.reminders.pending(user_id=BUYER, kinds=(MATCH_FOLLOW_UP,))
    assert waiting.due_at == datetime(2026, 3, 3, 0, 0, tzinfo=UTC)  # 08:00 in Shanghai
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id, SCHEDULE)
    clock.advance(timedelta(hours=10))  # the morning: the buyer answered in the night
    await sweep(uow_factory, clock, index)
    assert await _texts(uow_factory, BUYER, "match.follow_up") == []
    # The seller's nudge is now about the request instead (contact.follow_up, due later).
    assert await _texts(uow_factory, SELLER, "match.follow_up") == []


async def test_a_night_s_reminders_all_go_out_at_eight(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _matched(uow_factory, clock, index)
    clock.advance(SCHEDULE.follow_up_after + 6 * HOUR)  # 22:30 in Shanghai
    assert await sweep(uow_factory, clock, index) == 0
    clock.advance(9 * HOUR)  # 07:30: still night
    assert await sweep(uow_factory, clock, index) == 0
    clock.advance(HOUR)  # 08:30
    assert await sweep(uow_factory, clock, index) == 2

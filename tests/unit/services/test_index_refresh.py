"""Posts an older vocabulary derived keep matching on their stored entries after a restart,
and are derived anew in the background, in every process, without alerting anyone."""

from __future__ import annotations

from bot.domain import money
from bot.domain.matching.vocabulary import vocabulary_version
from bot.services import index_refresh, index_sync, matching, publishing
from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, opened

OLD = "an-old-release"


async def _stored_by_an_old_release(uow_factory: UowFactory, clock: FixedClock) -> None:
    """Every open post's entry as an older release derived it: one product word, no concept."""
    async with uow_factory() as uow:
        entries = [e async for batch in uow.posts.stream_index_entries(clock.now()) for e in batch]
        for e in entries:
            assert e.labels is not None and e.numbers is not None
            await uow.posts.save_index_entry(e.post_id, "p|旧词", e.labels, e.numbers, OLD)
        await uow.commit()


async def _outbox_size(uow_factory: UowFactory, clock: FixedClock) -> int:
    async with uow_factory() as uow:
        return len(await uow.outbox.due(clock.now().replace(year=2100), 1000))


async def test_old_entries_load_at_once_and_are_derived_anew_without_alerts(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    published = matching.MatchingIndex(matching.MatchPolicy())
    offer, _ = await opened(uow_factory, clock, published, 1, OFFER)
    need, _ = await opened(uow_factory, clock, published, 2, NEED)
    await _stored_by_an_old_release(uow_factory, clock)
    alerts_before = await _outbox_size(uow_factory, clock)

    restarted = matching.MatchingIndex(matching.MatchPolicy())
    assert await matching.rebuild(uow_factory, clock, restarted) == 2
    assert list(restarted.stale) == [offer.id, need.id]
    assert restarted.engine.terms_of(offer.id or -1).product == ("旧词",)  # matches at once

    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, limit=1) == 1
    assert list(restarted.stale) == [offer.id]  # the newest first
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 1
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 0
    for post in (offer, need):
        fresh = restarted.engine.terms_of(post.id or -1)
        assert fresh == published.engine.terms_of(post.id or -1) and fresh is not None
        assert "旧词" not in fresh.product
    async with uow_factory() as uow:
        assert await uow.posts.with_stale_index([offer.id or -1, need.id or -1], OLD) == [
            offer.id,
            need.id,
        ]  # stored under this release's vocabulary now
        assert await uow.posts.with_stale_index([offer.id or -1], restarted.vocabulary) == []
    assert await _outbox_size(uow_factory, clock) == alerts_before  # nobody alerted again


async def test_another_process_loads_the_refreshed_entries(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    published = matching.MatchingIndex(matching.MatchPolicy())
    offer, _ = await opened(uow_factory, clock, published, 1, OFFER)
    await _stored_by_an_old_release(uow_factory, clock)
    first, second = (matching.MatchingIndex(matching.MatchPolicy()) for _ in range(2))
    for index in (first, second):
        await matching.rebuild(uow_factory, clock, index)

    assert await index_refresh.refresh_stale(uow_factory, clock, first) == 1
    assert second.engine.terms_of(offer.id or -1).product == ("旧词",)
    await index_sync.catch_up_now(uow_factory, clock, second)
    assert second.engine.terms_of(offer.id or -1) == first.engine.terms_of(offer.id or -1)
    # its own queue still names the post, but the work is done: nothing is derived twice
    assert await index_refresh.refresh_stale(uow_factory, clock, second) == 0
    assert not second.stale


async def test_a_post_closed_meanwhile_is_left_out(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    published = matching.MatchingIndex(matching.MatchPolicy())
    offer, _ = await opened(uow_factory, clock, published, 1, OFFER)
    await _stored_by_an_old_release(uow_factory, clock)
    restarted = matching.MatchingIndex(matching.MatchPolicy())
    await matching.rebuild(uow_factory, clock, restarted)
    await publishing.close(uow_factory, clock, restarted, offer.id or -1, 1, deal=False)
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 0
    assert offer.id not in restarted.engine


def test_the_vocabulary_names_what_derives_entries() -> None:
    rates = dict(money.DEFAULT_RATES)
    version = vocabulary_version(rates)
    assert len(version) == 16 and version == vocabulary_version(dict(rates))
    assert vocabulary_version({**rates, "USD": rates["USD"] * 1.1}) != version  # prices in CNY
    assert matching.MatchingIndex(matching.MatchPolicy(rates=rates)).vocabulary == version


async def test_out_of_time_the_rest_wait_for_the_next_call(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    published = matching.MatchingIndex(matching.MatchPolicy())
    offer, _ = await opened(uow_factory, clock, published, 1, OFFER)
    need, _ = await opened(uow_factory, clock, published, 2, NEED)
    await _stored_by_an_old_release(uow_factory, clock)
    restarted = matching.MatchingIndex(matching.MatchPolicy())
    await matching.rebuild(uow_factory, clock, restarted)
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, budget=0) == 1
    assert list(restarted.stale) == [offer.id]  # one post at least, the newest
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, budget=0) == 1
    assert not restarted.stale

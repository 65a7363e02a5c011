"""Posts an older vocabulary derived keep matching on their stored entries after a restart,
and are derived anew in the background, in every process, without alerting anyone."""

from __future__ import annotations

from bot.domain import money
from bot.domain.vocabulary.version import vocabulary_version
from bot.services.after_effects import Table
from bot.services.matching import index_loading, index_refresh, index_sync, indexing
from bot.services.ports import UowFactory
from bot.services.posting import publishing
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


async def _published_by_an_old_release(
    uow_factory: UowFactory, clock: FixedClock, *texts: str
) -> tuple[indexing.MatchingIndex, list[int]]:
    """Posts published, each by its own member, then stored as an older release would
    have: the index they were published with, and their ids."""
    published = indexing.MatchingIndex(indexing.MatchPolicy())
    ids = [
        (await opened(uow_factory, clock, published, n, text))[0].id or -1
        for n, text in enumerate(texts, 1)
    ]
    await _stored_by_an_old_release(uow_factory, clock)
    return published, ids


async def _restarted(uow_factory: UowFactory, clock: FixedClock) -> indexing.MatchingIndex:
    index = indexing.MatchingIndex(indexing.MatchPolicy())
    await index_loading.rebuild(uow_factory, clock, index)
    return index


def _product(index: indexing.MatchingIndex, post_id: int) -> tuple[str, ...]:
    terms = index.engine.terms_of(post_id)
    assert terms is not None
    return terms.product


async def _outbox_size(uow_factory: UowFactory, clock: FixedClock) -> int:
    async with uow_factory() as uow:
        return len(await uow.outbox.due(clock.now().replace(year=2100), 1000))


async def test_old_entries_load_at_once_and_are_derived_anew_without_alerts(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    published, (offer, need) = await _published_by_an_old_release(uow_factory, clock, OFFER, NEED)
    alerts_before = await _outbox_size(uow_factory, clock)

    restarted = await _restarted(uow_factory, clock)
    assert len(restarted.engine) == 2 and list(restarted.stale) == [offer, need]
    assert _product(restarted, offer) == ("旧词",)  # matches at once

    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, limit=1) == 1
    assert list(restarted.stale) == [offer]  # the newest first
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 1
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 0
    for post_id in (offer, need):
        fresh = restarted.engine.terms_of(post_id)
        assert fresh == published.engine.terms_of(post_id) and fresh is not None
        assert "旧词" not in fresh.product
    async with uow_factory() as uow:  # stored under this release's vocabulary now
        assert await uow.posts.with_stale_index([offer, need], OLD) == [offer, need]
        assert await uow.posts.with_stale_index([offer], restarted.vocabulary) == []
    assert await _outbox_size(uow_factory, clock) == alerts_before  # nobody alerted again


async def test_another_process_loads_the_refreshed_entries(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _, (offer,) = await _published_by_an_old_release(uow_factory, clock, OFFER)
    first, second = await _restarted(uow_factory, clock), await _restarted(uow_factory, clock)

    assert await index_refresh.refresh_stale(uow_factory, clock, first) == 1
    assert _product(second, offer) == ("旧词",)
    await index_sync.catch_up_now(uow_factory, clock, second)
    assert second.engine.terms_of(offer) == first.engine.terms_of(offer)
    # its own queue still names the post, but the work is done: nothing is derived twice
    assert await index_refresh.refresh_stale(uow_factory, clock, second) == 0
    assert not second.stale


async def test_a_post_closed_meanwhile_is_left_out(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _, (offer,) = await _published_by_an_old_release(uow_factory, clock, OFFER)
    restarted = await _restarted(uow_factory, clock)
    await publishing.close(uow_factory, clock, Table(restarted), offer, 1, deal=False)
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted) == 0
    assert offer not in restarted.engine


def test_the_vocabulary_names_what_derives_entries() -> None:
    rates = dict(money.DEFAULT_RATES)
    version = vocabulary_version(rates)
    assert len(version) == 16 and version == vocabulary_version(dict(rates))
    assert vocabulary_version({**rates, "USD": rates["USD"] * 1.1}) != version  # prices in CNY
    assert indexing.MatchingIndex(indexing.MatchPolicy(rates=rates)).vocabulary == version


async def test_out_of_time_the_rest_wait_for_the_next_call(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _, (offer, _need) = await _published_by_an_old_release(uow_factory, clock, OFFER, NEED)
    restarted = await _restarted(uow_factory, clock)
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, budget=0) == 1
    assert list(restarted.stale) == [offer]  # one post at least, the newest
    assert await index_refresh.refresh_stale(uow_factory, clock, restarted, budget=0) == 1
    assert not restarted.stale

"""/search: open posts of both kinds, ranked, a page at a time."""

from __future__ import annotations

from bot.services.after_effects import Table
from bot.services.matching import search
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, new_index, opened

VIEWER = 9  # someone who posted nothing


async def test_search_finds_open_posts_of_both_kinds_and_pages(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, 1, OFFER)
    need, _ = await opened(uow_factory, clock, index, 2, NEED)
    await opened(uow_factory, clock, index, 3, "出售 LED灯泡 9W 3元/个")
    found, more, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 5, VIEWER)
    assert {p.id for p in found} == {offer.id, need.id} and not more
    first, more, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 1, VIEWER)
    assert len(first) == 1 and more
    await publishing.close(uow_factory, clock, Table(index), offer.id or -1, 1, deal=False)
    found, _, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 5, VIEWER)
    assert [p.id for p in found] == [need.id]


async def test_search_for_nothing_known_is_empty(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await opened(uow_factory, clock, index, 1, OFFER)
    assert await search.search(uow_factory, clock, index, "挖掘机", 0, 5, VIEWER) == (
        [],
        False,
        frozenset(),
    )

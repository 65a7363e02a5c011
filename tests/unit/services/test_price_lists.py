"""A price list's drafts: made once for an update handled again after a crash, refused as a
whole for a price nobody can mean, asked "selling or buying?" once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Action, Lang, PostKind, PostStatus
from bot.services.delivery import inbox
from bot.services.errors import KindUnclear, UserFacingError
from bot.services.ports import UowFactory
from bot.services.posting import price_lists
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import TTL, add_user

SELLER = 1001
CUPS = "出售以下保温杯，义乌发货：\n304保温杯 350ml 10元/个\n304保温杯 500ml 12元/个\n起订500个"


async def test_an_update_handled_again_gets_the_same_drafts(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await add_user(uow_factory, SELLER)
    for update_id in (77, 78):
        update = {"update_id": update_id, "message": {"text": CUPS, "from": {"id": SELLER}}}
        await inbox.receive(uow_factory, clock, update_id, update, None, Lang.ZH_HANS)
    first = await price_lists.draft_list(uow_factory, clock, TTL, SELLER, CUPS, update_id=77)
    again = await price_lists.draft_list(uow_factory, clock, TTL, SELLER, CUPS, update_id=77)
    assert first is not None and again is not None
    assert [p.id for p in again.posts] == [p.id for p in first.posts] and len(first.posts) == 2
    assert len(store.tables.posts) == 2  # not a second set
    assert set(first.tokens) == {Action.PUBLISH_LIST, Action.SHOW_LIST_CARDS, Action.DISCARD_LIST}
    clock.advance(timedelta(seconds=1))
    other = await price_lists.draft_list(uow_factory, clock, TTL, SELLER, CUPS, update_id=78)
    assert other is not None and {p.id for p in other.posts}.isdisjoint(p.id for p in first.posts)


async def test_a_list_is_refused_whole_or_asked_about_once(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await add_user(uow_factory, SELLER)
    with pytest.raises(UserFacingError) as refused:
        await price_lists.draft_list(uow_factory, clock, TTL, SELLER, CUPS.replace("12元", "0元"))
    assert refused.value.key == "problem.price.zero" and not store.tables.posts
    unclear = "保温杯 350ml 10元/个\n保温杯 500ml 12元/个"
    with pytest.raises(KindUnclear):
        await price_lists.draft_list(uow_factory, clock, TTL, SELLER, unclear)
    listed = await price_lists.draft_list(
        uow_factory, clock, TTL, SELLER, unclear, kind=PostKind.NEED
    )
    assert listed is not None and {(p.kind, p.status) for p in listed.posts} == {
        (PostKind.NEED, PostStatus.DRAFT)
    }
    assert (
        await price_lists.draft_list(uow_factory, clock, TTL, SELLER, "出售 保温杯 12元/个")
        is None
    )

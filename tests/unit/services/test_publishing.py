"""Opening, renewing, editing, closing and expiring posts: one transaction each, with the
matching index kept in step."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import PostStatus
from bot.services.after_effects import Table
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from bot.services.schedule import Schedule
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import (
    NEED,
    OFFER,
    TTL,
    drafted,
    new_index,
    opened,
    outbox_kinds,
    stored,
)


async def test_publishing_opens_indexes_and_alerts_both_sides(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer, alerted = await opened(uow_factory, clock, index, 1, OFFER)
    assert (offer.status, alerted) == (PostStatus.OPEN, 0)
    assert offer.expires_at == clock.now() + TTL
    need, alerted = await opened(uow_factory, clock, index, 2, NEED)
    assert alerted == 1
    assert index.engine.terms_of(need.id or -1) is not None
    assert await outbox_kinds(uow_factory, 1) == ["match.alert"]
    assert await outbox_kinds(uow_factory, 2) == ["match.alert"]
    stored_need = await stored(uow_factory, need.id)
    assert stored_need.status is PostStatus.OPEN


async def test_a_draft_without_a_product_cannot_be_published(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    draft = await drafted(uow_factory, clock, 1, "求购 5000个 10元以内")
    with pytest.raises(UserFacingError) as refused:
        await publishing.publish(
            uow_factory,
            clock,
            Schedule(post_ttl=TTL),
            Table(new_index(), Schedule(post_ttl=TTL)),
            draft.id or -1,
            1,
        )
    assert refused.value.key == "problem.product.missing"
    assert (await stored(uow_factory, draft.id)).status is PostStatus.DRAFT


async def test_only_the_owner_may_publish(uow_factory: UowFactory, clock: FixedClock) -> None:
    draft = await drafted(uow_factory, clock, 1, OFFER)
    with pytest.raises(UserFacingError) as refused:
        await publishing.publish(
            uow_factory,
            clock,
            Schedule(post_ttl=TTL),
            Table(new_index(), Schedule(post_ttl=TTL)),
            draft.id or -1,
            2,
        )
    assert refused.value.key == "post.not_found"


async def test_a_failed_commit_leaves_neither_database_nor_index_changed(
    store: InMemoryStore, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = new_index()
    draft = await drafted(store.uow_factory, clock, 1, OFFER)

    def failing_uow():  # type: ignore[no-untyped-def]
        uow = store.uow_factory()

        async def commit() -> None:
            raise ConnectionError("the database went away")

        uow.commit = commit  # type: ignore[method-assign]
        return uow

    with pytest.raises(ConnectionError):
        await publishing.publish(
            failing_uow,
            clock,
            Schedule(post_ttl=TTL),
            Table(index, Schedule(post_ttl=TTL)),
            draft.id or -1,
            1,
        )
    assert (await stored(store.uow_factory, draft.id)).status is PostStatus.DRAFT
    assert index.engine.terms_of(draft.id or -1) is None
    # ... so publishing again later works and matches as usual.
    post, _ = await publishing.publish(
        store.uow_factory,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        draft.id or -1,
        1,
    )
    assert index.engine.terms_of(post.id or -1) is not None


async def test_an_expired_post_renews_and_is_matched_again(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, 1, OFFER)
    clock.advance(TTL + timedelta(seconds=1))
    expired = await publishing.expire_due(uow_factory, clock, Table(index))
    assert [p.id for p in expired] == [offer.id]
    assert index.engine.terms_of(offer.id or -1) is None
    assert "post.expired" in await outbox_kinds(uow_factory, 1)
    await opened(uow_factory, clock, index, 2, NEED)  # nobody to match while it is expired
    assert "match.alert" not in await outbox_kinds(uow_factory, 2)
    renewed, alerted = await publishing.renew(
        uow_factory,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        offer.id or -1,
        1,
    )
    assert renewed.status is PostStatus.OPEN and alerted == 1
    assert renewed.expires_at == clock.now() + TTL


async def test_editing_an_open_post_rematches_it(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    need, _ = await opened(uow_factory, clock, index, 2, "求购 LED灯泡 9W 5000个")
    offer, alerted = await opened(uow_factory, clock, index, 1, OFFER)
    assert alerted == 0
    edited, alerted = await publishing.edit_field(
        uow_factory, clock, Table(index), offer.id or -1, 1, "product", "LED灯泡 9W"
    )
    assert edited.parsed.product == "LED灯泡" and alerted == 1
    assert await outbox_kinds(uow_factory, 2) == ["match.alert"]
    assert need.id is not None


async def test_an_unreadable_value_changes_nothing(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, 1, OFFER)
    with pytest.raises(UserFacingError):
        await publishing.edit_field(
            uow_factory, clock, Table(index), offer.id or -1, 1, "price", "???"
        )
    assert (await stored(uow_factory, offer.id)).parsed == offer.parsed


@pytest.mark.parametrize(
    ("deal", "status"), [(True, PostStatus.DEAL), (False, PostStatus.WITHDRAWN)]
)
async def test_closing_takes_the_post_out_of_the_index(
    uow_factory: UowFactory, clock: FixedClock, deal: bool, status: PostStatus
) -> None:
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, 1, OFFER)
    closed = await publishing.close(uow_factory, clock, Table(index), offer.id or -1, 1, deal=deal)
    assert closed.status is status
    assert index.engine.terms_of(offer.id or -1) is None
    with pytest.raises(UserFacingError) as refused:  # a closed post allows nothing more
        await publishing.renew(
            uow_factory,
            clock,
            Schedule(post_ttl=TTL),
            Table(index, Schedule(post_ttl=TTL)),
            offer.id or -1,
            1,
        )
    assert refused.value.key == "post.not_open"


async def test_an_edited_bare_yuan_is_the_writer_s_currency_when_the_post_names_no_place(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    offer, _ = await opened(uow_factory, clock, index, 1, "出售 充電線 每條2元 起訂500條")
    async with uow_factory() as uow:
        user = await uow.users.get(1)
        assert user is not None
        user.timezone = "Asia/Taipei"
        await uow.users.upsert(user)
        await uow.commit()
    edited, _ = await publishing.edit_field(
        uow_factory, clock, Table(index), offer.id or -1, 1, "price", "每條3元"
    )
    assert edited.parsed.price is not None and edited.parsed.price.currency == "TWD"

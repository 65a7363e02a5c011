"""One poller per token: the lease goes to one holder until it lapses or is released."""

from __future__ import annotations

from datetime import timedelta

from bot.services.delivery import leases
from bot.services.ports import UowFactory
from tests.fakes import FixedClock

TTL = timedelta(seconds=6)


async def test_one_holder_until_the_lease_lapses(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    assert await leases.take(uow_factory, clock, "a", TTL)
    assert not await leases.take(uow_factory, clock, "b", TTL)
    clock.advance(timedelta(seconds=4))
    assert await leases.take(uow_factory, clock, "a", TTL)  # renewed: good for 6 s more
    clock.advance(timedelta(seconds=4))
    assert not await leases.take(uow_factory, clock, "b", TTL)
    clock.advance(timedelta(seconds=3))  # a died: nobody renewed
    assert await leases.take(uow_factory, clock, "b", TTL)
    assert not await leases.take(uow_factory, clock, "a", TTL)  # a came back: now a standby


async def test_a_released_lease_is_free_at_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    assert await leases.take(uow_factory, clock, "a", TTL)
    await leases.release(uow_factory, clock, "a")
    assert await leases.take(uow_factory, clock, "b", TTL)
    await leases.release(uow_factory, clock, "a")  # not a's any more: nothing happens
    assert not await leases.take(uow_factory, clock, "a", TTL)

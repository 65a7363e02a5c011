"""One poller per token: the process that holds the "telegram" lease talks to Telegram
(polls, or serves the webhook); another one started on the same token and database waits
as a standby, and takes over once the lease lapses (its holder died or stopped)."""

from __future__ import annotations

import os
import secrets
import socket
from datetime import timedelta

from bot.services.ports import Clock, UowFactory

TELEGRAM = "telegram"


def new_holder() -> str:
    """This process, as a lease names it."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"


async def take(uow_factory: UowFactory, clock: Clock, holder: str, ttl: timedelta) -> bool:
    """Take or renew the lease for `ttl`; False while another process holds it."""
    now = clock.now()
    async with uow_factory() as uow:
        held = await uow.leases.take(TELEGRAM, holder, now, now + ttl)
        await uow.commit()
        return held


async def release(uow_factory: UowFactory, clock: Clock, holder: str) -> None:
    """Let a standby take over at once (a clean stop)."""
    async with uow_factory() as uow:
        await uow.leases.release(TELEGRAM, holder, clock.now())
        await uow.commit()

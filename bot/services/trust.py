"""Trust records as the other side sees them: facts counted from the append-only log."""

from __future__ import annotations

from bot.domain.trust import TrustSummary, summarise
from bot.services.ports import UnitOfWork


async def summary_of(uow: UnitOfWork, user_id: int | None) -> TrustSummary | None:
    """The trust summary of a member (None for nobody: a post whose owner left)."""
    if user_id is None:
        return None
    user = await uow.users.get(user_id)
    if user is None:
        return None
    return summarise(user, await uow.trust_events.list_for_user(user_id))

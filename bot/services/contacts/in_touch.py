"""Two people already in touch (issue 35): they exchanged contacts before, about anything and
whoever asked, or a request between them still waits. Then nobody is nudged that "the other
side is waiting", Contact asks nothing again but shows the card its presser already has,
and a decline does not claim the other side never saw the decliner's details."""

from __future__ import annotations

from datetime import datetime

from bot.domain.models import ContactRequest, ContactStatus
from bot.services.ports import UnitOfWork


def waiting(request: ContactRequest, now: datetime) -> bool:
    """Pending and not past its expiry: the asker's consent still holds."""
    return request.status is ContactStatus.PENDING and (
        request.expires_at is None or now < request.expires_at
    )


async def exchanged(uow: UnitOfWork, user_a: int, user_b: int) -> bool:
    """Did these two exchange contacts, and has neither declined the other since? Every
    exchange accepts a request and opens a deal; the deal stays when the request goes with
    a post's data (retention). A decline at or after their latest exchange ends it (at the
    same moment, the decline wins): a Contact then asks again, and nothing of the decliner
    is shown again without their yes."""
    requests = await uow.contact_requests.between(user_a, user_b)
    accepted = [_answered_at(r) for r in requests if r.status is ContactStatus.ACCEPTED]
    declined = [_answered_at(r) for r in requests if r.status is ContactStatus.DECLINED]
    if declined and (not accepted or max(declined) >= max(accepted)):
        return False
    return bool(accepted) or bool(await uow.deals.between(user_a, user_b))


def _answered_at(request: ContactRequest) -> datetime:
    return request.responded_at or request.created_at


async def in_touch(uow: UnitOfWork, now: datetime, user_a: int, user_b: int) -> bool:
    """Exchanged contacts before, or a request between them (either way) still waits."""
    requests = await uow.contact_requests.between(user_a, user_b)
    if any(waiting(r, now) for r in requests):
        return True
    return await exchanged(uow, user_a, user_b)

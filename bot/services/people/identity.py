"""Identity level L2: a business registration number whose form was checked. Neither check
is a check of the business itself, and the card says so.

One number, one account (issue 33): every claim is kept (`registrations`). Credit codes are
public, so a first claim must not lock the real firm out: a second account's claim is
recorded too and disputes the number on every claimant's record (`identity.disputed`, no
L2 while it stands), and the admin chat is told. An established circle's admins settle it
(`bot.services.circles.settling`); a settlement stands, and a later claim is disputed for
the newcomer only."""

from __future__ import annotations

import re
from datetime import datetime

from phonenumbers import SUPPORTED_REGIONS

from bot.domain.models import Lang, OutboxMessage, TrustEvent
from bot.domain.trust.checks import credit_code_valid
from bot.domain.trust.levels import BUSINESS, DISPUTED, dispute
from bot.services.errors import UserFacingError
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import t

# ISO 3166-1 alpha-2 codes of the countries and territories with their own numbering plan
# (libphonenumber's regions): "XX" or "UK" is no country
COUNTRIES = frozenset(SUPPORTED_REGIONS)
_OTHER = re.compile(r"^([A-Za-z]{2})\s*[:\-]?\s*([A-Za-z0-9][A-Za-z0-9 \-/]{3,28}[A-Za-z0-9])$")
ADMIN_KIND = "admin.registration"  # outbox kind of the admin chat's notice


async def verify_business(
    uow_factory: UowFactory,
    clock: Clock,
    user_id: int,
    text: str,
    *,
    admin_chat_id: int | None = None,
) -> str:
    """Record a business registration: China's unified social credit code with its check
    character verified (GB 32100-2015), or another country's number as "CC number" checked
    for form only, with a country code that exists. A number another account claimed is
    recorded and disputed. Returns the text key for the reply."""
    scheme, number = _parsed(text)
    async with uow_factory() as uow:
        events = await uow.trust_events.list_for_user(user_id)
        if any(e.kind == BUSINESS for e in events):
            return "verify.already"
        now = clock.now()
        detail: dict[str, object] = {"country": scheme, "number": number}
        detail["checked"] = "check character" if scheme == "CN" else "format"
        await uow.trust_events.add(TrustEvent(user_id, BUSINESS, now, detail=detail))
        others = [u for u in await uow.registrations.claimants(scheme, number) if u != user_id]
        await uow.registrations.add(scheme, number, user_id, now)
        if others:
            await _dispute(uow, now, scheme, number, user_id, others, admin_chat_id)
        await uow.commit()
    if others:
        return "verify.disputed"
    return "verify.done" if scheme == "CN" else "verify.done_format"


def _parsed(text: str) -> tuple[str, str]:
    """(country, number) of a registration as written, or the reason it is refused."""
    code = " ".join(text.split())
    compact = code.replace(" ", "").upper()
    if len(compact) == 18 and compact[:1].isdigit():
        if not credit_code_valid(compact):
            raise UserFacingError("verify.bad_code")
        return "CN", compact
    other = _OTHER.match(code)
    if other is None or other.group(1).upper() == "CN":
        raise UserFacingError("verify.usage")
    scheme, number = other.group(1).upper(), other.group(2).upper()
    if scheme not in COUNTRIES:
        raise UserFacingError("verify.unknown_country", country=scheme)
    return scheme, number


async def _dispute(
    uow: UnitOfWork,
    now: datetime,
    country: str,
    number: str,
    newcomer: int,
    others: list[int],
    admin_chat_id: int | None,
) -> None:
    """The number is disputed on every claimant's record, or on the newcomer's only when a
    settlement for one of the others stands; the admin chat is told either way."""
    winner = await settled_for(uow, country, number, others)
    disputed = [newcomer] if winner is not None else [*others, newcomer]
    for member in disputed:
        detail: dict[str, object] = {"country": country, "number": number}
        await uow.trust_events.add(TrustEvent(member, DISPUTED, now, detail=detail))
    if admin_chat_id is None:
        return
    again = winner is not None
    key = "admin.registration_claimed_again" if again else "admin.registration_disputed"
    claimants = ", ".join(str(m) for m in [*others, newcomer])
    text = t(Lang.EN, key, country=country, number=number, members=claimants, winner=winner)
    message = OutboxMessage(None, admin_chat_id, str(text), kind=ADMIN_KIND, created_at=now)
    await uow.outbox.add(message)


async def settled_for(
    uow: UnitOfWork, country: str, number: str, claimants: list[int]
) -> int | None:
    """The claimant the latest settlement of the number is for, if it stands (its winner
    is still one of the claimants)."""
    settled: list[tuple[datetime, int]] = []
    for member in claimants:
        state = dispute(await uow.trust_events.list_for_user(member), country, number)
        if state.winner is not None and state.at is not None:
            settled.append((state.at, state.winner))
    winner = max(settled)[1] if settled else None
    return winner if winner in claimants else None

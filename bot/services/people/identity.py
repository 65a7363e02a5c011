"""Identity level L2: a business registration number whose form was checked. Neither check
is a check of the business itself, and the card says so."""

from __future__ import annotations

import re

from phonenumbers import SUPPORTED_REGIONS

from bot.domain.models import TrustEvent
from bot.domain.trust.checks import credit_code_valid
from bot.services.errors import UserFacingError
from bot.services.ports import Clock, UowFactory

BUSINESS = "identity.business"  # trust event kind
# ISO 3166-1 alpha-2 codes of the countries and territories with their own numbering plan
# (libphonenumber's regions): "XX" or "UK" is no country
COUNTRIES = frozenset(SUPPORTED_REGIONS)
_OTHER = re.compile(r"^([A-Za-z]{2})\s*[:\-]?\s*([A-Za-z0-9][A-Za-z0-9 \-/]{3,28}[A-Za-z0-9])$")


async def verify_business(uow_factory: UowFactory, clock: Clock, user_id: int, text: str) -> str:
    """Record a business registration: China's unified social credit code with its check
    character verified (GB 32100-2015), or another country's number as "CC number" checked
    for form only, with a country code that exists. Returns the text key for the reply."""
    code = " ".join(text.split())
    compact = code.replace(" ", "").upper()
    if len(compact) == 18 and compact[:1].isdigit():
        if not credit_code_valid(compact):
            raise UserFacingError("verify.bad_code")
        scheme, number = "CN", compact
    else:
        other = _OTHER.match(code)
        if other is None or other.group(1).upper() == "CN":
            raise UserFacingError("verify.usage")
        scheme, number = other.group(1).upper(), other.group(2).upper()
        if scheme not in COUNTRIES:
            raise UserFacingError("verify.unknown_country", country=scheme)
    async with uow_factory() as uow:
        events = await uow.trust_events.list_for_user(user_id)
        if any(e.kind == BUSINESS for e in events):
            return "verify.already"
        detail: dict[str, object] = {"country": scheme, "number": number}
        detail["checked"] = "check character" if scheme == "CN" else "format"
        await uow.trust_events.add(TrustEvent(user_id, BUSINESS, clock.now(), detail=detail))
        await uow.commit()
    return "verify.done" if scheme == "CN" else "verify.done_format"

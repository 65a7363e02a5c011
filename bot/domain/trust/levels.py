"""Identity levels from the trust record (issue 33): what a member's identity rests on,
counted from their append-only trust events. Each level says on the card what was checked.

* L1: a phone shared with Telegram's contact button.
* L2: a business registration number whose form was checked (`identity.business`), unless
  another account claimed the same number (`identity.disputed`) and no established circle's
  admins settled it for this member (`identity.settled`).
* L3: vouches from the admins of two established circles (`identity.vouched`), one a circle.

A circle is established, and may vouch or settle, when the bot has been in it at least
`CIRCLE_MIN_AGE`, at least `CIRCLE_MIN_POSTERS` members posted in it, the member and their
confirmed-deal partners did not create it, and their partners are fewer than half of those
who posted (`circle_refusal`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import TrustEvent, User
from bot.domain.trust.scores import IdentityLevel

BUSINESS = "identity.business"  # detail: country, number, checked
DISPUTED = "identity.disputed"  # detail: country, number (another account claimed it)
SETTLED = "identity.settled"  # detail: country, number, circle, title, winner, creator
VOUCHED = "identity.vouched"  # counterpart: the admin; detail: circle, title, creator, checked
ESTABLISHED = "established circle"  # a vouch's `checked`: the circle rules held when given
VOUCHES_FOR_L3 = 2  # established circles whose admins vouched for a member
CIRCLE_MIN_AGE = timedelta(days=30)  # since the bot came into the group
CIRCLE_MIN_POSTERS = 10  # distinct members who posted in the circle
PARTNER_SHARE = 0.5  # a member's deal partners this share of the posters or more: refused


@dataclass(frozen=True, slots=True)
class VouchFact:
    """One counted vouch: the circle whose admin gave it, and when."""

    circle_id: int
    title: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Dispute:
    """Where a registration number stands: `open` while another account's claim is not
    settled; `winner` and `title` once an established circle's admins settled it."""

    open: bool = False
    winner: int | None = None
    title: str | None = None
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class IdentityFacts:
    """What the card can say of a member's identity. `disputed`: their registration number
    is claimed by another account too and not settled for them (settled for the other
    account included); `confirmed_by`: the title of the circle whose admins settled it for
    them; `vouches`: the counted vouches, oldest first, one per circle."""

    level: IdentityLevel
    since: datetime | None
    disputed: bool = False
    confirmed_by: str | None = None
    vouches: tuple[VouchFact, ...] = ()


def registration(events: Iterable[TrustEvent]) -> tuple[str, str] | None:
    """(country, number) the member gave with /verify, if any."""
    for event in events:
        if event.kind == BUSINESS:
            return str(event.detail.get("country", "")), str(event.detail.get("number", ""))
    return None


def dispute(events: Iterable[TrustEvent], country: str, number: str) -> Dispute:
    """How the member's events leave that number: a claim by another account opens a
    dispute, a settlement closes it (for a winner); a later claim opens it again."""
    state = Dispute()
    for event in events:
        if event.kind not in (DISPUTED, SETTLED):
            continue
        if (event.detail.get("country"), event.detail.get("number")) != (country, number):
            continue
        if event.kind == DISPUTED:
            state = Dispute(open=True)
        else:
            winner = event.detail.get("winner")
            title = str(event.detail.get("title", ""))
            won = winner if isinstance(winner, int) else None
            state = Dispute(open=False, winner=won, title=title, at=event.at)
    return state


def vouches(events: Iterable[TrustEvent]) -> tuple[VouchFact, ...]:
    """The vouches that count: given under the established-circle rules, one per circle."""
    found: dict[int, VouchFact] = {}
    for event in events:
        if event.kind != VOUCHED or event.detail.get("checked") != ESTABLISHED:
            continue
        circle = event.detail.get("circle")
        if isinstance(circle, int) and circle not in found:
            title = str(event.detail.get("title", ""))
            found[circle] = VouchFact(circle, title, event.at)
    return tuple(sorted(found.values(), key=lambda v: v.at))


def identity_facts(user: User, events: Iterable[TrustEvent]) -> IdentityFacts:
    """The member's identity level, when its evidence was recorded, and what the card says
    beside it (a dispute, who confirmed the business, the vouches with their circles)."""
    events = list(events)
    level = IdentityLevel.PHONE if user.phone else IdentityLevel.UNKNOWN
    since: datetime | None = None
    disputed, confirmed_by = False, None
    claimed = registration(events)
    if claimed is not None:
        state = dispute(events, *claimed)
        won = state.winner is not None and state.winner == user.id
        disputed = state.open or (state.winner is not None and not won)
        confirmed_by = state.title if won and not state.open else None
        if not disputed:
            level = IdentityLevel.BUSINESS
            since = next(e.at for e in events if e.kind == BUSINESS)
    counted = vouches(events)
    if len(counted) >= VOUCHES_FOR_L3:
        level, since = IdentityLevel.VOUCHED, counted[VOUCHES_FOR_L3 - 1].at
    return IdentityFacts(level, since, disputed, confirmed_by, counted)


def circle_refusal(
    created_at: datetime | None,
    now: datetime,
    posters: Collection[int],
    creator: int | None,
    member: int,
    partners: Collection[int],
) -> str | None:
    """Why a circle may not vouch for (or settle a dispute for) a member, or None when it
    may: "young" (the bot in it for less than CIRCLE_MIN_AGE), "few_posters" (fewer than
    CIRCLE_MIN_POSTERS members posted), "creator" (the member or a confirmed-deal partner
    of theirs created the group), "partners" (their partners are PARTNER_SHARE of those
    who posted or more)."""
    if created_at is None or now - created_at < CIRCLE_MIN_AGE:
        return "young"
    if len(posters) < CIRCLE_MIN_POSTERS:
        return "few_posters"
    if creator is not None and (creator == member or creator in partners):
        return "creator"
    if len(set(posters) & set(partners)) >= PARTNER_SHARE * len(posters):
        return "partners"
    return None

""" "Your month" (issue 36): a member's alerts, contacts exchanged and confirmed deals in one
calendar month, their deals per contact beside their circle's median, and how much of the
last 12 months' confirmed sales went to their largest buyer (above half: the one-big-buyer
risk). Counted from the record as the circle's week counts it: a contact exchanged is a
deal opened (`Deal.created_at`), a confirmed deal one confirmed in the window
(`Deal.closed_at`)."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import Deal, DealOutcome

YEAR = timedelta(days=365)
ONE_BIG_BUYER = 0.5  # a share of confirmed sales above this is a risk


@dataclass(frozen=True, slots=True)
class Exchanges:
    contacts: int = 0
    deals: int = 0

    @property
    def conversion(self) -> float | None:
        """Confirmed deals per contact exchanged (None without contacts)."""
        return self.deals / self.contacts if self.contacts else None


@dataclass(frozen=True, slots=True)
class YourMonth:
    start: datetime  # the month's first moment, in the member's time zone
    alerts: int
    own: Exchanges
    circle: str | None = None  # the member's circle's title
    circle_median: float | None = None  # its members' median deals per contact
    sales: int = 0  # confirmed sales in the 12 months to the month's end
    top_buyer_sales: int = 0  # of them, with the largest buyer
    top_buyer: int | None = None

    @property
    def top_share(self) -> float | None:
        return self.top_buyer_sales / self.sales if self.sales else None

    @property
    def one_big_buyer(self) -> bool:
        share = self.top_share
        return share is not None and share > ONE_BIG_BUYER


def exchanges(deals: Iterable[Deal], user_id: int, start: datetime, end: datetime) -> Exchanges:
    """A member's contacts exchanged and deals confirmed in [start, end)."""
    mine = [d for d in deals if d.has(user_id)]
    opened = sum(start <= d.created_at < end for d in mine)
    confirmed = sum(
        d.outcome is DealOutcome.CONFIRMED
        and d.closed_at is not None
        and start <= d.closed_at < end
        for d in mine
    )
    return Exchanges(opened, confirmed)


def median_conversion(
    deals: Collection[Deal], members: Iterable[int], start: datetime, end: datetime
) -> float | None:
    """The median deals per contact of the members with a contact in the window."""
    rates = [exchanges(deals, m, start, end).conversion for m in members]
    known = [rate for rate in rates if rate is not None]
    return statistics.median(known) if known else None


def largest_buyer(
    deals: Iterable[Deal], seller_id: int, end: datetime
) -> tuple[int, int, int | None]:
    """(confirmed sales in the year to `end`, those with the largest buyer, that buyer)."""
    buyers = Counter(
        d.buyer_id
        for d in deals
        if d.seller_id == seller_id
        and d.outcome is DealOutcome.CONFIRMED
        and d.closed_at is not None
        and end - YEAR <= d.closed_at < end
    )
    if not buyers:
        return 0, 0, None
    buyer, count = max(buyers.items(), key=lambda item: (item[1], -item[0]))
    return sum(buyers.values()), count, buyer

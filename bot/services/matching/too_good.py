"""Too good to be true (issue 33): an open offer priced 40% or more under the median of at
least 3 comparable open offers (`bot.domain.trust.checks.too_good_to_be_true`), judged from
the matching index, so on the offer as it stands now: an edited price is indexed again, and
the warning follows it. Every place that shows an offer to someone who may buy it asks here:
alerts, /search, a post opened from a digest's link, the weekly digest, follow-ups, contact
requests and contact cards. The offer's owner is never told."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.domain.models import Post, PostKind
from bot.domain.trust.checks import too_good_to_be_true
from bot.services.matching.indexing import MatchingIndex


def too_good(index: MatchingIndex, offer: Post, now: datetime) -> bool:
    """Is this offer priced 40% or more under comparable open offers? False for a need, and
    for an offer the index does not hold (closed, expired) or that names no price."""
    if offer.kind is not PostKind.OFFER or offer.id is None:
        return False
    checked = index.engine.peer_prices(offer.id, now.timestamp())
    return checked is not None and too_good_to_be_true(*checked)


def warned_of(
    index: MatchingIndex, posts: Iterable[Post], now: datetime, viewer_id: int
) -> frozenset[int]:
    """The ids of the offers among `posts` that `viewer_id` is warned of: too good to be
    true, and not their own."""
    return frozenset(
        post.id
        for post in posts
        if post.id is not None and post.user_id != viewer_id and too_good(index, post, now)
    )

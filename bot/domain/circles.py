"""Trade circles, pure: which posts may match across circles, and hashtags that say a
message's kind (#供应 #求购 #offer #need)."""

from __future__ import annotations

import re

from bot.domain.models import Circle, Post, PostKind

HASHTAGS: dict[str, PostKind] = {
    "供应": PostKind.OFFER,
    "供應": PostKind.OFFER,
    "出售": PostKind.OFFER,
    "offer": PostKind.OFFER,
    "sell": PostKind.OFFER,
    "求购": PostKind.NEED,
    "求購": PostKind.NEED,
    "need": PostKind.NEED,
    "wtb": PostKind.NEED,
}
HASHTAG = re.compile(r"#(\w+)")


def kind_from_hashtags(text: str) -> PostKind | None:
    for tag in HASHTAG.findall(text):
        kind = HASHTAGS.get(tag.lower())
        if kind is not None:
            return kind
    return None


def in_scope(post: Post, circle: Circle | None, other: Post, other_circle: Circle | None) -> bool:
    """May these two posts match? Within one circle always; otherwise each must be in the
    open market (no circle, or a circle open to the market)."""
    if post.circle_id is not None and post.circle_id == other.circle_id:
        return True

    def in_market(p: Post, c: Circle | None) -> bool:
        return p.circle_id is None or (c is not None and c.open_to_market)

    return in_market(post, circle) and in_market(other, other_circle)

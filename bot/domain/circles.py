"""Trade circles, pure: which posts may match across circles, and hashtags that say a
message's kind (#供应 #求购 #offer #need)."""

from __future__ import annotations

import re

from bot.domain.models import Circle, PostKind

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


def seen_by(circle: Circle | None, *, member: bool) -> bool:
    """May someone see a post written in this circle? Its members always; anyone else
    only when the circle is open to the market (a circle nobody knows keeps to itself)."""
    return member or (circle is not None and circle.open_to_market)


def in_scope(
    circle_id: int | None, circle: Circle | None, other_id: int | None, other: Circle | None
) -> bool:
    """May posts written in these circles (None: the open market) match? Within one circle
    always; otherwise each must be in the open market (no circle, or one open to it)."""
    if circle_id == other_id:
        return True

    def in_market(given: int | None, c: Circle | None) -> bool:
        return given is None or (c is not None and c.open_to_market)

    return in_market(circle_id, circle) and in_market(other_id, other)

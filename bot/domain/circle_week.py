"""A trade circle's busiest products of the week (issue 36), pure: what its market
report (`bot.domain.models.CircleWeek`) shows beside its figures.

A product is what comparable offers share (`bot.domain.matching.rows.product_term`). Its prices are
its offers' unit prices in CNY per base unit (a price per dozen counts per piece); the
needs of the product count towards how busy it is, their budgets are no price."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.domain.matching.fields import fields_from_parsed
from bot.domain.matching.rows import product_term
from bot.domain.matching.terms import extract_terms
from bot.domain.models import Post, PostKind, ProductWeek

BUSIEST = 5  # products in the report


def busiest(posts: Sequence[Post], rates: Mapping[str, float]) -> tuple[ProductWeek, ...]:
    """The week's `BUSIEST` products by their posts (ties: the one posted last first); each
    with its offers' prices in the unit most of them are priced in."""
    groups: dict[str, list[tuple[Post, float | None, str | None]]] = {}
    for post in sorted(posts, key=lambda p: (p.created_at, p.id or 0)):
        key = product_term(extract_terms(post.parsed, post.raw_text))
        if key is None:
            continue
        fields = fields_from_parsed(post.parsed, post.created_at, post.expires_at, rates)
        price = fields.price_low if post.kind is PostKind.OFFER else None
        groups.setdefault(key, []).append((post, price, fields.price_unit))
    ranked = sorted(groups.values(), key=lambda found: (-len(found), -_last(found)))
    return tuple(_product(found) for found in ranked[:BUSIEST])


def _product(found: list[tuple[Post, float | None, str | None]]) -> ProductWeek:
    priced = [(price, unit) for _post, price, unit in found if price is not None and price > 0]
    units = Counter(unit for _price, unit in priced)
    unit = units.most_common(1)[0][0] if units else None
    prices = tuple(price for price, their in priced if their == unit)
    offers = [post for post, _price, _unit in found if post.kind is PostKind.OFFER]
    sample = (offers or [post for post, _price, _unit in found])[-1]  # named as sold
    return ProductWeek(sample=sample, posts=len(found), prices=prices, unit=unit)


def _last(found: list[tuple[Post, float | None, str | None]]) -> float:
    return found[-1][0].created_at.timestamp()

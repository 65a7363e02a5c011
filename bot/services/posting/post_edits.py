"""Reading a new value for one field of a post (Edit, the product question, the guided
flows). Pure: nothing is saved here; `publishing.edit_field` saves."""

from __future__ import annotations

import dataclasses
import re

from bot.domain.models import ParsedPost, Post, Quantity
from bot.domain.parsing import parse_post, region_of
from bot.domain.parsing.numbers import parse_number
from bot.domain.text import looks_garbled
from bot.services.errors import UserFacingError
from bot.services.posting.posts import MAX_POST_KEYWORDS, reject_problems

EDITABLE_FIELDS = ("product", "quantity", "moq", "price", "place", "keywords")
EXAMPLES = {
    "product": "304不锈钢保温杯 500ml",
    "quantity": "5000个",
    "moq": "1000个",
    "price": "12元/个",
    "place": "义乌",
    "keywords": "保温杯, 水杯",
}
_KEYWORD_SPLIT = re.compile(r"[,，、;；\n]+")
_COMMA = re.compile(r"[,，、;；\n]")
_WHITESPACE = re.compile(r"\s+")


def parse_post_keywords(value: str) -> tuple[str, ...]:
    """The owner's own product keywords: at most 3, as written."""
    # "保温杯 水杯" or "thermos, travel mug": commas win when there are any
    splitter = _KEYWORD_SPLIT if _COMMA.search(value) else _WHITESPACE
    words = tuple(dict.fromkeys(w.strip()[:30] for w in splitter.split(value) if w.strip()))
    if not words:
        raise UserFacingError("problem.value.unreadable", example=EXAMPLES["keywords"])
    return words[:MAX_POST_KEYWORDS]


def apply_edit(parsed: ParsedPost, field: str, value: str, home_region: str = "") -> ParsedPost:
    """A copy of `parsed` with `field` read from `value`; raises UserFacingError when the
    value cannot be read, so nothing saved changes. A bare 元 is spent where the post is,
    else in the writer's `home_region`."""
    value = value.strip()
    if not value or looks_garbled(value):
        raise UserFacingError("problem.value.unreadable", example=EXAMPLES[field])
    fragment = parse_post(value, home_region=region_of(parsed) or home_region)
    if field == "product":
        product = fragment.product or value
        changed = dataclasses.replace(
            parsed, product=product[:120], specs=fragment.specs or parsed.specs
        )
    elif field in ("quantity", "moq"):
        quantity = fragment.quantity or fragment.moq
        if quantity is None:
            number = parse_number(value)
            if number is None:
                raise UserFacingError("problem.value.unreadable", example=EXAMPLES[field])
            old = getattr(parsed, field)
            quantity = Quantity(number, old.unit, old.unit_word) if old else Quantity(number)
        if field == "quantity":
            changed = dataclasses.replace(parsed, quantity=quantity)
        else:
            changed = dataclasses.replace(parsed, moq=quantity)
    elif field == "price":
        if fragment.price is None:
            raise UserFacingError("problem.value.unreadable", example=EXAMPLES[field])
        changed = dataclasses.replace(parsed, price=fragment.price)
    elif field == "place":
        changed = dataclasses.replace(
            parsed, place=fragment.place or fragment.destination or value[:60]
        )
        if fragment.trade_term:  # "FOB上海": the term and its port change with it
            changed = dataclasses.replace(
                changed, trade_term=fragment.trade_term, port=fragment.port
            )
    else:
        raise ValueError(f"not an editable field: {field}")
    reject_problems(changed)
    return changed


def edit_post(post: Post, field: str, value: str, home_region: str = "") -> None:
    """Change one field of `post` in place, or raise a UserFacingError (nothing changed);
    `home_region`: the writer's, for a bare 元 (`apply_edit`)."""
    if field == "keywords":
        post.keywords = parse_post_keywords(value)
    else:
        post.parsed = apply_edit(post.parsed, field, value, home_region)

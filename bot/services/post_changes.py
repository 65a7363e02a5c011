"""Changing one field of a post, and expiring posts whose time is up."""

from __future__ import annotations

import dataclasses
import re

from bot.domain.models import ParsedPost, Post, PostStatus, Quantity
from bot.domain.parsing import parse_post
from bot.domain.parsing.numbers import parse_number
from bot.domain.text import looks_garbled
from bot.services import outbox
from bot.services.errors import UserFacingError
from bot.services.ports import Clock, UowFactory
from bot.services.posts import (
    LIVE_STATUSES,
    MAX_POST_KEYWORDS,
    owned_post,
    record_event,
    reject_problems,
    require_status,
)
from bot.texts import t

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


def apply_edit(parsed: ParsedPost, field: str, value: str) -> ParsedPost:
    """A copy of `parsed` with `field` read from `value`; raises UserFacingError when the
    value cannot be read, so nothing saved changes."""
    value = value.strip()
    if not value or looks_garbled(value):
        raise UserFacingError("problem.value.unreadable", example=EXAMPLES[field])
    fragment = parse_post(value)
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
            quantity = Quantity(number, old.unit if old else None)
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
    else:
        raise ValueError(f"not an editable field: {field}")
    reject_problems(changed)
    return changed


async def edit_field(
    uow_factory: UowFactory, clock: Clock, post_id: int, user_id: int, field: str, value: str
) -> Post:
    async with uow_factory() as uow:
        post = await owned_post(uow, post_id, user_id)
        require_status(post, LIVE_STATUSES)
        if field == "keywords":
            post.keywords = parse_post_keywords(value)
        else:
            post.parsed = apply_edit(post.parsed, field, value)
        post.updated_at = clock.now()
        await uow.posts.update(post)
        if post.status is PostStatus.OPEN:
            await record_event(uow, post, "post.edited", field=field)
        await uow.commit()
        return post


async def expire_due(uow_factory: UowFactory, clock: Clock, limit: int = 500) -> list[Post]:
    """Flip open posts past their expiry to expired, record it, and tell each owner."""
    now = clock.now()
    async with uow_factory() as uow:
        posts = await uow.posts.list_due_to_expire(now, limit)
        for post in posts:
            post.status, post.updated_at = PostStatus.EXPIRED, now
            await uow.posts.update(post)
            await record_event(uow, post, "post.expired")
            owner = await uow.users.get(post.user_id)
            if owner is not None and not owner.blocked_bot:
                product = post.parsed.product or post.raw_text[:40]
                text = t(owner.language, "post.expired_notice", product=product)
                await outbox.add_to(uow, now, owner.id, text, kind="post.expired")
        await uow.commit()
        return posts

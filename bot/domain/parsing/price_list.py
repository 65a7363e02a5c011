"""A price list or catalogue pasted as one message: several products, each on its line with
its price, and lines that hold for all of them (出售以下保温杯，义乌发货 / 起订500个 / "MOQ
1000 pcs, FOB Ningbo"). Each product becomes a post of its own, so that each meets its own
buyers; what the shared lines say fills what an item line leaves out.

    出售以下保温杯，义乌发货：            shared: selling, ships from 义乌
    304保温杯 350ml 10元/个              an item
    304保温杯 500ml 12元/个              an item
    起订500个                            shared: MOQ 500

A message is a list when at least two of its lines name goods (a product or specs) with a
price, and they are not the same goods; one line is a post as any other."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.domain.models import Intent, ParsedPost

MIN_ITEMS = 2
MAX_ITEMS = 10  # a message's items made into drafts; more are left for another message
MAX_LINES = 30  # lines read: each is parsed on its own, and a reply never waits long
# "1." "2)" "3、" "-" "•" before an item
_MARKER = re.compile(r"^\s*(?:\(?\d{1,2}[.)、:：]|[-–•*·●▪])\s*")
# what a shared line calls the goods it introduces: no product ("以下保温杯" is 保温杯)
_INTRODUCING = re.compile(
    r"^(?:以下|如下|下列|下面|下述|列表|清单|清單|price\s*list|the\s+following|following)"
    r"[的之]?\s*[:：,，]?\s*",
    re.IGNORECASE,
)
# fields an item line may leave to the shared lines (the item's own product, specs and
# price always stand)
_SHARED = frozenset(f.name for f in fields(ParsedPost)) - {"product", "specs", "price", "language"}


@dataclass(frozen=True, slots=True)
class ListItem:
    text: str  # the shared lines and the item's line: what the post was written as
    parsed: ParsedPost


@dataclass(frozen=True, slots=True)
class PriceList:
    items: tuple[ListItem, ...]  # at most MAX_ITEMS
    more: int  # item lines past MAX_ITEMS and lines past MAX_LINES: not made into drafts


def may_be_list(text: str) -> bool:
    """Whether `text` has lines enough to be a list at all (a one-line post is not)."""
    return sum(1 for line in text.splitlines() if line.strip()) >= MIN_ITEMS


def read_list(text: str, parse: Callable[[str], ParsedPost]) -> PriceList | None:
    """The items of a price list in `text`, each parsed (`parse`: the post parser), or None
    when `text` is not one."""
    if not may_be_list(text):
        return None
    every = [line.strip() for line in text.splitlines() if line.strip()]
    lines, unread = every[:MAX_LINES], len(every[MAX_LINES:])
    found = [(line, parse(_MARKER.sub("", line))) for line in lines]
    items = [(line, parsed) for line, parsed in found if _is_item(parsed)]
    goods = {(parsed.product, parsed.specs) for _, parsed in items}
    if len(items) < MIN_ITEMS or len(goods) < MIN_ITEMS:
        return None
    shared_lines = [line for line, parsed in found if not _is_item(parsed)]
    shared = parse(" ".join(shared_lines)) if shared_lines else None
    if shared is not None and shared.intent is Intent.NONE:
        # "供应：" says selling only of goods: read it with the first item's
        said = parse(" ".join([*shared_lines, _MARKER.sub("", items[0][0])])).intent
        shared = replace(shared, intent=said)
    made = tuple(
        ListItem("\n".join([*shared_lines, line]), _filled(parsed, shared))
        for line, parsed in items[:MAX_ITEMS]
    )
    return PriceList(made, max(0, len(items) - MAX_ITEMS) + unread)


def _is_item(parsed: ParsedPost) -> bool:
    return parsed.price is not None and bool(parsed.product or parsed.specs)


def _filled(item: ParsedPost, shared: ParsedPost | None) -> ParsedPost:
    """The item's own facts, and the shared lines' where the item says nothing: whether it
    is sold or wanted, the MOQ, the place, the terms ... and its product when the line has
    specs alone ("500ml 12元/个" under "出售保温杯:")."""
    if shared is None:
        return item
    changes: dict[str, Any] = {
        name: getattr(shared, name)
        for name in _SHARED
        if _empty(getattr(item, name)) and not _empty(getattr(shared, name))
    }
    if item.intent is Intent.NONE and shared.intent is not Intent.NONE:
        changes["intent"] = shared.intent
    if not item.product and shared.product:
        changes["product"] = _INTRODUCING.sub("", shared.product).strip() or None
    return replace(item, **changes)


def _empty(value: object) -> bool:
    return value is None or value == () or value is Intent.NONE

"""HTML-like tags in a message: parsed without them, shown with them.

A merchant who pastes "<b>magic</b> cups" means the words, not the tags; the parser reads
the text without tags, and the product is then taken back from the original so the card
shows exactly what was written (escaped by the renderer, never interpreted).
"""

from __future__ import annotations

import re

_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]{0,15}(?:\s[^<>\n]{0,80})?/?>")


def strip_tags(text: str) -> tuple[str, list[int]]:
    """The text without tags, and for each kept character its index in `text`."""
    kept: list[str] = []
    origin: list[int] = []
    at = 0
    for tag in _TAG.finditer(text):
        kept.append(text[at : tag.start()])
        origin.extend(range(at, tag.start()))
        at = tag.end()
    kept.append(text[at:])
    origin.extend(range(at, len(text)))
    return "".join(kept), origin


def restore(original: str, stripped: str, origin: list[int], product: str) -> str:
    """`product` as it stands in `original`, tags that touch it included."""
    start = stripped.find(product)
    if start < 0 or not product:
        return product
    first, last = origin[start], origin[start + len(product) - 1] + 1
    while (tag := _tag_ending_at(original, first)) is not None:
        first = tag
    while (tag := _tag_starting_at(original, last)) is not None:
        last = tag
    return original[first:last]


def _tag_ending_at(text: str, end: int) -> int | None:
    if end == 0 or text[end - 1] != ">":
        return None
    opening = text.rfind("<", 0, end)
    if opening >= 0 and _TAG.fullmatch(text, opening, end):
        return opening
    return None


def _tag_starting_at(text: str, start: int) -> int | None:
    match = _TAG.match(text, start)
    return match.end() if match else None

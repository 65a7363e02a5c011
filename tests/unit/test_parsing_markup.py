"""Tags are read past for parsing and kept, as written, in the product."""

from __future__ import annotations

import pytest

from bot.domain.parsing import parse_post
from bot.domain.parsing.markup import restore, strip_tags


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ("<b>magic</b> cups", "magic cups"),
        ("a < b and c > d", "a < b and c > d"),  # not tags: kept
        ('<a href="x">link</a>', "link"),
        ("no tags", "no tags"),
    ],
)
def test_strip_tags(text: str, stripped: str) -> None:
    assert strip_tags(text)[0] == stripped


@pytest.mark.parametrize(
    ("text", "product", "expected"),
    [
        ("Selling <b>magic</b> cups", "magic cups", "<b>magic</b> cups"),
        ("x <i>保温杯</i> y", "保温杯", "<i>保温杯</i>"),
        ("plain words", "words", "words"),
        ("<b>a</b>", "missing", "missing"),
    ],
)
def test_restore(text: str, product: str, expected: str) -> None:
    stripped, origin = strip_tags(text)
    assert restore(text, stripped, origin, product) == expected


def test_fields_are_read_through_the_tags() -> None:
    parsed = parse_post("Selling <b>magic</b> cups & mugs, <i>500 pcs</i>, $2/pc")
    assert parsed.product is not None and parsed.product.startswith("<b>magic</b> cups")
    assert parsed.quantity is not None and int(parsed.quantity.amount) == 500
    assert parsed.price is not None and parsed.price.currency == "USD"

"""Editions: a buyer of one edition of a named product is not alerted to the others."""

from __future__ import annotations

import pytest

from bot.domain.matching.editions import drop_other_editions, edition_words
from tests.unit.test_engine_real_text import alerts_for, offers

EDITIONS = {
    1: "Selling Adobe Premiere Pro CS3",
    2: "Selling Adobe Premiere Pro CS3 Upgrade",
    3: "出售 iPhone 14 全新 128G",
    4: "出售 iPhone 14 Pro 全新 128G",
    5: "出售 Office 2019 激活码",
    6: "出售 Office 2019 专业版 激活码",
}
FLASKS = {
    11: "出售 保温杯 12元/个",
    12: "出售 304不锈钢保温杯 500ml 豪华 13元/个",
}


@pytest.mark.parametrize(
    ("need", "alerted"),
    [
        ("Looking for Adobe Premiere Pro CS3, 20 pcs", [1]),
        ("Looking for Adobe Premiere Pro CS3 upgrade, 20 pcs", [2]),  # the edition named
        ("求购 iPhone 14 128G 10台", [3]),
        ("求购 iPhone 14 Pro 10台", [4]),
        ("求购 Office 2019 激活码 100个", [5]),
    ],
)
def test_a_named_product_alerts_its_own_edition(need: str, alerted: list[int]) -> None:
    assert [post for post, _ in alerts_for(offers(EDITIONS), need)] == alerted


def test_a_generic_need_keeps_every_seller_of_the_goods() -> None:
    """Words that describe the goods are no edition: both flask sellers hear of the buyer."""
    assert sorted(post for post, _ in alerts_for(offers(FLASKS), "求购 保温杯 5000只")) == [11, 12]


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


@pytest.mark.parametrize(
    ("need", "offers_words", "kept"),
    [
        ("photoshop cs3", ["photoshop cs3", "photoshop cs3 upgrade"], [0]),
        ("photoshop cs3", ["photoshop cs3 upgrade", "photoshop cs3"], [1]),
        ("photoshop cs3", ["photoshop cs3 upgrade", "photoshop cs3 extended"], [0, 1]),
        ("photoshop cs3", ["photoshop cs3 box", "photoshop cs3 box mac"], [0]),
        ("photoshop cs3", ["photoshop cs3", "photoshop cs3 boxed"], [0, 1]),  # no edition word
        ("photoshop cs3 mac", ["photoshop cs3", "photoshop cs3 mac"], [0, 1]),
        ("photoshop cs3", ["photoshop cs3", "photoshop cs3"], [0, 1]),  # two sellers
        ("photoshop cs3", ["photoshop cs3 upgrade"], [0]),
    ],
)
def test_drop_other_editions(need: str, offers_words: list[str], kept: list[int]) -> None:
    """An offer goes when another holds as much of the need with fewer extra words, and
    what only it adds names an edition the need does not."""
    found = drop_other_editions(
        words(need), list(range(len(offers_words))), lambda i: words(offers_words[i])
    )
    assert found == kept


def test_edition_words_are_singular_like_the_terms() -> None:
    assert {"upgrade", "window", "专业版"} <= edition_words() and "windows" not in edition_words()

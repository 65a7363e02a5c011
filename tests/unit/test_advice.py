"""Advice from the market, pure (bot/domain/advice.py)."""

import pytest

from bot.domain.advice import (
    missing_fields,
    missing_words,
    price_bar,
    price_position,
    written_like,
)
from bot.domain.models import Intent, Lang, ParsedPost, PostKind


@pytest.mark.parametrize(
    ("price", "peers", "side", "bar"),
    [
        (15, [9, 10, 11, 15], "high", "━━━┆━━━━━━━━●"),
        (9, [9, 10, 11, 15], "low", "●━━┆━━━━━━━━━"),
        (10.4, [9, 10, 11, 15], "mid", "━━━●━━━━━━━━━"),  # on the median: ● covers ┆
        (30, [9, 10, 11], "high", "━━━━━━┆━━━━━━▶●"),  # past the range: at its end
        (5, [9, 10, 11], "low", "●◀━━━━━━┆━━━━━━"),
        (10, [10, 10, 10], "mid", "●━━━━━━━━━━━━"),  # no spread: median and price at the start
    ],
)
def test_price_position_and_its_bar(price, peers, side, bar):
    position = price_position(price, peers)
    assert position is not None and position.side == side
    assert price_bar(position) == bar


@pytest.mark.parametrize(
    ("price", "quarter"),
    [(8, 1), (9, 1), (10, 2), (11, 3), (12, 4), (15, 4), (16, 4)],
)
def test_the_quarter_a_price_stands_in(price, quarter):
    """Among 9, 10, 11, 15: the share priced under it (equal ones count half) decides."""
    position = price_position(price, [9, 10, 11, 15])
    assert position is not None and position.quarter == quarter


def test_fewer_than_three_peers_say_nothing():
    assert price_position(10, [9, 11]) is None
    assert price_position(0, [9, 10, 11]) is None


def test_missing_fields_by_side():
    bare = ParsedPost(Intent.OFFER, Lang.ZH_HANS, product="保温杯")
    assert missing_fields(bare, PostKind.OFFER) == ["price", "moq", "place", "specs"]
    assert missing_fields(bare, PostKind.NEED) == ["price", "quantity", "specs"]


def test_missing_words_need_two_posts_and_skip_what_is_there():
    others = [{"真空", "500ml", "保温杯"}, {"真空", "500ml"}, {"礼盒"}]
    assert missing_words({"保温杯"}, others) == ["500ml", "真空"]
    assert missing_words({"保温杯", "真空", "500ml"}, others) == []


@pytest.mark.parametrize(
    ("word", "language", "fits"),
    [
        ("真空", Lang.ZH_HANS, True),
        ("vacuum", Lang.ZH_HANS, False),
        ("500ml", Lang.ZH_HANT, True),
        ("vacuum", Lang.EN, True),
        ("真空", Lang.EN, False),
        ("500ml", Lang.EN, True),
    ],
)
def test_words_fit_the_post_s_language(word, language, fits):
    assert written_like(word, language) is fits


def test_missing_words_are_words_not_tagged_terms():
    """Terms carry tagged forms (a material concept, a brand): never advice to write."""
    others = [{"s:stainless_steel", "b:samsung", "insulated"}] * 2
    assert missing_words({"flask"}, others) == ["insulated"]

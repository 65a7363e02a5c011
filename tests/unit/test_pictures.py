"""The Market picture (issue 36): a PNG of a phone's width within Telegram's photo limits,
labelled in the reader's script only when this machine has its glyphs. Empty boxes are a
defect: a Chinese label drawn without a font that has its glyphs fails here; without such a
font the labels fall back to digits and Latin script, and say so."""

from __future__ import annotations

import io
import os
import warnings
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from bot.domain.advice import MarketPrices
from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.fake_telegram.photos import MAX_RATIO, MAX_SIDES
from bot.pictures import drawing
from bot.pictures.drawing import BASE_FONT, Drawn, draw, fonts_for
from bot.pictures.market import market_strip
from bot.pictures.price_strip import PriceStrip

# .ci/run installs Debian's fonts-noto-cjk: there a missing Chinese font is a failure
REQUIRE_FONTS = os.environ.get("TRADECIRCLE_REQUIRE_FONTS") == "1"
RATES = {"CNY": 1.0, "USD": 7.2, "EUR": 7.8}
NOW = datetime(2026, 12, 1, tzinfo=UTC)
WRITTEN = {
    "CNY": "出售 不锈钢保温杯 起订100个 {price}元/个",
    "USD": "Selling vacuum flasks ${price}/pc",
}


def offer_post(price: int, currency: str) -> Post:
    text = WRITTEN[currency].format(price=price)
    parsed = parse_post(text)
    return Post(
        1, 1, PostKind.OFFER, text, parsed, PostStatus.OPEN, parsed.language, NOW,
        NOW + timedelta(days=30),
    )  # fmt: skip


def strip(lang: Lang, currency: str = "CNY") -> PriceStrip:
    post = offer_post(12, currency)
    prices = MarketPrices(PostKind.OFFER, 12.0, (11.0, 14.0, 15.0, 15.0, 16.0, 22.0), (9.0, 13.0))
    return market_strip(lang, post, prices, Conversion(currency, RATES))


def drawn_strictly(picture: PriceStrip) -> Drawn:
    """Drawn with any missing glyph an error, whichever labels it settles on."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        return draw(picture)


@pytest.mark.parametrize("lang", [Lang.ZH_HANS, Lang.ZH_HANT])
def test_chinese_labels_are_drawn_with_their_glyphs(lang: Lang) -> None:
    if fonts_for(lang.value) == [BASE_FONT] and not REQUIRE_FONTS:
        pytest.skip("no Chinese font here (Debian's fonts-noto-cjk; .ci/run installs it)")
    assert fonts_for(lang.value)[0].startswith("Noto Sans CJK")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = draw(strip(lang))
    assert not [w for w in caught if "missing from font" in str(w.message)]
    assert not found.latin


def test_an_english_picture_draws_a_chinese_product_name_with_its_glyphs() -> None:
    """A circle writing English whose busiest product was posted in Chinese: its name is
    drawn (Latin first, Chinese glyphs from the next font), not the whole picture in its
    fallback."""
    if fonts_for("zh-Hans") == [BASE_FONT] and not REQUIRE_FONTS:
        pytest.skip("no Chinese font here (Debian's fonts-noto-cjk; .ci/run installs it)")
    assert fonts_for("en")[0] == BASE_FONT and fonts_for("en")[1].startswith("Noto Sans CJK")
    picture = strip(Lang.EN)
    named = replace(picture, labels=replace(picture.labels, title="304不锈钢保温杯 500ml"))
    assert not drawn_strictly(named).latin


def test_without_the_font_the_labels_fall_back_to_latin_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(drawing, "CJK", {})  # as on a machine with pip's packages alone
    assert fonts_for("zh-Hans") == [BASE_FONT]
    picture = strip(Lang.ZH_HANS)
    assert "报价" in picture.labels.offers and picture.latin.offers == "Offers (6)"
    assert drawn_strictly(picture).latin


@pytest.mark.parametrize("lang", list(Lang))
def test_the_picture_fits_a_phone_and_telegram(lang: Lang) -> None:
    found = drawn_strictly(strip(lang, "USD" if lang is Lang.EN else "CNY"))
    with Image.open(io.BytesIO(found.png)) as picture:
        assert picture.format == "PNG"
        width, height = picture.size
    assert width >= 720 and width + height <= MAX_SIDES
    assert max(width, height) <= MAX_RATIO * min(width, height)
    assert len(found.png) < 10 * 1024 * 1024


def test_every_price_is_in_the_reader_s_currency() -> None:
    """A Hamburg reader sees a Yiwu market in euros: ¥78 is €10."""
    post = offer_post(78, "CNY")
    prices = MarketPrices(PostKind.OFFER, 78.0, (39.0, 78.0, 156.0), (117.0,))
    picture = market_strip(Lang.EN, post, prices, Conversion("EUR", RATES))
    assert picture.offers == pytest.approx((5.0, 10.0, 20.0))
    assert picture.budgets == pytest.approx((15.0,)) and picture.mine == pytest.approx(10.0)
    assert picture.labels.mine == "Yours €10" and picture.labels.median == "median €10"
    assert picture.latin.symbol == "EUR " and picture.labels.axis.startswith("€ per ")

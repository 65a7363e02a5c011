"""A counterpart's card in the reader's language, the original beside it (issue 9)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.domain.home import LANGUAGE_CURRENCIES, Conversion
from bot.domain.models import Lang, Post, PostKind, PostStatus
from bot.domain.money import DEFAULT_RATES
from bot.domain.parsing import parse_post
from bot.texts.cards import post_card

NOW = datetime(2026, 12, 2, tzinfo=UTC)
CUPS = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
SCREWS = "WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc"


def card(text: str, reader: Lang) -> str:
    parsed = parse_post(text)
    post = Post(
        1,
        1,
        PostKind(parsed.intent.value),
        text,
        parsed,
        PostStatus.OPEN,
        parsed.language,
        NOW,
        NOW,
    )
    conversion = Conversion(LANGUAGE_CURRENCIES[reader], DEFAULT_RATES)
    return str(post_card(post, reader, conversion=conversion))


@pytest.mark.parametrize(
    ("text", "reader", "shown"),
    [
        (CUPS, Lang.EN, ["vacuum flask (保温杯)", "Yiwu (义乌)", "¥12 / pcs ≈ $1.67"]),
        (CUPS, Lang.ZH_HANT, ["¥12 / 個 ≈ NT$54.55"]),
        (SCREWS, Lang.ZH_HANS, ["宁波 (Ningbo)", "$0.02 / 个 ≈ ¥0.14"]),
        (
            "出售 鳳梨酵素 4入 每盒120元 台中出貨",
            Lang.EN,
            ["NT$120 / box ≈ $3.67", "pack of 4 (4入)"],
        ),
        ("出售 保温杯 6只装 12元/个", Lang.EN, ["pack of 6 (6只装)"]),
        (
            "出售 保温杯 12元/个 FOB宁波 义乌发货",
            Lang.EN,
            ["Terms: FOB Ningbo (宁波)", "From: Yiwu (义乌)"],
        ),
        ("出售 iPhone 14 4500元/台", Lang.EN, ["¥4,500 / unit ≈ $625"]),
        ("出售 Type-C數據線 1米 每條2元", Lang.EN, ["1 m (1米)"]),
        ("求购 苹果14 10台", Lang.ZH_HANT, ["數量：10台"]),
    ],
)
def test_another_language_is_shown_in_the_reader_s(text: str, reader: Lang, shown: list[str]):
    rendered = card(text, reader)
    for part in shown:
        assert part in rendered, rendered


@pytest.mark.parametrize(("text", "reader"), [(CUPS, Lang.ZH_HANS), (SCREWS, Lang.EN)])
def test_words_are_not_translated_for_their_own_writer(text, reader):
    """Between the Chinese scripts words are converted (issue 35): test_texts_script.py."""
    rendered = card(text, reader)
    assert "(保温杯)" not in rendered and "(义乌)" not in rendered and "(Ningbo)" not in rendered


def test_own_language_prices_are_not_converted() -> None:
    assert "≈" not in card(CUPS, Lang.ZH_HANS) and "≈" not in card(SCREWS, Lang.EN)


def test_a_contact_card_names_the_counterpart_s_product_in_the_reader_s_language() -> None:
    from bot.domain.models import User
    from bot.texts.contacts import contact_card

    parsed = parse_post(CUPS)
    post = Post(1, 1, PostKind.OFFER, CUPS, parsed, PostStatus.OPEN, parsed.language, NOW, NOW)
    wang = User(id=1, language=Lang.ZH_HANS, display_name="王丽")
    assert "vacuum flask (保温杯)" in contact_card(wang, post, Lang.EN)
    assert "(保温杯)" not in contact_card(wang, post, Lang.ZH_HANS)


@pytest.mark.parametrize(
    ("product", "reader", "shown"),
    [
        ("304不锈钢保温杯", Lang.EN, "304 stainless steel vacuum flask (304不锈钢保温杯)"),
        ("手提包", Lang.EN, "handbag (手提包)"),  # CC-CEDICT, not the glossary
        # a word nothing knows stays as written, marked as the original, never mixed in
        ("兰蔻小黑瓶眼霜", Lang.EN, "Lancôme “小黑瓶” eye cream (兰蔻小黑瓶眼霜)"),
        ("鼎盛牌扳手", Lang.EN, "flourishing “牌” wrench (鼎盛牌扳手)"),
        ("派克 都會系列", Lang.EN, "Parker “都會” series (派克 都會系列)"),
        ("原子筆", Lang.EN, "ballpoint pen (原子筆)"),  # more exact than the concept's "gel pen"
        ("LED燈泡 E27", Lang.EN, "LED light bulb E27 (LED燈泡 E27)"),
        ("保温杯杯盖", Lang.EN, "vacuum flask lid (保温杯杯盖)"),
        ("PP材质", Lang.EN, "PP material (PP材质)"),  # not CC-CEDICT's "texture of timber"
        ("藍牙耳機", Lang.EN, "bluetooth earphones (藍牙耳機)"),  # the spec it starts with stays
        # the connector stays, as written: not any 数据线
        ("USB-C cable", Lang.ZH_HANT, "USB-C 資料線 (USB-C cable)"),
        ("Type-C数据线", Lang.ZH_HANT, "Type-C 資料線 (Type-C数据线)"),
        ("Type-C充電線", Lang.EN, "Type-C charging cable (Type-C充電線)"),
        ("stainless screws", Lang.ZH_HANS, "不锈钢螺丝 (stainless screws)"),
        ("Samsung LCD TV", Lang.ZH_HANT, "三星 LCD 電視機 (Samsung LCD TV)"),
        ("ergonomic office chairs", Lang.ZH_HANS, "ergonomic 办公椅 (ergonomic office chairs)"),
        ("Widget thing", Lang.ZH_HANS, "Widget thing"),  # nothing known: as written
    ],
)
def test_a_product_is_translated_word_by_word(product, reader, shown):
    from bot.texts.translation import product_name

    assert product_name(product, reader) == shown


def test_specs_are_shown_in_the_reader_s_language_too() -> None:
    parsed = parse_post(CUPS)
    assert parsed.specs  # 304不锈钢 is a spec of this post
    assert "stainless steel (" in card(CUPS, Lang.EN)


def test_the_port_is_not_shown_twice() -> None:
    """ "FOB Ningbo" already says where the goods leave from."""
    rendered = card(SCREWS, Lang.ZH_HANS)
    assert "FOB 宁波 (Ningbo)" in rendered and "发货地" not in rendered, rendered


@pytest.mark.parametrize(
    ("reader", "shown"),
    [
        (Lang.EN, "same product: charging cable · both USB-C"),
        (Lang.ZH_HANS, "同品类：数据线 · 都是Type-C"),
        (Lang.ZH_HANT, "同品類：資料線 · 都是Type-C"),
    ],
)
def test_a_shared_spec_reads_in_the_reader_s_words(reader, shown) -> None:
    from bot.texts.reasons import render_reasons

    reasons = [
        {"kind": "concept", "values": {"concept": "c:data_cable"}},
        {"kind": "spec", "values": {"spec": "usb_c"}},
    ]
    assert render_reasons(reasons, reader) == shown


def test_a_price_is_converted_at_the_rates_given_and_never_past_sense() -> None:
    """The operator's rates, not the built-in ones; an amount no rate makes sensible (or a
    price that names no currency) is shown as written, not as an overflow."""
    from decimal import Decimal

    from bot.domain.home import Conversion
    from bot.domain.models import Price
    from bot.domain.money import parse_rates
    from bot.texts.translation import converted

    yuan = Price(low=Decimal(12), currency="CNY")
    at_nine = Conversion("EUR", parse_rates("EUR=9"))
    assert converted(yuan, at_nine) == (Decimal("1.33"), "EUR") and at_nine.shown
    huge = Price(low=Decimal("1e20"), currency="USD")
    assert converted(huge, Conversion("JPY", DEFAULT_RATES)) is None
    unnamed = Conversion("EUR", DEFAULT_RATES)
    assert converted(Price(low=Decimal(3)), unnamed) is None and not unnamed.shown

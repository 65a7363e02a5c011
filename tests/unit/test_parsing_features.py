"""A post's features (custom logo, OEM/ODM, certifications, samples) in zh-Hans, zh-Hant
and English: read as codes, kept out of the product, never claimed when negated or when
the word is part of another; and specs standing alone after the product kept on the card."""

from __future__ import annotations

import pytest

from bot.domain.matching.terms import mask_features
from bot.domain.parsing import parse_post, warm_up
from bot.domain.vocabulary import features


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "product", "features"),
    [
        (
            "出售 304不锈钢保温杯 500ml 可定制logo 支持OEM 起订1000个 12元/个",
            "保温杯",
            ("logo", "oem"),
        ),
        (
            "供應 不鏽鋼保溫杯 可印logo 來圖定制 提供樣品 CE認證 每個12元",
            "不鏽鋼保溫杯",
            ("logo", "custom", "samples", "cert:CE"),
        ),
        (
            "Selling ceramic mugs 350ml, custom logo, OEM/ODM welcome, CE FDA LFGB certified, "
            "free samples, MOQ 500 pcs, 1.2 USD/pc",
            "ceramic mugs",
            ("logo", "oem", "odm", "free_samples", "cert:CE", "cert:FDA", "cert:LFGB"),
        ),
        ("求购 保温杯 5000个 需要OEM 要FDA认证", "保温杯", ("oem", "cert:FDA")),
        ("收購 雨傘 1000支 可客製化 樣品免費", "雨傘", ("custom", "free_samples")),
        ("WTB umbrellas with logo 3000 pcs", "umbrellas", ("logo",)),
        ("出售 充电器 3C认证 GS认证 ISO9001:2015 RoHS 20元/个", "充电器", None),
        ("Selling LED bulbs 9W, UL listed, REACH compliant, $0.5/pc", "LED bulbs", None),
        ("出售 帆布袋 OEM&ODM 贴牌加工 5元/个", "帆布袋", ("oem", "odm")),
        ("Need tote bags, samples first, 2000 pcs", "tote bags", ("samples",)),
    ],
)
def test_features_are_read_and_kept_out_of_the_product(
    text: str, product: str, features: tuple[str, ...] | None
) -> None:
    parsed = parse_post(text)
    assert parsed.product == product
    if features is not None:
        assert parsed.features == features


def test_certification_codes_are_canonical() -> None:
    assert parse_post("出售 充电器 3C认证 GS认证 ISO9001:2015 RoHS 20元/个").features == (
        "cert:CCC",
        "cert:GS",
        "cert:ISO9001",
        "cert:RoHS",
    )
    assert parse_post("Selling LED bulbs 9W, UL listed, REACH compliant, $0.5/pc").features == (
        "cert:UL",
        "cert:REACH",
    )


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("出售 保温杯 不支持定制 不接受OEM 无样品 12元/个", "保温杯"),
        ("出售 保温杯 不可定制 非OEM 12元/个", "保温杯"),
        ("供應 保溫杯 不提供樣品 無法定製 每個12元", "保溫杯"),
        ("Selling mugs, no OEM, no custom logo, samples not available, $1/pc", "mugs"),
        ("Selling mugs, we don't accept OEM, no free samples, without CE, $1/pc", "mugs"),
        ("Selling mugs, OEM not accepted, $1/pc", "mugs"),
    ],
)
def test_a_negated_feature_is_not_claimed_nor_left_in_the_product(text: str, product: str) -> None:
    parsed = parse_post(text)
    assert parsed.features == ()
    assert parsed.product == product


def test_paid_samples_are_samples_not_free_ones() -> None:
    assert parse_post("出售 保温杯 样品不免费 12元/个").features == ("samples",)


@pytest.mark.parametrize(
    "text",
    [
        "Selling ceramic mugs, 1 USD/pc, 500 pcs",  # ce inside ceramic
        "CEO gift pens for sale, 2 USD/pc",
        "Selling ULTRA thin phone cases, $1/pc",
        "Selling poems books, odmx cables, logos not included, 1 USD/pc",
        "Selling long reach staplers, $2/pc",  # reach is a word: only REACH certified counts
        "出售 ce 保温杯 ul 12元/个",  # lower case, with no certification word: a guess
        "出售 3C数码配件 12元/个",  # 3C is a category, 3C认证 the certification
        "出售 定制T恤 15元/件",  # goods made to order, not a promise to customise
        "出售 样品册 样品柜 5元/个",  # a sample book and cabinet are goods
        "Need sample bottles 5ml, 3000 pcs",
        "出售 GS 保温杯 12元/个",  # GS alone is anybody's letters
        "Selling Microsoft Windows Vista Business 32-bit OEM, $149",  # an edition
        "Need OEM parts for Toyota, 200 sets",  # genuine parts
    ],
)
def test_a_feature_word_inside_other_words_or_goods_claims_nothing(text: str) -> None:
    assert parse_post(text).features == ()


def test_oem_standing_as_a_word_of_its_own_is_the_service() -> None:
    assert parse_post("出售 保温杯 OEM 12元/个").features == ("oem",)
    assert parse_post("Selling mugs, OEM, 1.2 USD/pc").features == ("oem",)
    edition = parse_post("Selling Microsoft Windows Vista Business 32-bit OEM, $149")
    assert edition.product is not None and edition.product.endswith("OEM")


def test_goods_named_with_a_feature_keep_their_name() -> None:
    parsed = parse_post("Selling custom logo stickers 1000 pcs, 0.1 USD/pc")
    assert parsed.product == "custom logo stickers"
    assert parsed.features == ("logo",)
    need = parse_post("Need sample bottles 5ml, 3000 pcs")
    assert need.product == "sample bottles"


def test_a_message_of_features_alone_is_no_post() -> None:
    parsed = parse_post("支持OEM ODM 可定制logo 免费样品 CE认证")
    assert parsed.product is None


def test_a_long_run_of_features_stays_fast_and_sane() -> None:
    parsed = parse_post("出售 保温杯 12元/个 " + "OEM CE 可定制logo 免费样品 " * 300)
    assert parsed.product == "保温杯"
    assert parsed.features == ("logo", "oem", "free_samples", "cert:CE")


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        (
            "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, "
            "budget under 2 USD each, ship to Hamburg",
            ("500ml", "stainless steel"),
        ),
        ("求购 保温杯，不锈钢，500ml 3000个", ("500ml", "不锈钢")),
        ("Selling office chairs, leather, 300 pcs", ("leather",)),
        ("Need t-shirts, organic cotton, 2000 pcs", ("organic cotton",)),
    ],
)
def test_a_spec_standing_alone_after_the_product_stays_on_the_card(
    text: str, specs: tuple[str, ...]
) -> None:
    parsed = parse_post(text)
    assert parsed.specs == specs
    assert parsed.product is not None and parsed.product not in specs


def test_a_fragment_that_is_not_only_specs_is_not_taken_for_one() -> None:
    parsed = parse_post("Selling office chairs, black leather, 300 pcs")
    assert "black leather" not in parsed.specs  # black is no spec the glossary knows


@pytest.mark.parametrize(
    "phrase",
    [
        "OEM/ODM",
        "支持OEM",
        "贴牌",
        "private label",
        "ODM",
        "可定制logo",
        "logo可印刷",
        "your logo",
        "logo printing",
        "来图定制",
        "支持定制",
        "customization available",
        "customizable",
        "custom orders welcome",
        "免费样品",
        "样品免费",
        "free samples",
        "samples are free",
        "提供样品",
        "可打样",
        "有样品",
        "需要样品",
        "求购 样品",
        "samples available",
        "can provide samples",
        "sample orders accepted",
        "need samples",
        "samples first",
    ],
)
def test_each_phrase_is_found_and_holds_a_trigger(phrase: str) -> None:
    """Every kind of phrase is found; the quick test for any phrase at all (`TRIGGER`)
    would otherwise skip a text holding only it."""
    key = phrase.lower()
    found = [f for f in features.find_features(phrase, key) if not f.negated]
    assert found, phrase
    assert features._TRIGGER.search(key[found[0].start : found[0].end])


def test_terms_see_no_feature_words() -> None:
    masked = mask_features("出售 保温杯 可印logo 来图定制 提供样品 CE认证 支持OEM 12元/个")
    assert masked.split() == ["出售", "保温杯", "12元/个"]
    assert mask_features("Selling custom logo stickers") == "Selling custom logo stickers"

"""Every locale has the same keys and placeholders, and every text is valid Telegram HTML."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from bot.domain.models import Lang, Post, PostKind, PostStatus, Quantity
from bot.domain.parsing import parse_post
from bot.texts import CATALOGUES, Html, placeholders, plain, t
from bot.texts.advice import Related, need_advice
from tests.readers import conversion

ENGLISH = CATALOGUES[Lang.EN]
ALLOWED_TAGS = {"b", "i", "u", "s", "code", "pre", "a", "blockquote"}


@pytest.mark.parametrize("lang", [Lang.ZH_HANS, Lang.ZH_HANT])
def test_same_keys_as_english(lang: Lang) -> None:
    assert set(CATALOGUES[lang]) == set(ENGLISH)


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("key", sorted(ENGLISH))
def test_same_placeholders_and_balanced_tags(lang: Lang, key: str) -> None:
    text = CATALOGUES[lang][key]
    assert placeholders(text) == placeholders(ENGLISH[key])
    tags = re.findall(r"</?([a-z]+)[^>]*>", text)
    assert set(tags) <= ALLOWED_TAGS
    for tag in set(tags):
        assert text.count(f"<{tag}>") + text.count(f"<{tag} ") == text.count(f"</{tag}>")


def test_traditional_catalogue_uses_traditional_characters() -> None:
    assert "語言" in CATALOGUES[Lang.ZH_HANT]["language.choose"]
    assert "语言" in CATALOGUES[Lang.ZH_HANS]["language.choose"]


def test_values_are_escaped_unless_marked_html() -> None:
    assert t(Lang.EN, "card.product", value="<b>x</b> & y") == "📦 &lt;b&gt;x&lt;/b&gt; &amp; y"
    assert t(Lang.EN, "card.product", value=Html("<b>x</b>")) == "📦 <b>x</b>"


def test_plain_drops_tags_and_decodes_entities() -> None:
    assert plain(Lang.EN, "card.product", value="a<b") == "📦 a<b"
    assert "<code>" not in plain(Lang.EN, "post.ask_product")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        # the Chinese in the reader's language or script, the original beside (found by
        # the 30-day audit: an English seller read the buyer's 不锈钢保温杯 alone)
        (
            Lang.EN,
            "same product: insulated &lt;b&gt;bottles ≈ vacuum flask (保温杯) (similar meaning)",
        ),
        (Lang.ZH_HANS, "同一产品：insulated &lt;b&gt;bottles ≈ 保温杯（意思相近）"),
        (Lang.ZH_HANT, "同一產品：insulated &lt;b&gt;bottles ≈ 保溫杯 (保温杯)（意思相近）"),
    ],
)
def test_a_pair_found_by_meaning_quotes_both_products_escaped(lang: Lang, line: str) -> None:
    from bot.texts.reasons import render_reasons

    reasons = [{"kind": "meaning", "values": {"need": "insulated <b>bottles", "offer": "保温杯"}}]
    assert render_reasons(reasons, lang) == line


def _post(text: str, kind: PostKind) -> Post:
    parsed = parse_post(text)
    at = datetime(2026, 3, 1, tzinfo=UTC)
    return Post(1, 1, kind, text, parsed, PostStatus.OPEN, parsed.language, at, at)


@pytest.mark.parametrize(
    ("lang", "row", "budget"),
    [
        (
            Lang.EN,
            "×2 · MOQ from 500 pcs · $1.25–$1.39",
            "budget of ¥5 ≈ $0.69 is under every price asked (from $1.25)",
        ),
        (Lang.ZH_HANS, "×2 · 起订 500个 · ¥9–¥10", "预算 ¥5 低于所有报价（最低 ¥9）"),
        (
            Lang.ZH_HANT,
            "×2 · 起訂 500個 · NT$40.91–NT$45.45",
            "預算 ¥5 ≈ NT$22.73 低於所有報價（最低 NT$40.91）",
        ),
    ],
)
def test_need_advice_prices_are_in_the_reader_s_currency(
    lang: Lang, row: str, budget: str
) -> None:
    """Issue 35: the offers' prices as a match's reasons show amounts, the reader's own budget
    as written with what it is in their currency, as a card shows a price."""
    need = _post("求购 保温杯 3000个 预算5元", PostKind.NEED)
    offer = _post("出售 保温杯 起订500个 9元/个", PostKind.OFFER)
    related = Related(offer, 2, Quantity(Decimal(500), "pcs"), (Decimal(9), Decimal(10), "CNY"))
    text = need_advice(lang, need, 14, [related], [], conversion=conversion(lang))
    assert row in text and budget in text

"""Every locale has the same keys and placeholders, and every text is valid Telegram HTML."""

from __future__ import annotations

import re

import pytest

from bot.domain.models import Lang
from bot.texts import CATALOGUES, Html, placeholders, plain, t

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
        (Lang.EN, "same product: insulated &lt;b&gt;bottles ≈ 保温杯 (similar meaning)"),
        (Lang.ZH_HANS, "同一产品：insulated &lt;b&gt;bottles ≈ 保温杯（意思相近）"),
        (Lang.ZH_HANT, "同一產品：insulated &lt;b&gt;bottles ≈ 保温杯（意思相近）"),
    ],
)
def test_a_pair_found_by_meaning_quotes_both_products_escaped(lang: Lang, line: str) -> None:
    from bot.texts.reasons import render_reasons

    reasons = [{"kind": "meaning", "values": {"need": "insulated <b>bottles", "offer": "保温杯"}}]
    assert render_reasons(reasons, lang) == line

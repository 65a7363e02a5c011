"""Language and script detection."""

from __future__ import annotations

import pytest

from bot.domain.language import detect_language, language_from_telegram_code
from bot.domain.models import Lang


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("出售 304不锈钢保温杯", Lang.ZH_HANS),
        ("求购保温杯5000只", Lang.ZH_HANS),
        ("供應 LED燈泡 9W 每箱100個", Lang.ZH_HANT),
        ("出售 不鏽鋼保溫瓶", Lang.ZH_HANT),
        ("著名品牌 保温杯", Lang.ZH_HANS),
        ("WTB 20k pcs M6 stainless screws", Lang.EN),
        ("出售 stainless steel vacuum flask 500ml", Lang.ZH_HANS),
        ("求購 LED bulbs 1萬個", Lang.ZH_HANT),
        ("", Lang.EN),
        ("😀 123", Lang.EN),
        ("大家好", Lang.ZH_HANS),
    ],
)
def test_detect_language(text: str, lang: Lang) -> None:
    assert detect_language(text) is lang


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("zh-hant", Lang.ZH_HANT),
        ("zh-Hant", Lang.ZH_HANT),
        ("zh-TW", Lang.ZH_HANT),
        ("zh-hk", Lang.ZH_HANT),
        ("zh-mo", Lang.ZH_HANT),
        ("zh_TW", Lang.ZH_HANT),
        ("zh-hant-tw", Lang.ZH_HANT),
        ("zh", Lang.ZH_HANS),
        ("zh-hans", Lang.ZH_HANS),
        ("zh-CN", Lang.ZH_HANS),
        ("zh-sg", Lang.ZH_HANS),
        ("en", Lang.EN),
        ("en-US", Lang.EN),
        ("ru", Lang.EN),
        ("zhx", Lang.EN),
        ("", Lang.EN),
        (None, Lang.EN),
    ],
)
def test_language_from_telegram_code(code: str | None, lang: Lang) -> None:
    assert language_from_telegram_code(code) is lang

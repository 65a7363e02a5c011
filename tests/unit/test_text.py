"""Text folding: normalise, script conversion, garbled-text detection."""

from __future__ import annotations

import pytest

from bot.domain.text import clean, looks_garbled, normalise, to_simplified, to_traditional


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("保温杯", "保温杯"),
        ("保溫杯", "保温杯"),
        ("LED燈泡", "led灯泡"),
        ("ＬＥＤ　５０００個", "led 5000个"),
        ("【现货】保温杯", "现货 保温杯"),
        ("「供應」[LED] 燈泡", "供应 led 灯泡"),
        ("🔥🔥爆款 充电宝🔥", "爆款 充电宝"),
        ("👍🏻 ok ✅", "ok"),
        ("出售\n\n保温杯\t 5000个", "出售 保温杯 5000个"),
        ("  Vacuum   FLASKS ", "vacuum flasks"),
        ("１２元／個", "12元/个"),
        ("", ""),
        ("\x00\u200b保温杯\u200d", "保温杯"),
    ],
)
def test_normalise(text: str, expected: str) -> None:
    assert normalise(text) == expected


def test_clean_keeps_script_case_and_line_breaks() -> None:
    assert clean("【供應】LED燈泡\n\n 單價３.５元 😀") == "供應 LED燈泡\n單價3.5元"


@pytest.mark.parametrize(
    ("traditional", "simplified"),
    [
        ("供應", "供应"),
        ("義烏發貨", "义乌发货"),
        ("臺灣", "台湾"),
        ("不鏽鋼", "不锈钢"),
        ("LED", "LED"),
    ],
)
def test_script_conversion(traditional: str, simplified: str) -> None:
    assert to_simplified(traditional) == simplified
    assert to_simplified(to_traditional(simplified)) == simplified


def test_to_traditional_taiwan_phrases() -> None:
    assert to_traditional("软件") == "軟件"
    assert to_traditional("软件", taiwan_phrases=True) == "軟體"


@pytest.mark.parametrize(
    "text",
    [
        "锟斤拷锟斤拷烫烫烫",
        "ä¿æ¸©æ¯ Ã©tÃ©",
        "itâ€™s a cup",
        "企業(yè)發展(zhǎn)",
        "浣犲ソ锛屾垜鏄",
        "价格\ufffd\ufffd元",
        "#$%^&*()_+{}|:<>?~!@",
        "\x01\x02\x03\x04\x05\x06\x07",
    ],
)
def test_looks_garbled(text: str) -> None:
    assert looks_garbled(text)


@pytest.mark.parametrize(
    "text",
    [
        "出售 304不锈钢保温杯 500ml 起订1000个 12元/个",
        "供應 LED燈泡 9W 每箱100個",
        "WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc",
        "Café crème, 5€ ✅🔥",
        "！！！",
        "",
        "(500ml) [x2] — ok?",
    ],
)
def test_not_garbled(text: str) -> None:
    assert not looks_garbled(text)

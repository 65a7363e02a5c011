"""Unit words, codes, conversions and display names."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Lang
from bot.domain.vocabulary.units import UNIT_CODES, canonical_unit, to_base, unit_name


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("个", "pcs"),
        ("個", "pcs"),
        ("只", "pcs"),
        ("件", "pcs"),
        ("pcs", "pcs"),
        ("PCS", "pcs"),
        ("pc", "pcs"),
        ("pieces", "pcs"),
        ("套", "set"),
        ("台", "unit"),  # phones, machines: shown as 台 again, not 套
        ("sets", "set"),
        ("双", "pair"),
        ("雙", "pair"),
        ("pairs", "pair"),
        ("箱", "carton"),
        ("CTNS", "carton"),
        ("cartons", "carton"),
        ("盒", "box"),
        ("袋", "bag"),
        ("卷", "roll"),
        ("捲", "roll"),
        ("张", "sheet"),
        ("張", "sheet"),
        ("米", "meter"),
        ("m", "meter"),
        ("公斤", "kg"),
        ("KGS", "kg"),
        ("吨", "ton"),
        ("噸", "ton"),
        ("tons", "ton"),
        ("打", "dozen"),
        ("dozen", "dozen"),
        ("平米", "sqm"),
        ("坪", "ping"),
        ("containers", "container"),
    ],
)
def test_canonical_unit(word: str, code: str) -> None:
    assert canonical_unit(word) == code


@pytest.mark.parametrize("word", ["", None, "banana", "元", "ml"])
def test_not_a_unit(word: str | None) -> None:
    assert canonical_unit(word) is None


@pytest.mark.parametrize(
    ("amount", "unit", "base_amount", "base_unit"),
    [
        ("5", "dozen", "60", "pcs"),
        ("2", "gross", "288", "pcs"),
        ("2", "ton", "2000", "kg"),
        ("10", "jin", "5", "kg"),
        ("500", "g", "0.5", "kg"),
        ("100", "yard", "91.44", "meter"),
        ("7", "pcs", "7", "pcs"),
        ("3", "carton", "3", "carton"),
        ("10", "unit", "10", "pcs"),  # 10台 compares with "10 units" (pcs)
    ],
)
def test_to_base(amount: str, unit: str, base_amount: str, base_unit: str) -> None:
    got_amount, got_unit = to_base(Decimal(amount), unit)
    assert (got_amount, got_unit) == (Decimal(base_amount), base_unit)


def test_to_base_without_unit() -> None:
    assert to_base(Decimal(5), None) == (Decimal(5), None)


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("pcs", Lang.ZH_HANS, "个"),
        ("pcs", Lang.ZH_HANT, "個"),
        ("pcs", Lang.EN, "pcs"),
        ("ton", Lang.ZH_HANT, "噸"),
        ("unit", Lang.ZH_HANS, "台"),
        ("unit", Lang.EN, "units"),
        ("carton", Lang.EN, "cartons"),
        ("mystery", Lang.EN, "mystery"),
        (None, Lang.EN, ""),
    ],
)
def test_unit_name(code: str | None, lang: Lang, name: str) -> None:
    assert unit_name(code, lang) == name


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("box", Lang.EN, "box"),  # "NT$120 / box", not "/ boxes"
        ("ton", Lang.EN, "ton"),
        ("pcs", Lang.EN, "pcs"),  # as trade writes it: "$1.5 / pcs"
        ("gross", Lang.EN, "gross"),
        ("box", Lang.ZH_HANS, "盒"),
    ],
)
def test_unit_name_of_one(code: str, lang: Lang, name: str) -> None:
    assert unit_name(code, lang, one=True) == name


def test_every_code_has_display_names() -> None:
    for code in UNIT_CODES:
        assert unit_name(code, Lang.EN) and unit_name(code, Lang.ZH_HANS)

"""Chinese in pinyin for a Latin-script reader (issue 35, a contact card worth having): names
surname first, words capitalised and written apart, traditional characters read as
simplified ones, everything else left as written."""

from __future__ import annotations

import pytest

from bot.domain.pinyin import in_pinyin


@pytest.mark.parametrize(
    ("name", "reading"),
    [
        ("王丽", "Wang Li"),
        ("王小明", "Wang Xiaoming"),  # the given name one word
        ("欧阳修", "Ouyang Xiu"),  # a two-character surname
        ("司马相如", "Sima Xiangru"),
        ("单田芳", "Shan Tianfang"),  # 单 as a surname, not dan as in 单价
        ("曾国藩", "Zeng Guofan"),  # not ceng as in 曾经
        ("区志伟", "Ou Zhiwei"),
        ("吕女士", "Lü Nüshi"),
        ("王麗", "Wang Li"),  # traditional characters
        ("陳大文", "Chen Dawen"),
        ("王 丽", "Wang Li"),
        ("Anna 王", "Anna Wang"),  # mixed: the Latin part as written
        ("Anna王", "Anna Wang"),  # spaced from the letters beside it
        ("王丽Lily", "Wang Li Lily"),
        ("王丽（义乌）", "Wang Li (Yiwu)"),  # 义 is no surname: the words of a place
        ("杨欣安", "Yang Xin'an"),  # an apostrophe where syllables would run together
    ],
)
def test_a_person_s_name_is_surname_first_with_capitalised_syllables(name, reading) -> None:
    assert in_pinyin(name, person=True) == reading


@pytest.mark.parametrize(
    ("words", "reading"),
    [
        ("义乌市佳美日用品有限公司", "Yiwu Shi Jiamei Riyongpin Youxian Gongsi"),
        ("廣州市白雲區皮具有限公司", "Guangzhou Shi Baiyun Qu Piju Youxian Gongsi"),
        ("重庆长江银行", "Chongqing Changjiang Yinhang"),  # heteronyms read in their words
        ("浙江义乌", "Zhejiang Yiwu"),
        ("西安", "Xi'an"),
        ("Yiwu 佳美 Trading", "Yiwu Jiamei Trading"),
    ],
)
def test_a_company_or_place_is_in_capitalised_words(words, reading) -> None:
    assert in_pinyin(words) == reading


def test_a_place_in_a_person_s_name_is_not_read_as_a_name() -> None:
    assert in_pinyin("深圳市", person=True) == "Shenzhen Shi"  # 深 is no surname
    assert in_pinyin("佳美日用品 王丽", person=True) == "Jiamei Riyongpin Wang Li"


@pytest.mark.parametrize("text", ["Anna Smith", "", "Ōsaka Trading Co.", "😀 <b>&amp;", "12345"])
def test_a_text_with_no_chinese_is_left_alone(text) -> None:
    assert in_pinyin(text) == text
    assert in_pinyin(text, person=True) == text


def test_only_letters_come_out_of_the_chinese() -> None:
    """Whatever the characters, their pinyin is letters, spaces and apostrophes."""
    reading = in_pinyin("㐀丂乂亍仝伭侃俉倐偩傶僃", person=True)
    assert reading and all(ch.isalpha() or ch in " '" for ch in reading), reading

"""Chinese in pinyin, for a reader of Latin script: "王丽" -> "Wang Li", "义乌市佳美日用品有限公司"
-> "Yiwu Shi Jiamei Riyongpin Youxian Gongsi". As Hanyu Pinyin writes proper names: each
word capitalised, its syllables together ("Xi'an" where a syllable would run into the one
before), a place's 市, 区, 县 ... apart; a person's name surname first, the given name one
word. Traditional characters read as simplified ones (王麗 -> Wang Li); anything else in the
text stays as written ("Anna 王" -> "Anna Wang"), full-width forms as their plain ones."""

from __future__ import annotations

import re
import unicodedata

from bot.domain import segmenter
from bot.domain.text import to_simplified

_HAN_RUN = re.compile("[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff]+")  # as `text.is_han`
# two-character surnames, read by pypinyin as such (长孙 Zhangsun, 尉迟 Yuchi, 万俟 Moqi)
COMPOUND_SURNAMES = frozenset((
    "欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "令狐", "慕容", "夏侯", "司徒", "公孙",
    "长孙", "宇文", "尉迟", "万俟", "独孤", "南宫", "西门", "端木", "轩辕", "澹台", "公冶",
    "呼延", "单于", "钟离", "申屠", "太史", "闻人", "拓跋", "百里", "东郭", "第五",
))  # fmt: skip
# the commonest single-character surnames: most Chinese people bear one of them
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞"
    "左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕"
    "屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧"
    "闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩区查朴乐盖阚"
)
# surnames read otherwise than the same character in a word (单价 dan, 单 the surname Shan)
SURNAME_READINGS = {
    "单": "shan", "曾": "zeng", "区": "ou", "仇": "qiu", "解": "xie", "查": "zha", "朴": "piao",
    "覃": "qin", "乐": "yue", "盖": "ge", "缪": "miao", "翟": "zhai", "阚": "kan",
}  # fmt: skip
# a place's kind, written apart from its name (义乌市 -> Yiwu Shi)
PLACE_KINDS = frozenset("省市县区镇乡村")
_VOWEL_START = frozenset("aoe")
# a space between these and pinyin: "Wang Li (Yiwu)", "Yiwu, Zhejiang" (after NFKC)
_SPACED_BEFORE = frozenset(",;:)]}")
_SPACED_AFTER = frozenset("([{")


def in_pinyin(text: str, *, person: bool = False) -> str:
    """`text` with every run of Chinese characters in pinyin, spaced from the letters and
    digits beside it; `text` itself when it has none. `person`: the text is a person's name,
    so a run of one to three characters (four after a two-character surname) that starts
    with a surname is a surname and a given name."""
    pieces: list[str] = []
    at = 0
    for run in _HAN_RUN.finditer(text):
        before = unicodedata.normalize("NFKC", text[at : run.start()])
        shown = _name(run.group()) if person else None
        shown = shown or " ".join(_words(run.group()))
        if before[-1:].isalnum() or before[-1:] in _SPACED_BEFORE:
            before += " "
        if pieces and (before[:1].isalnum() or before[:1] in _SPACED_AFTER):
            before = " " + before
        pieces += [before, shown]
        at = run.end()
    if not pieces:
        return text
    rest = unicodedata.normalize("NFKC", text[at:])
    if rest[:1].isalnum() or rest[:1] in _SPACED_AFTER:
        rest = " " + rest
    return "".join(pieces) + rest


def _name(run: str) -> str | None:
    """A surname and a given name ("Wang Xiaoming", "Ouyang Xiu", "Shan Li"), or None when
    the run does not start with a surname or is no name's length."""
    simplified = to_simplified(run)
    surname_length = 2 if simplified[:2] in COMPOUND_SURNAMES else 1
    known = surname_length == 2 or simplified[:1] in SURNAMES
    if not known or len(simplified) > surname_length + 2:
        return None
    surname, given = simplified[:surname_length], simplified[surname_length:]
    reading = SURNAME_READINGS.get(surname)
    parts = [_word([reading] if reading else _syllables(surname))]
    if given:
        parts.append(_word(_syllables(given)))
    return " ".join(parts)


def _words(run: str) -> list[str]:
    words: list[str] = []
    for token in segmenter.cut(to_simplified(run)):
        for word in _apart(token):
            words.append(_word(_syllables(word)))
    return words


def _apart(token: str) -> list[str]:
    """A token as the words pinyin writes apart: a place and its kind (义乌 市); a long
    word as the shorter words that make it up, when they do exactly (有限 公司)."""
    if len(token) >= 3 and token[-1] in PLACE_KINDS:
        return [token[:-1], token[-1]]
    if len(token) < 4:
        return [token]
    parts = {p for p in segmenter.cut_for_search(token) if len(p) < len(token)}
    words: list[str] = []
    at = 0
    while at < len(token):
        found = max((p for p in parts if token.startswith(p, at)), key=len, default=None)
        if found is None:
            return [token]
        words.append(found)
        at += len(found)
    return words


def _syllables(chinese: str) -> list[str]:
    """pypinyin's reading, ü as ü (lü, not lv). Imported here: its dictionaries take some
    55 MB, loaded by the first text that needs them rather than by every process."""
    from pypinyin import lazy_pinyin

    return lazy_pinyin(chinese, v_to_u=True)


def _word(syllables: list[str]) -> str:
    """Syllables as one capitalised word, an apostrophe before one starting with a, o or e."""
    word = syllables[0] + "".join(f"'{s}" if s[:1] in _VOWEL_START else s for s in syllables[1:])
    return word[:1].upper() + word[1:]

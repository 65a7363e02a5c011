"""A post's features beside its goods, as codes: "logo" (可定制logo, custom logo), "oem"
(OEM, 贴牌, private label), "odm", "custom" (支持定制, 來圖定制, customization available),
"samples" (可提供样品, samples available), "free_samples" (免费样品, free samples; a post
holding them holds no "samples") and "cert:<CODE>" (cert:CE, cert:RoHS, cert:ISO9001).

The parser keeps them out of the product, term extraction out of the words
(`matching.terms.mask_features`). Phrases are read on the folded text (`key`: simplified,
lower case, as long as the text), each from a literal (the regex engine skips ahead fast).
A certification code counts in capitals (CE, not "ce" nor "ceramic"), or beside a
certification word (ce certified, REACH认证), which codes that are also words or other
abbreviations (REACH, GS, ISO ...) need. A negated phrase ("no OEM", 不支持定制, 无样品) is
found, kept out of the product, and claims nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LOGO, OEM, ODM, CUSTOM = "logo", "oem", "odm", "custom"
SAMPLES, FREE_SAMPLES = "samples", "free_samples"

_E = r"(?![a-z0-9])"  # a Latin word does not end inside another (nor start: `_starts_word`)
_CUSTOMISE_WORDS = r"定制|订制|定做|订做|客制化?"
_WELCOME = r"(?:\s*(?:welcome|accepted|available|ok|欢迎))?"
_ON_OFFER = (
    r"(?:\s+(?:are|is|can\s+be))?\s+(?:available|provided|accepted|welcome|ok|offered"
    r"|on\s+request|upon\s+request|supported)"
)
_NOT_GOODS = r"(?![册柜架袋盒瓶卡间房夹本箱式板])"  # 样品册 is a sample book, 样式 a style
_SEPARATOR = r"\s,，;；、/|。!！\ue000\ue001"
# What sets a word apart but a blank (Latin words in a row may name one thing: "XP OEM")
_APART = r",，;；、/|。!！()（）\n\ue000\ue001\u4e00-\u9fff"
_ACCEPT_ZH = r"(?:可以?|能|支持|接受|提供|欢迎|承接)"
_OEM = rf"oem{_E}(?!\s*(?:parts?|no|numbers?|codes?|quality|original|genuine){_E})"  # "OEM parts": genuine ones
# Words before a phrase: taken into it (_MAY, _MUST: the phrase counts only after one), or
# only looked at (_AFTER: 样品 standing alone after a separator).
_MAY, _MUST, _AFTER = "may", "must", "after"
_ACCEPT = rf"(?:{_ACCEPT_ZH}\s*|(?<![a-z])(?:accepts?|supports?|offers?|provides?|we\s+do)\s+)$"


@dataclass(frozen=True, slots=True)
class _Phrase:
    codes: tuple[str, ...]
    core: re.Pattern[str]
    before: re.Pattern[str] | None = None  # matched at the end of the text before the core
    rule: str = _MAY


def _phrase(codes: tuple[str, ...], core: str, before: str = "", rule: str = _MAY) -> _Phrase:
    return _Phrase(codes, re.compile(core), re.compile(before) if before else None, rule)


# Every phrase holds one of these: a text without any has no phrase to look for.
_TRIGGER = re.compile(
    r"oem|odm|logo|label|custom|made|sampl|定制|订制|定做|订做|客制|来图|来样|贴牌|代工|样|免费"
)
# The first phrase to claim a span wins, so longer ones come first.
_PHRASES = (
    _phrase(
        (OEM, ODM),
        rf"(?:oem\s*(?:[/&+,、]|and|or)\s*odm|odm\s*(?:[/&+,、]|and|or)\s*oem){_E}{_WELCOME}",
        _ACCEPT,
    ),
    _phrase(  # "OEM welcome", OEM代工: the service said after it
        (OEM,),
        r"oem\s*(?:代工|贴牌|加工|生产|定制|订单|欢迎"
        rf"|(?:services?|orders?|welcome|accepted|available|ok|supported){_E})",
        _ACCEPT,
    ),
    _phrase(  # 支持OEM, "need OEM", 非OEM
        (OEM,),
        _OEM,
        rf"(?:(?:{_ACCEPT_ZH}|需要?|要|求|做|非)\s*|(?<![a-z])(?:accepts?|supports?|offers?"
        r"|provides?|do|need|wants?|requires?|no|non)[\s-]+)$",
        _MUST,
    ),
    # ", OEM", 保温杯 OEM: a word of its own ("Windows XP OEM" is an edition)
    _phrase((OEM,), _OEM, rf"(?:^|[{_APART}])\s*$", _AFTER),
    _phrase((OEM,), rf"(?:贴牌|代工)(?:加工|生产)?|private\s+labels?{_E}", _ACCEPT),
    _phrase((ODM,), rf"odm{_E}{_WELCOME}", _ACCEPT),
    _phrase(
        (LOGO,),
        rf"(?:{_CUSTOMISE_WORDS}|印刷?|丝印|烫金|烫印|激光|镭射|镭雕|雕刻|刻|加|打)\s*logo{_E}",
        rf"(?:{_ACCEPT_ZH}\s*)?(?:来图\s*)?$",
    ),
    _phrase((LOGO,), rf"logo\s*{_ACCEPT_ZH}?\s*(?:{_CUSTOMISE_WORDS}|印刷?|丝印|烫金)"),
    _phrase(
        (LOGO,),
        r"(?:custom(?:i[sz]ed)?|personali[sz]ed|your|own|our|my|printed|print(?:ing)?|engraved"
        rf"|with(?:\s+(?:a|your|our|my|own|custom))?)\s+logos?{_E}",
    ),
    _phrase(
        (LOGO,),
        r"logos?\s+(?:printing|printed|customi[sz]ation|customi[sz]ed|engraving|available"
        rf"|can\s+be\s+(?:printed|customi[sz]ed)){_E}",
    ),
    _phrase((CUSTOM,), rf"来[图样](?:{_CUSTOMISE_WORDS}|加工)", _ACCEPT),
    _phrase(
        (CUSTOM,),
        rf"(?:加工)?(?:{_CUSTOMISE_WORDS})",
        rf"(?:{_ACCEPT_ZH}|无法|不能|不可以?|不)\s*$",
        _MUST,
    ),
    _phrase((CUSTOM,), rf"customi[sz](?:ation|ing)(?:{_ON_OFFER})?{_E}", _ACCEPT),
    _phrase(
        (CUSTOM,),
        rf"customi[sz]able{_E}|custom(?:i[sz]ed)?\s+(?:orders?|designs?|sizes?){_ON_OFFER}{_E}"
        rf"|made\s+to\s+order{_E}",
    ),
    _phrase(
        (FREE_SAMPLES,),
        r"免费(?:提供|寄送?|送|拿|申请|索取)?(?:样品?|打样)|样品(?:可以?)?免费",
        r"(?:可|能|支持)$",
    ),
    _phrase((FREE_SAMPLES,), rf"free\s+(?:of\s+charge\s+)?samples?(?:{_ON_OFFER})?{_E}"),
    _phrase(
        (FREE_SAMPLES,), rf"samples?(?:\s+(?:are|is))?\s+(?:for\s+)?free(?:\s+of\s+charge)?{_E}"
    ),
    _phrase((SAMPLES,), rf"(?:提供|寄送?|送|拿|申请|索取)(?:样品|样){_NOT_GOODS}", _ACCEPT),
    _phrase((SAMPLES,), r"打样", rf"{_ACCEPT_ZH}\s*$", _MUST),
    _phrase((SAMPLES,), rf"(?:有|无|没有?|需要|要|求|先要|先拿)样品{_NOT_GOODS}"),
    _phrase((SAMPLES,), r"样品(?:可寄|可拿|收费|付费|需付费|不免费)"),
    _phrase((SAMPLES,), rf"样品(?=$|[{_SEPARATOR}])", rf"(?:^|[{_SEPARATOR}])$", _AFTER),
    _phrase(
        (SAMPLES,),
        rf"samples?(?:\s+orders?)?(?:{_ON_OFFER}{_E}|(?=\s+(?:are\s+|is\s+)?not\s))"
        rf"|samples?\s+(?:first|needed|required){_E}",
    ),
    _phrase(
        (SAMPLES,),
        rf"(?:provides?|send|sends|offers?)\s+samples?{_E}",
        r"(?<![a-z])(?:can|will|we)\s+$",
    ),
    _phrase(
        (SAMPLES,),
        rf"(?:needs?|wants?|requests?|requires?)\s+(?:a\s+|some\s+)?samples?(?:\s+first)?{_E}",
    ),
)

# Certification codes: those standing alone when written in capitals, and those that are
# also words or other abbreviations, which need a certification word beside them.
_ALONE = (
    ("CE", "FDA", "LFGB", "RoHS", "UL", "ETL", "FCC", "CCC", "CQC", "SGS", "BSCI", "FSC")
    + ("GOTS", "UKCA", "HACCP", "BRC", "OEKO-TEX")
    + ("ISO9001", "ISO14001", "ISO45001", "ISO13485", "ISO22000")
)
_WITH_WORD = ("REACH", "GS", "CB", "KC", "PSE", "SAA", "BIS", "GRS", "GMP", "ISO")
_CANONICAL = {c.lower().replace("-", ""): c for c in (*_ALONE, *_WITH_WORD)} | {"3c": "CCC"}
_LETTERS = sorted((c.lower() for c in (*_ALONE, *_WITH_WORD) if c.isalpha()), key=len)[::-1]
_CODE = re.compile(
    r"(?:iso\s?-?(?:9001|14001|45001|13485|22000)(?::\s?20\d\d)?|oeko[\s-]?tex|3c(?=认证)|"
    rf"{'|'.join(_LETTERS)}){_E}"
)
_LIST_GAP = re.compile(r"(?:\s*(?:[/,，、&+;；]|and|及|和)\s*|\s+)")
_CERT_WORD_AFTER = re.compile(
    r"[\s-]*(?:certified|certificates?|certifications?|certs?|approved|compliant|listed"
    r"|tested|standards?|认证|证书|标准|检测|认可)"
)
_CERT_WORD_BEFORE = re.compile(  # a word before the codes that is not another run's
    r"(?:(?:certified|approved|tested)\s+by|certificates?\s*[:：]|certifications?\s*[:：]"
    r"|passed|通过|证书\s*[:：]|认证\s*[:：])\s*$"
)
_NEGATION_BEFORE = re.compile(
    r"(?:(?<![a-z])(?:no|not|non|without|never|cannot|can't|don't|doesn't|won't|do\s+not"
    r"|does\s+not)(?:\s+(?:do|offer|accept|support|provide|have|any|a))?[\s-]*"
    r"|(?:不|无|没有?|非|无法|暂不|未)\s*(?:能|可|会|做|带|支持|接受|提供|需要?|要|用)?\s*)$"
)
_NEGATION_AFTER = re.compile(
    r"(?:\s+(?:is|are))?\s+(?:not|n't)\s+(?:available|accepted|provided|supported|offered)"
    rf"{_E}|\s+unavailable{_E}|\s*(?:不支持|不接受|不提供|不可以?|没有)"
)

CERT = "cert:"
# The order a card lists them in; certifications follow in the order written.
ORDER = (LOGO, CUSTOM, OEM, ODM, SAMPLES, FREE_SAMPLES)


@dataclass(frozen=True, slots=True)
class FeatureFound:
    start: int
    end: int
    codes: tuple[str, ...]
    negated: bool  # "no OEM": the span is a feature phrase, and claims nothing
    in_name: bool = False  # "custom logo stickers": it says what the goods are, too


def find_features(text: str, key: str) -> list[FeatureFound]:
    """Feature phrases in a text, in text order, not overlapping. `key` is the text
    folded (simplified, lower case) and as long; `text` keeps the writer's capitals."""
    found: list[FeatureFound] = []
    taken = bytearray(len(key))
    for phrase in _PHRASES if _TRIGGER.search(key) else ():
        for m in phrase.core.finditer(key):
            start = _start(key, m.start(), phrase)
            if start is not None and not any(taken[start : m.end()]):
                found.append(_claim(key, start, m.end(), phrase.codes))
                taken[start : m.end()] = b"\x01" * (m.end() - start)
    found += _certifications(text, key, taken)
    return _before_names(key, sorted(found, key=lambda f: f.start))


def codes_of(found: list[FeatureFound]) -> tuple[str, ...]:
    """The codes claimed, each once: customisation and samples in `ORDER`, then the
    certifications as written; free samples say samples."""
    claimed = dict.fromkeys(code for f in found if not f.negated for code in f.codes)
    if FREE_SAMPLES in claimed:
        claimed.pop(SAMPLES, None)
    listed = [code for code in ORDER if code in claimed]
    return (*listed, *(code for code in claimed if code.startswith(CERT)))


_NEGATED_START = re.compile(r"不|无|没|非|暂不|未|no[\s-]|non[\s-]")
# English words after a phrase that do not go on to name goods ("free samples for orders")
_NOT_A_NAME = re.compile(
    r"\s+(?:for|on|if|and|or|upon|first|before|to|with|are|is|can|will|please|welcome"
    r"|available|accepted|provided|ok|from|at|in|by|only|also|moq|min|minimum|price|we|you)(?![a-z0-9])"
)
_NEXT_WORD = re.compile(r"\s+[a-z]")
_LATIN = re.compile(r"[a-z0-9]")


def _start(key: str, at: int, phrase: _Phrase) -> int | None:
    """Where a phrase whose core is at `at` starts, with the words before it that it takes;
    None when it is no phrase there (inside a Latin word, or without a word it must have)."""
    if not _starts_word(key, at):
        return None
    if phrase.before is None:
        return at
    before = phrase.before.search(key[max(0, at - 12) : at])
    if before is None or before.end() == before.start() and phrase.rule is _MUST:
        return None if phrase.rule is not _MAY else at
    return at if phrase.rule is _AFTER else at - (before.end() - before.start())


def _starts_word(key: str, at: int) -> bool:
    return at == 0 or not (_LATIN.match(key, at) and _LATIN.match(key, at - 1))


def _claim(key: str, start: int, end: int, codes: tuple[str, ...]) -> FeatureFound:
    """A phrase found, with the negation around it ("no OEM", OEM不接受) in its span."""
    window = max(0, start - 24)
    before = _NEGATION_BEFORE.search(key[window:start])
    after = _NEGATION_AFTER.match(key, end)
    negated = bool(before or after or _NEGATED_START.match(key, start))
    start = window + before.start() if before else start
    return FeatureFound(start, after.end() if after else end, codes, negated)


def _before_names(key: str, found: list[FeatureFound]) -> list[FeatureFound]:
    """English phrases before a word naming goods ("custom logo stickers", "need sample
    bottles"): one of samples is no feature; any other is one, and stays in the name."""
    starts = {f.start for f in found}
    out = []
    for f in found:
        latin_end = "a" <= key[f.end - 1] <= "z" and not f.codes[0].startswith(CERT)
        word = _NEXT_WORD.match(key, f.end) if latin_end else None
        if word is None or _NOT_A_NAME.match(key, f.end) or word.end() - 1 in starts:
            out.append(f)
        elif not {SAMPLES, FREE_SAMPLES}.intersection(f.codes):
            out.append(FeatureFound(f.start, f.end, f.codes, f.negated, in_name=True))
    return out


def _certifications(text: str, key: str, taken: bytearray) -> list[FeatureFound]:
    """Runs of codes ("CE/FDA/LFGB", "CE FCC RoHS认证"): with a certification word beside the
    run every code counts; without, only codes of `_ALONE` written in capitals."""
    runs: list[list[re.Match[str]]] = []
    for m in _CODE.finditer(key):
        if not _starts_word(key, m.start()) or any(taken[m.start() : m.end()]):
            continue
        if runs and _LIST_GAP.fullmatch(key[runs[-1][-1].end() : m.start()]):
            runs[-1].append(m)
        else:
            runs.append([m])
    found = []
    for run in runs:
        word = _CERT_WORD_AFTER.match(key, run[-1].end())
        vouched = bool(word) or bool(_CERT_WORD_BEFORE.search(key[: run[0].start()][-24:]))
        kept = [m for m in run if vouched or _written_alone(text[m.start() : m.end()])]
        if kept:
            codes = dict.fromkeys(CERT + _CANONICAL[_compact(m.group(0))] for m in kept)
            end = word.end() if word else kept[-1].end()
            found.append(_claim(key, kept[0].start(), end, tuple(codes)))
    return found


def _compact(token: str) -> str:
    """The lookup form of a code as matched: "iso 9001:2015" -> "iso9001"."""
    return re.sub(r"[\s-]", "", re.sub(r":\s?20\d\d$", "", token))


def _written_alone(written: str) -> bool:
    """A code of `_ALONE` as its issuer writes it: in capitals (RoHS, Oeko-Tex as named)."""
    code = _CANONICAL.get(_compact(written.lower()))
    if code is None or code not in _ALONE:
        return False
    compact = re.sub(r"[\s:-]", "", written)
    return compact.isupper() or compact in (code.replace("-", ""), "OekoTex")

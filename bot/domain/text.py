"""Text folding shared by parsing and matching.

`normalise` gives the comparison form of a message (NFKC, simplified Chinese, lower case,
no emoji or decorative brackets, single spaces). `clean` is the gentler form the parser
reads: the same clean-up but keeping the writer's script, case and line breaks, so the
product can be shown back in the user's own words. The OpenCC converters are created
once, on first use.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import opencc

# Emoji, pictographs, dingbats, arrows, flags, variation selectors and joiners.
_EMOJI = re.compile(
    "["
    "\U0001f000-\U0001faff"
    "\U0001fc00-\U0001ffff"
    "\u2190-\u21ff"
    "\u2300-\u23ff"
    "\u25a0-\u27bf"
    "\u2900-\u297f"
    "\u2b00-\u2bff"
    "\u3030\u303d\u3297\u3299"
    "\ufe00-\ufe0f"
    "\u200d\u20e3"
    "\U000e0000-\U000e007f"
    "]+"
)
# Decorative brackets merchants wrap headings in; ASCII () carry meaning and stay.
_BRACKETS = re.compile(r"[【】「」『』\[\]〔〕〖〗《》〈〉{}]")
_SPACES = re.compile(r"[^\S\n]+")
_NEWLINES = re.compile(r"\s*\n\s*")

_DECORATION = frozenset("-_=~*#+.·•—–|/\\…")
_GARBLED_MARKERS = ("锟斤拷", "烫烫烫", "屯屯屯", "\ufffd", "锛", "銆", "鈥", "鐨", "鏄")
# UTF-8 read as Latin-1/CP1252: "Ã©", "Â ", "â€™".
_LATIN1_MOJIBAKE = re.compile("[ÃÂ][\u0080-\u00bf]|â€|Ã[\u00a0-\u00ff]")
# Characters followed by bracketed tone-marked pinyin, as in 企業(yè).
_PINYIN_GLOSS = re.compile(r"[\u4e00-\u9fff]\([a-zü]*[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ][a-zü]*\)")


@lru_cache(maxsize=4)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def _strip_unsafe(text: str) -> str:
    """Drop control, format, surrogate, private-use and unassigned code points (keep \\n
    and \\t; other line and paragraph breaks become spaces)."""
    if text.replace("\n", " ").replace("\t", " ").isprintable():
        return text
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat[0] == "C" and ch not in "\n\t":
            if ch in "\r\x0b\x0c\x85":
                out.append(" ")
            continue
        if cat in ("Zl", "Zp"):
            out.append(" ")
            continue
        out.append(ch)
    return "".join(out)


def to_simplified(text: str) -> str:
    """Traditional -> simplified Chinese (OpenCC t2s); other scripts pass through."""
    if not text:
        return text
    return _converter("t2s").convert(_strip_unsafe(text))


def to_traditional(text: str, *, taiwan_phrases: bool = False) -> str:
    """Simplified -> traditional Chinese (OpenCC s2t, or s2twp with Taiwan phrasing)."""
    if not text:
        return text
    return _converter("s2twp" if taiwan_phrases else "s2t").convert(_strip_unsafe(text))


def clean(text: str) -> str:
    """NFKC, no emoji/control characters/decorative brackets, spaces collapsed.

    Keeps the writer's script, case and line breaks (one per break)."""
    text = unicodedata.normalize("NFKC", text or "")
    text = _strip_unsafe(text)
    text = _EMOJI.sub(" ", text)
    text = _BRACKETS.sub(" ", text)
    text = _SPACES.sub(" ", text)
    text = _NEWLINES.sub("\n", text)
    return text.strip()


def fold_case(text: str) -> str:
    """Lower case without changing the length (some capitals lower to two code points)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def normalise(text: str) -> str:
    """The comparison form: NFKC, simplified Chinese, lower case, no emoji or brackets,
    whitespace (line breaks included) collapsed to single spaces."""
    folded = fold_case(to_simplified(clean(text)))
    return " ".join(folded.split())


def is_han(ch: str) -> bool:
    """True for a CJK ideograph (basic block and extension A, compatibility ideographs)."""
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF


def looks_garbled(text: str) -> bool:
    """True when the text looks like mojibake or noise rather than something a person wrote:
    锟斤拷 / replacement characters, UTF-8 shown as Latin-1 (Ã©, â€™), UTF-8 read as GBK
    (锛, 鐨), pinyin glosses such as 企業(yè), or mostly symbols and control characters."""
    if not text:
        return False
    if any(marker in text for marker in _GARBLED_MARKERS):
        return True
    if len(_LATIN1_MOJIBAKE.findall(text)) >= 1 or _PINYIN_GLOSS.search(text):
        return True
    signal = noise = 0
    for ch in _EMOJI.sub("", text):
        if ch.isspace() or ch in _DECORATION or "\u2500" <= ch <= "\u259f":
            continue  # ━━━ and ===== rulers are how merchants lay out a post
        cat = unicodedata.category(ch)
        if cat[0] in "LN":
            signal += 1
        elif cat[0] in "CSP" and cat != "Sc":
            noise += 1
    return signal + noise >= 6 and noise > signal

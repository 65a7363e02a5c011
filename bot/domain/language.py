"""Which language or Chinese script a message, or a Telegram client, uses."""

from __future__ import annotations

from bot.domain.models import Lang
from bot.domain.text import is_han, to_simplified, to_traditional

_HANT_CODES = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


def detect_language(text: str) -> Lang:
    """zh-Hant when the Chinese part leans traditional, zh-Hans when there is any other
    Chinese, otherwise English.

    Each distinct Han character is converted on its own (so phrase rules cannot fire):
    a character that t2s changes is traditional-only, one that s2t changes is
    simplified-only; traditional wins when it has at least as many such characters.
    """
    chars = sorted({ch for ch in text or "" if is_han(ch)})
    if not chars:
        return Lang.EN
    joined = "\n".join(chars)
    simplified = to_simplified(joined).split("\n")
    traditional = to_traditional(joined).split("\n")
    if len(simplified) != len(chars) or len(traditional) != len(chars):
        return Lang.ZH_HANS
    trad_only = sum(1 for c, s in zip(chars, simplified, strict=True) if c != s)
    simp_only = sum(1 for c, t in zip(chars, traditional, strict=True) if c != t)
    if trad_only and trad_only >= simp_only:
        return Lang.ZH_HANT
    return Lang.ZH_HANS


def language_from_telegram_code(code: str | None) -> Lang:
    """Map Telegram's `language_code` (an IETF tag such as "zh-hans", "zh-TW") to a Lang."""
    if not code:
        return Lang.EN
    tag = code.strip().lower().replace("_", "-")
    if tag.startswith(_HANT_CODES):
        return Lang.ZH_HANT
    if tag == "zh" or tag.startswith("zh-"):
        return Lang.ZH_HANS
    return Lang.EN

"""Contact details written into a post: phone numbers, links, e-mails, WeChat/QQ ids,
Telegram handles. They are private until both sides agree to exchange contacts, so they
are taken out of the text before anything else reads it (a phone number must never end up
in a product name, a quantity or a keyword).

Each contact is returned as it was written, WeChat and QQ ids prefixed with their kind
("wechat:abc_123", "qq:123456"), except phone numbers: those libphonenumber finds valid
are returned in its international format ("+86 138 1234 5678", see bot.domain.phones).

Phones are found by the regexes below and only checked and formatted by phonenumbers.
Its own finder (PhoneNumberMatcher) took 7-30 ms on a 4096-character message, over the
whole parse's 20 ms budget, and needs one pass per region. A candidate in one of the
usual shapes is kept out of the text even when phonenumbers finds it invalid (a range
its metadata does not know yet, a typo): it is returned as written, still private.
The looser shapes (spaces, brackets, Taiwan landlines) count only when valid.
"""

from __future__ import annotations

import re

from bot.domain.parsing._work import Work
from bot.domain.phones import format_phone

_LABEL = (
    r"(?<![a-z])(?:联系方式|联系电话|联系人|电话|手机号?|座机|tel|phone|mobile|whatsapp|whats\s?app|wa"
    r"|contact|call|telegram|tg|email|e-mail|邮箱)"
)
_LABEL_PREFIX = rf"(?:{_LABEL}\s*(?:[:：]|\s)?\s*)?"

_PHONE = re.compile(
    _LABEL_PREFIX + r"(?<![\d.])(?P<v>"
    r"(?:\+|00)\d{1,3}[\s-]?\(?\d{1,4}\)?(?:[\s-]?\d{2,4}){2,4}"  # international
    r"|1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}"  # mainland mobile
    r"|09\d{2}[\s-]?\d{3}[\s-]?\d{3}"  # Taiwan mobile
    r"|0\d{2,3}-\d{7,8}"  # landline
    r")(?![\d.])"
)
_LOOSE_PHONE = re.compile(
    _LABEL_PREFIX + r"(?<![\d.])(?P<v>"
    r"\(0\d{1,3}\)\s?\d{3,4}[\s-]?\d{4}"  # (021) 6123 4567, (02)2345-6789
    r"|0\d{1,3}[\s-]\d{3,4}[\s-]?\d{4}"  # 021 6123 4567, 02-2345-6789
    r")(?![\d.])"
)
_URL = re.compile(
    r"(?P<v>(?:https?://|www\.|t\.me/)[^\s\ue000，。；！？、()（）<>\"']{2,200}"
    r"|(?<![@\w.])[a-z0-9][a-z0-9-]{1,62}\.(?:com|cn|net|org|shop|store|io|hk|tw)"
    r"(?:/[^\s\ue000，。；！？、()]{0,200})?(?![a-z0-9]))"
)
_EMAIL = re.compile(
    _LABEL_PREFIX + r"(?P<v>[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,4})"
)
_WECHAT = re.compile(
    r"(?:微信号?|wechat(?:\s?id)?|weixin|威信|v信|vx|wx|加v|加微)\s*(?:号)?\s*[:：]?\s*"
    r"(?P<v>[a-z][-_a-z0-9]{5,19}|1[3-9]\d{9})(?![-_a-z0-9])"
)
_QQ = re.compile(r"qq\s*(?:号)?\s*[:：]?\s*(?P<v>[1-9]\d{4,10})(?!\d)")
_HANDLE = re.compile(r"(?<![\w.])@(?P<v>[a-z][a-z0-9_]{3,31})(?![\w@])")

_KINDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (_URL, ""),
    (_EMAIL, ""),
    (_WECHAT, "wechat:"),
    (_QQ, "qq:"),
    (_PHONE, ""),
    (_LOOSE_PHONE, ""),
    (_HANDLE, "@"),
)


def _phone(value: str, *, strict: bool) -> str | None:
    """A found number in international format; as written when phonenumbers rejects a
    usual shape (see the module docstring); None when it is not a phone number."""
    if sum(ch.isdigit() for ch in value) < 8:
        return None
    return format_phone(value) or (value if strict else None)


def contacts_in(text: str) -> tuple[str, ...]:
    """The contact details written in any text (a rating's comment, say)."""
    return extract_contacts(Work(text))


def extract_contacts(work: Work) -> tuple[str, ...]:
    """Find contacts, consume them (label included) and return them in order found."""
    found: list[tuple[int, str]] = []
    for pattern, prefix in _KINDS:
        for m in work.finditer(pattern):
            value = work.original(m.start("v"), m.end("v")).strip()
            if pattern is _PHONE or pattern is _LOOSE_PHONE:
                phone = _phone(value, strict=pattern is _PHONE)
                if phone is None:
                    continue
                value = phone
            found.append((m.start(), prefix + value))
            work.consume(m.start(), m.end())
    seen: set[str] = set()
    result = []
    for _, value in sorted(found):
        if value not in seen:
            seen.add(value)
            result.append(value)
    return tuple(result)

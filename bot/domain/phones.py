"""Phone numbers in one shape everywhere: libphonenumber's international format,
"+86 138 0013 8000", "+886 912 345 678", "+1 415-555-2671".

A number written with "+" carries its country. One written without is read in the
caller's `region_hint` when it has one, then in the default regions: mainland China (CN,
where most merchants here post), then Taiwan (TW); the first region where the number is
valid wins. The one exception is the shape of a Taiwan mobile, 09 and 8 more digits
(0912-345-678): it is tried in TW first, because about 1% of them are also valid
mainland landlines (0901 952076). An international prefix is read as each region dials
it ("0086 138..." from the mainland, "002 86 138..." from Taiwan). Hong Kong numbers are
not guessed: without +852 their 8 digits look like any other figure.
"""

from __future__ import annotations

import re

import phonenumbers

DEFAULT_REGIONS = ("CN", "TW")
_TAIWAN_MOBILE = re.compile(r"09\d{8}")
_NOT_DIGITS = re.compile(r"\D")
_MAX_LENGTH = 40  # longer text is not one phone number (phonenumbers itself allows 250)


def _regions(text: str, region_hint: str | None) -> tuple[str, ...]:
    defaults = DEFAULT_REGIONS
    if _TAIWAN_MOBILE.fullmatch(_NOT_DIGITS.sub("", text)):
        defaults = ("TW", "CN")
    return tuple(dict.fromkeys(r for r in (region_hint, *defaults) if r))


def format_phone(raw: str, region_hint: str | None = None) -> str | None:
    """`raw` in international format ("+86 138 0013 8000"), or None when it is not a
    valid number (see the module docstring for how the region is chosen)."""
    text = raw.strip()
    if not text or len(text) > _MAX_LENGTH:
        return None
    for region in _regions(text, region_hint):
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
        if text.startswith("+"):
            return None  # the country is written down: no region reads it differently
    return None

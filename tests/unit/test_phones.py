"""Phone numbers in one international format (bot.domain.phones)."""

from __future__ import annotations

import pytest

from bot.domain.phones import format_phone


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # written with the country: the region does not matter
        ("+86 138 0013 8000", "+86 138 0013 8000"),
        ("+8613800138000", "+86 138 0013 8000"),
        ("+886 912 345 678", "+886 912 345 678"),
        ("+852 9123 4567", "+852 9123 4567"),
        ("+1 (415) 555-2671", "+1 415-555-2671"),
        ("+44 20 7946 0958", "+44 20 7946 0958"),
        # without it: mainland China first, then Taiwan
        ("13800138000", "+86 138 0013 8000"),
        ("138-0013-8000", "+86 138 0013 8000"),
        ("１３８００１３８０００", "+86 138 0013 8000"),  # full-width digits
        ("0571-88886666", "+86 571 8888 6666"),
        ("(021) 6123 4567", "+86 21 6123 4567"),
        ("0086 138 0013 8000", "+86 138 0013 8000"),  # mainland international prefix
        ("8613800138000", "+86 138 0013 8000"),
        ("02-2345-6789", "+886 2 2345 6789"),  # no mainland reading: Taiwan
        ("0912-345-678", "+886 912 345 678"),
        ("0901952076", "+886 901 952 076"),  # Taiwan mobile shape: TW before CN
        ("002 86 138 0013 8000", "+86 138 0013 8000"),  # Taiwan's international prefix
    ],
)
def test_format_phone(raw: str, expected: str) -> None:
    assert format_phone(raw) == expected


@pytest.mark.parametrize(
    ("raw", "region", "expected"),
    [
        ("91234567", "HK", "+852 9123 4567"),
        ("0901952076", "CN", "+86 901 952076"),  # the hint goes first
        ("13800138000", "TW", "+86 138 0013 8000"),  # invalid in the hint: defaults
        ("+86 138 0013 8000", "US", "+86 138 0013 8000"),
    ],
)
def test_region_hint(raw: str, region: str, expected: str) -> None:
    assert format_phone(raw, region) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "abc",
        "91234567",  # Hong Kong numbers are not guessed without +852 or a hint
        "14012345678",  # not an allocated mainland range
        "12345",
        "+44 7700 900123",  # Ofcom's range for drama: possible, never valid
        "+999 1234 5678",
        "+86 138 0013 8000 " * 5,  # too long to be one number
    ],
)
def test_not_a_valid_number(raw: str) -> None:
    assert format_phone(raw) is None

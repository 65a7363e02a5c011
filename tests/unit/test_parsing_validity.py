"""How long a post stands."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from bot.domain.parsing import parse_post, warm_up

TODAY = date(2026, 3, 10)


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("出售 保温杯 有效期7天", 7),
        ("出售 保温杯 有效期：3天", 3),
        ("求购 纸箱 3天内有效", 3),
        ("求购 纸箱 有效期两周", 14),
        ("selling cups, valid for 2 weeks", 14),
        ("selling cups, valid 10 days", 10),
        ("出售 保温杯", None),
    ],
)
def test_valid_days(text: str, days: int | None) -> None:
    assert parse_post(text, today=TODAY).valid_days == days


@pytest.mark.parametrize(
    ("text", "until"),
    [
        ("求购 纸箱 截止3月31日", date(2026, 3, 31)),
        ("求购 纸箱 有效期至2026-04-15", date(2026, 4, 15)),
        ("offer valid until 12/31", date(2026, 12, 31)),
        ("offer valid until Apr 5", date(2026, 4, 5)),
        ("求购 纸箱 截止1月5日", date(2027, 1, 5)),  # already past this year: next year
        ("offer valid until 2/30", None),
    ],
)
def test_valid_until(text: str, until: date | None) -> None:
    got = parse_post(text, today=TODAY).valid_until
    if until is None:
        assert got is None
    else:
        assert got == datetime(until.year, until.month, until.day, 23, 59, 59)

"""The circle's week (issue 36): its busiest products (one product across scripts and
languages, as comparable offers are one), their offers' median and range in the unit most
are priced in, and its picture, drawn with the glyphs it needs or in Latin script."""

from __future__ import annotations

import io
import warnings
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from bot.domain.circle_week import BUSIEST, busiest
from bot.domain.models import Circle, CircleStats, CircleWeek, Lang, Post, PostKind, PostStatus
from bot.domain.money import DEFAULT_RATES
from bot.domain.parsing import parse_post
from bot.pictures import drawing
from bot.pictures.circle_week import week_picture
from bot.pictures.drawing import draw
from bot.texts.circle_report import week_report

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def post(n: int, text: str, kind: PostKind = PostKind.OFFER) -> Post:
    parsed = parse_post(text)
    created = NOW + timedelta(minutes=n)
    return Post(
        n, 100 + n, kind, text, parsed, PostStatus.OPEN, parsed.language, created,
        created + timedelta(days=30), circle_id=-1,
    )  # fmt: skip


WEEK = [
    post(1, "出售 304不锈钢保温杯 500ml 起订1000个 12元/个"),
    post(2, "出售 不锈钢保溫杯 起訂500個 15元/個"),  # zh-Hant: the same product
    post(3, "Selling vacuum flasks 500ml, MOQ 500 pcs, ¥10/pc"),  # English: the same too
    post(4, "出售 保温杯 起订100箱 200元/箱"),  # another unit: not in its range
    post(5, "求购 保温杯 5000个 11元/个以内", PostKind.NEED),  # busy, but a budget is no price
    post(6, "出售 LED灯泡 9W 起订500个 3元/个"),
    post(7, "出售 LED灯泡 12W 起订500个 4元/个"),
    post(8, "求购 竹砧板 200个", PostKind.NEED),
]


def test_the_busiest_products_and_their_prices() -> None:
    cups, bulbs, boards = busiest(WEEK, DEFAULT_RATES)
    assert (cups.posts, cups.prices, cups.median, cups.unit) == (
        5,
        (12.0, 15.0, 10.0),
        12.0,
        "pcs",
    )
    assert cups.sample.id == 4  # the newest offer names it
    assert (bulbs.posts, bulbs.median) == (2, 3.5)
    assert (boards.posts, boards.prices, boards.median) == (1, (), None)


def test_at_most_five_products_the_busiest_first() -> None:
    many = [post(n, f"出售 产品{chr(0x4E00 + n)}杯 {n}元/个") for n in range(20, 28)]
    found = busiest([*many, *WEEK], DEFAULT_RATES)
    assert len(found) == BUSIEST and found[0].posts == 5


def week(lang: Lang) -> tuple[Circle, CircleWeek]:
    stats = CircleStats(members=9, posts=8, matches=3, deals=1, contacts=2)
    return Circle(-1, "义乌杯业", language=lang), CircleWeek(
        stats, busiest(WEEK, DEFAULT_RATES), (WEEK[7],)
    )


@pytest.mark.parametrize("lang", list(Lang))
def test_the_report_reads_the_week(lang: Lang) -> None:
    circle, found = week(lang)
    text = week_report(circle, found, DEFAULT_RATES)
    if lang is Lang.ZH_HANS:
        assert "8 条信息 · 3 次匹配 · 2 次交换联系方式 · 1 笔确认成交（占联系的 50%）" in text
        assert "1. 保温杯：5 条 · ¥12（¥10–¥15）/个" in text
        assert "还没有匹配也没人询问的求购：1 条（竹砧板）" in text
    if lang is Lang.EN:
        assert "1 confirmed deals (50% of contacts)" in text


@pytest.mark.parametrize("lang", list(Lang))
def test_the_picture_is_drawn_with_its_glyphs_or_in_latin(
    lang: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    circle, found = week(lang)
    picture = week_picture(circle, found, DEFAULT_RATES)
    assert picture is not None and len(picture.prices) == 2  # the boards have no price
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        drawn = draw(picture)
        monkeypatch.setattr(drawing, "CJK", {})  # no Chinese font: the Latin labels
        latin = draw(picture)
    assert latin.latin or lang is Lang.EN
    for png in (drawn.png, latin.png):
        with Image.open(io.BytesIO(png)) as image:
            assert image.format == "PNG" and image.size[0] >= 720


def test_a_week_of_deals_without_new_posts_still_tells_its_figures() -> None:
    """Found by the 30-day audit: a week with a confirmed deal and no new post read "no
    posts in the last 7 days", hiding the deal."""
    circle, _ = week(Lang.EN)
    dealing = CircleWeek(CircleStats(9, 0, 0, deals=1, contacts=1), (), ())
    text = week_report(circle, dealing, DEFAULT_RATES)
    assert "0 posts · 0 matches · 1 contacts exchanged · 1 confirmed deals (100% of" in text
    silent = CircleWeek(CircleStats(9, 0, 0, 0), (), ())
    assert "no posts, matches, contacts or deals" in week_report(circle, silent, DEFAULT_RATES)


def test_a_week_without_prices_has_no_picture() -> None:
    circle, _ = week(Lang.EN)
    unpriced = CircleWeek(CircleStats(9, 1, 0, 0), busiest([WEEK[7]], DEFAULT_RATES), ())
    assert week_picture(circle, unpriced, DEFAULT_RATES) is None

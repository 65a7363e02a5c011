"""The weekly digest recommends trusted suppliers for the reader's needs (issue 33): for each
need, the best-fitting open offer of another member with a strong record (3 or more
confirmed deals with independent partners), one line per seller, never an offer too good to
be true, never the reader's own; no section when no need has one."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from bot.domain.models import Lang, Post, PostKind, PostStatus, Price, Quantity, User
from bot.fake_telegram.html_entities import MAX_TEXT_LENGTH, parse_html
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UowFactory
from bot.services.reminders import user_settings
from bot.services.schedule import Schedule
from bot.texts import Html, t
from bot.texts.cards import MAX_FIELD, post_line
from bot.texts.reminders import Supplier, digest_text
from tests.fakes import FixedClock
from tests.readers import conversion
from tests.unit.markup_domain import PostShape, make_post
from tests.unit.services.deal_graph import confirm_deal, members, wider_market
from tests.unit.services.world import TTL, add_user, new_index, opened, stored, sweep

READER = 7
STRONG, OTHER_STRONG, WEAK, PUPPETEER = 1, 2, 3, 4
MARKET = list(range(9000, 9040))
PUPPETS = list(range(8000, 8010))
NEED = "求购 不锈钢保温杯 3000个 单价15元以内"
OTHER_NEED = "求购 不锈钢保温杯 500ml 1000个"
OFFER = "出售 不锈钢保温杯 起订100个 {price}元/个"
MONDAY_9_SHANGHAI = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)  # the clock starts Sun 1 March
SCHEDULE = Schedule(post_ttl=TTL)
MAX_NEW, MAX_NEEDS = 5, 3  # the most new posts and suppliers a digest lists


async def _deals(uow_factory: UowFactory, seller: int, buyers: list[int], at: datetime) -> None:
    async with uow_factory() as uow:
        if await uow.users.get(seller) is None:
            await uow.users.upsert(User(seller, Lang.ZH_HANS, display_name=f"User {seller}"))
        for buyer in buyers:
            await confirm_deal(uow, seller, buyer, at)
        await uow.commit()


@pytest.fixture
async def market(uow_factory: UowFactory, clock: FixedClock) -> None:
    """A wider market, and two sellers each with 3 deals with 3 of its traders."""
    await wider_market(uow_factory, MARKET, clock.now())
    await _deals(uow_factory, STRONG, MARKET[1:4], clock.now() - timedelta(days=20))
    await _deals(uow_factory, OTHER_STRONG, MARKET[5:8], clock.now() - timedelta(days=20))


async def _section(
    uow_factory: UowFactory,
    clock: FixedClock,
    index: MatchingIndex,
    lang: Lang = Lang.ZH_HANS,
    bot_username: str = "",
) -> str | None:
    """The trusted suppliers' part of the reader's digest (None when there is none)."""
    clock.advance(MONDAY_9_SHANGHAI - clock.now())
    await sweep(uow_factory, clock, index, SCHEDULE, bot_username=bot_username)
    async with uow_factory() as uow:
        due = await uow.outbox.due(clock.now() + timedelta(days=3650), 1000)
    (digest,) = [m.text for m in due if m.chat_id == READER and m.kind == "digest.weekly"]
    parse_html(digest)  # valid Telegram HTML
    header = str(t(lang, "digest.suppliers", lines=Html(""))).strip()
    parts = [part for part in digest.split("\n\n") if part.startswith(header)]
    assert len(parts) <= 1
    return parts[0] if parts else None


async def _reader(
    uow_factory: UowFactory, clock: FixedClock, index: MatchingIndex, lang: Lang = Lang.ZH_HANS
) -> None:
    await add_user(uow_factory, READER, lang)
    await opened(uow_factory, clock, index, READER, NEED)
    await user_settings.toggle(uow_factory, clock, READER, "digest")


@pytest.mark.usefixtures("market")
async def test_a_need_gets_the_strong_seller_of_the_best_fitting_offer(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index, Lang.EN)
    await opened(uow_factory, clock, index, WEAK, OFFER.format(price=11))  # a newcomer
    offer, _ = await opened(uow_factory, clock, index, STRONG, OFFER.format(price=13))
    section = await _section(uow_factory, clock, index, Lang.EN)
    assert section is not None
    assert "For your need <b>stainless steel vacuum flask (不锈钢保温杯)</b>:" in section
    assert "¥13" in section and "¥11" not in section
    assert "3 confirmed deals with 3 independent partners" in section
    listed = post_line(await stored(uow_factory, offer.id), Lang.EN, 1, conversion(Lang.EN))
    assert listed.split(" · ¥")[0] in section  # as listed: in the reader's words
    assert "User " not in section  # anonymous: no names


@pytest.mark.usefixtures("market")
async def test_a_recommended_offer_opens_with_one_tap(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index, Lang.EN)
    offer, _ = await opened(uow_factory, clock, index, STRONG, OFFER.format(price=13))
    section = await _section(uow_factory, clock, index, Lang.EN, bot_username="TradeCircleBot")
    assert section is not None
    assert f'👉 <a href="https://t.me/TradeCircleBot?start=p{offer.id}">Open</a>' in section


@pytest.mark.usefixtures("market")
@pytest.mark.parametrize("age", [timedelta(0), timedelta(days=90)])
async def test_weak_records_and_puppets_are_not_recommended(
    uow_factory: UowFactory, clock: FixedClock, age: timedelta
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index)
    await _deals(uow_factory, WEAK, MARKET[10:11], clock.now())  # 1 deal
    # 10 accounts (fresh, or old but trading only among themselves) and the member
    await members(uow_factory, PUPPETS, clock.now() - age)
    async with uow_factory() as uow:
        for seller, buyer in zip(PUPPETS, PUPPETS[1:], strict=False):
            await confirm_deal(uow, seller, buyer, clock.now())
        await uow.users.upsert(User(PUPPETEER, Lang.ZH_HANS, display_name="User 4"))
        for buyer in PUPPETS:
            await confirm_deal(uow, PUPPETEER, buyer, clock.now())
        await uow.commit()
    await opened(uow_factory, clock, index, WEAK, OFFER.format(price=12))
    await opened(uow_factory, clock, index, PUPPETEER, OFFER.format(price=13))
    assert await _section(uow_factory, clock, index) is None


@pytest.mark.usefixtures("market")
async def test_an_offer_too_good_to_be_true_is_never_recommended(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index)
    for seller, price in ((20, 12), (21, 11), (22, 13)):  # newcomers
        await opened(uow_factory, clock, index, seller, OFFER.format(price=price))
    await opened(uow_factory, clock, index, STRONG, OFFER.format(price=6))  # <= 60% of 12
    await opened(uow_factory, clock, index, OTHER_STRONG, OFFER.format(price=14))
    section = await _section(uow_factory, clock, index)
    assert section is not None and "¥14" in section and "¥6" not in section
    assert str(t(Lang.ZH_HANS, "alert.too_good_short")) not in section


@pytest.mark.usefixtures("market")
async def test_the_readers_own_offer_is_not_recommended(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index)
    await _deals(uow_factory, READER, MARKET[20:25], clock.now())  # the reader is strong too
    await opened(uow_factory, clock, index, READER, OFFER.format(price=13))
    assert await _section(uow_factory, clock, index) is None
    await opened(uow_factory, clock, index, STRONG, OFFER.format(price=14))
    clock.advance(timedelta(days=7))  # next week's digest
    await sweep(uow_factory, clock, index, SCHEDULE)
    async with uow_factory() as uow:
        due = await uow.outbox.due(clock.now() + timedelta(days=3650), 1000)
    latest = [m.text for m in due if m.chat_id == READER and m.kind == "digest.weekly"][-1]
    header = str(t(Lang.ZH_HANS, "digest.suppliers", lines=Html(""))).strip()
    (section,) = [part for part in latest.split("\n\n") if part.startswith(header)]
    assert "¥14" in section and "¥13" not in section


@pytest.mark.usefixtures("market")
async def test_a_seller_is_recommended_once_the_next_need_gets_the_next_seller(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index)
    await opened(uow_factory, clock, index, READER, OTHER_NEED)
    await opened(uow_factory, clock, index, STRONG, "出售 不锈钢保温杯 500ml 起订100个 13元/个")
    await opened(uow_factory, clock, index, OTHER_STRONG, OFFER.format(price=14))
    section = await _section(uow_factory, clock, index)
    assert section is not None
    assert section.count("¥13") == 1 and section.count("¥14") == 1
    assert section.count("确认成交3笔") == 2


@pytest.mark.usefixtures("market")
async def test_no_section_without_a_strong_supplier(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index)
    await opened(uow_factory, clock, index, WEAK, OFFER.format(price=12))
    assert await _section(uow_factory, clock, index) is None


@pytest.mark.usefixtures("market")
@pytest.mark.parametrize("lang", list(Lang))
async def test_the_section_in_every_language(
    uow_factory: UowFactory, clock: FixedClock, lang: Lang
) -> None:
    index = new_index()
    await _reader(uow_factory, clock, index, lang)
    await opened(uow_factory, clock, index, STRONG, OFFER.format(price=13))
    section = await _section(uow_factory, clock, index, lang)
    assert section is not None and "¥13" in section and "不锈钢保温杯" in section
    facts = {
        Lang.EN: "3 confirmed deals with 3 independent partners",
        Lang.ZH_HANS: "与3家独立合作方确认成交3笔",
        Lang.ZH_HANT: "與3家獨立合作方確認成交3筆",
    }
    assert facts[lang] in section


LONGEST = PostShape(
    id=2**31,
    kind=PostKind.OFFER,
    status=PostStatus.WITHDRAWN,
    language=Lang.EN,
    created_at=datetime(2026, 3, 2, tzinfo=UTC),
    product=True,
    specs=8,
    quantity=Quantity(Decimal("999999999.99"), "carton"),
    moq=Quantity(Decimal("999999999.99"), "carton"),
    price=Price(
        Decimal("999999999.99"), Decimal("999999999.98"), "HKD", "carton", 999, negotiable=True
    ),
    trade_term=True,
    port=True,
    place=True,
    destination=True,
    valid_days=365,
    valid_until=None,
    contacts=4,
    keywords=8,
    own_keywords=3,
    certifications=3,
)


@pytest.mark.parametrize("lang", list(Lang))
def test_the_longest_digest_fits_one_message(lang: Lang) -> None:
    """5 new posts each with the too-good warning, 3 suppliers, every count at its largest,
    what members wrote at its longest and full of markup: valid, within Telegram's limit."""

    def words(size: int) -> str:
        return ("<b>&" * size)[:size]

    def post(kind: PostKind) -> Post:
        return make_post(replace(LONGEST, kind=kind), words)

    fresh = [post(PostKind.OFFER) for _ in range(MAX_NEW)]
    suppliers = [
        Supplier(post(PostKind.NEED), post(PostKind.OFFER), 99_999, 99_999)
        for _ in range(MAX_NEEDS)
    ]
    warned = {p.id for p in fresh if p.id is not None}
    html = digest_text(
        lang, fresh, 99_999, 99_999, 99_999, warned, suppliers, conversion=conversion(lang)
    )
    text = parse_html(str(html)).text
    assert len(text) <= MAX_TEXT_LENGTH, len(text)
    assert text.count(words(MAX_FIELD)) == MAX_NEW + 2 * MAX_NEEDS  # shown as written

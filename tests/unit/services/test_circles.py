"""Trade circles: posts written in a group, and which posts they may match."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.circles import in_scope, kind_from_hashtags
from bot.domain.models import Circle, Lang, PostKind
from bot.services.after_effects import Table
from bot.services.circles import groups
from bot.services.matching import index_loading
from bot.services.ports import UowFactory
from bot.services.schedule import Schedule
from bot.texts.circles import in_each
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, TTL, add_user, new_index, opened

GROUP, OTHER_GROUP = -100, -200
SCHEDULE = Schedule(post_ttl=TTL)


async def _in_group(uow_factory, clock, index, chat_id, user_id, text):  # type: ignore[no-untyped-def]
    await add_user(uow_factory, user_id)
    return await groups.post_in_circle(
        uow_factory, clock, SCHEDULE, Table(index, SCHEDULE), (chat_id, "Cups"), user_id, text
    )


async def test_chatter_is_left_alone_and_posts_are_published_in_the_circle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for chatter in ("大家早上好", "有现货，欢迎询价"):
        result = await _in_group(uow_factory, clock, index, GROUP, 1, chatter)
        assert result.outcome == "chatter"
    published = await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    post = published.post
    assert post is not None and post.circle_id == GROUP and post.kind is PostKind.OFFER
    again = await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    assert again.outcome == "duplicate"  # folded into the open post
    async with uow_factory() as uow:
        assert await uow.circles.is_member(GROUP, 1)


async def test_a_circle_post_matches_within_its_circle_only_unless_open(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    _, outside = await opened(uow_factory, clock, index, 2, NEED)  # the open market
    assert outside == 0
    other = await _in_group(uow_factory, clock, index, OTHER_GROUP, 3, NEED)
    assert other.outcome == "published" and other.alerted == 0  # another closed circle
    inside = await _in_group(uow_factory, clock, index, GROUP, 4, NEED)
    assert inside.alerted == 1


async def test_the_daily_limit_and_a_stopped_member(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    from bot.services.circles import circle_admin

    index = new_index()
    for n in range(5):
        result = await _in_group(uow_factory, clock, index, GROUP, 1, f"出售 保温杯{n}号 12元/个")
        assert result.outcome == "published"
    over = await _in_group(uow_factory, clock, index, GROUP, 1, "出售 水杯 8元/个")
    assert over.outcome == "limit"
    await circle_admin.change(uow_factory, clock, GROUP, "limit", "10")
    assert (await _in_group(uow_factory, clock, index, GROUP, 1, "出售 水杯 8元/个")).post
    await circle_admin.stop_member(uow_factory, clock, GROUP, 1)
    stopped = await _in_group(uow_factory, clock, index, GROUP, 1, "出售 茶杯 8元/个")
    assert stopped.outcome == "stopped"


def test_scope_rule_and_hashtags() -> None:
    closed, opened_circle = Circle(2), Circle(3, open_to_market=True)
    assert in_scope(None, None, None, None)  # the open market
    assert in_scope(2, closed, 2, closed)  # one circle
    assert not in_scope(2, closed, None, None)  # a closed circle keeps to itself
    assert in_scope(3, opened_circle, None, None)  # an open one reaches the market
    assert not in_scope(3, opened_circle, 2, closed)  # but not into a closed circle
    assert kind_from_hashtags("#求购 保温杯") is PostKind.NEED
    assert kind_from_hashtags("hello #Offer") is PostKind.OFFER
    assert kind_from_hashtags("#保温杯") is None


async def test_the_daily_digest_comes_once_a_day_at_the_chosen_hour(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    from datetime import timedelta

    from bot.fake_telegram.html_entities import MAX_TEXT_LENGTH, parse_html
    from bot.services.circles import circle_admin, circle_digest

    index = new_index()  # the clock: 16:30 in Shanghai
    for n in range(40):  # more than one message holds
        text = f"出售 {'超长产品名称' * 6}{n}号 起订1000个 12元/个 义乌"
        await _in_group(uow_factory, clock, index, GROUP, 100 + n, text)
    await circle_admin.change(uow_factory, clock, GROUP, "digest", "18", admin_id=100)
    assert await circle_digest.send_digests(uow_factory, clock, "bot") == 0  # not 18:00 yet
    clock.advance(timedelta(hours=2))
    assert await circle_digest.send_digests(uow_factory, clock, "bot") == 1
    assert await circle_digest.send_digests(uow_factory, clock, "bot") == 0  # once a day
    async with uow_factory() as uow:
        (digest,) = [m for m in await uow.outbox.due(clock.now(), 100) if m.chat_id == GROUP]
    parsed = parse_html(digest.text)
    assert len(parsed.text) <= MAX_TEXT_LENGTH and "今日新信息（40条）" in parsed.text
    assert "start=p" in digest.text and "……还有" in parsed.text
    clock.advance(timedelta(days=1))
    assert await circle_digest.send_digests(uow_factory, clock, "bot") == 0  # nothing new


async def test_a_circle_post_finds_its_circle_past_many_market_posts_and_after_a_restart(
    uow_factory: UowFactory, clock: FixedClock
) -> None:

    index = new_index()
    for n in range(40):  # the open market is full of fitting needs
        await opened(uow_factory, clock, index, 1000 + n, NEED)
    await _in_group(uow_factory, clock, index, GROUP, 4, NEED)
    published = await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    assert published.alerted == 1  # the circle's need, not the market's
    restarted = new_index()
    await index_loading.rebuild(uow_factory, clock, restarted)
    assert published.post is not None and published.post.id is not None
    assert restarted.circles[published.post.id] == GROUP


async def test_a_bare_yuan_in_a_group_is_the_member_s_currency(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    user = await add_user(uow_factory, 1)
    async with uow_factory() as uow:
        await uow.users.upsert(replace(user, timezone="Asia/Taipei"))
        await uow.commit()
    result = await groups.post_in_circle(
        uow_factory,
        clock,
        SCHEDULE,
        Table(new_index(), SCHEDULE),
        (GROUP, "Cups"),
        1,
        "出售 充電線 每條2元",
    )
    assert result.post is not None and result.post.parsed.price is not None
    assert result.post.parsed.price.currency == "TWD"


async def test_a_group_notice_is_in_every_language_its_members_use(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    assert await groups.notice_languages(uow_factory, GROUP, None) == list(Lang)  # none known
    await add_user(uow_factory, 1, Lang.EN)
    await add_user(uow_factory, 2, Lang.ZH_HANS)
    for user_id in (1, 2):
        await groups.bot_joined(uow_factory, clock, GROUP, "Cups", user_id)
    langs = await groups.notice_languages(uow_factory, GROUP, 2)
    assert langs == [Lang.ZH_HANS, Lang.EN]  # a fixed order, not the members'
    assert await groups.notice_languages(uow_factory, GROUP, 3) == list(Lang)  # one unknown
    notice = in_each(langs, "circle.privacy", bot="tc_bot")
    assert "致管理员" in notice and "For the admins" in notice and "隱私" not in notice
    assert len(notice) <= 4096

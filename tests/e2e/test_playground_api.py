"""The playground as its page uses it: the real bot on the fake, driven through the JSON API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.domain.quiet_hours import zone
from bot.fake_telegram.driver import PHOTO
from bot.playground.runner import Options, RunningPlayground
from bot.services.delivery import outbox

DAY = 86400
WEEK = 7 * DAY


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[RunningPlayground]:
    running = RunningPlayground(Options(port=0, database=tmp_path / "playground.db"))
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


class Page:
    """What the page does: plain HTTP calls to the playground's API."""

    def __init__(self, session: aiohttp.ClientSession, address: str) -> None:
        self.session, self.address = session, address

    async def get(self, path: str, **query: object) -> Any:
        params = {k: str(v) for k, v in query.items()}
        async with self.session.get(f"{self.address}{path}", params=params) as response:
            return await response.json()

    async def post(self, path: str, body: dict[str, Any], status: int = 200) -> Any:
        async with self.session.post(f"{self.address}{path}", json=body) as response:
            assert response.status == status, await response.text()
            return await response.json()

    async def person(self, name: str) -> int:
        world = await self.get("api/world")
        return next(p["id"] for p in world["people"] if p["name"] == name)

    async def messages(self, viewer: int, chat: object = "bot") -> list[dict[str, Any]]:
        return (await self.get("api/chat", viewer=viewer, chat=chat))["messages"]

    async def wait_for(self, viewer: int, words: str, playground: RunningPlayground) -> dict:
        async def found() -> list[dict[str, Any]]:
            return [m for m in await self.messages(viewer) if words in (m.get("text") or "")]

        assert await playground.fake.wait_until(lambda: _has(playground, viewer, words), 10)
        return (await found())[-1]


def _has(playground: RunningPlayground, viewer: int, words: str) -> bool:
    chat = playground.fake.state.chats.get(viewer)
    messages = playground.fake.state.messages.get(viewer, []) if chat else []
    return any(words in (m.text or "") for m in messages if m.from_bot)


@pytest.fixture
async def page(playground: RunningPlayground) -> AsyncIterator[Page]:
    async with aiohttp.ClientSession() as session:
        yield Page(session, playground.address)


async def test_the_demo_world_is_ready_and_the_page_is_served(
    page: Page, playground: RunningPlayground
) -> None:
    world = await page.get("api/world")
    assert [p["language_code"] for p in world["people"]] == ["zh-hans", "en", "zh-hant", "zh-hans"]
    (circle,) = world["groups"]
    assert len(circle["members"]) == 4 and circle["bot_status"] == "administrator"
    anna = await page.person("Anna Becker")
    chat = await page.get("api/chat", viewer=anna, chat="bot")
    said = [m.get("text") or "" for m in chat["messages"]]
    assert any("Published" in text for text in said)  # her demo post, published by the bot
    await page.wait_for(anna, "Berlin", playground)  # her time zone follows the Hamburg named
    assert {c["command"] for c in chat["commands"]} >= {"offer", "need", "my", "search"}
    assert "sellers and buyers" in chat["description"]
    assert chat["short_description"]
    async with page.session.get(page.address) as response:
        assert response.status == 200 and "text/html" in response.headers["Content-Type"]


async def test_a_visitor_s_first_need_finds_a_demo_offer(
    page: Page, playground: RunningPlayground
) -> None:
    anna = await page.person("Anna Becker")
    await page.post(
        "api/send",
        {"viewer": anna, "chat": "bot", "text": "Looking for vacuum flasks, 5k pcs, under $2"},
    )
    card = await page.wait_for(anna, "tap Publish", playground)
    publish = card["reply_markup"]["inline_keyboard"][0][0]
    pressed = await page.post(
        "api/press",
        {
            "viewer": anna,
            "chat": "bot",
            "message_id": card["message_id"],
            "data": publish["callback_data"],
        },
    )
    assert pressed["answer"] is not None  # the bot answered the press (no spinner left)
    alert = await page.wait_for(anna, "A supplier for your need", playground)
    assert "保温杯" in alert["text"]
    wang = await page.person("王丽")
    await page.wait_for(wang, "买家", playground)  # the seller hears of it too, in Chinese


async def test_the_demo_circle_answers_a_supply_post_with_privacy_mode_on(
    page: Page, playground: RunningPlayground
) -> None:
    world = await page.get("api/world")
    assert world["privacy_mode"] is True  # as a new bot's default: the circle works anyway
    (circle,) = world["groups"]
    li = await page.person("李强")
    text = "#供应 竹制砧板 起订2000个 15元/个 宁波"
    await page.post("api/send", {"viewer": li, "chat": circle["id"], "text": text})

    def noted() -> bool:
        messages = playground.fake.state.messages.get(circle["id"], [])
        return any("已记下供应" in (m.text or "") for m in messages if m.from_bot)

    assert await playground.fake.wait_until(noted, 10)
    said = [m["text"] for m in await page.messages(li, circle["id"]) if m.get("text")]
    assert not any("/setprivacy" in text for text in said)  # no fix left for the admins


async def test_moving_the_clock_expires_posts_and_the_owner_is_told(
    page: Page, playground: RunningPlayground
) -> None:
    chen = await page.person("陳志明")
    for _ in range(5):
        await page.post("api/clock", {"seconds": WEEK})
    world = await page.get("api/world")
    assert world["clock"]["offset_seconds"] == 5 * WEEK
    for _ in range(12):  # at night in the owner's time zone the notice waits for the morning
        if await playground.fake.wait_until(lambda: _has(playground, chen, "已過期"), 2):
            break
        await page.post("api/clock", {"seconds": 3600})
    await page.wait_for(chen, "已過期", playground)


async def test_people_groups_blocking_and_mistakes(
    page: Page, playground: RunningPlayground
) -> None:
    new = await page.post("api/people", {"name": "Maria", "language_code": "en"})
    chat = await page.get("api/chat", viewer=new["id"], chat="bot")
    assert chat["messages"] == [] and chat["description"]  # shown before Start
    await page.get("api/world")
    assert new["id"] not in playground.fake.state.chats  # looking did not start the bot
    await page.post(f"api/people/{new['id']}/block", {"blocked": True})
    assert next(p for p in (await page.get("api/world"))["people"] if p["id"] == new["id"])[
        "blocked"
    ]
    wang = await page.person("王丽")
    group = await page.post("api/groups", {"title": "Cups", "members": [wang, new["id"]]})
    added = await page.post(f"api/groups/{group['id']}/bot", {"by": wang, "action": "admin"})
    assert added["bot_status"] == "administrator"
    error = await page.post("api/send", {"viewer": wang, "chat": "bot", "text": " "}, status=400)
    assert "Type a message" in error["error"]
    error = await page.post("api/clock", {"seconds": -5}, status=400)
    assert "forward" in error["error"]
    anna = await page.person("Anna Becker")
    error = await page.post(
        "api/send", {"viewer": anna, "chat": group["id"], "text": "hi"}, status=400
    )
    assert "not in this chat" in error["error"]


async def test_malformed_requests_get_a_clear_error(page: Page) -> None:
    error = await page.post("api/press", {"viewer": "x", "message_id": "y"}, status=400)
    assert "No such person" in error["error"]
    wang = await page.person("王丽")
    error = await page.post("api/press", {"viewer": wang, "message_id": "y"}, status=400)
    assert "does not fit" in error["error"]
    async with page.session.post(f"{page.address}api/send", data="not json") as response:
        assert response.status == 400 and "JSON" in (await response.json())["error"]


async def test_messages_are_dated_by_the_bot_s_clock(
    page: Page, playground: RunningPlayground
) -> None:
    """After "+3 days" the page shows the day the bot lives in, not today (issue 35)."""
    await page.post("api/clock", {"seconds": 3 * DAY})
    anna = await page.person("Anna Becker")
    sent = await page.post("api/send", {"viewer": anna, "chat": "bot", "text": "/my"})

    def answered() -> bool:
        messages = playground.fake.state.messages.get(anna, [])
        return any(m.from_bot and m.message_id > sent["message_id"] for m in messages)

    assert await playground.fake.wait_until(answered, 10)
    now = playground.clock.now().timestamp()
    shown = [m for m in await page.messages(anna) if m["message_id"] >= sent["message_id"]]
    assert len(shown) >= 2  # hers and the bot's answer
    assert all(abs(m["date"] - now) < 60 for m in shown), (now, [m["date"] for m in shown])


async def test_messages_held_for_quiet_hours_are_explained_in_the_chat(
    page: Page, playground: RunningPlayground
) -> None:
    """The bot says nothing at night; the page says what it holds back and until when."""
    anna = await page.person("Anna Becker")
    deps = playground.app.bot_data.use_cases.dependencies
    async with deps.uow_factory() as uow:
        user = await uow.users.get(anna)
    assert user is not None
    local = playground.clock.now().astimezone(zone(user.timezone))
    night = datetime.combine(local.date() + timedelta(days=3), time(23, 0), local.tzinfo)
    await page.post("api/clock", {"seconds": int((night - local).total_seconds())})
    for text in ("first held news", "second held news"):
        await outbox.enqueue(deps.uow_factory, deps.clock, anna, text)
    expected = (
        f"Anna Becker's quiet hours (22:00–08:00, {user.timezone}): 2 messages held until 08:00"
    )
    for _ in range(50):
        chat = await page.get("api/chat", viewer=anna, chat="bot")
        if chat.get("note"):
            break
        await playground.fake.wait_until(lambda: False, 0.2)
    assert chat.get("note") == expected
    assert not _has(playground, anna, "held news")
    wang = await page.person("王丽")
    assert "note" not in await page.get("api/chat", viewer=wang, chat="bot")


async def test_a_photo_from_the_page_is_a_post_and_the_alert_shows_it(
    page: Page, playground: RunningPlayground
) -> None:
    li = await page.person("李强")
    form = aiohttp.FormData()
    form.add_field("viewer", str(li))
    form.add_field("chat", "bot")
    form.add_field("caption", "出售 不锈钢保温杯 500ml 起订1000个 11元/个 宁波")
    form.add_field("photo", PHOTO, filename="cups.png", content_type="image/png")
    async with page.session.post(f"{page.address}api/photo", data=form) as response:
        assert response.status == 200, await response.text()
    mine = [m for m in await page.messages(li) if m.get("photo")]
    (sent,) = mine
    assert sent["caption"].startswith("出售") and "text" not in sent
    file_id = sent["photo"][-1]["file_id"]
    async with page.session.get(f"{page.address}api/photos/{file_id}") as response:
        assert response.status == 200 and await response.read() == PHOTO
        assert response.headers["Content-Type"] == "image/png"
    card = await page.wait_for(li, "📷", playground)
    publish = card["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    body = {"viewer": li, "chat": "bot", "message_id": card["message_id"], "data": publish}
    await page.post("api/press", body)
    anna = await page.person("Anna Becker")
    text = "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, under 2 USD"
    await page.post("api/send", {"viewer": anna, "chat": "bot", "text": text})
    need = await page.wait_for(anna, "tap Publish", playground)
    publish = need["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    await page.post(
        "api/press",
        {"viewer": anna, "chat": "bot", "message_id": need["message_id"], "data": publish},
    )

    def photo_alert() -> bool:
        return any(m.photo == file_id for m in playground.fake.state.messages.get(anna, []))

    assert await playground.fake.wait_until(photo_alert, 15)


async def test_what_the_page_may_not_send_as_a_photo(page: Page) -> None:
    li = await page.person("李强")
    for fields, error in (
        ({"photo": (b"%PDF-1.4", "application/pdf")}, "JPEG, PNG"),
        ({}, "Choose a photo"),
        ({"photo": (PHOTO, "image/png"), "caption": "杯" * 1025}, "1,024"),
    ):
        form = aiohttp.FormData()
        form.add_field("viewer", str(li))
        form.add_field("caption", str(fields.get("caption", "")))
        if "photo" in fields:
            data, kind = fields["photo"]  # type: ignore[misc]
            form.add_field("photo", data, filename="file", content_type=kind)
        async with page.session.post(f"{page.address}api/photo", data=form) as response:
            assert response.status == 400 and error in (await response.json())["error"]
    async with page.session.get(f"{page.address}api/photos/guessed-id") as response:
        assert response.status == 404

"""The playground in Debian's Chromium, as a visitor uses it: an offer as one person, a
matching need as another, both alerts, Contact, Accept, both contact cards, then the clock.

Timings (page load, each action until the page shows its result) are measured and reported,
not asserted. With PLAYGROUND_SHOTS=<folder> the run also saves screenshots and the timings
there (the README's pictures come from such a run).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.playground.runner import Options, RunningPlayground

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "Looking for vacuum flasks, 5k pcs, under $2"
pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _browser_or_skip() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("TRADECIRCLE_REQUIRE_BROWSER"):
        pytest.fail(f"Chromium is required here but {CHROMIUM} is missing")
    pytest.skip("Debian's Chromium is not installed (apt-get install chromium)")


class Timings:
    def __init__(self) -> None:
        self.rows: list[tuple[str, float]] = []

    async def measure(
        self, what: str, action: Awaitable[object], shown: Callable[[], Awaitable[object]]
    ) -> None:
        start = time.perf_counter()
        await action
        await shown()
        self.rows.append((what, (time.perf_counter() - start) * 1000))

    def report(self) -> str:
        lines = ["| action | ms |", "|---|---|"]
        lines += [f"| {what} | {ms:.0f} |" for what, ms in self.rows]
        return "\n".join(lines)


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[RunningPlayground]:
    _browser_or_skip()
    running = RunningPlayground(
        Options(port=0, database=tmp_path / "playground.db", demo_posts=False)
    )
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PLAYGROUND_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def test_offer_need_alerts_contact_cards_and_the_clock(
    playground: RunningPlayground, shots: Path
) -> None:
    from playwright.async_api import async_playwright, expect

    people = {u.first_name: u.id for u in playground.fake.state.users.values()}
    wang, anna = people["王丽"], people["Anna Becker"]
    timings = Timings()
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 860})
        start = time.perf_counter()
        await page.goto(playground.address)
        await page.evaluate("window.playground.ready")
        timings.rows.append(
            ("page load (until the first render)", (time.perf_counter() - start) * 1000)
        )

        async def choose(person: int) -> None:
            await timings.measure(
                "switch person",
                page.click(f'[data-person="{person}"]'),
                lambda: expect(page.locator('[data-chat="bot"]')).to_be_visible(),
            )

        async def send(text: str, reply: str) -> None:
            await page.fill("#composer-input", text)
            await timings.measure(
                "send a message until the bot's reply shows",
                page.click("#send-button"),
                lambda: expect(bot_message(reply)).to_be_visible(timeout=10_000),
            )

        def bot_message(words: str):  # type: ignore[no-untyped-def]
            return page.locator(".message.from-bot", has_text=words).last

        async def press(
            message_words: str, label: str, result: Callable[[], Awaitable[object]]
        ) -> None:
            button = bot_message(message_words).locator(".inline-keyboard button", has_text=label)
            await button.click(trial=True)  # wait until it can be pressed: not part of the timing
            await timings.measure(f"press {label}", button.click(), result)

        # 王丽 offers vacuum flasks in Chinese and publishes.
        await choose(wang)
        await send(OFFER, "发布")
        await press("发布", "发布", lambda: expect(bot_message("已发布")).to_be_visible())
        # Anna needs them, in English, and publishes: the alert finds her.
        await choose(anna)
        await send(NEED, "Publish")
        await press(
            "tap Publish",
            "Publish",
            lambda: expect(bot_message("A supplier for your need")).to_be_visible(timeout=10_000),
        )
        await page.screenshot(path=str(shots / "alert-desktop.png"))
        # 王丽 got hers too, in Chinese.
        await choose(wang)
        await expect(bot_message("有买家匹配你的供应")).to_be_visible(timeout=10_000)
        # Anna presses Contact: the answer is a toast or an alert, as in Telegram.
        await choose(anna)
        await press(
            "A supplier for your need",
            "Contact",
            lambda: expect(
                page.locator("#toast, #alert").filter(has_text="Request sent").first
            ).to_be_visible(),
        )
        if await page.locator("#alert-ok").is_visible():
            await page.click("#alert-ok")
        # 王丽 accepts; each side gets the other's contact card with a profile link.
        await choose(wang)
        await press("同意", "同意", lambda: expect(bot_message("已同意")).to_be_visible())
        # The cards come through the outbox, within Telegram's per-chat limit (1/s, bursts of 3).
        await expect(bot_message("的联系方式")).to_contain_text("Anna Becker", timeout=10_000)
        await choose(anna)
        card = bot_message("Contact for")
        await expect(card).to_contain_text("王丽", timeout=10_000)
        await expect(card.locator('[title*="王丽"]')).to_be_visible()  # the profile chip
        await page.screenshot(path=str(shots / "contact-desktop.png"))
        # Five weeks later both posts have expired, and the owners are told.
        await choose(wang)
        for _ in range(5):
            await timings.measure(
                "move the clock +7 days",
                page.click('[data-advance="604800"]'),
                lambda: expect(page.locator("#clock-offset")).not_to_have_text(""),
            )
        for _ in range(12):  # at night in 王丽's time zone the notice waits for the morning
            if await bot_message("已过期").count():
                break
            await page.wait_for_timeout(2000)
            if not await bot_message("已过期").count():
                await page.click('[data-advance="3600"]')
        await expect(bot_message("已过期")).to_be_visible(timeout=15_000)

        # The same page on a phone.
        phone = await browser.new_page(
            viewport={"width": 380, "height": 800}, device_scale_factor=2
        )
        start = time.perf_counter()
        await phone.goto(playground.address)
        await phone.evaluate("window.playground.ready")
        timings.rows.append(
            ("page load on a phone-width window", (time.perf_counter() - start) * 1000)
        )
        await phone.click(f'[data-person="{anna}"]')
        await expect(
            phone.locator(".message.from-bot", has_text="Contact for").last
        ).to_be_visible()
        width = await phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 380, f"the page is {width}px wide on a 380px screen"
        await phone.screenshot(path=str(shots / "contact-phone.png"))
        await browser.close()
    report = timings.report()
    await asyncio.to_thread((shots / "timings.md").write_text, report + "\n")
    print("\nPlayground timings (ms):\n" + report)

"""A simulated month of a market (issue 35's audit): merchants in three languages post
(in words, with photos, as price lists, privately and in two circles), search, answer
alerts, ask for and exchange contacts, make deals, rate them, and one forgets, on the fake
Telegram with the bot's clock moved; each answers what the bot sends as a busy merchant
would, by its buttons. `tests/e2e/audit_checks.py` then reads every message and the record.

The same world runs at CI size (`tests/e2e/test_thirty_days.py`) and at full size
(`bench/thirty_days.py`)."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.domain.models import Lang
from bot.domain.trust.partners import ESTABLISHED_DAYS
from bot.fake_telegram import FakeTelegram, GroupHandle, UserHandle
from bot.fake_telegram.models import StoredMessage
from bot.playground.clock import MovableClock
from bot.texts import plain

MARKETS = 6  # merchants who press 📊 Market at the month's end, the first still here
LANGS = {"zh-hans": Lang.ZH_HANS, "zh-hant": Lang.ZH_HANT, "en": Lang.EN}
DAY_STARTS = 3  # the local hour (Shanghai) each simulated day begins at
# the bot's sweeps in a simulated month, quick beside the clock's twelve-hour steps
BOT_PACE = {
    "outbox_interval": 0.05,
    "sweep_interval": 0.2,
    "circle_digest_interval": 0.2,
    "telegram_private_chat_interval": 0.05,
}


@dataclass(frozen=True)
class Goods:
    """A product as each language's merchants write it: offers and needs, and the names an
    advice about another product must not use."""

    offers: dict[str, str]  # language code -> an offer ({p}: a price)
    needs: dict[str, str]
    names: tuple[str, ...]


CATALOGUE = {
    "cups": Goods(
        {
            "zh-hans": "出售 304不锈钢保温杯 500ml 起订1000个 {p}元/个 义乌发货",
            "zh-hant": "出售 304不鏽鋼保溫杯 500ml 起訂1000個 {p}元/個 義烏",
            "en": "Selling vacuum flasks 500ml, MOQ 1000 pcs, ${p}/pc, ship from Yiwu",
        },
        {
            "zh-hans": "求购 不锈钢保温杯 3000个 单价15元以内",
            "zh-hant": "求購 保溫杯 2000個 單價70元以內",
            "en": "Looking for vacuum flasks, 3000 pcs, under $2.5",
        },
        ("保温杯", "保溫杯", "vacuum flask", "thermos"),
    ),
    "bulbs": Goods(
        {
            "zh-hans": "出售 LED灯泡 9W 起订500个 {p}元/个 中山",
            "zh-hant": "出售 LED燈泡 9W 起訂500個 {p}元/個 中山",
            "en": "Selling LED bulbs 9W, MOQ 500 pcs, ${p}/pc",
        },
        {
            "zh-hans": "求购 LED灯泡 9W 5000个 单价4元以内",
            "zh-hant": "求購 LED燈泡 9W 5000個 單價20元以內",
            "en": "Looking for LED bulbs 9W, 5000 pcs, under $0.6",
        },
        ("LED灯泡", "LED燈泡", "LED bulb", "灯泡", "燈泡"),
    ),
    "boards": Goods(
        {
            "zh-hans": "出售 竹制砧板 起订2000个 {p}元/个 宁波",
            "zh-hant": "出售 竹製砧板 起訂2000個 {p}元/個 寧波",
            "en": "Selling bamboo cutting boards, MOQ 2000 pcs, ${p}/pc",
        },
        {
            "zh-hans": "求购 竹砧板 2000个 单价20元以内",
            "zh-hant": "求購 竹砧板 2000個 單價90元以內",
            "en": "Looking for bamboo cutting boards, 2000 pcs, under $3 each",
        },
        ("砧板", "cutting board"),
    ),
    "screws": Goods(
        {
            "zh-hans": "出售 M6不锈钢螺丝 304材质 起订10000个 0.{p}元/个 宁波港",
            "zh-hant": "出售 M6不鏽鋼螺絲 起訂10000個 0.{p}元/個 寧波",
            "en": "Selling M6 stainless steel screws, MOQ 10000 pcs, $0.0{p}/pc",
        },
        {
            "zh-hans": "求购 M6不锈钢螺丝 20000个 单价0.3元以内",
            "zh-hant": "求購 M6螺絲 20000個 單價1元以內",
            "en": "WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.05/pc",
        },
        ("螺丝", "螺絲", "screw"),
    ),
}
PRICES = {"cups": (11, 12, 13), "bulbs": (3, 4), "boards": (14, 15, 16), "screws": (1, 2)}


@dataclass
class Merchant:
    handle: UserHandle
    code: str  # Telegram language code
    goods: str  # what they sell
    wants: str  # what they buy
    seen: set[int] = field(default_factory=set)  # bot messages already answered

    @property
    def lang(self) -> Lang:
        return LANGS[self.code]


class Month:
    """The market and its days. `merchants` of three languages, two circles that overlap."""

    def __init__(
        self,
        fake: FakeTelegram,
        clock: MovableClock,
        merchants: int,
        seed: int = 35,
        markets: int | None = MARKETS,
    ):
        self.fake, self.clock, self.rng = fake, clock, random.Random(seed)
        self.markets = markets  # merchants who press 📊 at the end (None: everyone)
        codes, goods = list(LANGS), list(CATALOGUE)
        self.merchants = [
            Merchant(
                fake.user(f"Merchant {n}", language_code=codes[n % 3], username=f"m{n}"),
                codes[n % 3],
                goods[n % len(goods)],
                goods[(n + 1 + n // len(goods)) % len(goods)],
            )
            for n in range(merchants)
        ]
        half = merchants // 2
        self.circles: list[tuple[GroupHandle, list[Merchant]]] = []
        self.forgotten: list[Merchant] = []
        self.forgotten_at: dict[str, datetime] = {}  # goods -> when one who sold them left
        self.trust_cards: list[tuple[Merchant, StoredMessage, datetime]] = []  # /trust at the end
        self.circle_cards: list[tuple[int, StoredMessage, datetime]] = []  # /circle at the end
        self.circle_reports: list[tuple[int, StoredMessage, datetime]] = []  # 📊 under it
        # 📊 Market under a post in /my at the end: who, which post, what came, when
        self.market_pictures: list[tuple[Merchant, int, StoredMessage, datetime]] = []
        self._circle_members = [self.merchants[: half + 2], self.merchants[half - 2 :]]

    async def open(self) -> None:
        """Merchants who joined a month before (their deals can count: an independent
        partner's account is 30 days old), two circles, the first with its daily digest,
        and every fourth merchant with the weekly digest."""
        for merchant in self.merchants:
            await merchant.handle.send("/start")
        await self.settle()
        self.clock.advance(timedelta(days=ESTABLISHED_DAYS, hours=1))
        # days begin at 03:00 in Shanghai, whatever the hour the run starts: the circle's
        # 09:00 digest then comes at the day's second half, after its posts, never racing them
        local = self.clock.now().astimezone(ZoneInfo("Asia/Shanghai"))
        self.clock.advance(timedelta(hours=(DAY_STARTS - local.hour) % 24 or 24))
        for n, members in enumerate(self._circle_members):
            group = self.fake.group(f"Circle {n}", [m.handle for m in members])
            await self.fake.add_bot_to_group(group, by=members[0].handle, admin=True)
            self.circles.append((group, members))
        await self.settle()
        group, members = self.circles[0]
        await members[0].handle.send_in(group, "/circle")
        await self.settle()
        await self._press_label(members[0], "09:00", group.bot_messages)
        for merchant in self.merchants[::4]:
            await merchant.handle.send("/settings")
            await self.settle()
            digest = plain(merchant.lang, "settings.switch.digest")
            await self._press_label(merchant, f"⬜ {digest}", merchant.handle.messages)

    async def run(self, days: int) -> None:
        """The whole month: opened, `days` days, closed."""
        await self.open()
        for day in range(days):
            await self.day(day)
        await self.close()

    async def close(self) -> None:
        """Each merchant still here reads their own record (/trust), each circle's admin its
        settings and week (/circle)."""
        for group, members in self.circles:
            at, title = self.clock.now(), group.chat.title or ""
            card = await self._ask(members[0], "/circle", group.bot_messages, title, group)
            self.circle_cards.append((group.chat.id, card, at))
            report = await self._report(members[0], group, card)
            self.circle_reports.append((group.chat.id, report, self.clock.now()))
        here = [m for m in self.merchants if m not in self.forgotten]
        for merchant in here[: self.markets]:
            await self._market(merchant)
        for merchant in self.merchants:
            if merchant not in self.forgotten:
                at, title = self.clock.now(), plain(merchant.lang, "trust.card_own_title")
                card = await self._ask(merchant, "/trust", merchant.handle.messages, title)
                self.trust_cards.append((merchant, card, at))

    async def _market(self, merchant: Merchant) -> None:
        """The merchant presses the first 📊 in /my (none: no open post with a price)."""
        label = plain(merchant.lang, "btn.market")
        before = len(merchant.handle.messages())
        await merchant.handle.send("/my")
        for _ in range(40):
            await self.settle()
            lists = [  # the list numbers its posts' buttons
                m
                for m in merchant.handle.messages()[before:]
                if any(b.startswith("1. ") for b in m.button_texts())
            ]
            if lists:
                break
            await asyncio.sleep(0.25)
        else:
            return
        buttons = [b for row in lists[0].buttons for b in row if label in b.text]
        if not buttons or buttons[0].callback_data is None:
            return
        post = int(re.findall(r"post=(\d+)", buttons[0].callback_data)[0])
        before = len(merchant.handle.messages())
        await merchant.handle.press(lists[0], data=buttons[0].callback_data)
        for _ in range(80):
            await self.settle()
            shown = [m for m in merchant.handle.messages()[before:] if m.words[:1] == "📊"]
            if shown:
                self.market_pictures.append((merchant, post, shown[0], self.clock.now()))
                return
            await asyncio.sleep(0.25)
        raise AssertionError(f"no market for post {post} of {merchant.handle.id}")

    async def _report(
        self, admin: Merchant, group: GroupHandle, card: StoredMessage
    ) -> StoredMessage:
        """The admin presses 📊 under the /circle card: the week's market, in the group."""
        before = len(group.bot_messages())
        labels = card.button_texts()
        await self._press(admin, card, next(n for n, b in enumerate(labels) if b[:1] == "📊"))
        for _ in range(80):
            await self.settle()
            shown = [m for m in group.bot_messages()[before:] if m.words[:1] == "📊"]
            if shown:
                return shown[0]
            await asyncio.sleep(0.25)
        raise AssertionError(f"no week's market in {group.chat.id}")

    async def _ask(
        self,
        merchant: Merchant,
        command: str,
        messages: Callable[[], list[StoredMessage]],
        begins: str,
        group: GroupHandle | None = None,
    ) -> StoredMessage:
        """Send `command` (in `group`, else privately) and wait up to 10 s for the answer
        whose first line holds `begins` (a reminder may come in between)."""
        before = len(messages())
        if group is None:
            await merchant.handle.send(command)
        else:
            await merchant.handle.send_in(group, command)
        for _ in range(40):
            await self.settle()
            for message in messages()[before:]:  # the bot's messages only
                if begins in message.words.split("\n", 1)[0]:
                    return message
            await asyncio.sleep(0.25)
        raise AssertionError(f"no answer to {command} for {merchant.handle.id}")

    async def _press_label(
        self, merchant: Merchant, label: str, messages: Callable[[], list[StoredMessage]]
    ) -> None:
        """Press the newest button `label` among `messages`, waiting up to 10 s for it."""
        for _ in range(40):
            for message in reversed(messages()):
                if label in message.button_texts():
                    await self._press(merchant, message, message.button_texts().index(label))
                    await self.settle()
                    return
            await asyncio.sleep(0.25)
        raise AssertionError(f"no button {label!r} for {merchant.code} {merchant.handle.id}")

    async def day(self, number: int) -> None:
        """One day: a seventh of the market posts (3 at least), everyone answers what came,
        the clock goes on a day."""
        active = [m for m in self.merchants if m not in self.forgotten]
        posting = self.rng.sample(active, k=min(max(3, len(active) // 7), len(active)))
        for merchant in posting:
            await self._post(merchant, number)
        await self.settle()
        for merchant in posting:  # Publish, or "I sell / I need", on what each was sent
            first = {
                plain(merchant.lang, key) for key in ("btn.publish", "btn.i_sell", "btn.i_need")
            }
            for card in merchant.handle.messages():
                labels = card.button_texts()
                if labels and labels[0] in first and card.message_id not in merchant.seen:
                    merchant.seen.add(card.message_id)
                    await self._press(merchant, card, 0)
        if number % 4 == 1:
            await self._search(self.rng.choice(active))
        if number == 20 and active:
            await self._forget(active[-1])
        for _ in range(2):
            await self.answer_all()
            self.clock.advance(timedelta(hours=12))
            await self.settle()
        await self.answer_all()

    async def _post(self, merchant: Merchant, number: int) -> None:
        goods = CATALOGUE[merchant.goods if self.rng.random() < 0.6 else merchant.wants]
        selling = goods is CATALOGUE[merchant.goods]
        price = self.rng.choice(PRICES[merchant.goods]) if selling else 0
        text = (goods.offers if selling else goods.needs)[merchant.code].format(p=price)
        circle = next((g for g, members in self.circles if merchant in members), None)
        if circle is not None and number % 3 == 0:
            if number % 2:
                await merchant.handle.send_photo_in(circle, text)
            else:
                await merchant.handle.send_in(circle, text)
            return
        if number % 5 == 2:
            await merchant.handle.send_photo(text)
        else:
            await merchant.handle.send(text)

    async def _search(self, merchant: Merchant) -> None:
        words = {"zh-hans": "保温杯", "zh-hant": "保溫杯", "en": "vacuum flask"}[merchant.code]
        await merchant.handle.send(f"/search {words}")
        await self.settle()
        page = self._newest(merchant)
        contact = plain(merchant.lang, "btn.contact")
        if page is not None and any(contact in b for b in page.button_texts()):
            index = next(i for i, b in enumerate(page.button_texts()) if contact in b)
            await self._press(merchant, page, index)
            await self.settle()

    async def _forget(self, merchant: Merchant) -> None:
        await merchant.handle.send("/forget")
        await self.settle()
        question = self._newest(merchant)
        labels = question.button_texts() if question else []
        forget = plain(merchant.lang, "btn.forget")
        if question is not None and forget in labels:
            await self._press(merchant, question, labels.index(forget))
            await self.settle()
            self.forgotten.append(merchant)
            self.forgotten_at.setdefault(merchant.goods, self.clock.now())

    async def answer_all(self, rounds: int = 4) -> None:
        """Each merchant answers the bot's new messages by their buttons, until none is new."""
        for _ in range(rounds):
            acted = False
            for merchant in self.merchants:
                if merchant in self.forgotten:
                    continue
                for message in merchant.handle.messages():
                    if message.message_id in merchant.seen or not message.buttons:
                        continue
                    merchant.seen.add(message.message_id)
                    acted |= await self._answer(merchant, message)
            if not acted:
                return
            await self.settle()

    async def _answer(self, merchant: Merchant, message: StoredMessage) -> bool:
        """A choice is drawn only for a message the month answers: one it leaves alone (a
        lead, an admin's list of posts without response) does not move the month's draws."""
        labels, lang = message.button_texts(), merchant.lang

        def has(key: str) -> int | None:
            label = plain(lang, key)
            return next((i for i, b in enumerate(labels) if b.endswith(label)), None)

        contact, dismiss, accept = has("btn.contact"), has("btn.dismiss"), has("btn.accept")
        done, talking, confirm = (
            has("btn.deal_done"),
            has("btn.deal_talking"),
            has("btn.deal_confirm"),
        )
        alert, claim = (
            contact is not None and dismiss is not None,
            done is not None and talking is not None,
        )
        stars = len(labels) == 5 and "⭐" in message.words
        if not (alert or accept is not None or claim or confirm is not None or stars):
            return False
        roll = self.rng.random()
        choice: int | None = None
        if alert:
            choice = contact if roll < 0.5 else dismiss if roll < 0.65 else None
        elif accept is not None:
            choice = accept if roll < 0.8 else has("btn.decline")
        elif claim:
            choice = done if roll < 0.5 else talking if roll < 0.8 else None
        elif confirm is not None:
            choice = confirm if roll < 0.9 else has("btn.deal_deny")
        elif stars:
            choice = 4 if roll < 0.7 else 3
        if choice is None:
            return False
        await self._press(merchant, message, choice)
        return True

    async def _press(self, merchant: Merchant, message: StoredMessage, index: int) -> None:
        buttons = [b for row in message.buttons for b in row]
        if index < len(buttons) and buttons[index].callback_data:
            await merchant.handle.press(message, data=buttons[index].callback_data)

    def _newest(self, merchant: Merchant) -> StoredMessage | None:
        mine = merchant.handle.messages()
        return mine[-1] if mine else None

    async def settle(self, quiet: float = 0.15, limit: float = 5.0) -> None:
        """Until the bot has sent nothing for `quiet` seconds (at most `limit`)."""
        waited, version = 0.0, -1
        while waited < limit:
            if self.fake.state.version == version:
                return
            version = self.fake.state.version
            await asyncio.sleep(quiet)
            waited += quiet

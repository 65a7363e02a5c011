"""The world tests/e2e/test_button_tampering.py presses in: for every button that changes
data, a message carrying a legitimate, untouched one, made through the bot as merchants make
them; and snapshots of the database rows that matter.

Messages are named (`World.found`); each is (the person it was sent to, the message). The
trades are contact exchanges found with /search (each seller's tiles have their own model
code, so nothing else matches them), run side by side: the outbox sends one message a second
per private chat, so one person per step keeps the build quick.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.fake_telegram import FakeTelegram, GroupHandle, StoredMessage, UserHandle
from bot.services.clock import SystemClock
from bot.services.ports import Clock
from handlers.transport.persistence import FLUSH_INTERVAL
from storage.tables import metadata
from tests.e2e.helpers import as_stored, latest, read_rows

ALERT_PAIRS = {  # an offer and a need that match each other, one pair per world
    "x": ("Selling vacuum flasks 500ml, MOQ 1000 pcs, $2/pc, Yiwu", "Looking for vacuum flasks"),
    "y": ("Selling LED bulbs 9W, MOQ 100 pcs, $0.5/pc, Ningbo", "Looking for LED bulbs 9W"),
}
KIND_UNCLEAR = "法兰盖 DN450 2500LB 20# 5片"  # goods, but selling or buying?


def tiles(code: str) -> str:
    return f"Selling ceramic tiles model {code}, MOQ 50 boxes, $5/box, Foshan"


def tiles_line(code: str) -> str:
    """A line of a price list."""
    return f"Ceramic tiles model {code}, $5/box"


def has(words: str) -> Callable[[StoredMessage], bool]:
    return lambda m: words in (m.text or "") or words in str(m.reply_markup)


@dataclass
class World:
    fake: FakeTelegram
    tag: str  # "x" or "y": names and model codes differ between two worlds in one bot
    found: dict[str, tuple[UserHandle, StoredMessage]] = field(default_factory=dict)

    def person(self, role: str) -> UserHandle:
        return self.fake.user(f"{role}-{self.tag}", language_code="en")

    def code(self, n: int) -> str:
        return f"Q{self.tag.upper()}{100 + n}"

    async def after(
        self, user: UserHandle, act: Awaitable[object], wanted: Callable[[StoredMessage], bool]
    ) -> StoredMessage:
        """Do `act`, then the first bot message to `user` newer than it that is `wanted`."""
        since = max((m.message_id for m in user.messages()), default=0)
        await act
        return await latest(user, self.fake, lambda m: m.message_id > since and wanted(m), 10)

    async def tap(self, user: UserHandle, message: StoredMessage, label: str) -> None:
        await user.wait_answer(await user.press(message, label), timeout=10)

    async def draft(self, user: UserHandle, text: str) -> StoredMessage:
        return await self.after(user, user.send(text), has("Publish"))

    async def published(self, user: UserHandle, text: str) -> StoredMessage:
        card = await self.draft(user, text)
        await self.tap(user, card, "✅ Publish")
        same = card.message_id
        return await latest(
            user, self.fake, lambda m: m.message_id == same and "✅" in (m.text or "")
        )

    async def asked(self, n: int) -> tuple[UserHandle, UserHandle, StoredMessage]:
        """A seller's post found with /search and Contact pressed: (seller, buyer, request)."""
        seller, buyer = self.person(f"Seller{n}"), self.person(f"Buyer{n}")
        await self.published(seller, tiles(self.code(n)))
        results = await self.after(buyer, buyer.send(f"/search {self.code(n)}"), has("🔎"))
        request = self.after(seller, self.tap(buyer, results, "1. 🤝 Contact"), has("contact you"))
        return seller, buyer, await request

    async def exchanged(self, n: int) -> tuple[UserHandle, UserHandle, StoredMessage]:
        """Contacts exchanged: (seller, buyer, the buyer's contact card)."""
        seller, buyer, request = await self.asked(n)
        card = await self.after(buyer, self.tap(seller, request, "✅ Accept"), has("Contact for"))
        await latest(seller, self.fake, has("Contact for"), 10)
        return seller, buyer, card

    async def claimed(self, n: int) -> tuple[UserHandle, UserHandle, StoredMessage]:
        """The buyer said "deal done" under the card: (seller, buyer, the seller's claim)."""
        seller, buyer, card = await self.exchanged(n)
        claim = self.after(seller, self.tap(buyer, card, "✅ Deal done"), has("made a deal"))
        return seller, buyer, await claim


async def build(world: World, circle: GroupHandle, admin: UserHandle) -> World:
    """Every scenario, side by side; `world.found` names each message."""
    await asyncio.gather(
        _posts(world),
        _settings(world),
        _forget(world),
        _trades(world),
        _alert(world),
        _circle_card(world, circle, admin),
    )
    return world


async def _posts(w: World) -> None:
    poster = w.person("Poster")
    for name, n in (("draft_publish", 1), ("draft_discard", 2), ("draft_edit", 3)):
        w.found[name] = (poster, await w.draft(poster, tiles(w.code(n))))
    editing = await w.draft(poster, tiles(w.code(4)))
    menu = await w.after(poster, w.tap(poster, editing, "✏️ Edit"), has("want to change"))
    w.found["edit_menu"] = (poster, menu)
    for name, n in (("open_deal", 5), ("open_withdraw", 6), ("open_renew", 7)):
        w.found[name] = (poster, await w.published(poster, tiles(w.code(n))))
    w.found["kind"] = (poster, await w.after(poster, poster.send(KIND_UNCLEAR), has("I sell")))
    for name, n in (("list_publish", 8), ("list_cards", 10), ("list_discard", 12)):
        price_list = (
            f"Selling, MOQ 50 boxes:\n{tiles_line(w.code(n))}\n{tiles_line(w.code(n + 1))}"
        )
        w.found[name] = (
            poster,
            await w.after(poster, poster.send(price_list), has("Publish all")),
        )
    searcher = w.person("Searcher")
    results = await w.after(searcher, searcher.send(f"/search {w.code(7)}"), has("🔎"))
    w.found["search"] = (searcher, results)


async def _settings(w: World) -> None:
    member = w.person("Settler")
    w.found["language"] = (
        member,
        await w.after(member, member.send("/language"), has("language.set")),
    )
    names = ("settings", "settings_zones", "cities", "settings_currencies", "currencies")
    for name in names:
        shown = await w.after(member, member.send("/settings"), has("settings.toggle"))
        w.found[name] = (member, shown)
    for name, shows, words in (("cities", "zones", "city"), ("currencies", "currencies", "€")):
        menu = w.found[name][1]
        button = next(b for row in menu.buttons for b in row if shows in str(b.callback_data))
        await w.tap(member, menu, button.text)
        await latest(
            member,
            w.fake,
            lambda m, menu=menu, words=words: (
                m.message_id == menu.message_id
                and words in (m.text or "") + "".join(m.button_texts())
            ),
        )


async def _forget(w: World) -> None:
    for name in ("forget", "keep"):
        member = w.person(name.title())
        w.found[name] = (member, await w.after(member, member.send("/forget"), has("Delete")))


async def _trades(w: World) -> None:
    async def talking() -> None:
        seller, buyer, card = await w.exchanged(11)
        w.found["card_report"] = (buyer, card)
        w.found["question_talking"] = (buyer, await latest(buyer, w.fake, has("make a deal"), 10))

    async def no_deal_and_reasons() -> None:
        seller, buyer, card = await w.exchanged(12)
        w.found["question_none"] = (seller, await latest(seller, w.fake, has("make a deal"), 10))
        reasons = await w.after(buyer, w.tap(buyer, card, "⚠️ Report a problem"), has("wrong"))
        w.found["complaint_reasons"] = (buyer, reasons)

    async def deal_done_and_complaint() -> None:
        seller, buyer, card = await w.exchanged(13)
        w.found["card_deal_done"] = (buyer, card)
        theirs = await latest(seller, w.fake, has("Contact for"), 10)
        reasons = await w.after(seller, w.tap(seller, theirs, "⚠️ Report a problem"), has("wrong"))
        told = w.after(buyer, w.tap(seller, reasons, "Did not deliver"), has("reported a problem"))
        w.found["complaint"] = (buyer, await told)

    async def claims() -> None:
        for name, n in (("claim_confirm", 14), ("claim_deny", 15)):
            seller, _, claim = await w.claimed(n)
            w.found[name] = (seller, claim)

    async def rated() -> None:
        seller, buyer, claim = await w.claimed(16)
        asked = w.after(buyer, w.tap(seller, claim, "✅ Yes, we did"), has("How was the deal"))
        w.found["rating_ask"] = (buyer, await asked)
        stars = await latest(seller, w.fake, has("How was the deal"), 10)
        thanks = await w.after(seller, w.tap(seller, stars, "4⭐"), has("Add a comment"))
        w.found["rating_thanks"] = (seller, thanks)

    async def pending() -> None:
        for name, n in (("request_accept", 17), ("request_decline", 18)):
            seller, _, request = await w.asked(n)
            w.found[name] = (seller, request)

    await asyncio.gather(talking(), no_deal_and_reasons(), deal_done_and_complaint())
    await asyncio.gather(claims(), rated(), pending())


async def _alert(w: World) -> None:
    offer, need = ALERT_PAIRS[w.tag]
    seller, buyer = w.person("Offerer"), w.person("Needer")
    await w.published(seller, offer)
    card = await w.draft(buyer, need)
    alert = w.after(buyer, w.tap(buyer, card, "✅ Publish"), has("🔔"))
    w.found["alert"] = (buyer, await alert)


async def _circle_card(w: World, circle: GroupHandle, admin: UserHandle) -> None:
    since = max((m.message_id for m in circle.bot_messages()), default=0)
    await admin.send_in(circle, f"/offer {tiles(w.code(30))}")  # quiet: on the admins' list
    await admin.send_in(circle, "/circle")

    def shown() -> list[StoredMessage]:
        return [m for m in circle.bot_messages() if m.message_id > since and m.buttons]

    assert await w.fake.wait_until(lambda: bool(shown()), 10)
    card = shown()[-1]
    w.found["circle_card"] = (admin, card)
    listed = w.after(admin, w.tap(admin, card, "📋 Posts without response"), has("💡"))
    w.found["quiet_list"] = (admin, await listed)


# -- the database -------------------------------------------------------------------------

IGNORED_TABLES = {"inbox", "alembic_version"}  # bookkeeping of every update
IGNORED_COLUMNS = {  # when someone was last seen, and how the outbox is getting on
    "users": {"last_active_at", "updated_at"},
    "outbox": {"not_before", "attempts", "sent_at", "telegram_message_id", "failed_at"},
    "persistence": {"updated_at"},
}
Row = tuple[tuple[str, object], ...]  # (column, value) pairs
Rows = dict[str, set[Row]]
POLL = 0.3  # seconds


def snapshot(database: str) -> Rows:
    """Every row of every table but the bookkeeping, as (column=value, ...) tuples."""
    rows: Rows = {}
    for table in metadata.sorted_tables:
        if table.name in IGNORED_TABLES:
            continue
        ignored = IGNORED_COLUMNS.get(table.name, set())
        kept = [c.name for c in table.columns if c.name not in ignored]
        found = read_rows(database, f"SELECT {', '.join(kept)} FROM {table.name}")
        rows[table.name] = {tuple(zip(kept, map(_hashable, row), strict=True)) for row in found}
    return rows


def _hashable(value: object) -> object:
    """JSON columns come back as dicts and lists from PostgreSQL."""
    return json.dumps(value, sort_keys=True) if isinstance(value, dict | list) else value


def changes(before: Rows, after: Rows) -> dict[str, dict[str, list[Row]]]:
    """Per table, the rows that went and the rows that came."""
    found = {}
    for table in sorted(set(before) | set(after)):
        gone = before.get(table, set()) - after.get(table, set())
        came = after.get(table, set()) - before.get(table, set())
        if gone or came:
            found[table] = {"gone": sorted(gone, key=str), "came": sorted(came, key=str)}
    return found


async def settled(database: str, clock: Clock | None = None) -> Rows:
    """The rows once the outbox is drained, no reminder falls due within seconds (by the
    bot's `clock`) and nothing moved for longer than PTB takes to write user data."""
    previous, still = None, 0.0
    for _ in range(100):
        soon = (clock or SystemClock()).now() + timedelta(seconds=5)
        current = snapshot(database)
        still = still + POLL if current == previous and _waiting(database, soon) == 0 else 0.0
        if still > FLUSH_INTERVAL:
            return current
        previous = current
        await asyncio.sleep(POLL)
    raise AssertionError("the database did not settle")


def _waiting(database: str, soon: datetime) -> int:
    """Messages the outbox has yet to send, and reminders due before `soon`."""
    unsent = "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL"
    reminders = (
        "SELECT count(*) FROM reminders WHERE sent_at IS NULL AND cancelled_at IS NULL"
        " AND expired_at IS NULL AND due_at < :due"
    )
    ((messages,),) = read_rows(database, unsent)
    ((due,),) = read_rows(database, reminders, due=as_stored(database, soon))
    return int(messages + due)

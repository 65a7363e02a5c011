"""Table sizes after simulated months of trading, with the housekeeping the app runs.

    python -m bench.table_sizes                            # SQLite, 180 days, 200 posts a day (about 7 min)
    python -m bench.table_sizes --url postgresql+asyncpg://postgres@127.0.0.1/test --days 60

Each simulated day, through the real repositories: posts arrive (6 updates each in the inbox,
done); 12% stay drafts nobody publishes, 8% are cancelled drafts, the rest open for 30 days
with two reminders, up to 3 matches, a contact request for one in five, three alerts in the
outbox (sent), two action tokens and a trust event. Of posts opened three days before, 10%
are withdrawn and 3% close with a deal. At the end of the day the clock moves on and the
app's own jobs run: `publishing.expire_due`, due reminders and queued messages are marked
sent, and `handlers.jobs.housekeeping`'s purges (`bot.services.privacy.retention`). Prints rows and size per table every 30
days, and the rows the simulation itself wrote so far (what those tables would hold without
retention; the services add expiry notices and trust events of their own).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import tempfile
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import func, select, text

from bot.domain.models import (
    ActionToken,
    ContactRequest,
    ContactStatus,
    Deal,
    Match,
    Post,
    PostKind,
    PostStatus,
    Reminder,
    TrustEvent,
)
from bot.domain.parsing import parse_post
from bot.services.after_effects import Table
from bot.services.delivery import outbox
from bot.services.matching.indexing import MatchingIndex, MatchPolicy
from bot.services.ports import UnitOfWork
from bot.services.posting import publishing
from bot.services.privacy import retention
from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import metadata
from tests.integration.factories import make_user

START = datetime(2026, 1, 1, tzinfo=UTC)
DAY = timedelta(days=1)
TEXTS = {
    PostKind.OFFER: "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
    PostKind.NEED: "求购保温杯5000只，10元以内",
}


class Clock:
    def __init__(self) -> None:
        self.at = START

    def now(self) -> datetime:
        return self.at


class Market:
    def __init__(self, db: Database, users: int, per_day: int, seed: int = 7) -> None:
        self.db, self.users, self.per_day = db, users, per_day
        self.rng = random.Random(seed)
        self.clock = Clock()
        self.parsed = {kind: parse_post(text) for kind, text in TEXTS.items()}
        self.open: dict[PostKind, list[int]] = {PostKind.OFFER: [], PostKind.NEED: []}
        self.opened_on: dict[int, list[tuple[int, int]]] = {}  # day -> (post, owner)
        self.written: Counter[str] = Counter()
        self.update_id = 0
        self.index = MatchingIndex(MatchPolicy())  # stays empty: nothing here is matched

    async def day(self, number: int) -> None:
        start = START + number * DAY
        for first in range(0, self.per_day, 20):  # 20 a transaction: the ORM's flushes stay short
            async with self.db.uow() as uow:
                for i in range(first, min(first + 20, self.per_day)):
                    await self._post(uow, number, start + i * DAY / self.per_day)
                await uow.commit()
        async with self.db.uow() as uow:
            await self._close(uow, number, start + DAY / 2)
            await uow.commit()
        self.clock.at = start + DAY
        await self._jobs()

    async def _post(self, uow: UnitOfWork, number: int, at: datetime) -> None:
        rng, kind = self.rng, self.rng.choice(list(PostKind))
        owner = rng.randrange(1, self.users + 1)
        post = Post(None, owner, kind, TEXTS[kind], self.parsed[kind], PostStatus.DRAFT,
                    self.parsed[kind].language, at, at + 30 * DAY, at)  # fmt: skip
        post_id = await uow.posts.add(post)
        updates = [
            {"update_id": self.update_id + k, "message": {"text": TEXTS[kind]}} for k in range(6)
        ]
        self.update_id += len(updates)
        await uow.inbox.record_many(updates, at, {u["update_id"]: 0 for u in updates})
        await uow.inbox.mark_done([u["update_id"] for u in updates], at)
        self.written.update({"posts": 1, "inbox": len(updates)})
        fate = rng.random()
        if fate < 0.12:
            return  # a draft nobody publishes
        post.status = PostStatus.WITHDRAWN if fate < 0.20 else PostStatus.OPEN
        await uow.posts.update(post)
        if post.status is PostStatus.WITHDRAWN:
            return
        self.opened_on.setdefault(number, []).append((post_id, owner))
        for due, kind_name in ((7 * DAY, "post.no_interest"), (29 * DAY, "post.expiring")):
            await uow.reminders.add(Reminder(None, kind_name, owner, at + due, post_id=post_id))
        other = self.open[PostKind.NEED if kind is PostKind.OFFER else PostKind.OFFER]
        for counterpart in rng.sample(other[-500:], min(3, len(other))):
            pair = (post_id, counterpart) if kind is PostKind.OFFER else (counterpart, post_id)
            match_id = await uow.matches.add(Match(None, *pair, 0.8, [], at))
            self.written["matches"] += 1
            if match_id is not None and rng.random() < 0.2 / 3:
                asker = rng.randrange(1, self.users + 1)
                request = ContactRequest(
                    None, match_id, pair[0], asker, owner, ContactStatus.PENDING, at
                )
                await uow.contact_requests.add(request)
                self.written["contact_requests"] += 1
        for _ in range(3):
            message_id = await outbox.add_to(uow, at, owner, "🔔 " + TEXTS[kind], kind="alert")
            await uow.outbox.mark_sent(message_id, at, message_id)
        for _ in range(2):
            token = ActionToken(
                secrets.token_urlsafe(12), owner, "contact", {"post": post_id}, at + 14 * DAY
            )
            await uow.action_tokens.add(token)
        await uow.trust_events.add(TrustEvent(owner, "post.created", at, post_id=post_id))
        self.open[kind].append(post_id)
        self.written.update({"reminders": 2, "outbox": 3, "action_tokens": 2, "trust_events": 1})

    async def _close(self, uow: UnitOfWork, number: int, at: datetime) -> None:
        for post_id, owner in self.opened_on.pop(number - 3, []):
            fate = self.rng.random()
            if fate >= 0.13:
                continue
            post = await uow.posts.get(post_id)
            if post is None or post.status is not PostStatus.OPEN:
                continue
            post.status = PostStatus.DEAL if fate < 0.03 else PostStatus.WITHDRAWN
            post.updated_at = at
            await uow.posts.update(post)
            self.open[post.kind].remove(post_id)
            if post.status is PostStatus.DEAL:
                buyer = self.rng.randrange(1, self.users + 1)
                await uow.deals.add(Deal(None, None, post_id, None, owner, buyer, at))
                self.written["deals"] += 1

    async def _jobs(self) -> None:
        db, clock = self.db, self.clock
        while expired := await publishing.expire_due(db.uow, clock, Table(self.index), limit=500):
            for post in expired:
                self.open[post.kind].remove(post.id or -1)
        async with db.uow() as uow:  # the reminder sweep and the outbox dispatcher's work
            for reminder in await uow.reminders.due(clock.now(), limit=10_000):
                reminder.sent_at = clock.now()
                await uow.reminders.update(reminder)
            for message in await uow.outbox.due(clock.now(), limit=10_000):
                assert message.id is not None
                await uow.outbox.mark_sent(message.id, clock.now(), message.id)
            await uow.commit()
        await retention.purge(db.uow, clock)


async def sizes(db: Database) -> dict[str, tuple[int, float]]:
    """Rows and megabytes (table with its indexes) per table."""
    found: dict[str, tuple[int, float]] = {}
    async with db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            pages = dict((await connection.execute(text(
                "SELECT coalesce(i.tbl_name, s.name), sum(s.pgsize) FROM dbstat s "
                "LEFT JOIN sqlite_schema i ON i.name = s.name GROUP BY 1"
            ))).all())  # fmt: skip
        for table in metadata.sorted_tables:
            rows = await connection.scalar(select(func.count()).select_from(table))
            if sqlite:
                size = pages.get(table.name, 0)
            else:
                size = await connection.scalar(
                    text(f"SELECT pg_total_relation_size('{table.name}')")
                )
            found[table.name] = (int(rows or 0), (size or 0) / 1e6)
    return found


def report(day: int, found: dict[str, tuple[int, float]], written: Counter[str]) -> None:
    print(f"\nafter day {day}:")
    print("| table | rows | MB | rows the simulation wrote so far |")
    print("|---|---|---|---|")
    for name, (rows, megabytes) in found.items():
        if rows or written[name]:
            total = f"{written[name]:,}" if written[name] else ""
            print(f"| {name} | {rows:,} | {megabytes:.1f} | {total} |")


async def run(url: str | None, days: int, users: int, per_day: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = url or f"sqlite+aiosqlite:///{Path(folder) / 'month.db'}"
        await upgrade_to_head(url)
        db = Database.from_url(url)
        try:
            async with db.uow() as uow:
                for user_id in range(1, users + 1):
                    await uow.users.upsert(make_user(user_id))
                await uow.commit()
            market = Market(db, users, per_day)
            for number in range(days):
                await market.day(number)
                if (number + 1) % 30 == 0 or number + 1 == days:
                    report(number + 1, await sizes(db), market.written)
        finally:
            await db.dispose()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a database to fill (default: a new SQLite file)")
    parser.add_argument("--days", type=int, default=180)
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--posts-per-day", type=int, default=200)
    args = parser.parse_args(argv)
    asyncio.run(run(args.url, args.days, args.users, args.posts_per_day))


if __name__ == "__main__":
    main()

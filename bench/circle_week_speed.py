"""The circles' weekly market reports at scale (issue 36): 10,000 circles and 1,000,000 open
posts; the weekly figures of every circle (`circle_report.week_of`: the week's posts,
matches, contacts and deals, the busiest products, the needs nobody answered) within
2 minutes, pictures only for the circles active that week, drawn in the painter's one
process, and the event loop free for replies throughout; and each admin's Monday list of
the posts without response.

    .venv/bin/python -m bench.circle_week_speed [--posts 1000000] [--circles 10000]
        [--url sqlite|postgresql+asyncpg://...] [--pictures 200]

The database (a temporary SQLite file, or the PostgreSQL database named, made anew) is
filled with bench/match_corpus.py's posts (`bench.rebuild_speed.fill`, not timed), spread
over the last 30 days and over the circles, a few circles busy and most quiet (the square
of a uniform draw picks a circle); each post's writer is a member; a fifth of the week's
needs have a match, half of those an accepted contact request and a third of those a
confirmed deal. Timed: the weekly figures of every circle, one after another as the weekly
job reads them, and meanwhile the event loop's lag (a 20 ms ticker: what a reply would
wait). Then the posts without response for one admin of each circle, and `--pictures` of
the active circles' pictures drawn in the painter (its first start not counted), giving the
time a picture and what all of them would take.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import bindparam, insert, select, update

from bench.rebuild_speed import NOW, fill
from bot.domain.models import ContactStatus, DealOutcome
from bot.domain.money import DEFAULT_RATES
from bot.pictures.circle_week import week_picture
from bot.pictures.painter import Painter
from bot.services.circles.circle_report import week_of
from bot.services.reminders.admin_advice import quiet_posts
from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import (
    CircleMembershipRow,
    CircleRow,
    ContactRequestRow,
    DealRow,
    MatchRow,
    PostRow,
    UserRow,
)

FIRST_CIRCLE = -1_000_000_000_000  # group chat ids are negative
DAYS = 30
BATCH = 20_000


class Clock:
    def now(self) -> datetime:
        return NOW


async def spread(
    db: Database, circle_ids: Sequence[int], now: datetime = NOW, seed: int = 36
) -> None:
    """The circles `circle_ids`, each post in one (the first few busy, most quiet) and some
    day of the 30 before `now`, members, and the week's matches, contacts and deals."""
    rng = random.Random(seed)
    async with db.engine.begin() as connection:
        await connection.execute(
            insert(CircleRow),
            [
                {"id": circle, "title": f"Circle {n}", "settings": {}, "created_at": now}
                for n, circle in enumerate(circle_ids)
            ],
        )
        rows = (await connection.execute(select(PostRow.id, PostRow.user_id, PostRow.kind))).all()
        members: set[tuple[int, int]] = set()
        moved, week_needs, week_offers = [], [], {}
        for post_id, user_id, kind in rows:
            circle = circle_ids[int(len(circle_ids) * rng.random() ** 2)]
            age = timedelta(days=rng.uniform(0, DAYS))
            moved.append({"b_id": post_id, "c": circle, "at": now - age})
            members.add((circle, user_id))
            if age < timedelta(days=7):
                if kind == "need":
                    week_needs.append((post_id, user_id, circle, now - age))
                else:
                    week_offers.setdefault(circle, []).append((post_id, user_id))
        stmt = (
            update(PostRow)
            .where(PostRow.id == bindparam("b_id"))
            .values(
                circle_id=bindparam("c"),
                created_at=bindparam("at"),
                updated_at=bindparam("at"),
            )
        )
        for start in range(0, len(moved), BATCH):
            await connection.execute(stmt, moved[start : start + BATCH])
        memberships = [
            {"circle_id": c, "user_id": u, "joined_at": now - timedelta(days=DAYS)}
            for c, u in members
        ]
        for start in range(0, len(memberships), BATCH):
            await connection.execute(
                insert(CircleMembershipRow), memberships[start : start + BATCH]
            )
        matches, requests, deals = [], [], []
        for need_id, buyer, circle, at in week_needs:
            offers = week_offers.get(circle)
            if not offers or rng.random() > 0.2:
                continue
            offer_id, seller = rng.choice(offers)
            if seller == buyer:
                continue
            matches.append(
                {
                    "offer_id": offer_id,
                    "need_id": need_id,
                    "score": 0.8,
                    "reasons": [],
                    "created_at": at,
                }
            )
            if rng.random() < 0.5:
                requests.append(
                    {
                        "post_id": offer_id,
                        "from_user_id": buyer,
                        "to_user_id": seller,
                        "status": ContactStatus.ACCEPTED.value,
                        "created_at": at,
                        "responded_at": at + timedelta(hours=2),
                    }
                )
                if rng.random() < 0.33:
                    deals.append(
                        {
                            "offer_id": offer_id,
                            "need_id": need_id,
                            "seller_id": seller,
                            "buyer_id": buyer,
                            "created_at": at,
                            "outcome": DealOutcome.CONFIRMED.value,
                            "closed_at": at + timedelta(hours=5),
                        }
                    )
        for table, values in (
            (MatchRow, matches),
            (ContactRequestRow, requests),
            (DealRow, deals),
        ):
            for start in range(0, len(values), BATCH):
                await connection.execute(insert(table), values[start : start + BATCH])
    print(
        f"{len(circle_ids):,} circles, {len(memberships):,} memberships, {len(week_needs):,} needs "
        f"this week, {len(matches):,} matches, {len(requests):,} contacts, "
        f"{len(deals):,} deals (not timed)"
    )


async def measure(url: str, posts: int, circles: int, pictures: int) -> None:
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        started = time.perf_counter()
        await fill(db, posts)
        await spread(db, [FIRST_CIRCLE - n for n in range(circles)])
        print(f"{posts:,} posts written and spread in {time.perf_counter() - started:.0f} s")
        lags: list[float] = []
        running = True

        async def ticker() -> None:
            while running:
                before = time.perf_counter()
                await asyncio.sleep(0.02)
                lags.append((time.perf_counter() - before - 0.02) * 1000)

        ticking = asyncio.create_task(ticker())
        each: list[float] = []
        active = []
        started = time.perf_counter()
        for n in range(circles):
            t0 = time.perf_counter()
            circle, week = await week_of(db.uow, Clock(), DEFAULT_RATES, FIRST_CIRCLE - n)
            each.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0)  # as the weekly job: replies go between two circles
            stats = week.stats
            if stats.posts or stats.matches or stats.contacts or stats.deals:
                active.append((circle, week))
        total = time.perf_counter() - started
        running = False
        await ticking
        each.sort()
        lags.sort()
        print(
            f"weekly figures of {circles:,} circles: {total:.1f} s; a circle p50 "
            f"{each[len(each) // 2]:.1f} / p99 {each[int(len(each) * 0.99)]:.1f} / max "
            f"{each[-1]:.0f} ms; event loop lag p95 {lags[int(len(lags) * 0.95)]:.1f} / max "
            f"{lags[-1]:.0f} ms; {len(active):,} circles active; peak RSS "
            f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB"
        )
        async with db.engine.connect() as connection:
            admin = (await connection.execute(select(UserRow.id).limit(1))).scalar_one()
        started, listed = time.perf_counter(), 0
        for n in range(circles):
            _circle, quiet = await quiet_posts(
                db.uow, Clock(), timedelta(days=2), FIRST_CIRCLE - n, admin
            )
            listed += len(quiet)
            await asyncio.sleep(0)
        print(
            f"the posts without response for one admin of each circle: "
            f"{time.perf_counter() - started:.1f} s ({listed:,} listed)"
        )
        drawn = [p for c, w in active if (p := week_picture(c, w, DEFAULT_RATES)) is not None]
        painter = Painter()
        try:
            await painter.draw(drawn[0]) if drawn else None  # its start, not counted
            times = []
            for picture in drawn[1 : pictures + 1]:
                t0 = time.perf_counter()
                await painter.draw(picture)
                times.append(time.perf_counter() - t0)
        finally:
            painter.close()
        if times:
            times.sort()
            print(
                f"{len(drawn):,} active circles have a picture; {len(times)} drawn: p50 "
                f"{statistics.median(times) * 1000:.0f} / p95 "
                f"{times[int(len(times) * 0.95)] * 1000:.0f} ms a picture in the painter's "
                f"one process: all of them {len(drawn) * statistics.mean(times) / 60:.1f} min"
            )
    finally:
        await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--circles", type=int, default=10_000)
    parser.add_argument("--url", default="sqlite")
    parser.add_argument("--pictures", type=int, default=200)
    args = parser.parse_args()
    if args.url == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite+aiosqlite:///{Path(folder) / 'weeks.db'}"
            asyncio.run(measure(url, args.posts, args.circles, args.pictures))
    else:
        asyncio.run(measure(args.url, args.posts, args.circles, args.pictures))


if __name__ == "__main__":
    main()

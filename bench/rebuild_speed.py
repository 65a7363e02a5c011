"""Start-up rebuild of the matching index from the database, through the real storage layer.

    python -m bench.rebuild_speed                        # 100k and 1M open posts, SQLite
    python -m bench.rebuild_speed --sizes 100000 --url postgresql+asyncpg://postgres@127.0.0.1/test

Rows are written with the synthetic corpus of bench/match_corpus.py, each with the index
entry the app stores when it indexes a post (terms and match fields); writing is not timed.
Timed: `bot.services.matching.index_loading.rebuild` (stream entries in batches -> MatchingEngine.add_stored),
exactly what `post_init` runs. Prints seconds, posts/s and the process's memory growth.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select, update

from bench.match_corpus import Corpus
from bot.domain import money
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.vocabulary import loading as vocabulary
from bot.domain.vocabulary.version import vocabulary_version
from bot.services.matching import index_loading, index_refresh, indexing
from storage import Database
from storage.json_columns import parsed_to_dict
from storage.migrate import upgrade_to_head
from storage.tables import PostRow, UserRow

NOW = datetime(2026, 12, 1, tzinfo=UTC)
BATCH = 20_000

VOCABULARY = vocabulary_version(money.DEFAULT_RATES)  # as the bot's default settings derive


class Clock:
    def now(self) -> datetime:
        return NOW


async def fill(db: Database, size: int) -> None:
    corpus = Corpus(seed=11)
    users: set[int] = set()
    rows: list[dict[str, object]] = []
    async with db.engine.begin() as connection:
        for post in corpus.posts(size):
            if post.user_id not in users:
                users.add(post.user_id)
                await connection.execute(
                    insert(UserRow).values(
                        id=post.user_id,
                        language="en",
                        display_name="",
                        timezone="UTC",
                        created_at=NOW,
                        updated_at=NOW,
                    )
                )
            fields = fields_from_parsed(
                post.parsed, post.created_ts, post.expires_ts, trust=post.trust
            )
            form = MatchingEngine.stored_form(post.kind, post.terms, fields)
            rows.append(
                {
                    "user_id": post.user_id,
                    "kind": post.kind.value,
                    "status": "open",
                    "raw_text": "",
                    "language": "en",
                    "parsed": parsed_to_dict(post.parsed),
                    "keywords": [],
                    "created_at": NOW,
                    "updated_at": NOW,
                    "expires_at": NOW + timedelta(days=30),
                    "index_terms": form.keys,
                    "index_labels": form.labels,
                    "index_numbers": form.numbers,
                    "index_vocabulary": VOCABULARY,
                }
            )
            if len(rows) == BATCH:
                await connection.execute(insert(PostRow), rows)
                rows.clear()
        if rows:
            await connection.execute(insert(PostRow), rows)


async def fill_timed(db: Database, size: int) -> None:
    """`fill`, saying how long writing took (benchmarks time what comes after)."""
    started = time.perf_counter()
    await fill(db, size)
    print(f"{size:>9,} open posts written in {time.perf_counter() - started:.1f} s (not timed)")


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def measure(url: str, size: int) -> None:
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        await fill_timed(db, size)
        index = indexing.MatchingIndex(indexing.MatchPolicy())
        before = rss_mb()
        started = time.perf_counter()
        loaded = await index_loading.rebuild(db.uow, Clock(), index)
        seconds = time.perf_counter() - started
        print(
            f"{size:>9,} rebuild: {seconds:.1f} s, {loaded / seconds:,.0f} posts/s, "
            f"peak RSS +{rss_mb() - before:.0f} MB, index {index.engine.nbytes() / 2**20:.0f} MB"
        )
        assert loaded == size, (loaded, size)
        await _refresh(db, index)
    finally:
        await db.dispose()


async def _refresh(db: Database, index: indexing.MatchingIndex, posts: int = 2000) -> None:
    """After an upgrade: the newest posts stored under an older vocabulary, derived anew by
    the background job's calls (`index_refresh`); each call holds the event loop on SQLite."""
    async with db.engine.begin() as connection:
        newest = select(PostRow.id).order_by(PostRow.id.desc()).limit(posts)
        ids = sorted((await connection.execute(newest)).scalars())
        await connection.execute(
            update(PostRow).where(PostRow.id.in_(ids)).values(index_vocabulary="older")
        )
    index.stale.extend(ids)
    vocabulary.warm_up()  # as the bot does at start-up
    calls, done, started = [], 0, time.perf_counter()
    while index.stale:
        call = time.perf_counter()
        done += await index_refresh.refresh_stale(db.uow, Clock(), index)
        calls.append((time.perf_counter() - call) * 1000)
    seconds = time.perf_counter() - started
    calls.sort()
    print(
        f"{'':>9} refresh after an upgrade: {done:,} posts in {len(calls)} calls, "
        f"{seconds / done * 1000:.1f} ms a post; a call p50 {calls[len(calls) // 2]:.0f} ms, "
        f"max {calls[-1]:.0f} ms"
    )
    assert done == len(ids), (done, len(ids))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--url", help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            url = args.url or f"sqlite+aiosqlite:///{Path(tmp) / 'rebuild.db'}"
            asyncio.run(measure(url, size))


if __name__ == "__main__":
    main()

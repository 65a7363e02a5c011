"""Start-up with many open posts: from `python -m bot run` to its first answer, and the
process's peak memory (issue 14: 1,000,000 open posts in PostgreSQL, under 30 s, under 1 GB;
issue 34: with every post's vector, from a saved dense index, under 30 s and 1.5 GB).

    python -m bench.startup_time [--posts 1000000] [--url postgresql+asyncpg://...] [--vectors]

The PostgreSQL database named by --url (default tc_startup on 127.0.0.1) is made anew and
filled with bench/match_corpus.py's posts, each with the index entry the app stores when it
indexes a post (bench.rebuild_speed.fill; not timed); `--url sqlite` uses a temporary file.
Then the fake Telegram starts, the bot starts as a subprocess (`python -m bot run`), and a
person sends /start at once. Timed: spawn to the welcome. Memory: the process's peak
resident size (VmHWM). The bot's log lines about the index (progress included) are shown.

`--vectors`: every post also gets a stored vector (synthetic, clustered as
bench/dense_speed.py makes them) and the dense index is built from them and saved
(`meaning_files`; the build is timed: what a start-up without a saved index does in the
background); the bot loads it at start-up. After the welcome the person searches once,
which loads the encoder, and the peak is read after that answer.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import asyncpg
import numpy as np
from sqlalchemy import func, insert, select
from sqlalchemy.engine import make_url

from bench.dense_speed import KINDS, clustered
from bench.rebuild_speed import NOW, fill_timed
from bench.update_throughput import ROOT, TOKEN, bot_env
from bot.domain.matching.dense import DIM, part
from bot.domain.models import PostKind
from bot.fake_telegram import FakeTelegram, FloodLimits
from bot.services.matching import meaning_files
from bot.services.matching.indexing import MatchingIndex, MatchPolicy
from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import IndexChangeRow, PostRow, PostVectorRow

DEFAULT_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/tc_startup"
BATCH = 10_000  # vectors stored at a time


async def fresh_postgres(url: str) -> None:
    parsed = make_url(url)
    admin = parsed.set(drivername="postgresql", database="postgres")
    connection = await asyncpg.connect(admin.render_as_string(hide_password=False))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{parsed.database}"')
    finally:
        await connection.close()


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def filled_database(url: str, posts: int) -> None:
    """A new database at `url` (PostgreSQL made anew), migrated, with `posts` open posts."""
    if url.startswith("postgresql"):
        await fresh_postgres(url)
    await upgrade_to_head(url)
    database = Database.from_url(url)
    try:
        await fill_timed(database, posts)
    finally:
        await database.dispose()


async def with_vectors(url: str, target: Path) -> None:
    """Every open post's vector stored, and the dense index built from them and saved to
    `target`, as the bot would have saved it."""
    database = Database.from_url(url)
    try:
        async with database.engine.begin() as connection:
            rows = (await connection.execute(select(PostRow.id, PostRow.kind))).all()
        rng = np.random.default_rng(34)
        centres = rng.normal(size=(KINDS, DIM)).astype(np.float32)
        centres /= np.linalg.norm(centres, axis=1, keepdims=True)
        index = MatchingIndex(MatchPolicy())
        model, started = index.encoder.name, time.perf_counter()
        built = 0.0
        for first in range(0, len(rows), BATCH):
            batch = rows[first : first + BATCH]
            vectors = clustered(rng, centres, len(batch))
            async with database.engine.begin() as connection:
                await connection.execute(
                    insert(PostVectorRow),
                    [
                        {"post_id": i, "model": model, "vector": v.tobytes(), "created_at": NOW}
                        for (i, _kind), v in zip(batch, vectors, strict=True)
                    ],
                )
            building = time.perf_counter()
            parts = [part(PostKind(kind), "latin") for _id, kind in batch]  # English posts
            index.dense.add([i for i, _kind in batch], vectors, parts)
            built += time.perf_counter() - building
        async with database.engine.begin() as connection:
            index.revision = (
                await connection.scalar(select(func.max(IndexChangeRow.revision))) or 0
            )
        meaning_files.save(index, target, NOW)
    finally:
        await database.dispose()
    print(
        f"{len(rows):>9,} vectors stored and the dense index saved in "
        f"{time.perf_counter() - started:.0f} s (not timed); its build alone {built:.0f} s "
        f"(a start-up without a saved index, in the background)"
    )


async def measure(url: str, posts: int, folder: Path, vectors: bool, reuse: bool) -> None:
    if not reuse:
        await filled_database(url, posts)
        if vectors:
            await with_vectors(url, folder / "vectors")
    log = folder / "bot.log"
    async with FakeTelegram(token=TOKEN, limits=FloodLimits.off()) as fake:
        env = bot_env(fake, folder, url) | {"LOG_LEVEL": "INFO"}
        env["MEANING_INDEX_DIR"] = str(folder / "vectors")
        person = fake.user("First customer", language_code="en")
        with log.open("w") as stderr:
            started = time.perf_counter()
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", env=env, cwd=str(ROOT), stderr=stderr
            )
            try:
                await person.send("/start")
                if not await fake.wait_until(
                    lambda: any(m.from_bot for m in person.messages()), 300
                ):
                    raise SystemExit("no answer within 300 s")
                seconds = time.perf_counter() - started
                if vectors:  # the encoder loaded too
                    await person.send("/search insulated water bottles")
                    if not await fake.wait_until(
                        lambda: sum(m.from_bot for m in person.messages()) >= 2, 60
                    ):
                        raise SystemExit("no answer to /search within 60 s")
                peak = peak_mb(process.pid)
            finally:
                process.terminate()
                await asyncio.wait_for(process.wait(), timeout=60)
    for line in log.read_text().splitlines():
        if "matching index" in line or "up as" in line or "vectors" in line:
            print("  log:", line)
    limit = "1.5 GB, the encoder loaded" if vectors else "1 GB"
    print(
        f"{posts:,} open posts, {make_url(url).get_backend_name()}: first answer "
        f"{seconds:.1f} s after start (target < 30 s), peak memory {peak:.0f} MB (< {limit})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--url", default=DEFAULT_URL, help="PostgreSQL URL, or 'sqlite'")
    parser.add_argument("--vectors", action="store_true", help="vectors and a saved index")
    parser.add_argument(
        "--reuse", type=Path, help="start on the PostgreSQL database and this folder's saved index"
    )
    options = parser.parse_args()
    if options.reuse is not None:  # filled by an earlier run: its folder kept
        asyncio.run(measure(options.url, options.posts, options.reuse, options.vectors, True))
        return
    with tempfile.TemporaryDirectory() as folder:
        url = options.url
        if url == "sqlite":
            url = f"sqlite+aiosqlite:///{Path(folder) / 'startup.db'}"
        asyncio.run(measure(url, options.posts, Path(folder), options.vectors, False))


if __name__ == "__main__":
    main()

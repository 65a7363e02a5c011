"""Several webhook workers on one machine: `tradecircle run --webhook --workers N`.

The parent starts N worker processes that all listen on the webhook's address (SO_REUSEPORT:
the kernel spreads Telegram's connections among them), tells Telegram the webhook once one
listens, and starts again a worker that dies. It never touches an update. Each worker stores
what it receives in the inbox before it answers 200, and every worker takes updates from the
inbox as from one queue, each person's by one worker at a time and in order
(`handlers.transport.queue`); their conversations are in the database. On several machines,
run `tradecircle run --webhook` on each, behind any HTTP load balancer, on one PostgreSQL
database (their background jobs may run at once: what they send is claimed, docs/DEPLOY.md).
Each worker keeps its own matching index, in step with the others by revision
(`bot.services.matching.index_sync`). Worker 0 runs the background jobs here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from telegram import Bot

from bot.config import Settings

log = logging.getLogger(__name__)

RESTART_AFTER = 1.0  # seconds before a worker that died is started again
READY_WITHIN = 120.0  # seconds a worker may take to load its index and listen


def worker_command(worker: int, workers: int) -> list[str]:
    return [sys.executable, "-m", "bot", "run", "--webhook", "--worker", f"{worker}/{workers}"]


def run_workers(settings: Settings, workers: int, secret: str) -> int:
    return asyncio.run(_run(settings, workers, secret))


async def _run(settings: Settings, workers: int, secret: str) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    processes: dict[int, asyncio.subprocess.Process] = {}
    supervisors = [
        asyncio.create_task(_supervise(k, workers, processes, stop)) for k in range(workers)
    ]
    try:
        if await _listening(settings, stop):
            await _set_webhook(settings, secret)
            log.info("%d workers take updates from the inbox", workers)
        await stop.wait()
    finally:
        stop.set()
        for process in processes.values():
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        await asyncio.gather(*supervisors)
    return 0


async def _supervise(
    worker: int,
    workers: int,
    processes: dict[int, asyncio.subprocess.Process],
    stop: asyncio.Event,
) -> None:
    while not stop.is_set():
        process = await asyncio.create_subprocess_exec(*worker_command(worker, workers))
        processes[worker] = process
        code = await process.wait()
        if stop.is_set():
            return
        log.error("worker %d stopped with code %s; starting it again", worker, code)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), RESTART_AFTER)


async def _listening(settings: Settings, stop: asyncio.Event) -> bool:
    deadline = asyncio.get_running_loop().time() + READY_WITHIN
    while not stop.is_set():
        try:
            _, writer = await asyncio.open_connection(
                settings.webhook_listen, settings.webhook_port
            )
            writer.close()
            return True
        except OSError:
            if asyncio.get_running_loop().time() > deadline:
                log.error("no worker is listening; Telegram is not told yet")
                return False
            await asyncio.sleep(0.2)
    return False


async def _set_webhook(settings: Settings, secret: str) -> None:
    base = settings.telegram_api_base_url
    bot = Bot(
        settings.token() or "", base_url=base, base_file_url=base.replace("/bot", "/file/bot", 1)
    )
    async with bot:
        await bot.set_webhook(str(settings.webhook_url), secret_token=secret)

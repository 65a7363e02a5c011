"""Several webhook workers on one machine: `tradecircle run --webhook --workers N`.

The parent process is a small router on the webhook's address and never handles an update
itself. It checks the secret header, reads whose update it is and passes the request on to
the worker that owns that person (their Telegram id modulo N; the chat's id when an update
names no person), answering Telegram with the worker's own answer. A worker stores an update
before it answers 200 (`handlers.transport.webhook`), so the router's 200 still means "stored". One
person always reaches one worker: their updates keep their order, and their conversation
state (PTB's user_data) lives in one process. Each worker has its own matching index, kept in
step with the others by revision (`bot.services.index_sync`). Worker 0 also runs the
background jobs (outbox sweeps, expiry, reminders, digests, housekeeping). A worker that
dies is started again; until it is back its people get 503 and Telegram delivers again
later.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import signal
import sys
from typing import Any

import aiohttp
from aiohttp import web
from telegram import Bot

from bot.config import Settings
from handlers.transport.webhook import SECRET_HEADER

log = logging.getLogger(__name__)

RESTART_AFTER = 1.0  # seconds before a worker that died is started again
READY_WITHIN = 120.0  # seconds a worker may take to load its index and listen


def owner_of(payload: dict[str, Any], workers: int) -> int:
    """The worker for an update: by the person it comes from, else by its chat."""
    for key, value in payload.items():
        if key == "update_id" or not isinstance(value, dict):
            continue
        person = value.get("from") or value.get("user")
        if isinstance(person, dict) and isinstance(person.get("id"), int):
            return person["id"] % workers
        chat = value.get("chat") or (value.get("message") or {}).get("chat")
        if isinstance(chat, dict) and isinstance(chat.get("id"), int):
            return chat["id"] % workers
    return 0


def worker_port(settings: Settings, worker: int) -> int:
    """Worker k listens on 127.0.0.1, on the webhook port + 1 + k."""
    return settings.webhook_port + 1 + worker


def worker_command(worker: int, workers: int) -> list[str]:
    return [sys.executable, "-m", "bot", "run", "--webhook", "--worker", f"{worker}/{workers}"]


def run_router(settings: Settings, workers: int, url_path: str, secret: str) -> int:
    return asyncio.run(_route(settings, workers, url_path, secret))


async def _route(settings: Settings, workers: int, url_path: str, secret: str) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    processes: dict[int, asyncio.subprocess.Process] = {}
    supervisors = [
        asyncio.create_task(_supervise(k, workers, processes, stop)) for k in range(workers)
    ]
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http:
        targets = [
            f"http://127.0.0.1:{worker_port(settings, k)}/{url_path}" for k in range(workers)
        ]
        server = web.Application()
        server.router.add_post(f"/{url_path}", _forwarder(http, targets, secret))
        runner = web.AppRunner(server, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, settings.webhook_listen, settings.webhook_port).start()
        try:
            if await _all_listening(settings, workers, stop):
                await _set_webhook(settings, secret)
                log.info("routing the webhook to %d workers", workers)
            await stop.wait()
        finally:
            await runner.cleanup()
            stop.set()
            for process in processes.values():
                if process.returncode is None:
                    process.send_signal(signal.SIGTERM)
            await asyncio.gather(*supervisors)
    return 0


def _forwarder(http: aiohttp.ClientSession, targets: list[str], secret: str) -> Any:
    async def forward(request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            return web.Response(status=403)
        body = await request.read()
        try:
            payload = json.loads(body)
        except ValueError:
            return web.Response(status=400)
        if not isinstance(payload, dict):
            return web.Response(status=400)
        target = targets[owner_of(payload, len(targets))]
        headers = {SECRET_HEADER: given, "Content-Type": "application/json"}
        try:
            async with http.post(target, data=body, headers=headers) as answer:
                return web.Response(status=answer.status)
        except (aiohttp.ClientError, TimeoutError):
            return web.Response(status=503)  # Telegram delivers it again later

    return forward


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


async def _all_listening(settings: Settings, workers: int, stop: asyncio.Event) -> bool:
    deadline = asyncio.get_running_loop().time() + READY_WITHIN
    for worker in range(workers):
        while not stop.is_set():
            try:
                _, writer = await asyncio.open_connection(
                    "127.0.0.1", worker_port(settings, worker)
                )
                writer.close()
                break
            except OSError:
                if asyncio.get_running_loop().time() > deadline:
                    log.error("worker %d is not listening; Telegram is not told yet", worker)
                    return False
                await asyncio.sleep(0.2)
    return not stop.is_set()


async def _set_webhook(settings: Settings, secret: str) -> None:
    base = settings.telegram_api_base_url
    bot = Bot(
        settings.token() or "", base_url=base, base_file_url=base.replace("/bot", "/file/bot", 1)
    )
    async with bot:
        await bot.set_webhook(str(settings.webhook_url), secret_token=secret)

"""Webhook mode (`tradecircle run --webhook`): our own small aiohttp server instead of
PTB's, so that an update is stored in the inbox before Telegram gets its 200 (an update
Telegram thinks delivered is never lost), and the secret header is compared in constant
time. Behind it, the same Application handles updates as in polling mode."""

from __future__ import annotations

import asyncio
import hmac
import logging
import signal
from typing import Any

from aiohttp import web
from telegram import Update
from telegram.ext import Application

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def run_webhook(
    app: Application[Any, Any, Any, Any, Any, Any],
    *,
    listen: str,
    port: int,
    url_path: str,
    secret: str,
    webhook_url: str | None = None,
) -> None:
    """Serve until SIGINT or SIGTERM; tell Telegram `webhook_url` unless it is None (one of
    several workers on this port, `bot.workers`, whose parent tells Telegram). Several
    processes may listen on one port (SO_REUSEPORT): the kernel spreads the connections."""
    asyncio.run(_serve(app, listen, port, url_path, webhook_url, secret))


async def _serve(
    app: Application[Any, Any, Any, Any, Any, Any],
    listen: str,
    port: int,
    url_path: str,
    webhook_url: str | None,
    secret: str,
) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    await app.start()
    services = app.bot_data
    queue = services.queue
    assert queue is not None

    async def receive(request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            return web.Response(status=403)
        try:  # read before it is stored: a stored update that cannot be read helps nobody
            payload = await request.json()
            Update.de_json(payload, app.bot)
        except Exception:
            return web.Response(status=400)
        if type(payload.get("update_id")) is not int:  # not `true`, which reads as 1
            return web.Response(status=400)
        await services.use_cases.delivery.store_fetched([payload])  # stored before the 200
        await queue.fill(app)  # taken here if no other worker holds its sender
        return web.Response(status=200)

    server = web.Application()
    server.router.add_post(f"/{url_path}", receive)
    runner = web.AppRunner(server, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, listen, port, reuse_port=True).start()
    if webhook_url is not None:
        await app.bot.set_webhook(webhook_url, secret_token=secret)
    log.info("webhook server listening on %s:%d/%s", listen, port, url_path)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
        await app.stop()
        if app.post_stop is not None:
            await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)

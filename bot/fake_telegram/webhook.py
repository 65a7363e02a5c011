"""Webhook delivery, as Telegram does it once a bot has set a webhook: queued updates are
POSTed to the bot's server with the secret header, up to `connections` at a time (Telegram's
`max_connections`); an update not answered 200 is delivered again a moment later.

    async with fake.delivering("http://127.0.0.1:8443/hook", secret="s3cret") as delivery:
        ...  # users act; delivery.statuses lists every HTTP answer
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import aiohttp

from bot.fake_telegram.state import FakeState

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
IDLE = 0.005  # seconds between looks at an empty queue
RETRY_AFTER = 0.1  # seconds before an update that was not accepted goes again


class WebhookDelivery:
    def __init__(self, state: FakeState, url: str, secret: str, connections: int = 1) -> None:
        self.state, self.url, self.secret = state, url, secret
        self.connections = connections
        self.statuses: list[int] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._http: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> WebhookDelivery:
        self._http = aiohttp.ClientSession()
        self._tasks = [asyncio.create_task(self._deliver()) for _ in range(self.connections)]
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._http is not None:
            await self._http.close()

    async def _deliver(self) -> None:
        assert self._http is not None
        headers = {SECRET_HEADER: self.secret}
        while True:
            if not self.state.updates:
                await asyncio.sleep(IDLE)
                continue
            update: dict[str, Any] = self.state.updates.pop(0)
            try:
                async with self._http.post(self.url, json=update, headers=headers) as answer:
                    self.statuses.append(answer.status)
                    accepted = answer.status == 200
            except aiohttp.ClientError:
                accepted = False
            if not accepted:
                self.state.updates.insert(0, update)
                await asyncio.sleep(RETRY_AFTER)

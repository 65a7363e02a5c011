"""Webhook delivery, as Telegram does it once a bot has set a webhook: queued updates are
POSTed to the bot's server with the secret header, up to `connections` at a time (Telegram's
`max_connections`), one person's (or chat's) one at a time, in order; an update not answered
200 is delivered again a moment later, before that person's next.

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
        self._in_flight: set[int] = set()  # whose update is on its way
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
            found = next(
                (
                    (n, update)
                    for n, update in enumerate(self.state.updates)
                    if _whose(update) not in self._in_flight
                ),
                None,
            )
            if found is None:
                await asyncio.sleep(IDLE)
                continue
            position, update = found
            del self.state.updates[position]
            self._in_flight.add(whose := _whose(update))
            try:
                async with self._http.post(self.url, json=update, headers=headers) as answer:
                    self.statuses.append(answer.status)
                    accepted = answer.status == 200
            except aiohttp.ClientError:
                accepted = False
            if not accepted:
                self.state.updates.insert(position, update)
                await asyncio.sleep(RETRY_AFTER)
            self._in_flight.discard(whose)


def _whose(update: dict[str, Any]) -> int:
    """The person an update comes from, else its chat (0: neither)."""
    for key, value in update.items():
        if key != "update_id" and isinstance(value, dict):
            person = value.get("from") or value.get("user") or {}
            chat = value.get("chat") or (value.get("message") or {}).get("chat") or {}
            return int(person.get("id") or chat.get("id") or 0)
    return 0

"""HTTP front of the fake: aiohttp on loopback, ``{base_url}{token}/{method}`` like Telegram.

Accepts GET query strings, ``application/x-www-form-urlencoded``, ``multipart/form-data`` (file
parts become ``UploadedFile``) and JSON bodies, and hands them to ``BotApi``. A
``FaultInjector`` (faults.py) may answer a call with an error, late, or not at all.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from bot.fake_telegram.errors import ApiError, bad_request, not_found
from bot.fake_telegram.faults import Fault, FaultInjector, error_body
from bot.fake_telegram.methods import BotApi, loggable
from bot.fake_telegram.spec import UploadedFile

# stop() wakes long polls first, so handlers finish at once; this only bounds stragglers
SHUTDOWN_TIMEOUT = 2.0


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


async def _read_params(request: web.Request) -> tuple[dict[str, Any], bool]:
    """Parameters from the query string and body; the flag says whether the body was JSON."""
    raw: dict[str, Any] = dict(request.query)
    if request.method != "POST" or not request.can_read_body:
        return raw, False
    if request.content_type == "application/json":
        try:
            body = await request.json()
        except ValueError as exc:
            raise bad_request("can't parse JSON body") from exc
        if not isinstance(body, dict):
            raise bad_request("JSON body must be an object")
        raw.update(body)
        return raw, True
    form = await request.post()
    for key, value in form.items():
        if isinstance(value, web.FileField):
            raw[key] = UploadedFile(value.filename, value.content_type, value.file.read())
        else:
            raw[key] = value
    return raw, False


class FakeServer:
    """Serves one ``BotApi`` on 127.0.0.1 (port 0 picks a free port)."""

    def __init__(
        self,
        api: BotApi,
        host: str = "127.0.0.1",
        port: int = 0,
        faults: FaultInjector | None = None,
    ) -> None:
        self.api = api
        self.faults = faults or FaultInjector()
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None
        self.app = web.Application()
        self.app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self.app.router.add_route("*", "/{tail:.*}", self._not_found)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/bot"

    async def start(self) -> str:
        # cancel a handler when its client disconnects: a dropped long poll must not linger
        self._runner = web.AppRunner(
            self.app, handler_cancellation=True, shutdown_timeout=SHUTDOWN_TIMEOUT, access_log=None
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self.base_url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _handle(self, request: web.Request) -> web.Response:
        token, method = request.match_info["token"], request.match_info["method"]
        try:
            raw, from_json = await _read_params(request)
        except ApiError as exc:
            return web.json_response(exc.to_json(), status=exc.code, dumps=_dumps)
        name = self.api.spec.canonical_name(method) or method
        fault = self.faults.arrive(name, raw) if token == self.api.state.token else None
        if fault is not None and not fault.after_handling:
            return await self._fail_before(request, name, raw, fault)
        entry = await self.api.handle(token, method, raw, from_json)
        if entry.status == 429:  # the flood limits refused it
            self.faults.answered_429(raw, entry.response["parameters"]["retry_after"])
        if fault is not None and entry.ok:
            self.faults.handled(name, raw, fault)
            if fault.kind == "reset_after":
                return _reset(request)
            await asyncio.sleep(fault.seconds)  # slow, or longer than the client waits
        if request.transport is None or request.transport.is_closing():
            entry.cancelled = True
        return web.json_response(entry.response, status=entry.status, dumps=_dumps)

    async def _fail_before(
        self, request: web.Request, name: str, raw: dict[str, Any], fault: Fault
    ) -> web.Response:
        if fault.kind == "reset_before":
            return _reset(request)
        body = error_body(fault)
        self.api.state.record(name, loggable(raw), fault.status, body)
        return web.json_response(body, status=fault.status, dumps=_dumps)

    async def _not_found(self, _request: web.Request) -> web.Response:
        return web.json_response(not_found().to_json(), status=404, dumps=_dumps)


def _reset(request: web.Request) -> web.Response:
    """Drop the connection: the client sees it closed without an answer."""
    if request.transport is not None:
        request.transport.abort()
    return web.Response()

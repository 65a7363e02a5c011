"""Calls to Telegram over aiohttp, through python-telegram-bot's `BaseRequest`.

PTB's default client (httpx over httpcore and anyio) cost about 2.5 ms of CPU a call under
16 concurrent calls, more than a reply's own work; aiohttp's costs a fraction of that
(docs/performance.md, "Update path speed"). The body is JSON, which Telegram takes for
every call but a file upload, and multipart (as PTB sends it) when a file goes up.

Errors are PTB's: `TimedOut` for a time-out, `NetworkError` for a connection failure, each
raised from aiohttp's own error. `NOT_SENT` names the errors raised before the request left,
which the send guard may retry without risking a second copy.
"""

from __future__ import annotations

import json
from typing import Any

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

# Before the request left: refused, unreachable, or no connection free or made in time.
NOT_SENT: tuple[type[BaseException], ...] = (
    aiohttp.ClientConnectorError,
    aiohttp.ConnectionTimeoutError,
)


class AiohttpRequest(BaseRequest):
    """`connections` calls at once at most; time-outs in seconds (None: no limit)."""

    def __init__(
        self,
        connections: int = 16,
        read_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
    ) -> None:
        self._connections = connections
        self._read_timeout = read_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=self._connections),
                headers={"User-Agent": self.USER_AGENT},
            )

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("AiohttpRequest is not initialized")
        timeout = self._timeout(read_timeout, connect_timeout, pool_timeout)
        try:
            async with self._session.request(
                method, url, data=_body(request_data), timeout=timeout
            ) as response:
                return response.status, await response.read()
        except (TimeoutError, aiohttp.ServerTimeoutError) as err:
            raise TimedOut from err
        except aiohttp.ClientError as err:
            # aiohttp's text quotes the URL, and the URL holds the token: the method only
            text = str(err).replace(url, url.rsplit("/", 1)[-1])
            raise NetworkError(f"aiohttp.{type(err).__name__}: {text}") from err

    def _timeout(
        self, read: ODVInput[float], connect: ODVInput[float], pool: ODVInput[float]
    ) -> aiohttp.ClientTimeout:
        read = self._read_timeout if isinstance(read, DefaultValue) else read
        connect = self._connect_timeout if isinstance(connect, DefaultValue) else connect
        pool = self._pool_timeout if isinstance(pool, DefaultValue) else pool
        # aiohttp's `connect` covers waiting for a free connection and making a new one
        waiting = None if connect is None or pool is None else connect + pool
        return aiohttp.ClientTimeout(
            total=None, connect=waiting, sock_connect=connect, sock_read=read
        )


def _body(request_data: RequestData | None) -> Any:
    """A JSON body, which Telegram takes for every call but a file upload: form fields (as
    PTB's own client sends) percent-encode each byte of Chinese text in Python, 9 characters
    for one, and cost more than the rest of the call. Multipart when a file goes up."""
    if request_data is None:
        return None
    if not request_data.contains_files:
        return aiohttp.BytesPayload(
            json.dumps(request_data.parameters, ensure_ascii=False).encode(),
            content_type="application/json",
        )
    form = aiohttp.FormData()
    for name, value in request_data.json_parameters.items():
        form.add_field(name, value)
    for name, part in request_data.multipart_data.items():
        filename, content, *mime = part
        form.add_field(name, content, filename=filename, content_type=mime[0] if mime else None)
    return form

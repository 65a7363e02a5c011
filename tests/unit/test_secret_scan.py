"""The secret scan (test 9) catches a leak, and the product's redaction prevents one."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

import pytest
from telegram.error import NetworkError

from bot.logging_setup import REDACTED, redact_everywhere
from bot.services.delivery import outbox
from handlers.errors import admin_report
from handlers.transport.telegram_http import AiohttpRequest
from tests.fakes import FixedClock, InMemoryStore
from tests.secret_scan import SCAN, TOKEN


def test_a_record_with_the_token_is_caught() -> None:
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1, "POST /bot%s/x", (TOKEN,), None)
    before = len(SCAN.leaks)
    SCAN.handle(record)
    assert len(SCAN.leaks) == before + 1
    del SCAN.leaks[before:]  # planted by this test, not a leak of the product


def test_records_are_redacted_as_they_are_made() -> None:
    redact_everywhere([TOKEN])
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(self.format(record))

    logger = logging.getLogger("httpx.test")
    keep = Keep()
    logger.addHandler(keep)
    try:
        logger.warning("HTTP Request: POST http://127.0.0.1/bot%s/getUpdates", TOKEN)
        try:
            raise ConnectionError(f"http://127.0.0.1/bot{TOKEN}/sendMessage refused")
        except ConnectionError:
            logger.exception("failed")
    finally:
        logger.removeHandler(keep)
    assert all(TOKEN not in text for text in seen)
    assert REDACTED in seen[0] and REDACTED in seen[1]


async def _broken_server() -> tuple[asyncio.Server, int]:
    """Answers every request with a malformed Content-Length (aiohttp's error quotes the
    URL it was asked for)."""

    async def answer(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: lots\r\n\r\n{}")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def test_a_failed_call_to_telegram_carries_no_token() -> None:
    server, port = await _broken_server()
    request = AiohttpRequest()
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as caught:
            await request.do_request(f"http://127.0.0.1:{port}/bot{TOKEN}/sendMessage", "POST")
    finally:
        await request.shutdown()
        server.close()
    assert TOKEN not in str(caught.value) and "sendMessage" in str(caught.value)


async def test_the_admin_report_and_a_stored_error_carry_no_token() -> None:
    redact_everywhere([TOKEN])
    store = InMemoryStore()
    clock = FixedClock(datetime(2026, 12, 5, 10, tzinfo=UTC))
    error = ConnectionError(f"http://127.0.0.1/bot{TOKEN}/sendMessage refused")
    await outbox.enqueue(store.uow_factory, clock, 1, "alert", kind="notice")
    (message,) = await outbox.due(store.uow_factory, clock, 10, quiet_hours=False)
    await outbox.record_outcome(
        store.uow_factory, clock, message, outbox.Outcome(error=f"failed: {error}")
    )
    report = admin_report(error)
    assert TOKEN not in report and "redacted" in report
    (row,) = store.tables.outbox.values()
    assert row.last_error is not None and TOKEN not in row.last_error

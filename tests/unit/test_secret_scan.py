"""The secret scan (test 9) catches a leak, and the product's redaction prevents one."""

from __future__ import annotations

import logging

from bot.logging_setup import REDACTED, redact_everywhere
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

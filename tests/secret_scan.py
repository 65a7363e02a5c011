"""A log handler that looks for the tests' token and webhook secrets in every record."""

from __future__ import annotations

import logging

from tests.e2e.helpers import TOKEN

WEBHOOK_SECRETS = ("s3cret-value",)  # tests/e2e/test_entrypoint.py
SECRETS = (TOKEN, TOKEN.split(":", 1)[1], *WEBHOOK_SECRETS)


class SecretScan(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records = 0
        self.leaks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records += 1
        text = self.format(record)
        if any(secret in text for secret in SECRETS):
            self.leaks.append(f"{record.name} ({record.pathname}:{record.lineno}): {text[:300]}")


SCAN = SecretScan()

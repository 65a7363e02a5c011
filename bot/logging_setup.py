"""Logging that never shows the bot token (httpx logs request URLs, which contain it, and
exception texts can carry the URL too)."""

from __future__ import annotations

import logging


class RedactingFormatter(logging.Formatter):
    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self.secrets:
            text = text.replace(secret, "<redacted>")
        return text


def configure_logging(level: str, secrets: list[str]) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(
        RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", secrets)
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # httpx logs every request URL (with the token) at INFO; keep it to warnings.
    quiet = max(logging.WARNING, logging.getLevelNamesMapping()[level])
    # Alembic narrates every migration step at INFO.
    for noisy in ("httpx", "httpcore", "alembic"):
        logging.getLogger(noisy).setLevel(quiet)
    # "skipped: maximum number of running instances" just means a sweep is still running.
    logging.getLogger("apscheduler").setLevel(max(logging.ERROR, quiet))

"""Logging that never shows the bot token or the webhook secret: httpx logs request URLs,
which contain the token, and exception texts can carry the URL too. `redacted` serves the
other ways a text leaves the process (the admin's error report, an outbox row's error).

`redact_everywhere` replaces them in every log record as it is made, whichever handler
shows it later (ours, a test runner's, an operator's); `configure_logging` sets up the
process's own output."""

from __future__ import annotations

import logging
from typing import Any

REDACTED = "<redacted>"
_secrets: set[str] = set()
_factory = logging.getLogRecordFactory()


def redacted(text: str) -> str:
    """`text` with every secret given to `redact_everywhere` taken out: for what leaves the
    process by other ways than the logs (an admin report, a stored error)."""
    for secret in _secrets:
        text = text.replace(secret, REDACTED)
    return text


def _make_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    record = _factory(*args, **kwargs)
    try:
        message = record.getMessage()
    except (TypeError, ValueError):  # bad arguments: logging reports that when it emits
        return record
    if any(secret in message for secret in _secrets):
        record.msg, record.args = redacted(message), None
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        if any(secret in str(error) for secret in _secrets):
            record.exc_text = redacted(
                logging.Formatter().formatException(record.exc_info)  # type: ignore[arg-type]
            )
    return record


def redact_everywhere(secrets: list[str]) -> None:
    """From now on, no log record made in this process carries these strings."""
    _secrets.update(s for s in secrets if s)
    if _secrets:
        logging.setLogRecordFactory(_make_record)


class RedactingFormatter(logging.Formatter):
    """A second line of defence for text added after the record was made (tracebacks)."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text


def configure_logging(level: str, secrets: list[str]) -> None:
    redact_everywhere(secrets)
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

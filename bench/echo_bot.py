"""The framework's floor: a bare python-telegram-bot echo bot (long polling, one reply per
message, nothing stored), run by bench/update_throughput.py against the same fake as ours.

Usage: TELEGRAM_BOT_TOKEN=... TELEGRAM_API_BASE_URL=... python -m bench.echo_bot
"""

from __future__ import annotations

import os

from telegram import Update
from telegram.ext import ApplicationBuilder, ContextTypes, MessageHandler, filters


async def echo(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    if update.effective_message is not None and update.effective_message.text:
        await update.effective_message.reply_text(update.effective_message.text)


def main() -> None:
    app = (
        ApplicationBuilder()
        .token(os.environ["TELEGRAM_BOT_TOKEN"])
        .base_url(os.environ["TELEGRAM_API_BASE_URL"])
        .build()
    )
    app.add_handler(MessageHandler(filters.TEXT, echo))
    app.run_polling(poll_interval=0, timeout=1)


if __name__ == "__main__":
    main()

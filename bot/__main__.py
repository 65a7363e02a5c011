"""Command line: `tradecircle run [--webhook]`, `tradecircle migrate`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from urllib.parse import urlsplit

from pydantic import ValidationError

from bot.config import Settings
from bot.logging_setup import configure_logging

NO_TOKEN = """\
TradeCircle needs a Telegram bot token to run.

  1. Open Telegram and talk to @BotFather (https://t.me/BotFather).
  2. Send /newbot, choose a name and a username; BotFather replies with a token.
  3. Put it in a file named .env here:   TELEGRAM_BOT_TOKEN=123456:ABC...
     (or export TELEGRAM_BOT_TOKEN=... in your shell), then run this again.

See .env.example for every other setting.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tradecircle", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the bot (long polling by default)")
    run.add_argument("--webhook", action="store_true", help="serve a webhook instead of polling")
    sub.add_parser("migrate", help="upgrade the database schema to this version")
    args = parser.parse_args(argv)
    command = args.command or "run"

    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"Invalid settings:\n{exc}", file=sys.stderr)
        return 2
    secrets = [s for s in (settings.token(), _secret(settings)) if s]
    configure_logging(settings.log_level, secrets)

    if command == "migrate":
        from storage.migrate import upgrade_to_head

        asyncio.run(upgrade_to_head(settings.database_url))
        print("Database schema is up to date.")
        return 0
    return _run(settings, webhook=getattr(args, "webhook", False))


def _secret(settings: Settings) -> str | None:
    token = settings.webhook_secret_token
    return token.get_secret_value() if token else None


def _run(settings: Settings, *, webhook: bool) -> int:
    if not settings.token():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    secret = _secret(settings)
    if webhook and (not secret or not settings.webhook_url):
        print("Webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET_TOKEN.", file=sys.stderr)
        return 2
    from bot.app import build_application, prepare_database
    from storage.migrate import SchemaTooNew

    try:
        asyncio.run(prepare_database(settings))
    except SchemaTooNew as exc:
        print(f"Refusing to run: {exc}", file=sys.stderr)
        return 3
    app = build_application(settings)
    if webhook:
        assert settings.webhook_url is not None
        app.run_webhook(
            listen=settings.webhook_listen,
            port=settings.webhook_port,
            # serve the path Telegram will post to, so a proxy can pass requests through as-is
            url_path=urlsplit(settings.webhook_url).path.strip("/"),
            webhook_url=settings.webhook_url,
            secret_token=secret,
        )
    else:
        app.run_polling(drop_pending_updates=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

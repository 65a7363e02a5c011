"""Command line: `tradecircle run [--webhook]`, `tradecircle playground`, `tradecircle migrate`.

With no TELEGRAM_BOT_TOKEN, `run` opens the playground: the real bot on a local Telegram.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from urllib.parse import urlsplit

from pydantic import ValidationError

from bot.config import Settings
from bot.logging_setup import configure_logging

NO_TOKEN = """\
No TELEGRAM_BOT_TOKEN is set, so TradeCircle starts its playground: the real bot on a local
Telegram in your browser. To run it on Telegram, get a token from @BotFather (/newbot), put
TELEGRAM_BOT_TOKEN=123456:ABC... in a file named .env here, and run this again.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tradecircle", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the bot (long polling by default)")
    run.add_argument("--webhook", action="store_true", help="serve a webhook instead of polling")
    run.add_argument(
        "--workers",
        type=int,
        default=1,
        help="webhook mode: this many worker processes, all on the webhook port",
    )
    run.add_argument("--worker", help=argparse.SUPPRESS)  # "k/n": one of --workers N
    sub.add_parser("migrate", help="upgrade the database schema to this version")
    playground = sub.add_parser(
        "playground", help="the bot in a browser, on a local Telegram (no token needed)"
    )
    playground.add_argument("--port", type=int, default=8080, help="default 8080; 0 picks one")
    playground.add_argument("--host", default="127.0.0.1")
    playground.add_argument("--empty", action="store_true", help="start without demo posts")
    playground.add_argument(
        "--db",
        choices=("reset", "keep"),
        default="reset",
        help="its own SQLite file (tradecircle-playground.db): start afresh (default) or keep",
    )
    args = parser.parse_args(argv)
    command = args.command or "run"

    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"Invalid settings:\n{exc}", file=sys.stderr)
        return 2
    secrets = [s for s in (settings.token(), _secret(settings)) if s]
    configure_logging(settings.log_level, secrets)

    if command == "playground" or command == "run" and not settings.token():
        # The playground's own lines (where to open it) matter more than the bot's chatter.
        logging.getLogger().setLevel(max(logging.WARNING, logging.getLogger().level))
    if command == "playground":
        return _playground(args.host, args.port, empty=args.empty, keep=args.db == "keep")
    if command == "migrate":
        from storage.migrate import upgrade_to_head

        asyncio.run(upgrade_to_head(settings.database_url))
        print("Database schema is up to date.")
        return 0
    return _run(
        settings,
        webhook=getattr(args, "webhook", False),
        workers=getattr(args, "workers", 1),
        worker=getattr(args, "worker", None),
    )


def _secret(settings: Settings) -> str | None:
    token = settings.webhook_secret_token
    return token.get_secret_value() if token else None


def _playground(host: str, port: int, *, empty: bool, keep: bool) -> int:
    from bot.playground.runner import Options, run

    return run(Options(host=host, port=port, demo_posts=not empty, keep_database=keep))


def _run(settings: Settings, *, webhook: bool, workers: int, worker: str | None) -> int:
    if not settings.token():
        if webhook:
            print("Webhook mode needs TELEGRAM_BOT_TOKEN.", file=sys.stderr)
            return 2
        print(NO_TOKEN, flush=True)
        return _playground("127.0.0.1", 8080, empty=False, keep=False)
    secret = _secret(settings)
    if webhook and (not secret or not settings.webhook_url):
        print("Webhook mode needs WEBHOOK_URL and WEBHOOK_SECRET_TOKEN.", file=sys.stderr)
        return 2
    if workers > 1 and not webhook:
        print("Several workers need webhook mode (--webhook).", file=sys.stderr)
        return 2
    if workers > 1 and settings.database_url.startswith("sqlite"):
        # Several processes writing one SQLite file is what SQLite before 3.51.3 can corrupt.
        print("Several workers need PostgreSQL (DATABASE_URL=postgresql://...).", file=sys.stderr)
        return 2
    from bot.app import build_application, prepare_database, wait_for_lease, warm_up
    from bot.services.delivery import leases
    from handlers.transport.stopping import STOP_DEADLINE
    from storage.migrate import SchemaTooNew

    try:
        asyncio.run(prepare_database(settings))
    except SchemaTooNew as exc:
        print(f"Refusing to run: {exc}", file=sys.stderr)
        return 3
    if webhook:
        assert settings.webhook_url is not None and secret is not None
        # serve the path Telegram will post to, so a proxy can pass requests through as-is
        url_path = urlsplit(settings.webhook_url).path.strip("/")
        if workers > 1:
            from bot.workers import run_workers

            return run_workers(settings, workers, secret)
        from handlers.transport.webhook import run_webhook

        number = int(worker.split("/")[0]) if worker is not None else 0
        run_webhook(
            build_application(
                settings,
                background_jobs=number == 0,
                stop_deadline=STOP_DEADLINE,
                webhook=True,
            ),
            listen=settings.webhook_listen,
            port=settings.webhook_port,
            url_path=url_path,
            # one of several workers: their parent tells Telegram once one listens
            webhook_url=settings.webhook_url if worker is None else None,
            secret=secret,
        )
    else:
        holder = leases.new_holder()
        warm_up()
        index = asyncio.run(wait_for_lease(settings, holder))
        app = build_application(
            settings, lease_holder=holder, index=index, stop_deadline=STOP_DEADLINE
        )
        app.run_polling(drop_pending_updates=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

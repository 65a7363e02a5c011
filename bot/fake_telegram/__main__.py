"""Run the fake Bot API standalone: ``python -m bot.fake_telegram --port 8081``.

Prints the base_url to give a bot (``ApplicationBuilder().base_url(...)``) and serves until
interrupted. ``--user NAME`` pre-creates users, whose ids are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from bot.fake_telegram.fake import FakeTelegram
from bot.fake_telegram.limits import FloodLimits


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.fake_telegram", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8081, help="0 picks a free port")
    parser.add_argument("--token", default="123:ABC")
    parser.add_argument("--bot-username", default="tradecircle_test_bot")
    parser.add_argument("--no-flood-limits", action="store_true")
    parser.add_argument("--user", action="append", default=[], help="create a user (repeat)")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    limits = FloodLimits.off() if args.no_flood_limits else FloodLimits()
    fake = FakeTelegram(
        args.token, bot_username=args.bot_username, limits=limits, host=args.host, port=args.port
    )
    async with fake:
        print(f"fake Telegram Bot API: base_url={fake.base_url} token={fake.token}", flush=True)
        for name in args.user:
            handle = fake.user(name, username=name.lower())
            print(f"user {name}: id={handle.id}", flush=True)
        await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(parse_args(argv)))


if __name__ == "__main__":
    main()

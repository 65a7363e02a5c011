"""Starting the playground: the fake Bot API, the real bot against it (its own SQLite file
and a movable clock), the demo world, and the page."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import signal
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import SecretStr

from bot.app import build_application, prepare_database
from bot.config import Settings
from bot.fake_telegram import FakeTelegram, FloodLimits, Window
from bot.playground import world as demo
from bot.playground.clock import MovableClock
from bot.playground.quiet import QuietNotes
from bot.playground.web import Playground

log = logging.getLogger(__name__)

TOKEN = "1000001:playground-token"  # the fake's; never a real bot's
DATABASE = Path("tradecircle-playground.db")  # next to, never instead of, tradecircle.db
# Telegram lets short bursts into one chat before it answers 429 (the fake's default allows
# 3 in 3 s, the strictest reading): a roomier burst, so a visitor clicking fast is not kept
# waiting by the outbox, while floods are still refused as Telegram would.
LIMITS = FloodLimits(private_chat=Window(10, 5.0))


@dataclass(frozen=True)
class Options:
    host: str = "127.0.0.1"
    port: int = 8080
    demo_posts: bool = True  # --empty turns them off
    keep_database: bool = False  # --db keep: the bot remembers the last session's posts
    database: Path = DATABASE


class RunningPlayground:
    """Everything the playground runs, started and stopped in order; tests use it too."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.fake = FakeTelegram(
            TOKEN, bot_username="TradeCircleBot", bot_name="TradeCircle", limits=LIMITS
        )
        self.clock = MovableClock()
        # messages are dated as the bot sees time, so the page agrees with what it says
        self.fake.state.clock = lambda: self.clock.now().timestamp()
        self.quiet: QuietNotes | None = None
        self.app: Any = None
        self.site_runner: web.AppRunner | None = None
        self.page: Playground | None = None
        self.address = ""
        self.busy_port: int | None = None

    async def start(self) -> str:
        options = self.options
        reuse = await asyncio.to_thread(_prepare_file, options)
        await self.fake.start()
        world = demo.create(self.fake)
        settings = Settings(
            telegram_bot_token=SecretStr(TOKEN),
            telegram_api_base_url=self.fake.base_url,
            database_url=f"sqlite:///{options.database.resolve()}",
            admin_chat_id=None,
            outbox_interval=0.3,
            sweep_interval=1.0,  # so a moved clock shows its effect at once
            reminder_tick=timedelta(seconds=1),
            circle_digest_interval=2.0,  # the circles' digests and Monday reports, too
        )
        await prepare_database(settings)
        self.app = build_application(settings, clock=self.clock)
        await self.app.initialize()
        await self.app.post_init(self.app)
        await self.app.updater.start_polling(poll_interval=0, timeout=10)
        await self.app.start()
        await self.fake.wait_polling()
        await demo.add_bot_to_circle(self.fake, world)
        if options.demo_posts and not reuse:
            await demo.seed_posts(self.fake, world)
        uow_factory = self.app.bot_data.use_cases.dependencies.uow_factory
        self.quiet = QuietNotes(uow_factory, self.clock, self._name_of, self.fake.state.notify)
        self.quiet.start()
        self.page = Playground(self.fake, world, self.clock, self.quiet.note)
        # a stop waits this long at most for requests under way (event streams end at once)
        self.site_runner = web.AppRunner(self.page.app, access_log=None, shutdown_timeout=2.0)
        await self.site_runner.setup()
        try:
            await web.TCPSite(self.site_runner, options.host, options.port).start()
        except OSError:
            if options.port == 0:
                raise
            self.busy_port = options.port  # another program has it: any free port will do
            await web.TCPSite(self.site_runner, options.host, 0).start()
        host, port = self.site_runner.addresses[0][:2]
        self.address = f"http://{host}:{port}/"
        return self.address

    def _name_of(self, user_id: int) -> str:
        user = self.fake.state.users.get(user_id)
        return " ".join(p for p in (user.first_name, user.last_name) if p) if user else "Someone"

    async def stop(self) -> None:
        if self.quiet is not None:
            await self.quiet.stop()
        if self.page is not None:
            self.page.close()
        if self.site_runner is not None:
            await self.site_runner.cleanup()
        app, self.app = self.app, None
        if app is not None:
            if app.updater.running:
                await app.updater.stop()
            if app.running:
                await app.stop()
            await app.shutdown()
            await app.post_shutdown(app)
        await self.fake.stop()


def _prepare_file(options: Options) -> bool:
    """Start afresh unless asked to keep the database; True when an earlier one is reused."""
    if options.keep_database:
        return options.database.exists()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{options.database}{suffix}").unlink(missing_ok=True)
    shutil.rmtree(f"{options.database}.vectors", ignore_errors=True)  # its saved dense index
    return False


def run(options: Options) -> int:
    """Serve until Ctrl+C."""
    return asyncio.run(_serve(options))


async def _serve(options: Options) -> int:
    playground = RunningPlayground(options)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        address = await playground.start()
    except OSError as exc:
        print(f"The playground could not start: {exc}. Try another --port.")
        await playground.stop()
        return 2
    if playground.busy_port is not None:
        print(f"Port {playground.busy_port} is taken, so the playground uses another one.")
    print(f"TradeCircle playground: open {address} in your browser (Ctrl+C stops it).")
    print(
        "To run on real Telegram instead, put TELEGRAM_BOT_TOKEN=... (from @BotFather) in .env"
        " and run `tradecircle run` again.",
        flush=True,
    )
    await stop.wait()
    await playground.stop()
    return 0

"""Composition root: the only module that wires handlers to storage.

`build_application(settings)` returns a PTB Application whose resources start in
`post_init` and stop in `post_shutdown`; nothing happens at import time.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any, cast

from telegram.ext import Application, ApplicationBuilder, ContextTypes, Defaults

import handlers
from bot.bootstrap import bootstrap
from bot.config import Settings
from bot.context import ENCODE_JOB, BotContext, BotServices
from bot.domain import parsing
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.scoring import Thresholds
from bot.domain.vocabulary import loading as vocabulary
from bot.logging_setup import redact_everywhere
from bot.pictures.painter import Painter
from bot.services.clock import SystemClock
from bot.services.delivery import inbox, leases
from bot.services.delivery.rate_limits import RateLimits
from bot.services.matching import index_loading, index_sync, indexing, meaning_files
from bot.services.ports import Clock
from handlers.circle_report import send_weekly_reports
from handlers.commands import publish_commands
from handlers.jobs import (
    catch_up_index,
    encode_posts,
    end_conversations,
    expire_posts,
    housekeeping,
    load_vectors,
    refresh_index,
    renew_lease,
    save_vectors,
    send_circle_digests,
    send_reminders,
    take_updates,
)
from handlers.transport.chat_order import WORKING_UPDATES, ChatOrderedProcessor
from handlers.transport.durable_bot import DurableBot
from handlers.transport.outbox_dispatcher import OutboxDispatcher
from handlers.transport.persistence import DatabasePersistence
from handlers.transport.queue import TICK, InboxQueue
from handlers.transport.send_guard import SendGuard
from handlers.transport.senders import Senders
from handlers.transport.stopping import TradeApplication
from handlers.transport.telegram_http import AiohttpRequest
from storage.migrate import ensure_schema
from storage.unit_of_work import Database

log = logging.getLogger(__name__)

REPLY_RETRIES = 5  # 429s in a row a reply waits out before it gives up
# Connections to Telegram for everything but getUpdates: the updates worked on at once
# need no more.
TELEGRAM_CONNECTIONS = WORKING_UPDATES
MEANING_TICK = 1.0  # seconds: a new post is found by meaning a second or two after it opens
INDEX_CATCH_UP = 1.0  # seconds: how stale another process's posts may be in this one's /search
INDEX_REFRESH = 1.0  # seconds between two batches of posts an older vocabulary derived
TradeApp = Application[Any, BotContext, Any, Any, BotServices, Any]


async def prepare_database(settings: Settings) -> None:
    """Upgrade the schema before the Application starts (persistence reads it on start);
    raises SchemaTooNew when the database was written by a newer version."""
    await ensure_schema(settings.database_url)


def build_matching_index(settings: Settings) -> indexing.MatchingIndex:
    policy = indexing.MatchPolicy(
        max_alerts_per_need=settings.max_alerts_per_need,
        max_alerts_per_day=settings.max_alerts_per_day,
        rates=settings.rates(),
    )
    thresholds = Thresholds()
    if settings.match_alert_threshold is not None:
        thresholds = Thresholds(
            alert=settings.match_alert_threshold,
            min_score=min(thresholds.min_score, settings.match_alert_threshold),
        )
    return indexing.MatchingIndex(policy, MatchingEngine(thresholds=thresholds))


def warm_up() -> None:
    """Load jieba, OpenCC, the trade dictionary and the glossary now, not on a message (a
    standby does it while it waits, so that taking over is quick)."""
    parsing.warm_up()
    vocabulary.warm_up()


async def wait_for_lease(settings: Settings, holder: str) -> indexing.MatchingIndex | None:
    """Return once this process holds the polling lease: a second process on the same token
    and database waits here as a standby instead of fighting Telegram's 409. A standby builds
    its matching index while it waits and keeps it in step (`index_sync`), and returns it:
    taking over then costs a catch-up, not a rebuild. None when the lease was free at once."""
    database = Database.from_url(settings.database_url)
    ttl, clock = settings.lease_ttl, SystemClock()
    try:
        if await leases.take(database.uow, clock, holder, ttl):
            return None
        log.warning("standby: another process polls this bot; taking over when it stops")
        index = build_matching_index(settings)
        loaded = await index_loading.rebuild(database.uow, clock, index)
        log.info("standby: matching index built with %d open posts", loaded)
        while not await leases.take(database.uow, clock, holder, ttl):
            await index_sync.catch_up_now(database.uow, clock, index)
            await asyncio.sleep(ttl.total_seconds() / 6)
        log.warning("standby: the lease was free; this process polls now")
        return index
    finally:
        await database.dispose()


def build_application(
    settings: Settings,
    *,
    clock: Clock | None = None,
    lease_holder: str | None = None,
    background_jobs: bool = True,
    index: indexing.MatchingIndex | None = None,
    stop_deadline: float | None = None,
    webhook: bool = False,
) -> TradeApp:
    """The bot. `background_jobs=False` (webhook workers but the first) runs only what keeps
    this process's index in step; outbox kicks after its own use cases still send at once.
    `index`: one a standby built while it waited (`wait_for_lease`), only caught up here.
    `stop_deadline`: seconds after which a graceful stop ends the process anyway (the
    entrypoint's; handlers/transport/stopping.py). `webhook`: other processes may take a
    person's next update, so their user_data is read again before each of it."""
    token = settings.token()
    if not token:
        raise ValueError("TELEGRAM_BOT_TOKEN is not set")
    secret = settings.webhook_secret_token
    redact_everywhere([token, secret.get_secret_value() if secret else ""])
    database = Database.from_url(settings.database_url)
    context_types = ContextTypes(context=BotContext, bot_data=BotServices)
    dispatcher = OutboxDispatcher(
        settings.outbox_interval,
        settings.telegram_private_chat_interval,
        settings.telegram_group_messages_per_minute,
    )
    built = index is not None
    index = index or build_matching_index(settings)

    async def post_init(app: TradeApp) -> None:
        warm_up()  # at once if the standby wait did it already
        clock = app.bot_data.clock
        if not built:  # a standby's was built while it waited
            loaded = await index_loading.rebuild(database.uow, clock, index)
            log.info("matching index rebuilt with %d open posts", loaded)
        caught_up = await app.bot_data.use_cases.background.catch_up_index()
        log.info("matching index caught up with %d changes", caught_up)
        background = app.bot_data.use_cases.background
        if background.vectors_folder is not None:  # the saved dense index, less what changed
            kept = await background.load_saved_vectors()
            log.info("dense index: %d posts' vectors loaded from its saved copy", kept)
        # the others' follow, a batch a second (`meaning.load_vectors`): start-up does not
        # wait for the dense index to be built
        log.info("%d posts' vectors to load or make", len(index.unencoded))
        if lease_holder is not None:  # the poller: what a previous poller held is ours
            await app.bot_data.use_cases.delivery.take_over()
        taken = await queue.fill(app)  # what a previous run or a dead worker left
        if taken:
            log.warning("handling %d updates a previous run did not finish", taken)
        await publish_commands(app.bot, settings.default_language)
        if app.job_queue is not None:
            app.job_queue.run_repeating(
                catch_up_index, interval=INDEX_CATCH_UP, first=INDEX_CATCH_UP, name="index"
            )
            app.job_queue.run_repeating(take_updates, interval=TICK, first=TICK, name="queue")
            if settings.find_by_meaning:
                app.job_queue.run_repeating(
                    load_vectors, interval=MEANING_TICK, first=MEANING_TICK, name="vectors"
                )
        if app.job_queue is not None and background_jobs:
            dispatcher.start(app.job_queue)
            app.job_queue.run_repeating(
                expire_posts, interval=settings.sweep_interval, first=1.0, name="expire-posts"
            )
            if settings.find_by_meaning:
                app.job_queue.run_repeating(
                    encode_posts, interval=MEANING_TICK, first=MEANING_TICK, name=ENCODE_JOB
                )
            if app.bot_data.use_cases.background.vectors_folder is not None:
                every = meaning_files.SAVE_EVERY.total_seconds()
                app.job_queue.run_repeating(save_vectors, interval=every, first=every)
            app.job_queue.run_repeating(
                send_reminders,
                interval=settings.reminder_tick.total_seconds(),
                first=1.0,
                name="reminders",
            )
            app.job_queue.run_repeating(
                end_conversations,
                interval=settings.reminder_tick.total_seconds(),
                first=1.0,
                name="conversations",
            )
            app.job_queue.run_repeating(
                send_circle_digests,
                interval=settings.circle_digest_interval,
                first=min(5.0, settings.circle_digest_interval),
                name="circle-digests",
            )
            app.job_queue.run_repeating(
                send_weekly_reports,
                interval=settings.circle_digest_interval,
                first=min(5.0, settings.circle_digest_interval),
                name="weekly-reports",
            )
            app.job_queue.run_repeating(housekeeping, interval=3600, first=60, name="housekeeping")
            app.job_queue.run_repeating(
                refresh_index, interval=INDEX_REFRESH, first=INDEX_REFRESH, name="index-refresh"
            )
            if lease_holder is not None:
                app.job_queue.run_repeating(
                    renew_lease,
                    interval=settings.lease_ttl.total_seconds() / 3,
                    first=settings.lease_ttl.total_seconds() / 3,
                    name="lease",
                    data=lease_holder,
                )
        log.info("TradeCircle is up as @%s", app.bot.username)

    async def post_shutdown(app: TradeApp) -> None:
        background = app.bot_data.use_cases.background
        if background_jobs and background.vectors_folder is not None:
            await background.save_vectors()  # the next start-up loads it
        if app.bot_data.done_marks is not None:
            await app.bot_data.done_marks.close()
        if app.bot_data.painter is not None:
            app.bot_data.painter.close()
        await app.bot_data.use_cases.delivery.let_go()  # others take our people at once
        if lease_holder is not None:
            await app.bot_data.use_cases.background.release_lease(lease_holder)
        await database.dispose()

    senders = Senders()
    database.users_written = senders.wrote
    bot = DurableBot(
        token,
        base_url=settings.telegram_api_base_url,
        base_file_url=settings.telegram_api_base_url.replace("/bot", "/file/bot", 1),
        defaults=Defaults(block=True),
        # One call at a time per chat; a 429 is waited out for that chat and tried again;
        # 5xx and dropped connections are tried again; read time-outs are not.
        rate_limiter=SendGuard(
            retries=REPLY_RETRIES,
            per_second=settings.telegram_messages_per_second,
            group_per_minute=settings.telegram_group_messages_per_minute,
        ),
        request=AiohttpRequest(connections=TELEGRAM_CONNECTIONS),
        get_updates_request=AiohttpRequest(connections=1),
    )
    app: TradeApp = (
        ApplicationBuilder()
        .application_class(TradeApplication)
        .bot(bot)
        .context_types(context_types)
        .concurrent_updates(ChatOrderedProcessor(finished=senders.finished))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .persistence(DatabasePersistence(database.uow, shared=webhook))
        .build()
    )
    worker = lease_holder or leases.new_holder()
    use_cases = bootstrap(settings, database.uow, clock or SystemClock(), index, worker)
    services = app.bot_data
    services.configure(use_cases)
    services.outbox = dispatcher
    services.done_marks = inbox.DoneMarks(
        database.uow, services.clock, keep_state=app.update_persistence
    )
    services.senders = senders
    services.painter = Painter()
    services.queue = queue = InboxQueue()
    services.rate_limits = RateLimits(
        burst=settings.rate_limit_burst, rate=settings.rate_limit_per_second
    )
    bot.keep_in(use_cases.delivery.store_fetched, partial(queue.take, app), senders)
    handlers.register(app)
    cast(TradeApplication, app).stop_deadline = stop_deadline  # the builder's class
    return app

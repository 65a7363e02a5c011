"""The background jobs' use cases: reminders, expiry, the index kept in step and refreshed,
posts' vectors made and loaded, housekeeping, ring checks, circle digests and the polling
lease."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from bot.services.circles import circle_digest
from bot.services.delivery import leases
from bot.services.matching import index_refresh, index_sync, meaning, meaning_files
from bot.services.posting import publishing
from bot.services.privacy import retention
from bot.services.reminders import sending
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.trust import deals, ratings

from .dependencies import Dependencies


class Background:
    def __init__(self, deps: Dependencies) -> None:
        u, c, index, settings = deps.uow_factory, deps.clock, deps.index, deps.settings
        due = ReminderContext(settings.schedule(), index, settings.quiet_hours)
        self.send_reminders = partial(sending.send_due, u, c, due)
        self.expire_claims = partial(deals.expire_claims, u, c)
        self.expire_posts = partial(publishing.expire_due, u, c, deps.after)
        self.catch_up_index = partial(index_sync.catch_up_now, u, c, index)
        self.refresh_index = partial(index_refresh.refresh_stale, u, c, index)
        self.encode_posts = partial(meaning.encode_new, u, c, index, schedule=settings.schedule())
        self.load_vectors = partial(meaning.load_vectors, u, index)
        # the dense index saved and loaded (meaning_files), where a folder is set
        self.vectors_folder = settings.meaning_folder() if settings.find_by_meaning else None
        folder = self.vectors_folder or Path()
        self.load_saved_vectors = partial(meaning_files.load, u, c, index, folder)
        self.save_vectors = partial(meaning_files.save_if_changed, u, c, index, folder)
        self.purge = partial(retention.purge, u, c)
        self.flag_rings = partial(ratings.flag_rings, u, c)
        self.send_circle_digests = partial(circle_digest.send_digests, u, c)
        self.take_lease = partial(leases.take, u, c, ttl=settings.lease_ttl)
        self.release_lease = partial(leases.release, u, c)

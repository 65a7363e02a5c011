"""People: language, phone, blocking, profile, /settings and /forget."""

from __future__ import annotations

from functools import partial

from bot.services.people import profiles, users
from bot.services.privacy import forgetting
from bot.services.reminders import user_settings

from .dependencies import Dependencies


class People:
    def __init__(self, deps: Dependencies) -> None:
        u, c = deps.uow_factory, deps.clock
        self.language_of = partial(users.language_of, u)
        self.set_language = partial(users.set_language, u)
        self.set_phone = partial(users.set_phone, u)
        self.set_blocked = partial(users.set_blocked, u)
        self.profile = partial(profiles.get, u)
        self.save_profile = partial(profiles.save, u)
        self.settings_of = partial(user_settings.settings_of, u)
        self.toggle = partial(user_settings.toggle, u, c)
        self.set_timezone = partial(user_settings.set_timezone, u, c)
        self.forget = partial(forgetting.forget, u, c, deps.after)

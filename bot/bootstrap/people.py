"""People: language, phone, blocking, profile (and the time zone its region names),
/settings (the currency too), the notice of a guessed currency, and /forget."""

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
        self.currency_told = partial(users.currency_told, u)
        self.profile = partial(profiles.get, u)
        # the rates the matching index converts at: the notice names the currency they see
        self.save_profile = partial(user_settings.save_profile, u, c, deps.index.policy.rates)
        self.settings_of = partial(user_settings.settings_of, u)
        self.toggle = partial(user_settings.toggle, u, c)
        self.set_timezone = partial(user_settings.set_timezone, u, c)
        self.set_currency = partial(user_settings.set_currency, u)
        self.forget = partial(forgetting.forget, u, c, deps.after)

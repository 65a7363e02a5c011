"""The /settings message and its buttons' labels."""

from __future__ import annotations

from datetime import datetime

from bot.domain.models import User
from bot.domain.quiet_hours import zone
from bot.texts import Html, plain, t


def zone_name(user: User, city: str | None) -> str:
    return plain(user.language, f"city.{city}") if city else user.timezone


def settings_text(user: User, now: datetime, city: str | None) -> Html:
    local = now.astimezone(zone(user.timezone)).strftime("%H:%M")
    return t(user.language, "settings.text", zone=zone_name(user, city), time=local)


def switch_label(user: User, switch: str, on: bool) -> str:
    return f"{'✅' if on else '⬜'} {plain(user.language, f'settings.switch.{switch}')}"

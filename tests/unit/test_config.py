from __future__ import annotations

from datetime import timedelta

import pytest

from bot.config import Settings, normalise_database_url, parse_duration


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("sqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        ("postgresql://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgres://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
    ],
)
def test_database_urls_are_normalised(given: str, expected: str) -> None:
    assert normalise_database_url(given) == expected


def test_unknown_database_scheme_is_refused() -> None:
    with pytest.raises(ValueError):
        normalise_database_url("mysql://x")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("30d", timedelta(days=30)),
        ("12h", timedelta(hours=12)),
        ("90s", timedelta(seconds=90)),
        ("90", timedelta(seconds=90)),
        ("2w", timedelta(weeks=2)),
    ],
)
def test_durations(given: str, expected: timedelta) -> None:
    assert parse_duration(given) == expected


@pytest.mark.parametrize("bad", ["", "soon", "-3d", "0s"])
def test_bad_durations(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_duration(bad)


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123:SECRET")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///t.db")
    monkeypatch.setenv("POST_TTL", "12h")
    monkeypatch.setenv("ADMIN_CHAT_ID", "")
    settings = Settings()
    assert settings.token() == "123:SECRET"
    assert "SECRET" not in repr(settings)
    assert settings.database_url == "sqlite+aiosqlite:///t.db"
    assert settings.post_ttl == timedelta(hours=12)
    assert settings.admin_chat_id is None


def test_env_example_lists_every_setting() -> None:
    from pathlib import Path

    example = (Path(__file__).parents[2] / ".env.example").read_text()
    for name in Settings.model_fields:
        assert f"\n{name.upper()}=" in example, name

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

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


@pytest.mark.parametrize(
    "secret",
    [
        "s3cret-value",  # 12 characters: the shortest allowed (tests/e2e/test_entrypoint.py)
        "w0rkers-secret",
        "A" * 256,  # Telegram's longest
        "zH4_-" * 10,
    ],
)
def test_webhook_secrets_telegram_takes(monkeypatch: pytest.MonkeyPatch, secret: str) -> None:
    monkeypatch.setenv("WEBHOOK_SECRET_TOKEN", secret)
    token = Settings(_env_file=None).webhook_secret_token
    assert token is not None and token.get_secret_value() == secret


def test_an_empty_webhook_secret_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBHOOK_SECRET_TOKEN", "")
    assert Settings(_env_file=None).webhook_secret_token is None


@pytest.mark.parametrize(
    "secret",
    [
        "short-sec11",  # 11 characters
        "x",  # Telegram would take it, but anyone could guess it
        "A" * 257,  # over Telegram's 256
        "has spaces in it!",
        "pässwort-mit-umlaut",
        "newline-at-the-end\n",
    ],
)
def test_webhook_secrets_refused(monkeypatch: pytest.MonkeyPatch, secret: str) -> None:
    from pydantic import ValidationError

    monkeypatch.setenv("WEBHOOK_SECRET_TOKEN", secret)
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None)
    message = str(refused.value)
    assert "WEBHOOK_SECRET_TOKEN must be 12 to 256 characters of A-Z, a-z, 0-9, _ and -" in message
    assert "secrets.token_urlsafe(32)" in message
    if len(secret) > 8:  # the refused secret is not printed back
        assert secret.strip() not in message


def test_the_dense_index_is_saved_beside_a_sqlite_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MEANING_INDEX_DIR", "")  # as .env.example leaves it
    sqlite = Settings(_env_file=None, database_url=f"sqlite:///{tmp_path / 'tc.db'}")
    assert sqlite.meaning_folder() == tmp_path / "tc.db.vectors"
    postgres = Settings(_env_file=None, database_url="postgresql://tc@db/tc")
    assert postgres.meaning_folder() is None
    monkeypatch.setenv("MEANING_INDEX_DIR", str(tmp_path / "vectors"))
    assert Settings(_env_file=None, database_url="postgresql://tc@db/tc").meaning_folder() == (
        tmp_path / "vectors"
    )
    monkeypatch.delenv("MEANING_INDEX_DIR")
    assert Settings(_env_file=None, database_url="sqlite:///:memory:").meaning_folder() is None

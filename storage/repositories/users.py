"""Users and their company profiles."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, case, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import CompanyProfile, Lang, User, ZoneSource
from storage.repositories._sql import built_per_dialect, insert_for, upsert
from storage.tables import CompanyProfileRow, UserRow
from storage.types import utcnow

USERS = cast(Table, UserRow.__table__)
# read for every update, so built once, on the table (no ORM state per call)
_USER_BY_ID = select(USERS).where(USERS.c.id == bindparam("user_id"))
_USERS_BY_IDS = select(USERS).where(USERS.c.id.in_(bindparam("user_ids", expanding=True)))


_REFRESH = (  # an UPDATE's parameters may not be named after its columns
    update(USERS)
    .where(USERS.c.id == bindparam("of"), USERS.c.deleted_at.is_(None))
    .values(
        username=bindparam("handle"),
        display_name=bindparam("name"),
        blocked_bot=bindparam("blocked"),
        language=case((USERS.c.language_chosen, USERS.c.language), else_=bindparam("lang")),
        last_active_at=bindparam("active"),
        updated_at=bindparam("at"),
    )
)
# what `upsert` writes: every column
_WRITTEN = tuple(c.name for c in USERS.c)


@built_per_dialect
def _upsert_user(dialect: str) -> Any:
    """Every column but `id` overwritten (a user is registered from every batch that
    brings someone new)."""
    stmt = insert_for(dialect, USERS)
    tombstone = or_(USERS.c.deleted_at.is_not(None), stmt.excluded.deleted_at.is_not(None))
    changes: dict[str, Any] = {name: stmt.excluded[name] for name in _WRITTEN if name != "id"}
    changes["created_at"] = case((tombstone, stmt.excluded.created_at), else_=USERS.c.created_at)
    return stmt.on_conflict_do_update(index_elements=["id"], set_=changes)


def _user_from_row(row: UserRow | Row[Any]) -> User:
    return User(
        id=row.id,
        language=Lang(row.language),
        username=row.username,
        display_name=row.display_name,
        timezone=row.timezone,
        timezone_source=ZoneSource(row.timezone_source),
        currency=row.currency,
        currency_told=row.currency_told,
        phone=row.phone,
        blocked_bot=row.blocked_bot,
        language_chosen=row.language_chosen,
        created_at=row.created_at,
        last_active_at=row.last_active_at,
        reminders_off=tuple(row.reminders_off or ()),
        digest=row.digest,
        month_report=row.month_report,
        alerts_wait=row.alerts_wait,
        deleted_at=row.deleted_at,
    )


class SqlUsersRepository:
    def __init__(self, session: AsyncSession, written: set[int] | None = None) -> None:
        self._session = session
        self._written = set() if written is None else written  # ids of the rows written

    async def get(self, user_id: int) -> User | None:
        row = (await self._session.execute(_USER_BY_ID, {"user_id": user_id})).first()
        return None if row is None else _user_from_row(row)

    async def get_many(self, user_ids: Collection[int]) -> dict[int, User]:
        if not user_ids:
            return {}
        rows = await self._session.execute(_USERS_BY_IDS, {"user_ids": list(user_ids)})
        return {row.id: _user_from_row(row) for row in rows}

    async def by_username(self, username: str) -> User | None:
        row = await self._session.scalar(
            select(UserRow)
            .where(func.lower(UserRow.username) == username.lower())
            .order_by(UserRow.id)
            .limit(1)
        )
        return None if row is None else _user_from_row(row)

    async def upsert(self, user: User) -> None:
        """Insert or overwrite every field; `created_at` is kept from the first insert,
        except to or from a tombstone (/forget): it keeps no date of the person, and one
        who comes back starts afresh."""
        now = utcnow()
        values = {
            "id": user.id,
            "username": user.username,
            "display_name": user.display_name,
            "language": user.language.value,
            "language_chosen": user.language_chosen,
            "timezone": user.timezone,
            "timezone_source": user.timezone_source.value,
            "currency": user.currency,
            "currency_told": user.currency_told,
            "phone": user.phone,
            "blocked_bot": user.blocked_bot,
            "created_at": user.created_at or now,
            "last_active_at": user.last_active_at,
            "reminders_off": list(user.reminders_off),
            "digest": user.digest,
            "month_report": user.month_report,
            "alerts_wait": user.alerts_wait,
            "deleted_at": user.deleted_at,
            "updated_at": now,
        }
        assert values.keys() == set(_WRITTEN), "upsert writes every column"
        self._written.add(user.id)
        await self._session.execute(_upsert_user(self._session), values)

    async def refresh(self, user: User) -> None:
        self._written.add(user.id)
        values = {
            "of": user.id,
            "handle": user.username,
            "name": user.display_name,
            "blocked": user.blocked_bot,
            "lang": user.language.value,
            "active": user.last_active_at,
            "at": utcnow(),
        }
        await self._session.execute(_REFRESH, values)

    async def set_language(self, user_id: int, language: Lang, *, chosen: bool) -> None:
        self._written.add(user_id)
        await self._session.execute(
            update(UserRow)
            .where(UserRow.id == user_id)
            .values(language=language.value, language_chosen=chosen, updated_at=utcnow())
        )

    async def set_blocked(self, user_id: int, blocked: bool) -> None:
        self._written.add(user_id)
        await self._session.execute(
            update(UserRow)
            .where(UserRow.id == user_id)
            .values(blocked_bot=blocked, updated_at=utcnow())
        )

    async def set_currency_told(self, user_id: int) -> None:
        self._written.add(user_id)
        await self._session.execute(
            update(UserRow)
            .where(UserRow.id == user_id, UserRow.deleted_at.is_(None))
            .values(currency_told=True, updated_at=utcnow())
        )


class SqlProfilesRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, user_id: int) -> CompanyProfile | None:
        row = await self._session.scalar(
            select(CompanyProfileRow)
            .where(CompanyProfileRow.user_id == user_id)
            .execution_options(populate_existing=True)
        )
        if row is None:
            return None
        return CompanyProfile(
            user_id=row.user_id,
            company_name=row.company_name,
            region=row.region,
            main_products=row.main_products,
            keywords=tuple(row.keywords),
        )

    async def save(self, profile: CompanyProfile) -> None:
        values = {
            "user_id": profile.user_id,
            "company_name": profile.company_name,
            "region": profile.region,
            "main_products": profile.main_products,
            "keywords": list(profile.keywords),
            "updated_at": utcnow(),
        }
        await self._session.execute(
            upsert(self._session, CompanyProfileRow, values, key=["user_id"])
        )

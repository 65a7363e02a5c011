"""Fake trust events, matches and contact requests repositories."""

from __future__ import annotations

import copy
import dataclasses
from datetime import datetime

from bot.domain.models import (
    ContactRequest,
    ContactStatus,
    Match,
    TrustEvent,
)
from tests.fakes.base import (
    _json,
    _Repository,
    _require,
    _utc,
    _utc_or_none,
)


class FakeTrustEventsRepository(_Repository):
    async def add(self, event: TrustEvent) -> int:
        tables = self._write
        _require(event.user_id in tables.users, "trust_events.user_id")
        stored = dataclasses.replace(
            event, id=tables.next_id("trust_events"), at=_utc(event.at), detail=_json(event.detail)
        )
        tables.trust_events[stored.id] = stored  # type: ignore[index]
        event.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def list_for_user(self, user_id: int, limit: int = 1000) -> list[TrustEvent]:
        """The user's most recent `limit` events, returned oldest first."""
        events = [e for e in self._read.trust_events.values() if e.user_id == user_id]
        events.sort(key=lambda e: (e.at, e.id), reverse=True)
        return copy.deepcopy(events[:limit][::-1])


class FakeMatchesRepository(_Repository):
    async def add(self, match: Match) -> int | None:
        """None when this offer and need were paired before. Like the SQL repository, which
        turns every IntegrityError into None, also None when either post does not exist."""
        tables = self._write
        if match.offer_id not in tables.posts or match.need_id not in tables.posts:
            return None
        if any(
            (m.offer_id, m.need_id) == (match.offer_id, match.need_id)
            for m in tables.matches.values()
        ):
            return None
        stored = dataclasses.replace(
            match,
            id=tables.next_id("matches"),
            score=float(match.score),
            reasons=_json(list(match.reasons)),
            created_at=_utc(match.created_at),
            offer_dismissed=False,  # not written by an insert
            need_dismissed=False,
        )
        tables.matches[stored.id] = stored  # type: ignore[index]
        match.id = stored.id
        return stored.id

    async def get(self, match_id: int) -> Match | None:
        return copy.deepcopy(self._read.matches.get(match_id))

    async def update(self, match: Match) -> None:
        """Only the alerted and dismissed flags change."""
        stored = self._write.matches.get(match.id) if match.id is not None else None
        if stored is None:
            raise LookupError(f"no match {match.id}")
        stored.offer_alerted, stored.need_alerted = match.offer_alerted, match.need_alerted
        stored.offer_dismissed, stored.need_dismissed = match.offer_dismissed, match.need_dismissed

    async def for_post(self, post_id: int) -> list[Match]:
        """Every match the post is part of, oldest first."""
        return copy.deepcopy(
            [
                m
                for _id, m in sorted(self._read.matches.items())
                if post_id in (m.offer_id, m.need_id)
            ]
        )

    async def paired_with(self, post_id: int) -> set[int]:
        paired = set()
        for m in self._read.matches.values():
            if m.need_id == post_id:
                paired.add(m.offer_id)
            if m.offer_id == post_id:
                paired.add(m.need_id)
        return paired

    async def count_alerted_for_need(self, need_id: int) -> int:
        return sum(m.need_id == need_id and m.need_alerted for m in self._read.matches.values())

    async def sellers_of_need(self, need_id: int) -> set[int]:
        owners = (
            self._owner(m.offer_id) for m in self._read.matches.values() if m.need_id == need_id
        )
        return {owner for owner in owners if owner is not None}

    async def offers_heard_by(self, buyer_id: int) -> set[int]:
        return {
            m.offer_id for m in self._read.matches.values() if self._owner(m.need_id) == buyer_id
        }

    def _owner(self, post_id: int) -> int | None:
        record = self._read.posts.get(post_id)
        return None if record is None else record.post.user_id

    async def count_alerts_to_user_since(
        self, user_id: int, since: datetime, until: datetime | None = None
    ) -> int:
        """Alerts sent to `user_id` (as either side's owner) since `since` (before `until`)."""
        count = 0
        for m in self._read.matches.values():
            if m.created_at >= since and (until is None or m.created_at < until):
                count += m.offer_alerted and self._owner(m.offer_id) == user_id
                count += m.need_alerted and self._owner(m.need_id) == user_id
        return count

    async def dismissals(self) -> list[tuple[int, int]]:
        """(user who said "not relevant", the counterpart post) for every dismissal."""
        matches = [m for _id, m in sorted(self._read.matches.items())]
        offer_side = [(self._owner(m.offer_id), m.need_id) for m in matches if m.offer_dismissed]
        need_side = [(self._owner(m.need_id), m.offer_id) for m in matches if m.need_dismissed]
        return [(user, post) for user, post in offer_side + need_side if user is not None]


class FakeContactRequestsRepository(_Repository):
    async def count_about(self, post_id: int) -> int:
        return sum(1 for r in self._read.contact_requests.values() if r.post_id == post_id)

    async def count_asked_by(self, user_id: int, since: datetime) -> int:
        return sum(
            1
            for r in self._read.contact_requests.values()
            if r.from_user_id == user_id and _utc(r.created_at) >= _utc(since)
        )

    async def count_pending_to(self, user_id: int, now: datetime) -> int:
        return sum(
            1
            for r in self._read.contact_requests.values()
            if r.to_user_id == user_id
            and r.status is ContactStatus.PENDING
            and (r.expires_at is None or _utc(r.expires_at) > _utc(now))
        )

    async def add(self, request: ContactRequest) -> int:
        tables = self._write
        _require(request.from_user_id in tables.users, "contact_requests.from_user_id")
        _require(request.to_user_id in tables.users, "contact_requests.to_user_id")
        _require(request.match_id in (None, *tables.matches), "contact_requests.match_id")
        _require(request.post_id in (None, *tables.posts), "contact_requests.post_id")
        stored = dataclasses.replace(
            request,
            id=tables.next_id("contact_requests"),
            created_at=_utc(request.created_at),
            expires_at=_utc_or_none(request.expires_at),
            responded_at=None,  # not written by an insert
        )
        tables.contact_requests[stored.id] = stored  # type: ignore[index]
        request.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def get(self, request_id: int) -> ContactRequest | None:
        return copy.deepcopy(self._read.contact_requests.get(request_id))

    async def update(self, request: ContactRequest) -> None:
        """Only the status and `responded_at` change."""
        stored = self._write.contact_requests.get(request.id) if request.id is not None else None
        if stored is None:
            raise LookupError(f"no contact request {request.id}")
        stored.status, stored.responded_at = request.status, _utc_or_none(request.responded_at)

    async def find(
        self, from_user_id: int, to_user_id: int, post_id: int | None, match_id: int | None
    ) -> ContactRequest | None:
        """The newest request from one user to another about the same match (or, without
        a match, the same post)."""
        found = [
            r
            for r in self._read.contact_requests.values()
            if (r.from_user_id, r.to_user_id) == (from_user_id, to_user_id)
            and (match_id is None or r.match_id == match_id)
            and (match_id is not None or post_id is None or r.post_id == post_id)
        ]
        return copy.deepcopy(max(found, key=lambda r: r.id or 0)) if found else None

    async def between(self, user_a: int, user_b: int) -> list[ContactRequest]:
        return copy.deepcopy(
            [
                r
                for _id, r in sorted(self._read.contact_requests.items())
                if {r.from_user_id, r.to_user_id} == {user_a, user_b}
            ]
        )

    async def answer_times(
        self, user_id: int, limit: int = 200
    ) -> list[tuple[datetime, datetime | None]]:
        asked = [
            r for _id, r in sorted(self._read.contact_requests.items()) if r.to_user_id == user_id
        ]
        return [(r.created_at, r.responded_at) for r in asked[::-1][:limit]]

"""/forget in SQL: one person's rows go, others' rows that need them get the stand-in,
messages about them are dropped and their stored updates blanked; what is "about them" is
exact (ids, marks, tokens, links, the bot's sentences to their readers), never a name
alone. The policy is in bot.services.privacy.forgetting; this is the one place that deletes from the
trust log."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import Text, cast, delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.privacy import (
    Mentions,
    Sentences,
    keyed_by,
    replace_id,
    sender_of,
    texts_in,
    told,
)
from storage.tables import (
    ActionTokenRow,
    CircleMembershipRow,
    CircleRow,
    ClaimRow,
    CompanyProfileRow,
    ContactRequestRow,
    ConversationRow,
    DealRow,
    InboxRow,
    IndexChangeRow,
    LeadRow,
    MatchRow,
    OutboxRow,
    PersistenceRow,
    PostRow,
    RatingRow,
    RegistrationRow,
    ReminderRow,
    SellerInterestRow,
    TrustEventRow,
)

CHUNK = 200  # words or tokens per LIKE query


def _ids(rows: Any) -> list[int]:
    return [int(i) for i in rows]


class SqlErasureRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def forget(
        self,
        user_id: int,
        stand_in: int,
        marks: Collection[str],
        sentences: Sentences,
        at: datetime,
    ) -> list[int]:
        run = self._session.execute
        mine = select(PostRow.id).where(PostRow.user_id == user_id)
        posts = _ids(await self._session.scalars(mine))
        matches = _ids(
            await self._session.scalars(
                select(MatchRow.id).where(
                    or_(MatchRow.offer_id.in_(posts), MatchRow.need_id.in_(posts))
                )
            )
        )
        requests = _ids(
            await self._session.scalars(
                select(ContactRequestRow.id).where(
                    or_(
                        ContactRequestRow.from_user_id == user_id,
                        ContactRequestRow.to_user_id == user_id,
                        ContactRequestRow.post_id.in_(posts),
                        ContactRequestRow.match_id.in_(matches),
                    )
                )
            )
        )
        # What others' records rest on stays, with the stand-in in their place: deals, the
        # stars they gave (not their words), others' trust events about them.
        await run(update(DealRow).where(DealRow.seller_id == user_id).values(seller_id=stand_in))
        await run(update(DealRow).where(DealRow.buyer_id == user_id).values(buyer_id=stand_in))
        await run(update(DealRow).where(DealRow.match_id.in_(matches)).values(match_id=None))
        await run(update(DealRow).where(DealRow.offer_id.in_(posts)).values(offer_id=None))
        await run(update(DealRow).where(DealRow.need_id.in_(posts)).values(need_id=None))
        await run(delete(RatingRow).where(RatingRow.ratee_id == user_id))
        await run(
            update(RatingRow)
            .where(RatingRow.rater_id == user_id)
            .values(rater_id=stand_in, comment="")
        )
        await run(delete(TrustEventRow).where(TrustEventRow.user_id == user_id))
        await run(
            update(TrustEventRow)
            .where(TrustEventRow.counterpart_id == user_id)
            .values(counterpart_id=stand_in)
        )
        await self._hand_over_details(user_id, stand_in)
        # What was theirs, and what hung on it.
        tokens = await self._drop_tokens(user_id, posts, matches, requests)
        # Others' questions about a deal stay (the deal does), without the post and match.
        about_deal = (
            ReminderRow.user_id != user_id,
            ReminderRow.payload["deal"].as_integer().is_not(None),
        )
        await run(
            update(ReminderRow)
            .where(*about_deal, ReminderRow.post_id.in_(posts))
            .values(post_id=None)
        )
        await run(
            update(ReminderRow)
            .where(*about_deal, ReminderRow.match_id.in_(matches))
            .values(match_id=None)
        )
        await run(
            delete(ReminderRow).where(
                or_(
                    ReminderRow.user_id == user_id,
                    ReminderRow.post_id.in_(posts),
                    ReminderRow.match_id.in_(matches),
                    ReminderRow.payload["request"].as_integer().in_(requests),
                )
            )
        )
        await run(delete(ContactRequestRow).where(ContactRequestRow.id.in_(requests)))
        await run(delete(MatchRow).where(MatchRow.id.in_(matches)))
        await run(delete(PostRow).where(PostRow.id.in_(posts)))  # post_vectors: ON DELETE CASCADE
        await run(delete(CompanyProfileRow).where(CompanyProfileRow.user_id == user_id))
        await run(delete(SellerInterestRow).where(SellerInterestRow.user_id == user_id))
        await run(delete(LeadRow).where(LeadRow.seller_id == user_id))  # and with their needs
        await run(delete(RegistrationRow).where(RegistrationRow.user_id == user_id))
        await run(delete(CircleMembershipRow).where(CircleMembershipRow.user_id == user_id))
        await run(delete(IndexChangeRow).where(IndexChangeRow.user_id == user_id))  # dismissals
        await self._unstop(user_id)
        # Messages and stored updates about them, and their chat state: the conversation
        # they were in and the rows behind PTB persistence.
        links = [f"start=p{post_id}" for post_id in posts]  # a circle digest's lines
        exact = Mentions(user_id, [*marks, *links])
        await self._drop_messages(user_id, exact, tokens, sentences)
        about = Mentions(user_id, [*exact.words, *tokens])
        await self._blank_updates(user_id, stand_in, about, sentences, at)
        # Their queue becomes the stand-in's: what is left in it (another's update in their
        # chat, its id now the stand-in's) stays in one queue, held by whoever held theirs.
        await run(update(InboxRow).where(InboxRow.person_id == user_id).values(person_id=stand_in))
        await run(update(ClaimRow).where(ClaimRow.person_id == user_id).values(person_id=stand_in))
        await run(delete(ConversationRow).where(ConversationRow.user_id == user_id))
        await self._drop_persisted(user_id)
        return posts

    async def blank_update(self, update_id: int) -> None:
        await self._session.execute(
            update(InboxRow)
            .where(InboxRow.update_id == update_id)
            .values(payload={"update_id": update_id})
        )

    async def _hand_over_details(self, user_id: int, stand_in: int) -> None:
        """Others' trust events naming them in their detail (a rating ring's members)."""
        found = await self._session.execute(
            select(TrustEventRow.id, TrustEventRow.detail).where(
                cast(TrustEventRow.detail, Text).contains(str(user_id))
            )
        )
        for event_id, detail in found.all():
            changed = replace_id(detail, user_id, stand_in)
            if changed != detail:
                await self._session.execute(
                    update(TrustEventRow)
                    .where(TrustEventRow.id == event_id)
                    .values(detail=changed)
                )

    async def _drop_tokens(
        self, user_id: int, posts: list[int], matches: list[int], requests: list[int]
    ) -> list[str]:
        """Their buttons, and others' buttons about them or what was theirs; returns the
        others' tokens (messages carrying them are about this person)."""
        payload = ActionTokenRow.payload
        about = or_(
            payload["user"].as_integer() == user_id,  # a Trust record button
            payload["about"].as_integer() == user_id,  # complaint buttons
            payload["post"].as_integer().in_(posts),
            payload["match"].as_integer().in_(matches),
            payload["request"].as_integer().in_(requests),
        )
        others = list(
            await self._session.scalars(
                select(ActionTokenRow.token).where(ActionTokenRow.user_id != user_id, about)
            )
        )
        await self._session.execute(
            delete(ActionTokenRow).where(or_(ActionTokenRow.user_id == user_id, about))
        )
        return others

    async def _unstop(self, user_id: int) -> None:
        """An admin's stop ends with the member: the circle keeps no id of theirs."""
        circles = await self._session.execute(select(CircleRow.id, CircleRow.settings))
        for circle_id, settings in circles.all():
            stopped = list((settings or {}).get("stopped", ()))
            if user_id in stopped:
                kept = [u for u in stopped if u != user_id]
                await self._session.execute(
                    update(CircleRow)
                    .where(CircleRow.id == circle_id)
                    .values(settings={**settings, "stopped": kept})
                )

    async def _drop_messages(
        self, user_id: int, exact: Mentions, tokens: list[str], sentences: Sentences
    ) -> None:
        """Outbox rows to them, and to anyone else about them, sent or not: a contact card
        (their chat link), an alert about their post (its buttons), a digest line (its
        link), a deal's news naming them to their partner (the bot's sentence)."""
        session = self._session
        await session.execute(delete(OutboxRow).where(OutboxRow.chat_id == user_id))
        doomed: set[int] = set()
        markers = [str(user_id), *exact.words]
        for chunk in _chunks(markers):
            like = or_(*(OutboxRow.text.icontains(w, autoescape=True) for w in chunk))
            rows = await session.execute(select(OutboxRow.id, OutboxRow.text).where(like))
            doomed |= {row_id for row_id, text in rows.all() if exact.in_text(text)}
        for chunk in _chunks(list(sentences)):
            like = or_(*(OutboxRow.text.contains(s, autoescape=True) for s in chunk))
            found = await session.execute(
                select(OutboxRow.id, OutboxRow.chat_id, OutboxRow.text).where(like)
            )
            doomed |= {i for i, chat, text in found.all() if told(sentences, chat, text)}
        buttons = cast(OutboxRow.buttons, Text)
        for chunk in _chunks(tokens):
            like = or_(*(buttons.contains(token, autoescape=True) for token in chunk))
            doomed |= set(await session.scalars(select(OutboxRow.id).where(like)))
        if doomed:
            await session.execute(delete(OutboxRow).where(OutboxRow.id.in_(doomed)))

    async def _blank_updates(
        self, user_id: int, stand_in: int, about: Mentions, sentences: Sentences, at: datetime
    ) -> None:
        """Their stored updates keep only their id (a redelivery is still a duplicate) and
        count as handled. Another sender's is never lost: handled and about them (`about`,
        or a sentence that sender was told), it keeps only its id; not yet handled, it is
        kept whole but for their id, the stand-in's now. The inbox holds three days, so it
        is read whole."""
        rows = await self._session.execute(
            select(InboxRow.update_id, InboxRow.payload, InboxRow.done_at)
        )
        for update_id, payload, done_at in rows.all():
            sender = sender_of(payload)
            values: dict[str, Any] = {}
            if sender == user_id:
                values = {"payload": {"update_id": update_id}, "done_at": done_at or at}
            elif done_at is not None:
                quoted = any(told(sentences, sender, s) for s in texts_in(payload))
                if quoted or about.in_json(payload):
                    values = {"payload": {"update_id": update_id}}
            elif (kept := replace_id(payload, user_id, stand_in)) != payload:
                values = {"payload": kept}
            if values:
                await self._session.execute(
                    update(InboxRow).where(InboxRow.update_id == update_id).values(**values)
                )

    async def _drop_persisted(self, user_id: int) -> None:
        """Their user_data and conversation states (keyed by their id)."""
        rows = await self._session.execute(select(PersistenceRow.namespace, PersistenceRow.key))
        for namespace, key in rows.all():
            if keyed_by(key, user_id):
                await self._session.execute(
                    delete(PersistenceRow).where(
                        PersistenceRow.namespace == namespace, PersistenceRow.key == key
                    )
                )


def _chunks(items: list[str]) -> list[list[str]]:
    return [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]

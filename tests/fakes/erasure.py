"""Fake erasure repository (/forget), doing what storage/repositories/erasure.py does."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection
from datetime import datetime

from bot.domain.privacy import (
    Mentions,
    Sentences,
    keyed_by,
    replace_id,
    sender_of,
    texts_in,
    told,
)
from tests.fakes.base import Tables, _Repository, _utc
from tests.fakes.leads import drop_leads, forget_seller
from tests.fakes.vectors import drop_vectors

TOKEN_REFS = ("post", "match", "request")  # payload keys naming what was theirs


class FakeErasureRepository(_Repository):
    async def forget(
        self,
        user_id: int,
        stand_in: int,
        marks: Collection[str],
        sentences: Sentences,
        at: datetime,
    ) -> list[int]:
        t = self._write
        posts = sorted(i for i, r in t.posts.items() if r.post.user_id == user_id)
        matches = {i for i, m in t.matches.items() if m.offer_id in posts or m.need_id in posts}
        requests = {
            i
            for i, r in t.contact_requests.items()
            if user_id in (r.from_user_id, r.to_user_id)
            or r.post_id in posts
            or r.match_id in matches
        }
        for deal in t.deals.values():
            deal.seller_id = stand_in if deal.seller_id == user_id else deal.seller_id
            deal.buyer_id = stand_in if deal.buyer_id == user_id else deal.buyer_id
            deal.match_id = None if deal.match_id in matches else deal.match_id
            deal.offer_id = None if deal.offer_id in posts else deal.offer_id
            deal.need_id = None if deal.need_id in posts else deal.need_id
        for i, rating in list(t.ratings.items()):
            if rating.ratee_id == user_id:
                del t.ratings[i]
            elif rating.rater_id == user_id:
                rating.rater_id, rating.comment = stand_in, ""
        for i, event in list(t.trust_events.items()):
            if event.user_id == user_id:
                del t.trust_events[i]
                continue
            if event.counterpart_id == user_id:
                event.counterpart_id = stand_in
            event.detail = replace_id(event.detail, user_id, stand_in)
        tokens = _drop_tokens(t, user_id, posts, matches, requests)
        for i, reminder in list(t.reminders.items()):
            if reminder.user_id != user_id and "deal" in reminder.payload:
                reminder.post_id = None if reminder.post_id in posts else reminder.post_id
                reminder.match_id = None if reminder.match_id in matches else reminder.match_id
            if (
                reminder.user_id == user_id
                or reminder.post_id in posts
                or reminder.match_id in matches
                or reminder.payload.get("request") in requests
            ):
                del t.reminders[i]
        for table, ids in ((t.contact_requests, requests), (t.matches, matches)):
            for i in ids:
                del table[i]
        for i in posts:
            del t.posts[i]
        drop_vectors(t, posts)  # ON DELETE CASCADE
        drop_leads(t, posts)
        forget_seller(t, user_id)
        t.profiles.pop(user_id, None)
        for i in [i for i, claim in t.registrations.items() if claim[2] == user_id]:
            del t.registrations[i]
        for revision, change in list(t.index_changes.items()):
            if change[3] == user_id:  # dismissals
                del t.index_changes[revision]
        for joined in (t.memberships, t.invitations):
            for pair in [k for k in joined if k[1] == user_id]:
                del joined[pair]
        for circle_id, circle in t.circles.items():
            stopped = tuple(u for u in circle.stopped if u != user_id)
            t.circles[circle_id] = dataclasses.replace(circle, stopped=stopped)
        exact = Mentions(user_id, [*marks, *(f"start=p{i}" for i in posts)])
        for i, record in list(t.outbox.items()):
            message, text = record.message, record.message.text
            carried = any(token in json.dumps(message.buttons) for token in tokens)
            sentence = told(sentences, message.chat_id, text)
            if message.chat_id == user_id or exact.in_text(text) or carried or sentence:
                del t.outbox[i]
        about = Mentions(user_id, [*exact.words, *tokens])
        for update in t.inbox.values():
            payload, sender = update.payload, sender_of(update.payload)
            if sender == user_id:
                update.payload = {"update_id": update.update_id}
                update.done_at = update.done_at or _utc(at)
            elif update.done_at is not None:
                quoted = any(told(sentences, sender, s) for s in texts_in(payload))
                if quoted or about.in_json(payload):
                    update.payload = {"update_id": update.update_id}
            else:
                update.payload = replace_id(payload, user_id, stand_in)
            if update.person == user_id:  # their queue becomes the stand-in's
                update.person = stand_in
        if user_id in t.claims:
            t.claims[stand_in] = t.claims.pop(user_id)
        t.conversations.pop(user_id, None)
        for key in [k for k in t.persistence if keyed_by(k[1], user_id)]:
            del t.persistence[key]
        return posts

    async def blank_update(self, update_id: int) -> None:
        record = self._write.inbox.get(update_id)
        if record is not None:
            record.payload = {"update_id": update_id}


def _drop_tokens(
    t: Tables, user_id: int, posts: list[int], matches: set[int], requests: set[int]
) -> list[str]:
    refs = {"post": set(posts), "match": matches, "request": requests}
    others = []
    for token, action in list(t.action_tokens.items()):
        payload = action.payload
        about = user_id in (payload.get("user"), payload.get("about")) or any(
            payload.get(key) in refs[key] for key in TOKEN_REFS
        )
        if action.user_id == user_id or about:
            del t.action_tokens[token]
            if action.user_id != user_id:
                others.append(token)
    return others

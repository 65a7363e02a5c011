"""Alerts by meaning (issue 34): a post meets the posts of the other kind, written in the
other script, that its meaning ties it to ("insulated water bottles" and 304不锈钢真空保温杯),
re-ranked by the concept layer together with what its words find, and alerted as word
matches are (`pairs.store_pairs`).

Lexical matching leads within a script and runs at once (`pairs.match_post`); meaning
leads across scripts, where the words share nothing (`bench/dense_quality.py`). Within a
script a need hears too of the offer its meaning prefers on its words' first page, where
the words' margin left it out (`meaning_alerts.second_opinion`). It runs
when the post's vector is made (`meaning.encode_new`), a second or two after the post opens
or is edited, in the transaction that stores the vector: the reply to the poster never
waits for the encoder, and a restart that finds the vector stored does not alert again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np

from bot.domain.matching import meaning_alerts
from bot.domain.matching.crowd import crowd_texts
from bot.domain.matching.dense import across, part, script, unit_rows
from bot.domain.models import Post, PostKind
from bot.services.matching.encoding import encode
from bot.services.matching.indexing import MatchingIndex, profile_keywords
from bot.services.matching.pairs import CANDIDATES, NewPair, store_pairs
from bot.services.ports import UnitOfWork
from bot.services.trust.summaries import ranking_trust_of

# A post encoded longer than this after it opened or changed (a backfill after an upgrade,
# a long outage) alerts no one by meaning: its news is old.
ALERT_WITHIN = timedelta(hours=1)


async def match_by_meaning(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, post: Post, vector: np.ndarray
) -> list[NewPair]:
    """Inside the caller's transaction: the new pairs of an open, indexed post whose
    vector (int8) was just made, stored as matches to alert."""
    changed = max(post.created_at, post.updated_at or post.created_at)
    if post.id is None or post.id not in index.engine or not post.is_live(now):
        return []
    if now - changed > ALERT_WITHIN:
        return []
    keywords = await profile_keywords(uow, post.user_id)
    terms, fields = index.derive(post, keywords, await ranking_trust_of(uow, post.user_id, now))
    own, where = part(post.kind, script(terms)), across(post.kind, terms)
    crowds = {name: await _crowd(index, name) for name in (own, where)}
    same_script = part(PostKind.OFFER, script(terms))  # where a need's second opinion looks
    backing = meaning_alerts.backing(index.dense, crowds, post.id, own, where, vector)
    if not backing and post.kind is not PostKind.NEED:  # a need hears the second opinion
        return []
    found = meaning_alerts.alerts(
        index.engine,
        post.kind,
        terms,
        fields,
        backing,
        user_id=post.user_id,
        now_ts=now.timestamp(),
        limit=CANDIDATES,
        closeness=lambda other: index.dense.closeness(other, vector, same_script),
        post_id=post.id,
        paired=await uow.matches.paired_with(post.id),  # what its words found at once
        far_second=lambda need: meaning_alerts.far_second(index.dense, need, vector, where, own),
    )
    return await store_pairs(uow, now, index, post, found)


async def _crowd(index: MatchingIndex, where: str) -> np.ndarray:
    """The vectors of the part's crowd of everyday goods (`crowd.crowd_texts`) as unit rows,
    encoded once a process."""
    if where not in index.crowd:
        index.crowd[where] = unit_rows(await encode(index, crowd_texts(where)))
    return index.crowd[where]

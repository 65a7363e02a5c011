"""The pairs a new or changed post makes: it is indexed as it now stands, matched, and the
pairs worth alerting are picked fairly and stored (their alerts: `bot.services.matching.alerts`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.advice import Standing
from bot.domain.circles import in_scope
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.rows import product_term
from bot.domain.matching.scoring import DEFAULT_WEIGHTS
from bot.domain.matching.types import MatchFields, MatchResult, PostTerms, Reason
from bot.domain.models import Circle, Match, Post, PostKind, Price, Quantity
from bot.domain.trust.partners import ESTABLISHED_DAYS
from bot.domain.trust.precedence import (
    Contender,
    ahead_by_record,
    first_to_last,
    newcomers_turn,
)
from bot.domain.trust.scores import NEUTRAL
from bot.services.matching.comparable import standing_of
from bot.services.matching.indexing import MatchingIndex, profile_keywords
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import circle_of
from bot.services.trust.summaries import counted_deals_of, ranking_trust_of

CANDIDATES = 30  # looked at per new post, before fairness rules pick whom to alert
ROTATION_WINDOW = timedelta(days=1)
ROTATION_PENALTY = 0.04  # per alert a seller got in the window: new sellers get a turn
RECORD_SPREAD = DEFAULT_WEIGHTS.trust * NEUTRAL  # the most a record adds above neutral


async def index_post(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, post: Post
) -> tuple[PostTerms, MatchFields] | None:
    """Inside the caller's transaction: an open post is indexed as it now stands and its
    index entry stored, under this vocabulary, and an offer's product noted as its
    seller's (`leads.note_offer`); any other leaves the index (None)."""
    trust = await ranking_trust_of(uow, post.user_id, now)
    indexed = index.sync(post, await profile_keywords(uow, post.user_id), trust)
    if indexed is not None and post.id is not None:
        form = MatchingEngine.stored_form(post.kind, *indexed)
        await uow.posts.save_index_entry(
            post.id, form.keys, form.labels, form.numbers, index.vocabulary
        )
        offered = product_term(indexed[0]) if post.kind is PostKind.OFFER else None
        if offered is not None:  # open now: what they sell, for needs' leads
            await uow.leads.note_offer(post.user_id, offered, now)
    return indexed


@dataclass(frozen=True, slots=True)
class NewPair:
    """A match stored for the first time: both sides are to be alerted (`standing`: what
    comparable offers say of the offer's price, the buyer is told; `ahead_by_record`: the
    seller's record put the offer ahead of one that fits as well, and the buyer's alert
    says so)."""

    match: Match
    offer: Post
    need: Post
    standing: Standing
    ahead_by_record: bool = False


async def match_post(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, post: Post
) -> list[NewPair]:
    """Inside the caller's transaction: put the post in the index as it now stands (an
    open post is indexed and its stored index entry written, any other leaves the index),
    pick whom to alert and store those matches. The index changes at once: a caller whose
    transaction fails puts it back (`after_effects`)."""
    indexed = await index_post(uow, now, index, post)
    if indexed is None or post.id is None:
        return []
    terms, fields = indexed
    paired = await uow.matches.paired_with(post.id)
    found = index.engine.alerts(
        post.kind,
        terms,
        fields,
        user_id=post.user_id,
        now_ts=now.timestamp(),
        limit=CANDIDATES * 4 if index.circles else CANDIDATES,  # room for the scope's cut
        exclude=paired,
        post_id=post.id,  # a need's page, for its meaning pass
    )
    return await store_pairs(uow, now, index, post, found)


async def store_pairs(
    uow: UnitOfWork, now: datetime, index: MatchingIndex, post: Post, found: list[MatchResult]
) -> list[NewPair]:
    """The candidates the engine chose for `post` that its circle's scope allows, picked
    fairly and stored as matches; a pair stored before is never alerted again."""
    assert post.id is not None
    if index.circles:
        found = await _in_scope(uow, index, post, found)
    pairs: list[NewPair] = []
    standings: dict[int, Standing] = {}  # by offer: a new offer's pairs read its market once
    for result, ahead in await _fair_choice(uow, index, post, found, now):
        other = await uow.posts.get(result.post_id)
        if other is None or not other.is_live(now):
            continue
        offer, need = (post, other) if post.kind is PostKind.OFFER else (other, post)
        assert offer.id is not None and need.id is not None
        reasons: list[dict[str, object]] = [
            {"kind": r.kind, "values": _worded(r, offer, need)} for r in result.reasons
        ]
        match = Match(
            None,
            offer.id,
            need.id,
            result.score,
            reasons,
            now,
            offer_alerted=True,
            need_alerted=True,
        )
        match.id = await uow.matches.add(match)
        if match.id is None:
            continue  # paired before (a concurrent post): never alert a pair twice
        if offer.id not in standings:
            standings[offer.id] = await standing_of(uow, index, offer, now)
        pairs.append(NewPair(match, offer, need, standings[offer.id], ahead))
    return pairs


GIST = 30  # characters of a post's product a "similar meaning" reason quotes


def _gist(post: Post) -> str:
    product = post.parsed.product or post.raw_text
    return product if len(product) <= GIST else product[: GIST - 1] + "…"


def _worded(reason: Reason, offer: Post, need: Post) -> dict[str, object]:
    """A reason's values, with the need's own unit word where the reason counts in the
    need's unit ("需求3,000条", "预算¥3/条", as on the need's card); a pair found by meaning
    quotes both products ("insulated water bottles ≈ 304不锈钢真空保温杯")."""
    values: dict[str, object] = dict(reason.values)
    if reason.kind == "meaning":
        return {"need": _gist(need), "offer": _gist(offer)}
    said = {"moq": need.parsed.quantity, "price": need.parsed.price}.get(reason.kind)
    if isinstance(said, Quantity) and said.unit_word and said.unit == values.get("unit"):
        values["unit_word"] = said.unit_word
    elif isinstance(said, Price) and said.per_unit_word and said.per_unit == values.get("unit"):
        values["unit_word"] = said.per_unit_word
    return values


async def _in_scope(
    uow: UnitOfWork, index: MatchingIndex, post: Post, found: list[MatchResult]
) -> list[MatchResult]:
    """The candidates a post may match given trade circles (`bot.domain.circles.in_scope`),
    in order; the circles' settings are read once each."""
    known: dict[int, Circle | None] = {}
    mine = await circle_of(uow, post.circle_id, known)
    kept = []
    for result in found:
        theirs_id = index.circles.get(result.post_id)
        theirs = await circle_of(uow, theirs_id, known)
        if in_scope(post.circle_id, mine, theirs_id, theirs):
            kept.append(result)
    return kept


async def _fair_choice(
    uow: UnitOfWork, index: MatchingIndex, post: Post, found: list[MatchResult], now: datetime
) -> list[tuple[MatchResult, bool]]:
    """At most `max_alerts_per_need` sellers per need, at most `max_alerts_per_day` alerts
    per seller, and a small rotation penalty for sellers alerted recently, which never puts
    a much weaker record ahead of a strong one (`bot.domain.trust.precedence`). Each with
    whether its seller's record put it ahead of an offer that fits as well."""
    policy, since = index.policy, now - ROTATION_WINDOW
    if post.kind is PostKind.OFFER:
        # One seller, many needs: their daily cap bounds the list; each need keeps its own.
        # The needs come in score order, which holds each buyer's follow-through (trust).
        # A buyer who heard of this seller for the need (another of their offers) is not
        # told again.
        # A buyer with two near-identical needs hears of the offer once, for the best (by
        # words at once, or by meaning a second later).
        sent = await uow.matches.count_alerts_to_user_since(post.user_id, since)
        buyers = await _owners(uow, await uow.matches.paired_with(post.id or 0))  # by words
        open_needs = []
        for result in found:
            if result.user_id in buyers:
                continue
            if await uow.matches.count_alerted_for_need(
                result.post_id
            ) < policy.max_alerts_per_need and post.user_id not in (
                await uow.matches.sellers_of_need(result.post_id)
            ):
                buyers.add(result.user_id)
                open_needs.append((result, False))
        return open_needs[: max(policy.max_alerts_per_day - sent, 0)]
    kept: list[MatchResult] = []
    contenders: list[Contender] = []
    heard = await uow.matches.sellers_of_need(post.id) if post.id is not None else set()
    offers_heard = await uow.matches.offers_heard_by(post.user_id)  # for another need
    for result in found:  # one need, many sellers: rotate so new sellers get a turn
        if result.user_id in heard or result.post_id in offers_heard:
            continue  # one alert a seller: their best offer, or the one heard of before
        heard.add(result.user_id)
        recent = await uow.matches.count_alerts_to_user_since(result.user_id, since)
        if recent < policy.max_alerts_per_day:
            record, newcomer = await standing(uow, index, result.user_id, now)
            rotated = result.score - ROTATION_PENALTY * recent
            kept.append(result)
            contenders.append(Contender(result.score, rotated, record, result.fit, newcomer))
    turn = post.id is not None and newcomers_turn(post.id)
    order = first_to_last(contenders, newcomers_turn=turn, spread=RECORD_SPREAD)
    told = await uow.matches.count_alerted_for_need(post.id) if post.id is not None else 0
    return [
        (kept[i], ahead_by_record(n, order, contenders))
        for n, i in enumerate(order[: max(policy.max_alerts_per_need - told, 0)])
    ]


async def _owners(uow: UnitOfWork, post_ids: set[int]) -> set[int]:
    posts = [await uow.posts.get(post_id) for post_id in post_ids]
    return {post.user_id for post in posts if post is not None}


STANDING_FOR = timedelta(minutes=5)  # a seller's standing is read again after this


async def standing(
    uow: UnitOfWork, index: MatchingIndex, user_id: int, now: datetime
) -> tuple[int, bool]:
    """(confirmed deals with independent partners, a newcomer) of a seller, as the alert
    order reads them: kept `STANDING_FOR`, since reading a record walks the deal graph and
    a busy market asks about the same sellers for every new need."""
    kept = index.standings.get(user_id)
    if kept is not None and now.timestamp() - kept[0] < STANDING_FOR.total_seconds():
        return kept[1], kept[2]
    record = await counted_deals_of(uow, user_id, now)
    user = await uow.users.get(user_id)
    joined = user.created_at if user is not None else None
    young = joined is not None and now - joined < timedelta(days=ESTABLISHED_DAYS)
    index.standings[user_id] = (now.timestamp(), record, record == 0 and young)
    return record, record == 0 and young

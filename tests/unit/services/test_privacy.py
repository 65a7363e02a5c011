"""/forget as a use case: nothing of the member is left but a tombstone, and what their
partner's record rests on keeps working under a "deleted user"."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import pytest

from bot.domain.models import Circle, Conversation, Lang, Topic, User
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests
from bot.services.delivery import inbox
from bot.services.matching.indexing import MatchingIndex
from bot.services.people import identity, profiles
from bot.services.people.users import TelegramPerson, set_phone
from bot.services.ports import UnitOfWork, UowFactory
from bot.services.privacy import forgetting
from bot.services.trust import deals, ratings
from bot.services.trust.summaries import summary_of
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import NEED, OFFER, new_index, opened, sweep

A, B = 5_550_001, 5_550_002
NAME, USERNAME, PHONE = "Zhenya Quillfeather", "quill_cups", "+44 7700 900461"
WRITTEN = ("QX7781", "Quillworks", "Sharp and fair")  # what A wrote: a post, company, comment
CIRCLE = -4_000_000_777


def traces(value: Any, words: tuple[str, ...], path: str = "") -> list[str]:
    """Where `value` holds A's id (as a number) or one of `words`, as paths."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            hit
            for f in dataclasses.fields(value)
            for hit in traces(getattr(value, f.name), words, f"{path}.{f.name}")
        ]
    if isinstance(value, dict):
        return [
            hit
            for k, v in value.items()
            for hit in traces(k, words, f"{path}[key]") + traces(v, words, f"{path}[{k!r}]")
        ]
    if isinstance(value, list | tuple | set | frozenset):
        return [hit for i, v in enumerate(value) for hit in traces(v, words, f"{path}[{i}]")]
    if isinstance(value, int) and not isinstance(value, bool):
        return [path] if value == A else []
    if isinstance(value, str):
        return [path] if any(w.lower() in value.lower() for w in words) else []
    return []


async def rich(
    factory: UowFactory, clock: FixedClock, index: MatchingIndex
) -> tuple[int, int, list[int]]:
    """A and B: a confirmed, rated deal and an exchange still open; A with phone, company,
    verification, a circle, persisted chat state and stored updates. Returns both deal ids
    and A's posts."""
    async with factory() as uow:
        await uow.users.upsert(User(A, Lang.ZH_HANS, username=USERNAME, display_name=NAME))
        await uow.users.upsert(User(B, Lang.EN, username="sam_buys", display_name="Sam"))
        await uow.circles.save(Circle(CIRCLE, "Cups", stopped=(A,)))
        await uow.circles.add_member(CIRCLE, A, clock.now())
        await uow.persistence.save("user_data", str(A), {"answers": {"company": "Quillworks"}})
        await uow.persistence.save("conversation:profile", f"[{A}, {A}]", 1)
        answers = {"company": "Quillworks"}
        await uow.conversations.put(
            Conversation.begin(A, Topic.PROFILE, "region", clock.now(), answers=answers)
        )
        await uow.commit()
    await set_phone(factory, A, PHONE)
    await profiles.save(factory, A, {"company": "Quillworks Trading"})
    await identity.verify_business(factory, clock, A, "91350100M000100Y43")
    done, posts, matches = [], [], []
    for offer, need in ((OFFER + " QX7781", NEED), ("出售 不锈钢保温杯 起订500个 11元/个", NEED)):
        post, _ = await opened(factory, clock, index, A, offer)
        posts.append(post.id or -1)
        await opened(factory, clock, index, B, need)
        async with factory() as uow:
            (match, *_) = await uow.matches.for_post(post.id or -1)
        matches.append(match.id or -1)
    # B asks about both before A agrees to either: two exchanges (once in touch, Contact
    # would only show the card again)
    for match_id in matches:
        await contact_requests.ask_about_match(factory, clock, B, match_id)
    for match_id in matches:
        await contact_requests.ask_about_match(factory, clock, A, match_id)
        async with factory() as uow:
            done.append(max(d.id or 0 for d in await uow.deals.between(A, B)))
    confirmed, still_open = done
    await deals.deal_done(factory, clock, B, confirmed)
    await deals.confirm(factory, clock, A, confirmed)
    await ratings.rate(factory, clock, B, confirmed, 2)
    await ratings.rate(factory, clock, A, confirmed, 5)
    await ratings.comment(factory, clock, A, confirmed, "Sharp and fair")
    person = TelegramPerson(A, "Zhenya", "Quillfeather", USERNAME, "zh-hans")
    payload = {"update_id": 1, "message": {"from": {"id": A}, "text": "QX7781 still?"}}
    await inbox.receive(factory, clock, 1, payload, person, Lang.EN)
    replied = {"from": {"id": A, "first_name": "Zhenya"}}
    quoting = {"update_id": 2, "message": {"from": {"id": B}, "reply_to_message": replied}}
    await inbox.receive(factory, clock, 2, quoting, None, Lang.EN)
    return confirmed, still_open, posts


async def test_nothing_is_left_but_a_tombstone(store: InMemoryStore, clock: FixedClock) -> None:
    index = new_index()
    *_, posts = await rich(store.uow_factory, clock, index)
    words = (NAME, USERNAME, "7700 900461", "7700900461", *WRITTEN)
    assert len(traces(store.tables, words)) > 20  # the set-up did leave traces

    assert await forgetting.forget(store.uow_factory, clock, Table(index), A)
    tombstone = store.tables.users.pop(A)
    assert traces(store.tables, words) == []
    assert tombstone == User(
        A, Lang.ZH_HANS, blocked_bot=True, created_at=clock.now(), deleted_at=clock.now()
    )
    assert [index.engine.terms_of(post_id) for post_id in posts] == [None, None]
    assert not await forgetting.forget(store.uow_factory, clock, Table(index), A)  # nothing left


async def test_the_partner_keeps_their_record_with_a_deleted_user(
    store: InMemoryStore, clock: FixedClock
) -> None:
    index = new_index()
    factory = store.uow_factory
    confirmed, still_open, _ = await rich(store.uow_factory, clock, index)
    await forgetting.forget(factory, clock, Table(index), A)
    async with factory() as uow:
        deal = await uow.deals.get(confirmed)
        assert deal is not None and deal.seller_id != A and deal.buyer_id == B
        stand_in = await uow.users.get(deal.seller_id)
        (given,) = await uow.ratings.for_ratee(B)
        summary = await summary_of(uow, B, clock.now())
    assert stand_in is not None and stand_in.deleted_at is not None and stand_in.blocked_bot
    assert (given.rater_id, given.stars, given.comment) == (stand_in.id, 5, "")
    # the deal stays on B's record, with a partner that no longer counts as independent
    assert summary is not None and summary.other_partners == 1
    assert summary.ratings_received == 1

    clock.advance(deals.OUTCOME_ASK_AFTER)
    await sweep(factory, clock, index)
    (question,) = [
        r.message for r in store.tables.outbox.values() if r.message.kind == "deal.question"
    ]
    assert question.chat_id == B and "deleted user" in question.text
    assert await deals.deal_done(factory, clock, B, still_open) == "deal.partner_gone"


async def test_a_redelivery_or_a_block_leaves_the_tombstone_and_a_new_message_starts_afresh(
    store: InMemoryStore, clock: FixedClock
) -> None:
    index = new_index()
    factory = store.uow_factory
    await rich(store.uow_factory, clock, index)
    await forgetting.forget(factory, clock, Table(index), A)
    person = TelegramPerson(A, "Zhenya", "Quillfeather", USERNAME, "zh-hans")
    payload = {"update_id": 1, "message": {"from": {"id": A, "first_name": "Zhenya"}}}
    fresh, user = await inbox.receive(factory, clock, 1, payload, person, Lang.EN)
    assert not fresh and user is not None and user.deleted_at is not None  # a redelivery
    blocked = dataclasses.replace(person, blocked_bot=True)
    await inbox.receive(factory, clock, 3, {"update_id": 3, "from": NAME}, blocked, Lang.EN)
    assert store.tables.inbox[3].payload == {"update_id": 3}
    assert store.tables.users[A].display_name == ""

    clock.advance(timedelta(days=2))
    fresh, user = await inbox.receive(factory, clock, 4, {"update_id": 4}, person, Lang.EN)
    assert fresh and user is not None and user.deleted_at is None
    assert (user.display_name, user.phone, user.created_at) == (NAME, None, clock.now())
    async with factory() as uow:
        assert await uow.deals.of_user(A) == [] and await uow.profiles.get(A) is None


async def test_a_failed_commit_leaves_the_index_as_the_database_has_it(
    store: InMemoryStore, clock: FixedClock
) -> None:
    index = new_index()
    *_, posts = await rich(store.uow_factory, clock, index)

    def failing() -> UnitOfWork:
        uow = store.uow_factory()

        async def commit() -> None:
            raise OSError("disk full")

        uow.commit = commit  # type: ignore[method-assign]
        return uow

    with pytest.raises(OSError):
        await forgetting.forget(failing, clock, Table(index), A)
    assert store.tables.users[A].deleted_at is None
    assert [index.engine.terms_of(post_id) is not None for post_id in posts] == [True, True]

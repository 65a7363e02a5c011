"""/forget finds a member only by what identifies them exactly (issue 31): a display or
company name that is also a product ("保温杯") leaves other people's messages and stored
updates alone, while their chat link, @username and phone in a partner's contact card, and
the bot's sentences naming them to that partner, still go. The scenes and checks here run
on the fakes; tests/integration/test_erasure.py runs the same on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.domain.models import Lang, OutboxMessage, User
from bot.domain.privacy import replace_id, sender_of
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests
from bot.services.matching.indexing import MatchingIndex
from bot.services.people import profiles
from bot.services.people.users import set_phone
from bot.services.ports import UowFactory
from bot.services.privacy import forgetting
from bot.services.privacy.forgetting import TO_ADMINS, TO_PARTNERS
from bot.texts import CATALOGUES, as_plain, t
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import NEED, OFFER, new_index, opened

A, B, C, D = 5_560_001, 5_560_002, 5_560_003, 5_560_004  # A forgets, B is their partner
WORD = "保温杯"  # a vacuum flask: in every alert about one
USERNAME, PHONE = "cup_trader_a", "+86 138 0013 8000"
MARKS = (f"tg://user?id={A}", f"@{USERNAME}", PHONE, "8613800138000", "13800138000")
C_OFFER = "出售 不锈钢保温杯 起订500个 11元/个"
NAMES = pytest.mark.parametrize(
    ("name", "company"), [(WORD, None), ("Li Quill", WORD)], ids=["display_name", "company"]
)

Outbox = dict[int, tuple[int, str]]  # id: (chat, text)
Inbox = dict[int, tuple[dict[str, Any], bool]]  # update id: (payload, handled)
Read = Callable[[], Awaitable[tuple[Outbox, Inbox]]]  # the outbox and inbox tables now


@dataclass
class Scene:
    kept: set[int] = field(default_factory=set)  # outbox rows that are not about A
    gone: set[int] = field(default_factory=set)  # outbox rows about A, to others
    deal: int = 0  # A's and B's, from their contact exchange


def update(update_id: int, sender: int, text: str, **more: Any) -> dict[str, Any]:
    message = {"from": {"id": sender, "first_name": "x"}, "text": text, **more}
    return {"update_id": update_id, "message": message}


def pressed(update_id: int, sender: int, quoted: str) -> dict[str, Any]:
    """A button pressed under a message of the bot's: the update quotes the message."""
    message = {"message_id": 9, "chat": {"id": sender}, "text": quoted}
    press = {"id": "1", "from": {"id": sender}, "message": message, "data": "t0k3n"}
    return {"update_id": update_id, "callback_query": press}


async def scene(
    factory: UowFactory,
    clock: FixedClock,
    index: MatchingIndex,
    name: str = WORD,
    company: str | None = None,
) -> Scene:
    """A, with username and phone, exchanges contacts with B about A's offer. C offers
    保温杯 too: alerts to B and C; D has one waiting (held for a circle member who never
    started the bot). Stored updates from B and C naming 保温杯, handled or not; one of A's;
    B's reply to a message of A's, not handled yet."""
    seen = Scene()
    async with factory() as uow:
        await uow.users.upsert(User(A, Lang.ZH_HANS, username=USERNAME, display_name=name))
        for other, other_name in ((B, "Sam"), (C, "Chen"), (D, "Dong")):
            await uow.users.upsert(User(other, Lang.ZH_HANS, display_name=other_name))
        await uow.commit()
    await set_phone(factory, A, PHONE)
    if company:
        await profiles.save(factory, A, {"company": company})
    post, _ = await opened(factory, clock, index, A, OFFER)
    await opened(factory, clock, index, B, NEED)
    async with factory() as uow:
        (match, *_) = await uow.matches.for_post(post.id or -1)
    await contact_requests.ask_about_match(factory, clock, B, match.id or -1)
    await contact_requests.ask_about_match(factory, clock, A, match.id or -1)
    async with factory() as uow:
        (deal,) = await uow.deals.between(A, B)
        seen.deal = deal.id or -1
        before = {m.id for m in await uow.outbox.due(clock.now(), 1000)}
    await opened(factory, clock, index, C, C_OFFER)
    now = clock.now()
    async with factory() as uow:
        seen.kept = {m.id or -1 for m in await uow.outbox.due(now, 1000)} - before
        waiting = OutboxMessage(None, D, f"🔔 求购匹配：<b>{WORD}</b> 11元/个", kind="match.alert")
        seen.kept.add(await uow.outbox.add(waiting))
        await uow.commit()
    async with factory() as uow:  # received updates come first in a unit of work
        for update_id, payload in (
            (101, update(101, B, f"还有{WORD}吗？")),
            (102, update(102, B, f"{WORD} 3000个")),
            (103, pressed(103, C, f"🔔 有买家匹配你的供应\n📦 不锈钢{WORD}")),
            (104, update(104, A, f"{WORD} 现货")),
            (105, update(105, B, "多少钱？", reply_to_message=update(0, A, WORD)["message"])),
        ):
            await uow.inbox.record(update_id, payload, now, sender_of(payload) or 0)
        await uow.inbox.mark_done([102, 103], now)
        await uow.commit()
    return seen


def messages_kept(seen: Scene, was: Outbox, now: Outbox) -> None:
    """Others' messages as they were; those about A, and A's, gone."""
    assert all(WORD in was[i][1] for i in seen.kept)  # what a name search would take
    assert {i: now.get(i) for i in seen.kept} == {i: was[i] for i in seen.kept}
    assert {i: now.get(i) for i in seen.gone} == dict.fromkeys(seen.gone)
    assert [i for i, (chat, text) in now.items() if chat == A or names_a(text)] == []


def updates_kept(stored: Inbox, left: Inbox, stand_in: int) -> None:
    """Others' stored updates as they were, handled or not; B's reply to A not handled yet
    keeps all but A's id; A's own keeps only its id."""
    assert {u: left[u] for u in (101, 102, 103)} == {u: stored[u] for u in (101, 102, 103)}
    assert left[105] == (replace_id(stored[105][0], A, stand_in), False)
    assert left[105][0]["message"]["text"] == "多少钱？"
    assert left[104] == ({"update_id": 104}, True)


def names_a(text: str) -> bool:
    return any(mark in text for mark in MARKS)


def reader(store: InMemoryStore) -> Read:
    async def read() -> tuple[Outbox, Inbox]:
        tables = store.tables
        outbox = {i: (r.message.chat_id, r.message.text) for i, r in tables.outbox.items()}
        inbox = {u: (r.payload, r.done_at is not None) for u, r in tables.inbox.items()}
        return outbox, inbox

    return read


async def stand_in_of(factory: UowFactory, deal_id: int) -> int:
    async with factory() as uow:
        deal = await uow.deals.get(deal_id)
    assert deal is not None and deal.seller_id != A
    return deal.seller_id


async def a_name_that_is_a_product(
    factory: UowFactory, read: Read, name: str, company: str | None, updates: bool
) -> None:
    """`updates`: check the stored updates, else the messages."""
    clock, index = FixedClock(), new_index()
    seen = await scene(factory, clock, index, name, company)
    outbox, inbox = await read()
    seen.gone = {i for i, (chat, text) in outbox.items() if chat == B and names_a(text)}
    assert len(seen.kept) >= 3 and len(seen.gone) == 1  # C's alerts, D's; B's card

    assert await forgetting.forget(factory, clock, Table(index), A)
    after, left = await read()
    if updates:
        updates_kept(inbox, left, await stand_in_of(factory, seen.deal))
    else:
        messages_kept(seen, outbox, after)


async def their_details_in_a_card(factory: UowFactory, read: Read) -> None:
    clock, index = FixedClock(), new_index()
    await scene(factory, clock, index)
    (card,) = [text for chat, text in (await read())[0].values() if chat == B and names_a(text)]
    assert all(mark in card for mark in MARKS[:3])
    async with factory() as uow:
        # The card without its buttons (about them too), each detail alone, and a neighbour.
        details = [card, *(f"联系 {mark} 谢谢" for mark in MARKS)]
        gone = [await uow.outbox.add(OutboxMessage(None, C, text)) for text in details]
        kept = await uow.outbox.add(OutboxMessage(None, C, f"@{USERNAME}_2 or 138001380001"))
        await uow.commit()
    async with factory() as uow:
        quoted = pressed(106, B, f"{WORD} (@{USERNAME})\n📞 {PHONE}")  # B pressed under it
        await uow.inbox.record(106, quoted, clock.now(), B)
        await uow.inbox.mark_done([106], clock.now())
        await uow.commit()

    await forgetting.forget(factory, clock, Table(index), A)
    outbox, inbox = await read()
    assert [i for i in gone if i in outbox] == [] and kept in outbox  # whole marks only
    assert [text for i, (_, text) in outbox.items() if names_a(text) and i != kept] == []
    assert inbox[106] == ({"update_id": 106}, True)


async def sentences(factory: UowFactory, clock: FixedClock) -> Scene:
    """The bot's news naming someone "保温杯": to B about A (their partner) and to B about
    C's deal in 保温杯; to D about another member of the same name. Stored updates: B's
    press under the rating question about A, D's under the news about their 保温杯."""
    seen = Scene()
    about_a = [
        t(Lang.ZH_HANS, "rating.revealed", name=WORD, stars=5),
        t(Lang.EN, "deal.confirmed_other", name=WORD, product="vacuum flask"),
    ]
    async with factory() as uow:
        for text in about_a:
            seen.gone.add(await uow.outbox.add(OutboxMessage(None, B, text)))
        about_c = t(Lang.ZH_HANS, "deal.confirmed_other", name="Chen", product=WORD)
        seen.kept.add(await uow.outbox.add(OutboxMessage(None, B, about_c)))
        namesake = t(Lang.ZH_HANS, "rating.revealed", name=WORD, stars=4)
        seen.kept.add(await uow.outbox.add(OutboxMessage(None, D, namesake)))
        await uow.commit()
    async with factory() as uow:
        asked = t(Lang.ZH_HANS, "rating.ask", name=WORD)
        await uow.inbox.record(107, pressed(107, B, as_plain(asked)), clock.now(), B)
        await uow.inbox.record(108, pressed(108, D, as_plain(namesake)), clock.now(), D)
        await uow.inbox.mark_done([107, 108], clock.now())
        await uow.commit()
    return seen


async def the_bots_sentences_naming_them(factory: UowFactory, read: Read) -> None:
    clock, index = FixedClock(), new_index()
    seen = await scene(factory, clock, index)
    named = await sentences(factory, clock)
    outbox, inbox = await read()

    await forgetting.forget(factory, clock, Table(index), A)
    after, left = await read()
    assert {i: after.get(i) for i in named.kept} == {i: outbox[i] for i in named.kept}
    assert {i: after.get(i) for i in named.gone} == dict.fromkeys(named.gone)
    assert left[107] == ({"update_id": 107}, True) and left[108] == inbox[108]
    assert {i: after.get(i) for i in seen.kept} == {i: outbox[i] for i in seen.kept}


@NAMES
async def test_a_name_that_is_a_product_leaves_others_messages(
    store: InMemoryStore, name: str, company: str | None
) -> None:
    await a_name_that_is_a_product(store.uow_factory, reader(store), name, company, False)


@NAMES
async def test_a_name_that_is_a_product_leaves_others_stored_updates(
    store: InMemoryStore, name: str, company: str | None
) -> None:
    await a_name_that_is_a_product(store.uow_factory, reader(store), name, company, True)


async def test_their_contact_details_in_a_partners_card_still_go(store: InMemoryStore) -> None:
    await their_details_in_a_card(store.uow_factory, reader(store))


async def test_the_bots_sentences_naming_them_go_only_to_their_partners(
    store: InMemoryStore,
) -> None:
    await the_bots_sentences_naming_them(store.uow_factory, reader(store))


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("key", [*TO_PARTNERS, *TO_ADMINS])
def test_every_sentence_naming_a_member_has_wording_before_the_name(lang: Lang, key: str) -> None:
    """A sentence is matched by the bot's wording around the name: with none before it,
    "保温杯 says ..." would also be found inside "不锈钢保温杯 says ...", a namesake's."""
    template = CATALOGUES[lang].get(key) or CATALOGUES[Lang.EN][key]
    before = template.split("{name}", 1)[0]
    assert before.strip() and not before.rstrip().endswith("}"), template

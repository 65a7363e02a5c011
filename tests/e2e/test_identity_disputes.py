"""One registration number, one account (issue 33), as members and admins meet it: a second
account's /verify disputes the number on both records and the admin chat is told; the
attacker's own young group cannot settle it, a non-admin cannot, and the admins of an
established circle settle it for the real firm."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bot.fake_telegram import FakeTelegram, GroupHandle, UserHandle
from bot.playground.clock import MovableClock
from storage import Database
from tests.e2e.helpers import OFFER, RunningBot, latest, rejected
from tests.unit.services.deal_graph import confirm_deal, wider_market

MARKET = list(range(9000, 9040))
CODE = "91350100M000100Y43"
L2 = "L2 registration number valid in form"  # the level as the card shows it


def _has(words: str) -> Callable[..., bool]:
    return lambda m: words in (m.text or "")


async def _started(fake: FakeTelegram, name: str) -> UserHandle:
    user = fake.user(name, language_code="en")
    await user.send("/start")
    await user.wait_for_messages(1)
    return user


async def _card(fake: FakeTelegram, user: UserHandle) -> str:
    before = len(user.messages())
    await user.send("/trust")
    assert await fake.wait_until(lambda: len(user.messages()) > before, 5)
    card = await latest(user, fake, _has("Your trust record"))
    return card.text or ""


async def _posted(group: GroupHandle, user: UserHandle, text: str = OFFER):  # type: ignore[no-untyped-def]
    said = await user.send_in(group, text)
    await group.wait_for_messages(1)  # noted
    return said


async def _trading(bot: RunningBot, ids: list[int], now: datetime) -> None:
    """Each has a confirmed deal with a trader of the wider market."""
    database = Database.from_url(bot.settings.database_url)
    try:
        await wider_market(database.uow, MARKET, now)
        async with database.uow() as uow:
            for n, user_id in enumerate(ids):
                await confirm_deal(uow, user_id, MARKET[n], now - timedelta(days=10))
            await uow.commit()
    finally:
        await database.dispose()


async def test_a_shared_credit_code_is_disputed_and_settled_by_an_established_circle(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    ops = fake.user("Ops Desk", language_code="en")
    clock = MovableClock()
    bot = make_bot(clock=clock, admin_chat_id=ops.id)
    await bot.start()
    await ops.send("/start")
    await ops.wait_for_messages(1)
    attacker = await _started(fake, "Mal Copy")
    firm = await _started(fake, "Real Firm")

    await attacker.send(f"/verify {CODE}")  # the attacker copied the public code first
    await latest(attacker, fake, _has("now shows L2"))
    await firm.send(f"/verify {CODE}")
    said = await latest(firm, fake, _has("disputed"))
    assert "/circle settle" in said.text
    notice = await latest(ops, fake, _has("Registration number disputed"))
    assert f"{attacker.id}, {firm.id}" in notice.text
    for member in (attacker, firm):
        assert L2 not in await _card(fake, member)

    # the attacker's own group, a day old, with a puppet as admin: refused
    puppet = await _started(fake, "Puppet One")
    sock = fake.group("Copy traders", [attacker, puppet])
    await fake.add_bot_to_group(sock, by=attacker)
    await sock.wait_for_messages(1)
    fake.set_admin(sock, puppet)
    claim = await _posted(sock, attacker)
    await puppet.reply_in(sock, claim, "/circle settle")
    (young,) = await sock.wait_for_messages(1)
    assert "only an established circle" in young.text

    # an established circle: the bot in it 31 days, ten members who trade and posted
    owner = await _started(fake, "Lin Owner")
    posters = [fake.user(f"Trader {n}", language_code="en") for n in range(9)]
    group = fake.group("Yiwu cups", [owner, firm, attacker, *posters])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)  # the greeting
    clock.advance(timedelta(days=31))
    for n, poster in enumerate(posters):
        await _posted(group, poster, OFFER.replace("500ml", f"{500 + n}ml"))
    claim = await _posted(group, firm)
    await _trading(bot, [p.id for p in posters] + [firm.id], clock.now())
    await attacker.reply_in(group, claim, "/circle settle")  # not an admin: refused
    (refused,) = await group.wait_for_messages(1)
    assert "Only this circle's admins" in refused.text
    await owner.reply_in(group, claim, "/circle settle")
    (settled,) = await group.wait_for_messages(1)
    assert "the admins of Yiwu cups confirm" in settled.text and "Real Firm" in settled.text
    await latest(ops, fake, _has("Registration number settled"))
    assert L2 in await _card(fake, firm)
    assert L2 not in await _card(fake, attacker)
    await owner.reply_in(group, claim, "/circle settle")  # again: it stands
    (again,) = await group.wait_for_messages(1)
    assert "already settled" in again.text
    assert rejected(fake) == []

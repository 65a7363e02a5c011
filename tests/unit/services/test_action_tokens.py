"""Action tokens behind buttons: only their user may press them, only until they expire,
one-shot ones only once."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.domain.models import Action, ActionToken
from bot.services.delivery import action_tokens
from bot.services.errors import ButtonExpired, ButtonNotYours
from bot.services.ports import UowFactory
from tests.fakes import FixedClock, InMemoryStore

BUYER, SELLER = 2002, 1001
TTL = timedelta(days=14)


async def _issue(
    uow_factory: UowFactory, clock: FixedClock, *, once: bool = False, user_id: int = BUYER
) -> list[str]:
    actions = [(Action.CONTACT_MATCH, {"match": 7}), (Action.DISMISS_MATCH, {"match": 7})]
    async with uow_factory() as uow:
        tokens = await action_tokens.add_tokens(
            uow, clock.now() + TTL, user_id, actions, once=once
        )
        await uow.commit()
    return tokens


async def test_one_token_per_button_in_order(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    contact, dismiss = await _issue(uow_factory, clock)
    assert contact != dismiss
    for token in (contact, dismiss):
        # fits callback data v1:t:<16 chars> and carries nothing readable
        assert re.fullmatch(r"[A-Za-z0-9_-]{16}", token)
    stored = store.tables.action_tokens[contact]
    assert stored == ActionToken(contact, BUYER, "match.contact", {"match": 7}, clock.now() + TTL)
    assert store.tables.action_tokens[dismiss].action == "match.dismiss"


async def test_tokens_exist_only_if_the_caller_commits(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    async with uow_factory() as uow:
        (token,) = await action_tokens.add_tokens(
            uow, clock.now() + TTL, BUYER, [(Action.ACCEPT_CONTACT, {"request": 3})]
        )
    with pytest.raises(ButtonExpired):
        await action_tokens.redeem(uow_factory, clock, token, BUYER)


async def test_its_user_may_press_it_again_and_again(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    contact, _ = await _issue(uow_factory, clock)
    for _ in range(2):
        pressed = await action_tokens.redeem(uow_factory, clock, contact, BUYER)
        assert (pressed.action, pressed.payload["match"], pressed.used_at) == (
            "match.contact",
            7,
            None,
        )


async def test_someone_else_may_not_press_it(uow_factory: UowFactory, clock: FixedClock) -> None:
    contact, _ = await _issue(uow_factory, clock, once=True)
    with pytest.raises(ButtonNotYours):
        await action_tokens.redeem(uow_factory, clock, contact, SELLER)
    # refusing a stranger does not spend it for its user
    assert (await action_tokens.redeem(uow_factory, clock, contact, BUYER)).action == (
        "match.contact"
    )


async def test_it_expires(uow_factory: UowFactory, clock: FixedClock) -> None:
    contact, dismiss = await _issue(uow_factory, clock)
    clock.advance(TTL - timedelta(seconds=1))
    await action_tokens.redeem(uow_factory, clock, contact, BUYER)
    clock.advance(timedelta(seconds=1))
    for token in (contact, dismiss):
        with pytest.raises(ButtonExpired):
            await action_tokens.redeem(uow_factory, clock, token, BUYER)


async def test_an_unknown_token_reads_as_expired(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    with pytest.raises(ButtonExpired):
        await action_tokens.redeem(uow_factory, clock, "A" * 16, BUYER)


async def test_a_one_shot_button_acts_once(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    contact, dismiss = await _issue(uow_factory, clock, once=True)
    first = await action_tokens.redeem(uow_factory, clock, contact, BUYER)
    assert first.action == "match.contact" and first.payload["match"] == 7
    pressed_at = clock.now()
    clock.advance(timedelta(seconds=1))
    with pytest.raises(ButtonExpired):  # a double tap does not act twice
        await action_tokens.redeem(uow_factory, clock, contact, BUYER)
    assert store.tables.action_tokens[contact].used_at == pressed_at
    # each token of the set is spent on its own
    assert (await action_tokens.redeem(uow_factory, clock, dismiss, BUYER)).action == (
        "match.dismiss"
    )


async def test_purge_forgets_only_expired_tokens(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    old = await _issue(uow_factory, clock)
    clock.advance(timedelta(days=7))
    new = await _issue(uow_factory, clock)
    assert await action_tokens.purge_expired(uow_factory, clock) == 0
    clock.advance(timedelta(days=7, seconds=1))
    assert await action_tokens.purge_expired(uow_factory, clock) == 2
    async with uow_factory() as uow:
        assert [await uow.action_tokens.get(t) for t in old] == [None, None]
        assert all([await uow.action_tokens.get(t) for t in new])
    await action_tokens.redeem(uow_factory, clock, new[0], BUYER)


async def test_buttons_issued_together_are_one_choice(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    actions = [(Action.PUBLISH_LIST, {"posts": [1, 2]}), (Action.DISCARD_LIST, {"posts": [1, 2]})]
    async with uow_factory() as uow:
        publish, discard = await action_tokens.add_tokens(
            uow, clock.now() + TTL, SELLER, actions, once=True, together=True
        )
        apart = await action_tokens.add_tokens(uow, clock.now() + TTL, SELLER, actions, once=True)
        await uow.commit()
    with pytest.raises(ButtonNotYours):  # someone else's press spends nothing
        await action_tokens.redeem(uow_factory, clock, discard, BUYER)
    pressed = await action_tokens.redeem(uow_factory, clock, discard, SELLER)
    assert pressed.action == Action.DISCARD_LIST.value and pressed.payload["posts"] == [1, 2]
    with pytest.raises(ButtonExpired):
        await action_tokens.redeem(uow_factory, clock, publish, SELLER)
    await action_tokens.redeem(uow_factory, clock, apart[0], SELLER)  # without `together`
    await action_tokens.redeem(uow_factory, clock, apart[1], SELLER)  # each stands alone

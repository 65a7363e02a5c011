"""The contact card of one side of an exchange, as it stands: their details, their company
profile's company and region, and their trust line (issue 35); and the card once more, to
someone who already has it."""

from __future__ import annotations

from datetime import datetime

from bot.domain.models import Deal, Lang, Post, User
from bot.services.delivery import outbox
from bot.services.ports import UnitOfWork
from bot.services.trust.summaries import summary_of
from bot.texts import Html
from bot.texts.contacts import contact_card


async def card_of(
    uow: UnitOfWork,
    now: datetime,
    of: User,
    about: Post,
    lang: Lang,
    written: tuple[str, ...] = (),
    *,
    too_good: bool = False,
) -> Html:
    """The card of `of` for a reader of `lang`, about `about`, with the contacts `of` wrote
    in their post (`written`); `too_good`: it ends with the too-good-to-be-true warning."""
    profile = await uow.profiles.get(of.id)
    record = await summary_of(uow, of.id, now)
    return contact_card(
        of, about, lang, written, profile=profile, record=record, too_good=too_good
    )


async def card_again(
    uow: UnitOfWork, now: datetime, receiver_id: int, about: Post, *, too_good: bool = False
) -> None:
    """The card of `about`'s owner once more, to someone they exchanged contacts with: their
    details as they stand, with the contacts they wrote in their post of the newest exchange
    (what the receiver was given then), never those of `about`, which nobody agreed to share.
    No request, no deal, and nothing to the owner: it is what the receiver already has."""
    receiver = await uow.users.get(receiver_id)
    owner = await uow.users.get(about.user_id)
    if receiver is None or owner is None:
        return
    deals = await uow.deals.between(receiver_id, owner.id)
    written = await _written_in(uow, deals, owner.id)
    card = await card_of(uow, now, owner, about, receiver.language, written, too_good=too_good)
    await outbox.add_to(uow, now, receiver.id, card, kind="contact.card")


async def _written_in(uow: UnitOfWork, deals: list[Deal], owner_id: int) -> tuple[str, ...]:
    """The contacts the owner wrote in their post of the newest exchange that still has one."""
    for deal in reversed(deals):
        for post_id in (deal.offer_id, deal.need_id):
            post = await uow.posts.get(post_id) if post_id is not None else None
            if post is not None and post.user_id == owner_id:
                return post.parsed.contacts
    return ()

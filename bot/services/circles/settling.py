"""Settling a disputed registration number (issue 33): when two accounts gave the same
number (`bot.services.people.identity`), an admin of an established circle
(`levels.circle_refusal`) replies to the message of the account it belongs to with
`/circle settle`. Every claimant's record gets `identity.settled` naming the winner and the
circle; the winner's L2 holds again, "confirmed by the admins of <circle>", and the others'
shows the number disputed. A settlement stands: a second one is refused. Whether the
settler is an admin is Telegram's to say (`handlers/circle_admin.py`); this trusts it."""

from __future__ import annotations

from bot.domain.models import Lang, TrustEvent
from bot.domain.trust.levels import SETTLED, dispute, registration
from bot.services.circles._standing import circle_for
from bot.services.delivery import outbox
from bot.services.errors import UserFacingError
from bot.services.people.identity import ADMIN_KIND, settled_for
from bot.services.ports import Clock, UowFactory
from bot.texts import t


async def settle(
    uow_factory: UowFactory,
    clock: Clock,
    chat_id: int,
    admin_id: int,
    winner_id: int,
    *,
    creator_id: int | None = None,
    title: str = "",
    admin_chat_id: int | None = None,
) -> str:
    """The circle's admin says the disputed number is `winner_id`'s; returns the circle's
    title. Refused, with nothing recorded, when the winner has no open dispute, the admin
    is one of the claimants, a settlement already stands, or the circle may not speak for
    the winner."""
    if admin_id == winner_id:
        raise UserFacingError("circle.settle_self")
    async with uow_factory() as uow:
        events = await uow.trust_events.list_for_user(winner_id)
        claimed = registration(events)
        if claimed is None:
            raise UserFacingError("circle.settle_none")
        country, number = claimed
        claimants = await uow.registrations.claimants(country, number)
        if admin_id in claimants:
            raise UserFacingError("circle.settle_self")
        state = dispute(events, country, number)
        standing = await settled_for(uow, country, number, claimants)
        if standing is not None or (not state.open and state.winner is not None):
            raise UserFacingError("circle.settle_already")
        if not state.open:
            raise UserFacingError("circle.settle_none")
        now = clock.now()
        circle = await circle_for(uow, now, chat_id, title, winner_id, creator_id)
        name = title or circle.title
        detail: dict[str, object] = {
            "country": country,
            "number": number,
            "circle": chat_id,
            "title": name,
            "winner": winner_id,
            "creator": creator_id,
        }
        members = list(dict.fromkeys([winner_id, *claimants]))
        for member in members:
            event = TrustEvent(member, SETTLED, now, counterpart_id=admin_id, detail=detail)
            await uow.trust_events.add(event)
        if admin_chat_id is not None:
            text = t(
                Lang.EN,
                "admin.registration_settled",
                country=country,
                number=number,
                winner=winner_id,
                members=", ".join(map(str, members)),
                title=name,
                circle=chat_id,
                admin=admin_id,
            )
            await outbox.add_to(uow, now, admin_chat_id, text, kind=ADMIN_KIND)
        await uow.commit()
        return name

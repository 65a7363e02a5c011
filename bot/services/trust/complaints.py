"""Complaints: one side of a contact exchange records what went wrong ("did not deliver",
"not as described", "fake inquiry", "asked to change payment details"); the other side is
told and may answer once. Both stay on the record (trust events); nothing is removed."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Action, TrustEvent
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens, answer_buttons
from bot.services.errors import UserFacingError
from bot.services.people.users import recipient
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import plain, t

REASONS = ("not_delivered", "not_as_described", "fake_inquiry", "payment_change")
FILED, RECEIVED, ANSWERED = "complaint.filed", "complaint.received", "complaint.answered"
BUTTON_TTL = timedelta(days=30)
MAX_ANSWER = 300


async def reasons_for(
    uow_factory: UowFactory, clock: Clock, user_id: int, about_id: int
) -> list[list[tuple[str, str]]]:
    """The reason buttons under "What went wrong?", for a partner of a contact exchange:
    (label, token) rows."""
    async with uow_factory() as uow:
        await _deal_between(uow, user_id, about_id)
        user = await uow.users.get(user_id)
        lang = user.language if user else None
        assert lang is not None
        choices = [(Action.FILE_COMPLAINT, {"about": about_id, "reason": r}) for r in REASONS]
        tokens = await add_tokens(uow, clock.now() + BUTTON_TTL, user_id, choices, once=True)
        await uow.commit()
    return [
        [(plain(lang, f"complaint.reason.{r}"), token)]
        for r, token in zip(REASONS, tokens, strict=True)
    ]


async def file(
    uow_factory: UowFactory, clock: Clock, user_id: int, about_id: int, reason: str
) -> str:
    """Record the complaint against the other side of the latest contact exchange and tell
    them, with an Answer button. Once per exchange and complainant."""
    if reason not in REASONS:
        raise UserFacingError("button.expired")
    async with uow_factory() as uow:
        now = clock.now()
        deal_id = await _deal_between(uow, user_id, about_id)
        mine = await uow.trust_events.list_for_user(user_id)
        if any(e.kind == FILED and e.detail.get("deal") == deal_id for e in mine):
            return "complaint.already"
        detail: dict[str, object] = {"deal": deal_id, "reason": reason}
        await uow.trust_events.add(
            TrustEvent(user_id, FILED, now, counterpart_id=about_id, detail=detail)
        )
        await uow.trust_events.add(
            TrustEvent(about_id, RECEIVED, now, counterpart_id=user_id, detail=detail)
        )
        accused = await recipient(uow, about_id)
        if accused is not None:
            lang = accused.language
            buttons = await answer_buttons(
                uow,
                now + BUTTON_TTL,
                accused.id,
                lang,
                [[(Action.ANSWER_COMPLAINT, "btn.complaint_answer")]],
                {"deal": deal_id},
            )
            reason_text = plain(lang, f"complaint.reason.{reason}")
            text = t(lang, "complaint.against_you", reason=reason_text)
            await outbox.add_to(uow, now, accused.id, text, buttons=buttons, kind="complaint")
        await uow.commit()
        return "complaint.filed"


async def can_answer(uow_factory: UowFactory, user_id: int, deal_id: int) -> bool:
    """Is there a complaint against this user about this exchange still without answer?"""
    async with uow_factory() as uow:
        events = await uow.trust_events.list_for_user(user_id)
    received = any(e.kind == RECEIVED and e.detail.get("deal") == deal_id for e in events)
    answered = any(e.kind == ANSWERED and e.detail.get("deal") == deal_id for e in events)
    return received and not answered


async def answer(
    uow_factory: UowFactory, clock: Clock, user_id: int, deal_id: int, text: str
) -> str:
    """The accused's one answer, kept beside the complaint on their record."""
    words = " ".join(text.split())[:MAX_ANSWER]
    if not words:
        return "complaint.answer_empty"
    if not await can_answer(uow_factory, user_id, deal_id):
        return "complaint.answer_done"
    async with uow_factory() as uow:
        detail: dict[str, object] = {"deal": deal_id, "text": words}
        await uow.trust_events.add(TrustEvent(user_id, ANSWERED, clock.now(), detail=detail))
        await uow.commit()
    return "complaint.answer_saved"


async def _deal_between(uow: UnitOfWork, user_id: int, about_id: int) -> int:
    """The latest contact exchange of the two; only partners may complain."""
    deals = await uow.deals.between(user_id, about_id)
    if not deals or user_id == about_id:
        raise UserFacingError("complaint.not_partner")
    deal_id = deals[-1].id
    assert deal_id is not None
    return deal_id
